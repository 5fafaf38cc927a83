/**
 * The operator's calls on a user's access under /api/ops (support): the user's sessions, ending
 * them, and lifting the locks that wrong passwords put on the login and the payment password,
 * each change with its audit row (subject `user:<id>`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endSessionsSchema, liftLockoutSchema, lockoutLiftedSchema, userPageQuerySchema, userSessionSchema, userSessionsEndedSchema } from '../../../src/domain/ops-wire';
import { pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { operatorOf } from '../../http/auth';
import { NOT_FOUND } from '../../http/refusals';

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
    reply: userSessionsEndedSchema,
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
    reply: lockoutLiftedSchema,
    refusals: NOT_FOUND,
    handler: ({ body, request }) => accounts.liftLockout({ userId: body.id, reason: body.reason }, actorOf(request)),
  });
}
