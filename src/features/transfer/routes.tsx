/** The EUR ⇄ USDT conversion, at two addresses (from the assets and from the personal centre). */
import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { walletQuery } from '../../api/queries';
import { ensureAccountData } from '../../api/query';
import { membersRoute } from '../../app/layouts';

const TransferScreen = lazyRouteComponent(() => import('./TransferScreen'));

export const transferRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/transfer',
    staticData: { title: msg`Transfer`, back: '/mine' },
    // The amount is checked against the balance as it is typed.
    loader: ({ context }) => ensureAccountData(context.queryClient, walletQuery),
    component: TransferScreen,
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/mine/components/transfer',
    staticData: { title: msg`Transfer`, back: '/mine' },
    loader: ({ context }) => ensureAccountData(context.queryClient, walletQuery),
    component: TransferScreen,
  }),
] as const;
