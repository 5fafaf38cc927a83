/**
 * The console's one way to the operator API: same-origin fetch with the session's HttpOnly cookie
 * (the browser sends it; no script reads it), the CSRF value on every change, the console's language,
 * the envelope unwrapped. A refusal is an OpsError carrying the server's words in that language; a
 * session that ended sends the operator to the sign-in.
 */
import type { Envelope } from '../../domain/envelope';
import type { ErrorKey } from '../../domain/errors';
import { errorMessage } from '../../i18n';
import { opsLocale } from '../i18n';

export class OpsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly key: ErrorKey | undefined,
    readonly field: string | undefined,
    readonly data: unknown,
  ) {
    super(message);
  }
}

let csrfToken: string | null = null;
let onSessionEnded: () => void = () => undefined;

/** The CSRF value of the current session (GET /api/ops/session); null when signed out. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function whenSessionEnds(handler: () => void): void {
  onSessionEnded = handler;
}

type Query = Record<string, string | number | boolean | null | undefined>;

function urlOf(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const search = params.toString();
  return `/api/ops${path}${search ? `?${search}` : ''}`;
}

async function send(method: 'GET' | 'POST', path: string, init: { query?: Query; body?: unknown; idempotencyKey?: string }): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': opsLocale() };
  if (method === 'POST') {
    headers['content-type'] = 'application/json';
    if (csrfToken) headers['x-csrf-token'] = csrfToken;
    if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
  }
  try {
    return await fetch(urlOf(path, init.query), {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined,
    });
  } catch {
    throw new OpsError(errorMessage('network.error'), 0, 'network.error', undefined, null);
  }
}

async function unwrap<T>(response: Response, path: string): Promise<T> {
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new OpsError(response.statusText || 'Error', response.status, undefined, undefined, null);
  }
  if (envelope.type === 'ok') return envelope.data as T;
  if (response.status === 401 && path !== '/login') onSessionEnded();
  throw new OpsError(envelope.message, response.status, envelope.key, envelope.field, envelope.data);
}

export async function opsGet<T>(path: string, query?: Query): Promise<T> {
  return unwrap<T>(await send('GET', path, { query }), path);
}

export async function opsPost<T>(path: string, body: unknown, idempotencyKey?: string): Promise<T> {
  return unwrap<T>(await send('POST', path, { body, idempotencyKey }), path);
}

/** An image the API answers (a proof, an identity document) as a blob: URL the page may show; revoke it when done. */
export async function opsImage(path: string, query: Query): Promise<string> {
  const response = await send('GET', path, { query });
  if (!response.ok) await unwrap(response, path);
  return URL.createObjectURL(await response.blob());
}
