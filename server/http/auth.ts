/**
 * Who may call a route, declared once in its config (`auth`): 'none', 'optional' (a visitor, or
 * a signed-in user whose ended token is just ignored), 'required' (a live user session, else 401
 * with type "999"), or { operator: role } for the operator API. An onRoute hook turns the
 * declaration into the session check, so no route states the check separately; apiRoute marks
 * the same declaration as the operation's security in /api/docs.
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../../src/domain/errors';
import type { Viewer } from '../modules/auth';
import { csrfHolds, operatorCredential } from './operator-session';

import { roleAllows, type OperatorRole } from '../../src/domain/operators';

export { roleAllows, type OperatorRole };

/** The signed-in operator behind a request under /api/ops. */
export interface OperatorViewer {
  operatorId: string;
  username: string;
  role: OperatorRole;
  sessionId: number;
}

export type RouteAuth = 'none' | 'optional' | 'required' | { operator: OperatorRole };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; see server/http/auth.ts. Absent: 'none'. */
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
    operator: OperatorViewer | null;
  }
}

/** The token of the Authorization header: the raw token, or "Bearer <token>". */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.trim().replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 200 ? token : null;
}

function checkOf(auth: RouteAuth): preValidationAsyncHookHandler | null {
  if (auth === 'none') return null;
  if (auth === 'required') {
    return async (request) => {
      request.viewer = await request.server.services.sessions.authenticate(tokenFromHeader(request.headers.authorization));
    };
  }
  if (auth === 'optional') {
    return async (request) => {
      const token = tokenFromHeader(request.headers.authorization);
      if (!token) return;
      request.viewer = await request.server.services.sessions.authenticate(token).catch(() => null);
    };
  }
  const needed = auth.operator;
  return async (request) => {
    const credential = operatorCredentialOf(request);
    const operator = await request.server.services.operators.authenticate(credential);
    // Checked after the session (a request without one is told to sign in), before the role.
    if (credential && !csrfHolds(request, credential)) throw new AppError('ops.csrf', 403);
    if (!roleAllows(operator.role, needed)) throw new AppError('ops.roleForbidden', 403);
    request.operator = operator;
  };
}

/**
 * Registered on the root before any route. The check runs first among the route's
 * preValidation hooks: a request without a session is refused before its input is looked at.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('viewer', null);
  app.decorateRequest('operator', null);
  app.addHook('onRoute', (route) => {
    const check = checkOf(route.config?.auth ?? 'none');
    if (!check) return;
    const others = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
    route.preValidation = [check, ...others];
  });
}

/** The operator token of a request under /api/ops: the command line's bearer token, else the console's cookie. */
export function operatorCredentialOf(request: FastifyRequest) {
  return operatorCredential(request, tokenFromHeader(request.headers.authorization));
}

/** The signed-in user of a route declared 'required' (or 'optional', when there is one). */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('session.required', 401);
  return request.viewer;
}

/** The operator of a route declared { operator: role }. */
export function operatorOf(request: FastifyRequest): OperatorViewer {
  if (!request.operator) throw new AppError('session.required', 401);
  return request.operator;
}
