/** The trading hall (/market), posting offers (/market/sell) and the orders (/order). */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { ensureAccountData } from '../../api/query';
import { membersRoute, type RouterContext } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';
import { choiceSearch } from '../../app/search';
import type { TradeSide } from '../../domain/trading';
import { tradeSummaryQuery } from './api/queries';

/** The hall's sides (domain/trading.ts TRADE_SIDES, written here so that zod stays off the first screen). */
const SIDES: readonly TradeSide[] = ['buy', 'sell'];

const loadSummary = ({ queryClient }: RouterContext) => ensureAccountData(queryClient, tradeSummaryQuery);

export const tradingRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/market',
    staticData: { title: msg`Trading hall`, tab: true },
    // The side to buy or sell USDT (Home's quick buy and sell); buy when absent.
    validateSearch: choiceSearch('side', SIDES),
    loader: ({ context }) => loadSummary(context),
    component: lazyScreen(() => import('./HallScreen')),
  }),
  memberScreen('/market/sell', lazyScreen(() => import('./OfferScreen')), { title: msg`My offers`, back: '/market', loader: loadSummary }),
  memberScreen('/order', lazyScreen(() => import('./OrdersScreen')), { title: msg`Orders`, tab: true }),
] as const;
