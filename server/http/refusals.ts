/**
 * What a route may refuse, by HTTP status, with the error keys of each: the part of a route's
 * contract a client must handle. Most of it follows from the route's declaration (apiRoute):
 * every route may meet bad characters, a body or encoding it does not take and load shedding; a
 * POST's body may be too large; an input schema refuses with the keys its checks carry; a session may be
 * missing or gone, an operator's role too low; a rate limit answers 429; an upload refuses its
 * file. A route adds its business refusals (`refusals`), found in what its service throws.
 * /api/docs states them per operation, and with `checkReplies` (the tests) a refusal a route sends
 * that it does not declare is answered as a 500, so the document cannot fall behind.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_KEYS, isErrorKey, type ErrorKey } from '../../src/domain/errors';
import { amountTextSchema } from '../../src/domain/payments';
import {
  changePasswordSchema,
  forgotSchema,
  passwordSchema,
  payPasswordSchema,
  payPasswordSetSchema,
  registerSchema,
  usernameSchema,
} from '../../src/domain/validation';
import type { RouteAuth } from './auth';

export const REFUSAL_STATUSES = [400, 401, 403, 404, 409, 413, 414, 415, 422, 429, 502, 503, 507] as const;
export type RefusalStatus = (typeof REFUSAL_STATUSES)[number];
/** Error keys by status. */
export type Refusals = Partial<Record<RefusalStatus, readonly ErrorKey[]>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route may refuse (set by apiRoute); a route without it is not checked. */
    refusals?: Refusals;
  }
}

const WHAT: Record<RefusalStatus, string> = {
  400: 'Refused: the request or its values (`field` names the form field when there is one)',
  401: 'No session, or it has ended: type "999", sign in again',
  403: 'Not allowed for this account or role',
  404: 'Not found (or not the caller’s)',
  409: 'In conflict with the current state: decided, taken or changed meanwhile',
  413: 'Too large',
  414: 'A path parameter too long',
  415: 'Not a media type this call takes',
  422: 'The Idempotency-Key was used for another request',
  429: 'Too many: data.retryAfter says how many seconds to wait',
  502: 'A provider the call needs failed (the text message or mail was not sent)',
  503: 'Busy: try again after the Retry-After header’s seconds',
  507: 'The server has no room to keep the upload: nothing was kept',
};

// Refusals several routes share, for their declarations.

/** A call made once per Idempotency-Key (http/idempotency.ts). */
export const IDEMPOTENT: Refusals = { 400: ['idempotency.keyRequired', 'idempotency.keyInvalid'], 409: ['idempotency.inProgress'], 422: ['idempotency.keyReused'] };
/** A call confirmed with the payment password, under its lockout. */
export const PAY_PASSWORD: Refusals = { 400: ['payPassword.notSet', 'payPassword.wrong'], 429: ['payPassword.locked'] };
/** A call that asks for the second factor once the account has one (modules/security). */
export const SECOND_FACTOR: Refusals = {
  400: ['secondFactor.wrong', 'secondFactor.format', 'passkey.invalid', 'passkey.challengeGone'],
  403: ['secondFactor.required'],
  404: ['passkey.notFound'],
  429: ['secondFactor.locked'],
};
/** A paid call (http/paid-call.ts): both. */
export const PAID_CALL: readonly Refusals[] = [IDEMPOTENT, PAY_PASSWORD];
/** A verification code checked (modules/codes). */
export const CODE_CHECK: Refusals = { 400: ['code.wrong', 'code.expired', 'code.tooManyTries'] };
/** An operator's decision on a user's request, once. */
export const DECISION: Refusals = { 400: ['ops.reasonRequired'], 404: ['record.notFound'], 409: ['ops.alreadyDecided'] };
/** A record of the caller's asked for by id: another's is not found either. */
export const NOT_FOUND: Refusals = { 404: ['record.notFound'] };

/** Input checks whose keys are decided in code (superRefine), so the walk below cannot read them. */
const CHECKS_IN_CODE = new Map<z.ZodType, readonly ErrorKey[]>([
  [amountTextSchema, ['amount.invalid', 'amount.tooLarge']],
  [passwordSchema, ['password.tooShort', 'password.tooLong', 'password.digitsOnly', 'password.sequential', 'password.repeated', 'password.common']],
  [payPasswordSchema, ['payPassword.length', 'password.digitsOnly', 'password.sequential', 'password.repeated', 'password.common']],
  [usernameSchema, ['username.length', 'username.invalid']],
  [registerSchema, ['password.mismatch']],
  [forgotSchema, ['password.mismatch']],
  [payPasswordSetSchema, ['password.mismatch']],
  [changePasswordSchema, ['password.mismatch', 'password.sameAsOld']],
]);

interface ZodInternals {
  _zod: { def: { type: string; error?: (issue?: unknown) => unknown; checks?: ZodInternals[] } & Record<string, unknown> };
}

/** The key a constant error message of a schema or check gives, if any. */
function keyOf(def: ZodInternals['_zod']['def']): ErrorKey | null {
  try {
    const message = def.error?.();
    return isErrorKey(message) ? message : null;
  } catch {
    return null;
  }
}

/** The error keys an input schema's own checks carry, read from the schema (zod's definitions). */
export function inputKeys(schema: z.ZodType): Set<ErrorKey> {
  const keys = new Set<ErrorKey>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node) || !('_zod' in node)) return;
    seen.add(node);
    for (const key of CHECKS_IN_CODE.get(node as z.ZodType) ?? []) keys.add(key);
    const { def } = (node as ZodInternals)._zod;
    const own = keyOf(def);
    if (own) keys.add(own);
    for (const check of def.checks ?? []) {
      const key = keyOf(check._zod.def);
      if (key) keys.add(key);
    }
    // Whatever the definition holds: inner types, options, shapes, pipes.
    for (const value of Object.values(def)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object' && !('_zod' in value)) Object.values(value).forEach(visit);
      else visit(value);
    }
  };
  visit(schema);
  return keys;
}

export interface RouteShape {
  method: 'GET' | 'POST';
  /** The full path, with /api. */
  path: string;
  auth: RouteAuth;
  inputs: z.ZodType[];
  upload: boolean;
  rateLimited: boolean;
  /** The route's own refusals, one set or several to merge. */
  declared?: Refusals | readonly Refusals[];
}

/** The routes load shedding never refuses (http/load-shedding.ts). */
export const NEVER_SHED = new Set(['/api/health', '/api/health/live']);

/** Everything a route may refuse: what its declaration implies, and what it declares. */
export function refusalsOf(route: RouteShape): Refusals {
  // Any request may carry a body or a content encoding the server does not take (415).
  const parts: Refusals[] = [{ 400: ['request.badCharacters', 'request.invalid'], 415: ['request.invalid'] }];
  if (!NEVER_SHED.has(route.path)) parts.push({ 503: ['server.busy'] });
  if (route.method === 'POST') parts.push({ 413: ['request.tooLarge'] });
  if (route.path.includes(':')) parts.push({ 414: ['request.tooLarge'] });
  for (const input of route.inputs) parts.push({ 400: ['request.unknownField', ...inputKeys(input)] });
  if (route.auth === 'required' || typeof route.auth === 'object') parts.push({ 401: ['session.required', 'session.gone'] });
  if (typeof route.auth === 'object') parts.push({ 403: route.method === 'GET' ? ['ops.roleForbidden'] : ['ops.roleForbidden', 'ops.csrf'] });
  if (route.rateLimited) parts.push({ 429: ['request.rateLimited'] });
  if (route.upload) {
    parts.push({
      400: ['upload.incomplete', 'request.unknownField'],
      413: ['upload.tooLarge', 'upload.tooManyPixels'],
      415: ['upload.required', 'upload.wrongType'],
      507: ['upload.storageFull'],
    });
  }
  parts.push(...[route.declared ?? []].flat());
  const merged: Refusals = {};
  for (const part of parts) {
    for (const status of REFUSAL_STATUSES) {
      const keys = part[status];
      if (keys) merged[status] = [...new Set([...(merged[status] ?? []), ...keys])];
    }
  }
  return merged;
}

/** The envelope of one status's refusals, with the keys it may carry. */
function envelopeOf(status: RefusalStatus, keys: readonly ErrorKey[]) {
  const session = status === 401;
  return z
    .object({
      type: z.literal(session ? '999' : 'error'),
      code: z.literal(session ? 999 : 0),
      message: z.string().describe("The reason in the request's language"),
      data: z.record(z.string(), z.unknown()).nullable().describe('null or details such as { retryAfter }'),
      key: z.enum(ERROR_KEYS.filter((key) => keys.includes(key)) as [ErrorKey, ...ErrorKey[]]),
      field: z.string().optional().describe('The form field a refusal is about'),
    })
    .describe(WHAT[status]);
}

/** `default`: what no route means to send, the server's own failure. */
export const serverErrorSchema = z
  .object({
    type: z.literal('error'),
    code: z.literal(0),
    message: z.string().describe("The reason in the request's language"),
    data: z.null(),
    key: z.enum(['server.error']),
  })
  .describe('Anything else: 500 server.error, a failure of the server (try again later)');

/** The documented responses of a route's refusals, by status. */
export function refusalResponses(refusals: Refusals): Record<string, z.ZodType> {
  const responses: Record<string, z.ZodType> = {};
  for (const status of REFUSAL_STATUSES) {
    const keys = refusals[status];
    if (keys?.length) responses[status] = envelopeOf(status, keys);
  }
  return responses;
}

/** A refusal its route does not declare, said as a sentence; null when it is declared (or the route declares nothing). */
export function undeclaredRefusal(request: FastifyRequest, status: number, key: ErrorKey): string | null {
  const declared = request.routeOptions?.config?.refusals;
  // 500 is every route's `default`: what no route means to send.
  if (!declared || status === 500) return null;
  if (declared[status as RefusalStatus]?.includes(key)) return null;
  return `${request.method} ${request.routeOptions.url} refused with ${status} ${key}, which /api/docs does not declare for it`;
}
