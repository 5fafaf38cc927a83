/** The operators' side of account security under /api/ops: resetting a user's second factor (admin, with a reason, audited). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reasonSchema } from '../../../src/domain/operators';
import { userIdSchema } from '../../../src/domain/ops-wire';
import { apiRoute } from '../../http/api-route';
import { operatorOf } from '../../http/auth';
import { NOT_FOUND } from '../../http/refusals';

export async function securityOpsModule(app: FastifyInstance): Promise<void> {
  const { securityCentre } = app.services;

  apiRoute(app, {
    method: 'POST',
    url: '/users/second-factor/reset',
    tag: 'ops',
    summary:
      "Reset a user's second factor (authenticator, recovery codes and passkeys) with a reason (admin, audited): a security change — every session of the user ends, withdrawals pause 24 hours, the user is alerted",
    auth: { operator: 'admin' },
    body: z.strictObject({ id: userIdSchema, reason: reasonSchema }),
    reply: z.object({ userId: z.string(), hadSecondFactor: z.boolean() }),
    refusals: NOT_FOUND,
    handler: ({ body, request }) => securityCentre.resetByOperator({ userId: body.id, reason: body.reason }, { operatorId: operatorOf(request).operatorId, at: app.deps.clock() }),
  });
}
