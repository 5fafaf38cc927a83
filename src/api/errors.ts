/** How a failed call reaches its caller: one error type, told apart by `kind`. */
import type { ErrorKey } from '../domain/errors';

/**
 * envelope  — HTTP 200 but the reply's type is not 'ok' (a refusal);
 * http      — the server answered with an error status;
 * network   — no answer at all (offline, DNS, connection refused);
 * timeout   — no answer within the time limit;
 * cancelled — the caller aborted, a newer identical call replaced it, or logout cancelled it.
 */
export type ApiErrorKind = 'envelope' | 'http' | 'network' | 'timeout' | 'cancelled';

export interface ApiErrorDetails {
  /** HTTP status, when the server answered. */
  status?: number;
  /** The catalogue key: the server's for refusals, ours for transport failures. */
  key?: ErrorKey;
  /** The form field a refusal is about, so a form can mark it. */
  field?: string;
  /** The envelope's data (e.g. `{ retryAfter }` on 429), null otherwise. */
  data?: unknown;
}

export class ApiError extends Error {
  readonly status?: number;
  readonly key?: ErrorKey;
  readonly field?: string;
  readonly data: unknown;

  /** `message` is the text for people, already in the user's language. */
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = details.status;
    this.key = details.key;
    this.field = details.field;
    this.data = details.data ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isCancelled(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'cancelled';
}

/** The catalogue text for an HTTP status whose reply carried no message of its own. */
export function statusKey(status: number): ErrorKey {
  switch (status) {
    case 401:
      return 'session.required';
    case 403:
      return 'request.forbidden';
    case 404:
      return 'request.notFound';
    case 500:
      return 'server.error';
    default:
      return 'request.failed';
  }
}
