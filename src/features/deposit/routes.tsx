/** Deposit (two addresses) and the deposit records. */
import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { coinListQuery } from '../../api/queries';
import { ensureData } from '../../api/query';
import { membersRoute } from '../../app/layouts';

const DepositScreen = lazyRouteComponent(() => import('./DepositScreen'));

export const depositRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/recharge',
    staticData: { title: msg`Deposit`, back: '/mine' },
    // The deposit options are the first thing the screen shows.
    loader: ({ context }) => ensureData(context.queryClient, coinListQuery),
    component: DepositScreen,
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/assets/components/recharge',
    staticData: { title: msg`Deposit`, back: '/assets' },
    // The deposit options are the first thing the screen shows.
    loader: ({ context }) => ensureData(context.queryClient, coinListQuery),
    component: DepositScreen,
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/recharge/records',
    staticData: { title: msg`Deposit records`, back: '/recharge' },
    component: lazyRouteComponent(() => import('./DepositRecordsScreen')),
  }),
] as const;
