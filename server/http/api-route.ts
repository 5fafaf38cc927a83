/**
 * How every API call is declared: method, path, who may call it (`auth`), the zod schemas of its
 * input and of its reply's `data`, what it refuses besides what that implies (refusals.ts), and a
 * handler that returns that `data`. The declaration becomes a Fastify route whose schema the zod
 * type provider validates and @fastify/swagger documents, so /api/docs cannot drift from what the
 * server does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { okEnvelope } from '../../src/domain/envelope';
import { ERROR_KEYS } from '../../src/domain/errors';
import type { RouteAuth } from './auth';
import { refusalResponses, refusalsOf, serverErrorSchema, type Refusals } from './refusals';

/** A multipart upload: the file field's name and the media types it takes. */
export interface UploadSpec {
  field: string;
  mediaTypes: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Multipart upload: the file field and its media types (documented, read by the handler). */
    upload?: UploadSpec;
  }
}

/** The envelope of a refusal: type "error" (code 0) or "999" (session gone, HTTP 401). */
export const refusalEnvelopeSchema = z
  .object({
    type: z.enum(['error', '999']),
    code: z.number().int().describe('0 on a refusal, 999 when the session is gone'),
    message: z.string().describe("The reason in the request's language"),
    data: z.record(z.string(), z.unknown()).nullable().describe('null or details such as { retryAfter }'),
    key: z.enum(ERROR_KEYS),
    field: z.string().optional().describe('The form field a refusal is about'),
  })
  .describe('A refusal: type "error" (code 0) or "999" (session gone, HTTP 401), with key and message');

/** The envelope of a success whose `data` is described by `data`. */
export function okEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z
    .object({ type: z.literal('ok'), code: z.literal(1), message: z.literal(''), data })
    .describe('Success: type "ok", code 1; `data` is the reply');
}

/** A reply that is not the envelope: a file or a document, with its media types. */
export interface RawReply {
  mediaTypes: readonly string[];
  /** What the body holds; binary when absent. */
  schema?: z.ZodType;
}

const binary = z.string().meta({ format: 'binary' });

interface RouteInput<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, P extends z.ZodType | undefined = undefined> {
  body: B extends z.ZodType ? z.output<B> : undefined;
  query: Q extends z.ZodType ? z.output<Q> : undefined;
  params: P extends z.ZodType ? z.output<P> : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

type DataOf<R> = R extends z.ZodType ? z.input<R> : unknown;

/** What a handler returns when it sent its reply itself (a kept reply, or its 304: sendKept in kept-reply.ts). */
export const SENT: unique symbol = Symbol('sent');

export interface ApiRouteSpec<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
  P extends z.ZodType | undefined = undefined,
> {
  method: 'GET' | 'POST';
  url: string;
  summary: string;
  tag: string;
  description?: string;
  /** Who may call it (server/http/auth.ts); 'none' when absent. */
  auth?: RouteAuth;
  body?: B;
  query?: Q;
  /** The path's parameters (":file"). */
  params?: P;
  /** Multipart upload: the file field and the media types it takes. */
  upload?: UploadSpec;
  /** What the envelope's `data` holds (z.null() for calls that answer nothing). */
  reply?: R;
  /** Instead of `reply`: the reply is not the envelope. */
  raw?: RawReply;
  /** Run after the session check and before validation, in order: the rate limits (429). */
  preValidation?: preValidationAsyncHookHandler[];
  /** Its business refusals by status (e.g. `{ 404: ['record.notFound'] }`), one set or several. */
  refusals?: Refusals | readonly Refusals[];
  /**
   * It answers with an ETag, and 304 with no body to a request whose If-None-Match names it. Such
   * a handler may send a kept reply itself (sendKept: already serialised and compressed) and
   * return SENT.
   */
  validators?: true;
  handler: (input: RouteInput<B, Q, P>) => Promise<(R extends z.ZodType ? DataOf<R> : unknown) | typeof SENT>;
}

/** The same declaration as the session check: OpenAPI 3.1 lets a requirement name the role. */
function securityOf(auth: RouteAuth): FastifySchema['security'] {
  if (auth === 'none') return undefined;
  if (auth === 'optional') return [{}, { token: [] }];
  if (auth === 'required') return [{ token: [] }];
  return [{ operatorToken: [auth.operator] }, { operatorCookie: [auth.operator] }];
}

/**
 * Replies are serialised as they are (JSON.stringify, see app.ts), never stripped or coerced by
 * their schema: a reply that drifted from its documentation must not silently lose a money field
 * or fail after its transaction committed. Tests build the app with `checkReplies`, which checks
 * every real reply against its documented schema here and turns a mismatch into a 500.
 */
export function checkReply(request: FastifyRequest, schema: z.ZodType, data: unknown): void {
  const result = schema.safeParse(data);
  if (result.success) return;
  const problem = `reply of ${request.method} ${request.routeOptions.url} does not match its documented schema: ${result.error.message}`;
  console.error(problem);
  throw new Error(problem);
}

export function apiRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(app: FastifyInstance, spec: ApiRouteSpec<B, Q, R, P>): void {
  const auth = spec.auth ?? 'none';
  const replySchema = spec.reply ?? z.null();
  const refusals = refusalsOf({
    method: spec.method,
    path: `${app.prefix}${spec.url}`,
    auth,
    inputs: [spec.body, spec.query, spec.params].filter((input) => input !== undefined),
    upload: spec.upload !== undefined,
    rateLimited: (spec.preValidation?.length ?? 0) > 0,
    declared: spec.refusals,
  });
  const ok = spec.raw
    ? {
        description: 'The file or document itself',
        content: Object.fromEntries(spec.raw.mediaTypes.map((type) => [type, { schema: spec.raw?.schema ?? binary }])),
      }
    : okEnvelopeSchema(replySchema);
  // The refusals this route may send, then `default`: anything else (500 server.error).
  const response: Record<string, unknown> = {
    200: ok,
    ...(spec.validators ? { 304: z.null().describe('Not modified: the copy the client named in If-None-Match is still current (no body)') } : {}),
    ...refusalResponses(refusals),
    default: serverErrorSchema,
  };
  app.route({
    method: spec.method,
    url: spec.url,
    config: { auth, upload: spec.upload, refusals },
    schema: {
      tags: [spec.tag],
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      ...(securityOf(auth) ? { security: securityOf(auth) } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      response,
    },
    preValidation: spec.preValidation ?? [],
    handler: async (request, reply) => {
      const input = { body: request.body, query: request.query, params: request.params, request, reply } as RouteInput<B, Q, P>;
      const data = await spec.handler(input);
      // A kept reply sent by the handler itself (validators), or its 304.
      if (data === SENT) {
        if (!spec.validators || !reply.sent) throw new Error(`${request.method} ${request.routeOptions.url} sent its reply itself without declaring validators`);
        return reply;
      }
      if (spec.raw) return data;
      if (request.server.deps.checkReplies) checkReply(request, replySchema, data ?? null);
      return okEnvelope(data ?? null);
    },
  });
}

/** The input of a call that takes none: anything but `lang` is an unknown field. */
export const noInput = z.strictObject({});
