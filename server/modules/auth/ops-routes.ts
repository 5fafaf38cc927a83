/**
 * The operator's calls on a user's access under /api/ops (support): the user's sessions, ending
 * them, and lifting the locks that wrong passwords put on the login and the payment password,
 * each change with its audit row (subject `user:<id>`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoute } from '../../http/api-route';
import { operatorOf } from '../../http/auth';
import { reasonSchema, recordIdSchema, userIdSchema, userPageQuerySchema } from '../../http/operator-calls';
import { NOT_FOUND } from '../../http/refusals';
import { pageSchemaOf } from '../../../src/domain/wire-schemas';

const date = z.string().describe('ISO 8601 date and time');

const userSessionSchema = z.object({
  id: z.number().int(),
  createdAt: date,
  expiresAt: date,
  revokedAt: date.nullable().describe('When it was ended (logout, password change, an operator); null while it lasts'),
  live: z.boolean().describe('Neither ended nor expired'),
  userAgent: z.string().nullable().describe('The browser that signed in'),
});

const endSessionsSchema = z.strictObject({
  id: userIdSchema,
  /** One session; every live session of the user when absent. */
  sessionId: recordIdSchema.optional(),
  reason: reasonSchema,
});

const liftLockoutSchema = z.strictObject({ id: userIdSchema, reason: reasonSchema });

const lockedUntil = date.nullable();

/** Under /api/ops. */
export async function authOpsModule(app: FastifyInstance): Promise<void> {
  const { accounts } = app.services;
  const support = { operator: 'support' } as const;
  const actorOf = (request: FastifyRequest) => ({ operatorId: operatorOf(request).operatorId, at: app.deps.clock() });

  apiRoute(app, {
    method: 'GET',
    url: '/users/sessions',
    tag: 'ops',
    summary: "A user's sessions, newest first: begun, ends, ended, the browser (support)",
    auth: support,
    query: userPageQuerySchema,
    reply: pageSchemaOf(userSessionSchema),
    handler: ({ query }) => accounts.sessionsOf(query.id, query.page, query.pageSize),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/users/sessions/end',
    tag: 'ops',
    summary: "End one session of a user (sessionId) or every live one, with a reason (support, audited): the user's token answers 401 at once",
    auth: support,
    body: endSessionsSchema,
    reply: z.object({ userId: z.string(), ended: z.number().int().describe('Sessions ended now (0: none was live)') }),
    refusals: NOT_FOUND,
    handler: ({ body, request }) => accounts.endSessions({ userId: body.id, sessionId: body.sessionId, reason: body.reason }, actorOf(request)),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/users/lockout/lift',
    tag: 'ops',
    summary: "Lift the locks wrong passwords put on a user's login and payment password, with a reason (support, audited)",
    auth: support,
    body: liftLockoutSchema,
    reply: z.object({
      userId: z.string(),
      loginLockedUntil: lockedUntil.describe('Until when the login was locked; null: it was not'),
      payPasswordLockedUntil: lockedUntil.describe('Until when the payment password was locked; null: it was not'),
    }),
    refusals: NOT_FOUND,
    handler: ({ body, request }) => accounts.liftLockout({ userId: body.id, reason: body.reason }, actorOf(request)),
  });
}
