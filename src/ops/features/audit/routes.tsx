/** The audit log (support reads it). */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { auditFilterSchema } from '../../../domain/ops-wire';
import { deskRoute } from '../../app/desk';

/** A filter from the address: a value that does not fit is dropped rather than refused. */
const lenient = z.object(
  Object.fromEntries(Object.entries(auditFilterSchema.shape).map(([name, schema]) => [name, schema.catch(undefined)])) as {
    [K in keyof typeof auditFilterSchema.shape]: z.ZodCatch<(typeof auditFilterSchema.shape)[K]>;
  },
);

export const auditRoutes = [
  createRoute({
    getParentRoute: () => deskRoute,
    path: '/audit',
    staticData: { role: 'support' },
    validateSearch: lenient.extend({ page: z.coerce.number().int().positive().catch(1).default(1) }),
    component: lazyRouteComponent(() => import('./AuditPage'), 'AuditPage'),
  }),
] as const;
