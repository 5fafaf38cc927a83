import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ensureAccountData } from '../../api/query';
import { membersRoute } from '../../app/layouts';
import { userLevelQuery } from './api/queries';

export const vipRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/level',
    staticData: { title: msg`VIP levels`, back: '/home' },
    loader: ({ context }) => ensureAccountData(context.queryClient, userLevelQuery),
    component: lazyRouteComponent(() => import('./LevelScreen')),
  }),
] as const;
