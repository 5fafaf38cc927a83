/** The operator accounts (admin). */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { deskRoute } from '../../app/desk';

export const operatorRoutes = [createRoute({ getParentRoute: () => deskRoute, path: '/operators', staticData: { role: 'admin' }, component: lazyRouteComponent(() => import('./OperatorsPage'), 'OperatorsPage') })] as const;
