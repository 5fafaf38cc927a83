/** The operator's own account. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { deskRoute } from '../../app/desk';

export const accountRoutes = [createRoute({ getParentRoute: () => deskRoute, path: '/account', staticData: { role: 'support' }, component: lazyRouteComponent(() => import('./AccountPage'), 'AccountPage') })] as const;
