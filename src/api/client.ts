/**
 * The one way the PWA talks to the API (docs/api.md): ky with the session and language headers,
 * the `lang` field, envelope unwrapping, the error toasts and the end of the session on 401 or
 * type '999'. Components never call fetch themselves, so every call gets the same headers, errors and session handling.
 */
import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import { API_TIMEOUT_MS, TOAST_HTTP_ERROR_MS, TOAST_MS } from '../domain/constants';
import { isOk, type Envelope } from '../domain/envelope';
import { isErrorKey, type ErrorKey } from '../domain/errors';
import { currentLocale } from '../i18n';
import { errorText } from '../i18n/errors';
import { keepWordsTogether } from '../i18n/words';
import { currentToken, endSession } from '../storage/session';
import { ApiError, statusKey } from './errors';
import { clientHandlers, type SessionEndReason } from './handlers';
import { fetchReportingUpload, type UploadProgress } from './uploadProgress';

export { ApiError, isApiError, isCancelled,  } from './errors';
export { setClientHandlers,   type ToastKind } from './handlers';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;
export type Payload = Record<string, unknown> | FormData;

export interface RequestOptions {
  /** Aborting it rejects the call with kind 'cancelled' and shows nothing. */
  signal?: AbortSignal;
  /** Overrides the usual limit (API_TIMEOUT_MS, 10 s) for this call. */
  timeoutMs?: number;
  /** Sent as Idempotency-Key: a replayed money action returns the first result and moves nothing. */
  idempotencyKey?: string;
  /**
   * No toast for this call (background refreshes that fall back to cached data). Session rules
   * still apply: a 401 ends the session either way.
   */
  quiet?: boolean;
  /** For an upload: called as its bytes go out (sent, total), so a screen can show how far it is. */
  onUploadProgress?: UploadProgress;
}

export interface ClientConfig {
  /** Where /api lives; an absolute URL in tests. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const LOGIN_PATH = '/auth/login';

let config: ClientConfig = { baseUrl: '/api', timeoutMs: API_TIMEOUT_MS };
let http: KyInstance = createHttp(config);

/** Changes the base URL, default time limit or fetch implementation (tests, other deployments). */
export function configureClient(changes: Partial<ClientConfig>): void {
  config = { ...config, ...changes };
  http = createHttp(config);
}

function createHttp({ baseUrl, timeoutMs, fetch }: ClientConfig): KyInstance {
  return ky.create({
    prefixUrl: baseUrl,
    timeout: timeoutMs,
    // No automatic retries: a retried POST without an idempotency key could move money twice,
    // and a retried GET would hold back the error the user is waiting for.
    retry: 0,
    fetch,
    hooks: {
      beforeRequest: [
        (request, options) => {
          const token = options.context.token;
          if (typeof token === 'string') request.headers.set('Authorization', token);
          request.headers.set('Accept-Language', String(options.context.locale));
        },
      ],
    },
  });
}

/** Calls in flight by method and url: a newer identical call cancels the older: only the latest answer is wanted. */
const inFlight = new Map<string, AbortController>();

/** Cancels every call in flight, silently (logout: their answers belong to the old session). */
export function cancelAll(): void {
  const controllers = [...inFlight.values()];
  inFlight.clear();
  for (const controller of controllers) controller.abort();
}

/** Resolves with the reply's message when it has one, else its data. */
export async function request<T>(
  method: HttpMethod,
  path: string,
  payload?: Payload,
  options: RequestOptions = {},
): Promise<T> {
  const locale = currentLocale();
  const token = currentToken();
  const relative = path.replace(/^\/+/, '');
  const { searchParams, body, json } = withLang(method, payload, locale);
  // A money call is tracked by its idempotency key too: cancelling an older money call locally
  // would not stop it on the server, so only a retry of the same operation replaces it.
  const trackingKey = `${method} ${relative}${queryString(searchParams)}${options.idempotencyKey ? `#${options.idempotencyKey}` : ''}`;

  const controller = new AbortController();
  inFlight.get(trackingKey)?.abort();
  inFlight.set(trackingKey, controller);
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;

  try {
    const response = await http(relative, {
      method,
      searchParams,
      body,
      json,
      signal,
      timeout: options.timeoutMs ?? config.timeoutMs,
      headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : undefined,
      context: { token, locale },
      ...(options.onUploadProgress ? { fetch: fetchReportingUpload(options.onUploadProgress) } : {}),
    });
    const envelope = parseEnvelope(await response.text());
    if (envelope && isOk(envelope)) return (envelope.message ? envelope.message : envelope.data) as T;
    throw await refusal(envelope, token, options);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal.aborted) throw cancelled();
    throw await failure(error, token, options);
  } finally {
    if (inFlight.get(trackingKey) === controller) inFlight.delete(trackingKey);
  }
}

/** Multipart upload (avatars, proofs, ID images); `lang` travels as a form field. */
export function upload<T>(path: string, formData: FormData, options?: RequestOptions): Promise<T> {
  return request<T>('POST', path, formData, options);
}

/** `lang` goes into the query of a GET and into the body of anything else, as the server reads it (docs/api.md, Conventions). */
function withLang(
  method: HttpMethod,
  payload: Payload | undefined,
  locale: string,
): { searchParams?: Record<string, QueryValue>; body?: FormData; json?: Record<string, unknown> } {
  if (payload instanceof FormData) {
    // A copy, so the caller's form can be sent again. `lang` goes first: a server streaming the
    // parts sees the language before the file, and can answer a refused file in it.
    const form = new FormData();
    form.append('lang', locale);
    payload.forEach((value, name) => {
      if (name !== 'lang') form.append(name, value);
    });
    return { body: form };
  }
  if (method === 'GET') return { searchParams: { ...(payload as Record<string, QueryValue>), lang: locale } };
  return { json: { ...payload, lang: locale } };
}

function queryString(searchParams: Record<string, QueryValue> | undefined): string {
  if (!searchParams) return '';
  const defined = Object.entries(searchParams).filter(([, value]) => value !== undefined);
  return `?${new URLSearchParams(defined.map(([name, value]) => [name, String(value)]))}`;
}

function parseEnvelope(text: string): Envelope | null {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && 'type' in value && 'code' in value) return value as Envelope;
  } catch {
    // Not JSON: an HTML error page from a proxy, say. Treated as a reply without an envelope.
  }
  return null;
}

/** The server's text for people, in the user's language: in Chinese with its words kept together, as the app's own texts (i18n/words.ts). */
function serverText(envelope: Envelope | null): string {
  return envelope?.message ? keepWordsTogether(envelope.message, currentLocale()) : '';
}

/** HTTP 200 whose envelope refuses (or that is no envelope at all). */
async function refusal(envelope: Envelope | null, token: string | null, options: RequestOptions): Promise<ApiError> {
  const key = serverKey(envelope) ?? 'request.failed';
  const text = serverText(envelope) || errorText(currentLocale(), 'request.failed');
  const { duplicate } = envelope?.type === '999' ? await sessionGone('sessionGone', token) : { duplicate: false };
  if (!options.quiet && !duplicate) clientHandlers().toast('error', text, TOAST_MS);
  return new ApiError('envelope', text, { status: 200, key, field: envelope?.field, data: envelope?.data });
}

/** An HTTP error status, a timeout or no answer at all. */
async function failure(error: unknown, token: string | null, options: RequestOptions): Promise<ApiError> {
  let result: ApiError;
  let duplicate = false;
  if (error instanceof HTTPError) {
    const { status } = error.response;
    const envelope = parseEnvelope(await error.response.text().catch(() => ''));
    const key = serverKey(envelope) ?? statusKey(status);
    const text = serverText(envelope) || errorText(currentLocale(), statusKey(status));
    if (status === 401) duplicate = (await sessionGone('unauthorized', token)).duplicate;
    else if (envelope?.type === '999') duplicate = (await sessionGone('sessionGone', token)).duplicate;
    result = new ApiError('http', text, { status, key, field: envelope?.field, data: envelope?.data });
  } else if (error instanceof TimeoutError) {
    result = transportError('timeout', 'request.timeout');
  } else {
    result = transportError('network', 'network.error');
  }
  if (!options.quiet && !duplicate) clientHandlers().toast('error', result.message, TOAST_HTTP_ERROR_MS);
  return result;
}

function transportError(kind: 'timeout' | 'network', key: ErrorKey): ApiError {
  return new ApiError(kind, errorText(currentLocale(), key), { key });
}

function cancelled(): ApiError {
  return new ApiError('cancelled', errorText(currentLocale(), 'request.cancelled'), { key: 'request.cancelled' });
}

function serverKey(envelope: Envelope | null): ErrorKey | undefined {
  return isErrorKey(envelope?.key) ? envelope.key : undefined;
}

/**
 * Ends the session the call was made with and sends the user to the login page. Several calls
 * of one dead session fail together: only the first ends it and shows a toast (`duplicate`
 * for the rest); a call of an older session must not end a newer one.
 */
async function sessionGone(reason: SessionEndReason, tokenSent: string | null): Promise<{ duplicate: boolean }> {
  // A call made without a session has none to end: its refusal is its caller's (a sign-in's
  // second step whose ticket ran out goes back to the password, on the same page).
  if (tokenSent === null) return { duplicate: false };
  if (currentToken() !== tokenSent) return { duplicate: true };
  await endSession();
  clientHandlers().sessionEnded(reason);
  clientHandlers().navigate(LOGIN_PATH);
  return { duplicate: false };
}
