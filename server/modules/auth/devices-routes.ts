/**
 * The signed-in user's devices and sign-ins (issue 37, point 7): the live sessions, ending one of
 * them or all the others (their sockets leave their rooms: realtime/sessions.ts), the last 30 days
 * of sign-ins and failed attempts.
 */
import type { FastifyInstance } from 'fastify';
import { accountSessionsSchema, sessionEndSchema, sessionsEndedSchema, signInSchema, SIGN_INS_KEPT_DAYS } from '../../../src/domain/devices';
import { pageQuerySchema } from '../../../src/domain/payments';
import { pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { NOT_FOUND } from '../../http/refusals';

export async function devicesModule(app: FastifyInstance): Promise<void> {
  const { accounts } = app.services;

  apiRoute(app, {
    method: 'GET',
    url: '/safe/sessions',
    tag: 'security',
    summary: "The account's signed-in sessions: device, address, when; the caller's own marked `current` (AccountSessions)",
    auth: 'required',
    query: noInput,
    reply: accountSessionsSchema,
    handler: ({ request }) => accounts.ownSessions(viewerOf(request)),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/sessions/end',
    refusals: NOT_FOUND,
    tag: 'security',
    summary: 'End one live session of the account (its token answers 401 session.gone at once)',
    description: 'An id that is not a live session of the caller (another account’s, ended, unknown) is 404 and ends nothing.',
    auth: 'required',
    body: sessionEndSchema,
    reply: sessionsEndedSchema,
    handler: ({ body, request }) => accounts.endOwnSession(viewerOf(request), body.id),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/sessions/end_others',
    tag: 'security',
    summary: 'End every live session of the account but the one making this request',
    auth: 'required',
    body: noInput,
    reply: sessionsEndedSchema,
    handler: ({ request }) => accounts.endOwnOtherSessions(viewerOf(request)),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/safe/sign_ins',
    tag: 'security',
    summary: `The account's sign-ins and failed attempts of the last ${SIGN_INS_KEPT_DAYS} days, newest first (Page<SignIn>)`,
    auth: 'required',
    query: pageQuerySchema,
    reply: pageSchemaOf(signInSchema),
    handler: ({ query, request }) => accounts.ownSignIns(viewerOf(request), query.page, query.pageSize),
  });
}
