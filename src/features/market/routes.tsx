/** A coin's quotes and chart (/coin?symbol=&period=); the quote list itself is on /market (features/shared/QuoteList). */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { quotationsQuery } from '../../api/market';
import { membersRoute } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { textSearch } from '../../app/search';

export const marketRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/coin',
    staticData: { title: msg`Market`, back: '/market' },
    // The symbol (btcusdt) and the candle period (15min); anything else is dropped.
    validateSearch: textSearch('symbol', 'period'),
    // Offline or failing, the screen itself says so: the loader never stops it from opening.
    loader: ({ context }) => context.queryClient.ensureQueryData(quotationsQuery).then(
      () => undefined,
      () => undefined,
    ),
    component: lazyScreen(() => import('./CoinScreen')),
  }),
] as const;
