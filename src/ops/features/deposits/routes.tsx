/** The deposits queue and one deposit's page. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { deskRoute } from '../../app/desk';

const depositsRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/deposits',
  staticData: { role: 'support' },
  validateSearch: z.object({
    status: z.enum(['processing', 'success', 'failed', 'all']).catch('processing').default('processing'),
    page: z.coerce.number().int().positive().catch(1).default(1),
  }),
  component: lazyRouteComponent(() => import('./DepositsPage'), 'DepositsPage'),
});

const depositRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/deposits/$id',
  staticData: { role: 'support' },
  params: { parse: ({ id }) => ({ id: z.coerce.number().int().positive().parse(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  component: lazyRouteComponent(() => import('./DepositDetailPage'), 'DepositDetailPage'),
});

export const depositRoutes = [depositsRoute, depositRoute] as const;
