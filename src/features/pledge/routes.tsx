/** The pledge: overview and products, a new pledge, the records; the interest wallet under Me. */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { ensureAccountData } from '../../api/query';
import { membersRoute } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';
import { textSearch } from '../../app/search';
import { pledgeOverviewQuery } from '../../api/queries';

// Offline or failing, the screen itself says so: the loader never stops it from opening.
const loadOverview = ({ queryClient }: { queryClient: Parameters<typeof ensureAccountData>[0] }) =>
  ensureAccountData(queryClient, pledgeOverviewQuery).catch(() => undefined);

export const pledgeRoutes = [
  memberScreen('/pledge', lazyScreen(() => import('./PledgeScreen')), { title: msg`Pledge`, back: '/home', loader: loadOverview }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/pledge/do-pledge',
    staticData: { title: msg`New pledge`, back: '/pledge' },
    // The product's id.
    validateSearch: textSearch('product'),
    loader: ({ context }) => loadOverview(context),
    component: lazyScreen(() => import('./DoPledgeScreen')),
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/pledge/records',
    staticData: { title: msg`Pledge records`, back: '/pledge' },
    // interest (the default) or orders.
    validateSearch: textSearch('tab'),
    component: lazyScreen(() => import('./PledgeRecordsScreen')),
  }),
  memberScreen('/mine/components', lazyScreen(() => import('./InterestWalletScreen')), { title: msg`Interest wallet`, back: '/mine', loader: loadOverview }),
] as const;
