/** preHandlers that put the signed-in Viewer on the request. */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../../src/domain/errors';
import { tokenFromHeader, type Sessions, type Viewer } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export function registerViewer(app: FastifyInstance): void {
  app.decorateRequest('viewer', null);
}

/** For routes that need a session: 401 without a live one. */
export function requireSession(sessions: Sessions): preHandlerAsyncHookHandler {
  return async (request) => {
    request.viewer = await sessions.authenticate(tokenFromHeader(request.headers.authorization));
  };
}

/** For routes open to visitors that do more for a signed-in user: an ended token is just ignored. */
export function optionalSession(sessions: Sessions): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) return;
    request.viewer = await sessions.authenticate(token).catch(() => null);
  };
}

export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('session.required', 401);
  return request.viewer;
}
