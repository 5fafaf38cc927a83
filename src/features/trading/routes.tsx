/** The trading hall (/market), posting offers (/market/sell) and the orders (/order). */
import { msg } from '@lingui/core/macro';
import { ensureAccountData } from '../../api/query';
import type { RouterContext } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';
import { tradeSummaryQuery } from './api/queries';

const loadSummary = ({ queryClient }: RouterContext) => ensureAccountData(queryClient, tradeSummaryQuery);

export const tradingRoutes = [
  memberScreen('/market', lazyScreen(() => import('./HallScreen')), { title: msg`Trading hall`, tab: true, loader: loadSummary }),
  memberScreen('/market/sell', lazyScreen(() => import('./OfferScreen')), { title: msg`My offers`, back: '/market', loader: loadSummary }),
  memberScreen('/order', lazyScreen(() => import('./OrdersScreen')), { title: msg`Orders`, tab: true }),
] as const;
