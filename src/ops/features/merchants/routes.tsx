/** The merchant applications, decided in the list. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { deskRoute } from '../../app/desk';

const merchantsRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/merchants',
  staticData: { role: 'support' },
  validateSearch: z.object({
    status: z.enum(['pending', 'approved', 'rejected', 'all']).catch('pending').default('pending'),
    page: z.coerce.number().int().positive().catch(1).default(1),
  }),
  component: lazyRouteComponent(() => import('./MerchantsPage'), 'MerchantsPage'),
});

export const merchantRoutes = [merchantsRoute] as const;
