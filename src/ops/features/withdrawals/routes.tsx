/** The withdrawals queue and one withdrawal's page. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { deskRoute } from '../../app/desk';

const withdrawalsRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/withdrawals',
  staticData: { role: 'support' },
  validateSearch: z.object({
    status: z.enum(['processing', 'completed', 'cancelled', 'all']).catch('processing').default('processing'),
    page: z.coerce.number().int().positive().catch(1).default(1),
  }),
  component: lazyRouteComponent(() => import('./WithdrawalsPage'), 'WithdrawalsPage'),
});

const withdrawalRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/withdrawals/$id',
  staticData: { role: 'support' },
  params: { parse: ({ id }) => ({ id: z.coerce.number().int().positive().parse(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  component: lazyRouteComponent(() => import('./WithdrawalDetailPage'), 'WithdrawalDetailPage'),
});

export const withdrawalRoutes = [withdrawalsRoute, withdrawalRoute] as const;
