/** The users' search and one user's page (its tab and page in the address). */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { deskRoute } from '../../app/desk';
import { USER_PARTS } from './api';

const pageNumber = z.coerce.number().int().positive().catch(1).default(1);

const usersRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/users',
  staticData: { role: 'support' },
  validateSearch: z.object({ q: z.string().max(100).catch('').default(''), page: pageNumber }),
  component: lazyRouteComponent(() => import('./UsersPage'), 'UsersPage'),
});

const userRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/users/$id',
  staticData: { role: 'support' },
  validateSearch: z.object({ tab: z.enum(USER_PARTS).catch('movements').default('movements'), page: pageNumber }),
  component: lazyRouteComponent(() => import('./UserPage'), 'UserPage'),
});

export const userRoutes = [usersRoute, userRoute] as const;
