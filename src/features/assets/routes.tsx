/** My assets (two addresses: from home and from the personal centre) and the fund record. */
import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ensureAccountData } from '../../api/query';
import { membersRoute } from '../../app/layouts';
import { totalsQuery } from './api/queries';

const AssetsScreen = lazyRouteComponent(() => import('./AssetsScreen'));

export const assetsRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/assets',
    staticData: { title: msg`Assets`, back: '/home' },
    loader: ({ context }) => ensureAccountData(context.queryClient, totalsQuery),
    component: AssetsScreen,
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/mine/my-assets',
    staticData: { title: msg`My assets`, back: '/mine' },
    loader: ({ context }) => ensureAccountData(context.queryClient, totalsQuery),
    component: AssetsScreen,
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/assets/assets-log',
    staticData: { title: msg`Fund record`, back: '/mine' },
    component: lazyRouteComponent(() => import('./AssetLogScreen')),
  }),
] as const;
