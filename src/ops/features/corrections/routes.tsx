/** Corrections: the form (a user filled in when started from their page) and the proposals waiting for a second operator. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { PROPOSAL_STATUSES } from '../../../domain/ops-wire';
import { deskRoute } from '../../app/desk';

const correctionsRoute = createRoute({
  getParentRoute: () => deskRoute,
  path: '/corrections',
  staticData: { role: 'support' },
  validateSearch: z.object({
    userId: z.string().max(64).optional().catch(undefined),
    status: z.enum([...PROPOSAL_STATUSES, 'all']).catch('pending').default('pending'),
    page: z.coerce.number().int().positive().catch(1).default(1),
  }),
  component: lazyRouteComponent(() => import('./CorrectionsPage'), 'CorrectionsPage'),
});

export const correctionRoutes = [correctionsRoute] as const;
