import { msg } from '@lingui/core/macro';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { membersRoute } from '../../app/layouts';

export const serviceRoutes = [
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/home/service',
    staticData: { title: msg`Customer service` },
    component: lazyRouteComponent(() => import('./ServiceScreen')),
  }),
] as const;
