/**
 * The one place where anything thrown becomes the reply envelope, so that every refusal looks the same:
 * catalogue refusals, zod validation problems, Fastify's own errors and the unexpected.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Envelope } from '../../src/domain/envelope';
import { AppError, type ErrorKey, type MessageParams } from '../../src/domain/errors';
import { firstProblem } from '../../src/domain/validation';
import { localeOf } from './locale';
import { messageFor } from './messages';
import { Refusal } from '../errors';
import { sqlStateOf } from '../db/rows';
import { undeclaredRefusal } from './refusals';

interface Problem {
  status: number;
  key: ErrorKey;
  params?: MessageParams;
  data?: Record<string, unknown> | null;
  field?: string;
}

const SESSION_KEYS: readonly ErrorKey[] = ['session.required', 'session.gone'];

/** Fastify's and its plugins' error codes that are the client's doing. */
const FASTIFY_PROBLEMS: Record<string, Problem> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'request.tooLarge' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, key: 'upload.tooLarge' },
  FST_PARTS_LIMIT: { status: 413, key: 'request.tooLarge' },
  FST_FILES_LIMIT: { status: 413, key: 'request.tooLarge' },
  FST_FIELDS_LIMIT: { status: 413, key: 'request.tooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'request.invalid' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, key: 'upload.required' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'request.invalid' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'request.invalid' },
};

/**
 * PostgreSQL's refusals of a value (not of the database): bad characters (22P05, 22021), a number
 * out of range (22003), a malformed literal (22P02). Input reaches a query only after its
 * checks, so these mean a check is missing; still the client's value, never a 500.
 */
const BAD_VALUE_SQLSTATES = new Set(['22P05', '22021', '22003', '22P02']);

/**
 * The database cannot be reached (restarting, failed over, the network between): its connection
 * refused or cut (class 08), shutting down or starting up (57P01–57P03), no connection left
 * (53300), or the driver's own words for a connection lost. The request is answered 503 with
 * Retry-After: a money call was rolled back with its connection or committed with its
 * Idempotency-Key, so sending it again with the same key is safe either way.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
const UNAVAILABLE_MESSAGE = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/;
/** What a client waits before sending again when the database was away. */
const DATABASE_RETRY_SECONDS = 2;

function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function statusKey(status: number): ErrorKey {
  if (status === 404) return 'request.notFound';
  if (status === 403) return 'request.forbidden';
  if (status === 429) return 'request.rateLimited';
  if (status === 413) return 'request.tooLarge';
  return 'request.invalid';
}

function problemOf(error: unknown): Problem | null {
  if (error instanceof Refusal) {
    return { status: error.status, key: error.key, params: error.params, data: error.data, field: error.field };
  }
  if (error instanceof AppError) return { status: error.status, key: error.key, params: error.params };
  if (error instanceof ZodError) return { status: 400, ...firstProblem(error) };
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.code && FASTIFY_PROBLEMS[fastifyError.code]) return FASTIFY_PROBLEMS[fastifyError.code];
  const sqlState = sqlStateOf(error);
  if (sqlState && BAD_VALUE_SQLSTATES.has(sqlState)) return { status: 400, key: 'request.invalid' };
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, key: statusKey(status) };
  return null;
}

export function refusalEnvelope(request: FastifyRequest, problem: Problem): Envelope<unknown> {
  const session = SESSION_KEYS.includes(problem.key);
  return {
    type: session ? '999' : 'error',
    code: session ? 999 : 0,
    message: messageFor(localeOf(request), problem.key, problem.params),
    data: problem.data ?? null,
    key: problem.key,
    ...(problem.field ? { field: problem.field } : {}),
  };
}

export function sendRefusal(request: FastifyRequest, reply: FastifyReply, problem: Problem): FastifyReply {
  // Like checkReply (api-route.ts): with checkReplies, a refusal the route does not declare in
  // /api/docs is a 500, so a test that meets one fails.
  const undeclared = request.server.deps.checkReplies ? undeclaredRefusal(request, problem.status, problem.key) : null;
  if (undeclared) {
    console.error(undeclared);
    return reply.code(500).send(refusalEnvelope(request, { status: 500, key: 'server.error' }));
  }
  return reply.code(problem.status).send(refusalEnvelope(request, problem));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const problem = problemOf(error);
    // A value the database refused got past the checks: answered 400, and worth a look.
    if (problem && sqlStateOf(error)) request.log.warn({ err: error }, 'input refused by the database');
    if (problem) return sendRefusal(request, reply, problem);
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable: answered 503');
      reply.header('Retry-After', String(DATABASE_RETRY_SECONDS));
      return sendRefusal(request, reply, { status: 503, key: 'server.busy', params: { seconds: DATABASE_RETRY_SECONDS } });
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendRefusal(request, reply, { status: 500, key: 'server.error' });
  });
}
