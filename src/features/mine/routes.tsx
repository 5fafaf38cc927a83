/** The personal centre (a tab) and the profile. */
import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { membersRoute } from '../../app/layouts';

export const mineRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/mine',
    staticData: { title: msg`Me`, tab: true },
    component: lazyRouteComponent(() => import('./MineScreen')),
  }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/mine/profile',
    staticData: { title: msg`Personal info`, back: '/mine' },
    component: lazyRouteComponent(() => import('./ProfileScreen')),
  }),
] as const;
