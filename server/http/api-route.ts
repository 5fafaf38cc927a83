/**
 * How every API call is declared: method, path, the shared zod schemas of its input, whether it
 * needs a session, and a handler that returns the reply's `data`. The same declaration feeds
 * the OpenAPI document, so /api/docs cannot drift from what the server does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { okEnvelope } from '../../src/domain/envelope';

export interface RouteDoc {
  method: 'GET' | 'POST';
  /** Full path, with the /api prefix, Fastify style (":file"). */
  path: string;
  summary: string;
  tag: string;
  auth: 'none' | 'required' | 'optional';
  body?: z.ZodType;
  query?: z.ZodType;
  /** Multipart upload: the name of the file field. */
  fileField?: string;
  /** The reply is not the envelope (the OpenAPI document, uploaded files). */
  raw?: boolean;
  description?: string;
  /** The Fastify URL when it differs from `path` (a static wildcard such as "/api/uploads/avatars/*"). */
  routeUrl?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every declared API route, shared by all plugin contexts of one app. */
    apiRoutes: RouteDoc[];
  }
}

interface RouteInput<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  body: B extends z.ZodType ? z.output<B> : undefined;
  query: Q extends z.ZodType ? z.output<Q> : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface ApiRouteSpec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined>
  extends Omit<RouteDoc, 'path' | 'body' | 'query' | 'auth'> {
  url: string;
  auth?: RouteDoc['auth'];
  body?: B;
  query?: Q;
  /** Run before the handler, in order (session guard, rate limits). */
  preHandler?: preHandlerAsyncHookHandler[];
  handler: (input: RouteInput<B, Q>) => Promise<unknown>;
}

/** Records a route for the docs that is not declared through apiRoute (static files). */
export function documentRoute(app: FastifyInstance, doc: RouteDoc): void {
  app.apiRoutes.push(doc);
}

export function apiRoute<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  spec: ApiRouteSpec<B, Q>,
): void {
  const path = `${app.prefix}${spec.url}`;
  documentRoute(app, {
    method: spec.method,
    path,
    summary: spec.summary,
    tag: spec.tag,
    auth: spec.auth ?? 'none',
    body: spec.body,
    query: spec.query,
    fileField: spec.fileField,
    raw: spec.raw,
    description: spec.description,
  });
  app.route({
    method: spec.method,
    url: spec.url,
    preHandler: spec.preHandler ?? [],
    handler: async (request, reply) => {
      // A body-less POST (the PWA sends only `lang`, which is already stripped) is an empty object.
      const body = spec.body ? spec.body.parse(request.body ?? {}) : undefined;
      const query = spec.query ? spec.query.parse(request.query ?? {}) : undefined;
      const data = await spec.handler({ body, query, request, reply } as RouteInput<B, Q>);
      if (spec.raw) return data;
      return okEnvelope(data ?? null);
    },
  });
}

/** The input of a call that takes none: anything but `lang` is an unknown field. */
export const noInput = z.strictObject({});
