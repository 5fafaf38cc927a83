/** The desk's home: the platform's figures. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { deskRoute } from '../../app/desk';

export const dashboardRoutes = [createRoute({ getParentRoute: () => deskRoute, path: '/', staticData: { role: 'support' }, component: lazyRouteComponent(() => import('./DashboardPage'), 'DashboardPage') })] as const;
