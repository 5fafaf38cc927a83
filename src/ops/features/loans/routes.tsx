/** Loans: the applications (and all loans), the repayments under review, one loan's page. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { deskRoute } from '../../app/desk';

const page = z.coerce.number().int().positive().catch(1).default(1);

const loansRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/loans',
  staticData: { role: 'support' },
  validateSearch: z.object({ status: z.enum(['pending', 'repaying', 'all']).catch('pending').default('pending'), page }),
  component: lazyRouteComponent(() => import('./LoansPage'), 'LoansPage'),
});

const repaymentsRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/repayments',
  staticData: { role: 'support' },
  validateSearch: z.object({ page }),
  component: lazyRouteComponent(() => import('./LoansPage'), 'RepaymentsPage'),
});

const loanRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/loans/$id',
  staticData: { role: 'support' },
  params: { parse: ({ id }) => ({ id: z.coerce.number().int().positive().parse(id) }), stringify: ({ id }) => ({ id: String(id) }) },
  component: lazyRouteComponent(() => import('./LoanDetailPage'), 'LoanDetailPage'),
});

export const loanRoutes = [loansRoute, repaymentsRoute, loanRoute] as const;
