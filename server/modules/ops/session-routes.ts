/**
 * Signing in and the operator's own account under /api/ops (docs/ops-console.md, "Session"): the
 * console gets an HttpOnly cookie and reads its CSRF value from GET /session; the command line asks
 * for a bearer token (`client: "cli"`). An operator sees and ends their sessions, logs out
 * everywhere, changes their password and rotates their TOTP, each with what they know now.
 */
import type { FastifyInstance } from 'fastify';
import {
  opsLiveTicketSchema,
  opsLoginReplySchema,
  opsLoginSchema,
  opsPasswordChangeSchema,
  opsSessionEndSchema,
  opsSessionEntrySchema,
  opsSessionSchema,
  opsSessionsEndedSchema,
  opsTotpRotatedSchema,
  opsTotpRotationSchema,
  opsTotpSchema,
} from '../../../src/domain/operators';
import { apiRoute, noInput } from '../../http/api-route';
import { operatorCredentialOf, operatorOf } from '../../http/auth';
import { clearOperatorCookie, csrfTokenOf, setOperatorCookie } from '../../http/operator-session';
import { byBodyField, byIp, DEFAULT_RATE_LIMITS, limitBy } from '../../http/rate-limits';
import { NOT_FOUND } from '../../http/refusals';
import { OPERATOR_IDLE_MINUTES } from './operators';

const TAG = 'ops';
const anyOperator = { operator: 'support' } as const;

export async function opsSessionModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const { operators: ops } = app.services;

  apiRoute(app, {
    method: 'POST',
    url: '/login',
    tag: TAG,
    summary: 'Operator sign-in with password and a current TOTP code (8 h, ends after 30 idle minutes)',
    description:
      'The console is answered with an HttpOnly, SameSite=Strict cookie for /api/ops (Secure outside loopback) and no token; ' +
      'client "cli" is answered with the bearer token instead. No code: 400 ops.totpRequired. Wrong name or password: ' +
      '401 ops.loginFailed. Wrong or already used code: 401 ops.totpWrong. Five failures in 15 minutes lock the operator ' +
      '(or the name, when no operator has it) for 15 minutes (429 login.locked).',
    body: opsLoginSchema,
    reply: opsLoginReplySchema,
    refusals: { 400: ['ops.totpRequired'], 401: ['ops.loginFailed', 'ops.totpWrong'], 429: ['login.locked'] },
    preValidation: [
      limitBy(app, 'ops-login-ip', DEFAULT_RATE_LIMITS.loginsPerIp, byIp),
      limitBy(app, 'ops-login-name', DEFAULT_RATE_LIMITS.loginsPerAccount, byBodyField('username')),
    ],
    handler: async ({ body, request, reply }) => {
      const client = body.client ?? 'console';
      const session = await ops.login(body, { client, userAgent: request.headers['user-agent'] ?? null, ip: request.ip });
      if (client === 'cli') return { token: session.token, expiresAt: session.expiresAt.toISOString() };
      setOperatorCookie(request, reply, session.token, session.expiresAt, clock());
      return { expiresAt: session.expiresAt.toISOString() };
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/session',
    tag: TAG,
    summary: 'The session of the request: the operator, its ends, and the CSRF value the console sends with every change',
    auth: anyOperator,
    query: noInput,
    reply: opsSessionSchema,
    handler: async ({ request }) => {
      const operator = operatorOf(request);
      const { expiresAt, idleExpiresAt } = await ops.session(operator);
      return {
        operator: { id: operator.operatorId, username: operator.username, role: operator.role },
        sessionId: operator.sessionId,
        expiresAt: expiresAt.toISOString(),
        idleExpiresAt: idleExpiresAt.toISOString(),
        idleMinutes: OPERATOR_IDLE_MINUTES,
        csrfToken: csrfTokenOf(operatorCredentialOf(request)!.token),
      };
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/logout',
    tag: TAG,
    summary: 'End the operator session (and the console cookie)',
    auth: anyOperator,
    body: noInput,
    handler: async ({ request, reply }) => {
      await ops.logout(operatorOf(request));
      clearOperatorCookie(request, reply);
      return null;
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/logout/all',
    tag: TAG,
    summary: "End every session of the operator, this one too (log out everywhere)",
    auth: anyOperator,
    body: noInput,
    reply: opsSessionsEndedSchema,
    handler: async ({ request, reply }) => {
      const ended = await ops.logoutEverywhere(operatorOf(request));
      clearOperatorCookie(request, reply);
      return ended;
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/sessions',
    tag: TAG,
    summary: "The operator's open sessions, newest first, this one marked current",
    auth: anyOperator,
    query: noInput,
    reply: opsSessionEntrySchema.array(),
    handler: ({ request }) => ops.sessions(operatorOf(request)),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/sessions/end',
    tag: TAG,
    summary: "End one of the operator's own sessions",
    auth: anyOperator,
    body: opsSessionEndSchema,
    reply: opsSessionsEndedSchema,
    refusals: NOT_FOUND,
    handler: ({ body, request }) => ops.endSession(operatorOf(request), body.id),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/live/ticket',
    tag: TAG,
    summary: "A ticket (one minute) for socket.io's subscribe { channel: 'ops', ticket }: the live queues",
    description: "The socket then gets `queue:changed { queue, id }` whenever a request joins or leaves an operators' queue.",
    auth: anyOperator,
    query: noInput,
    reply: opsLiveTicketSchema,
    handler: async ({ request }) => ({ ticket: ops.liveTicket(operatorOf(request)) }),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/password',
    tag: TAG,
    summary: "Change the operator's own password with the current one; the other sessions end",
    description: 'A wrong current password counts against the sign-in lock (429 login.locked after five).',
    auth: anyOperator,
    body: opsPasswordChangeSchema,
    reply: opsSessionsEndedSchema,
    refusals: { 400: ['password.wrongOld', 'password.sameAsOld', 'password.tooShort', 'password.tooLong'], 429: ['login.locked'] },
    handler: ({ body, request }) => ops.changePassword(operatorOf(request), body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/totp/rotate',
    tag: TAG,
    summary: 'Start a TOTP rotation with a current code: the new secret is shown this once and used after /totp/confirm',
    description: 'A wrong code counts against the sign-in lock.',
    auth: anyOperator,
    body: opsTotpSchema,
    reply: opsTotpRotationSchema,
    refusals: { 400: ['ops.totpRequired'], 401: ['ops.totpWrong'], 429: ['login.locked'] },
    handler: ({ body, request }) => ops.startRotation(operatorOf(request), body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/totp/confirm',
    tag: TAG,
    summary: 'End a TOTP rotation with a code of the new secret, which replaces the old one',
    auth: anyOperator,
    body: opsTotpSchema,
    reply: opsTotpRotatedSchema,
    refusals: [NOT_FOUND, { 400: ['ops.totpRequired'], 401: ['ops.totpWrong'], 429: ['login.locked'] }],
    handler: ({ body, request }) => ops.confirmRotation(operatorOf(request), body),
  });
}
