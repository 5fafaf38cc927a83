import { getDefaultStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, cancelAll, configureClient, request, setClientHandlers, upload } from '../../../src/api/client';
import { API_TIMEOUT_MS, TOAST_HTTP_ERROR_MS, TOAST_MS, TOKEN_KEY, USER_INFO_KEY } from '../../../src/domain/constants';
import type { ErrorKey } from '../../../src/domain/errors';
import { activateLocale, localeAtom } from '../../../src/i18n';
import { errorText } from '../../../src/locales/errors';
import { endSession, saveToken, tokenAtom, userInfoAtom } from '../../../src/storage/session';
import { CACHE_PREFIX, getItem, setItem } from '../../../src/storage/store';
import { ok, useTestApi } from '../support/api-server';

const store = getDefaultStore();
const TOKEN = 'tok_abc123';
const api = useTestApi({ timeoutMs: API_TIMEOUT_MS });
const handlers = { toast: vi.fn(), sessionEnded: vi.fn(), navigate: vi.fn() };


beforeEach(async () => {
  api.received.length = 0;
  api.respond(() => ok(null));
  for (const handler of Object.values(handlers)) handler.mockReset();
  setClientHandlers(handlers);
  store.set(localeAtom, 'en');
  await saveToken(TOKEN, new Date(Date.now() + 3_600_000).toISOString());
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to be rejected');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const text = (key: ErrorKey) => errorText('en', key);

describe('what every call carries', () => {
  it('sends the raw token and the locale as headers, and lang in the query of a GET', async () => {
    store.set(localeAtom, 'de');
    await request('GET', '/currency/rate', { currency: 'EUR', page: 2 });
    const [sent] = api.received;
    expect(sent.method).toBe('GET');
    expect(sent.url.pathname).toBe('/api/currency/rate');
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({ currency: 'EUR', page: '2', lang: 'de' });
    expect(sent.headers.authorization).toBe(TOKEN);
    expect(sent.headers['accept-language']).toBe('de');
  });

  it('puts lang into the JSON body of a POST', async () => {
    store.set(localeAtom, 'ar');
    await request('POST', '/user/editNickname', { nickname: 'Ada' });
    const [sent] = api.received;
    expect(sent.headers['content-type']).toContain('application/json');
    expect(JSON.parse(sent.body)).toEqual({ nickname: 'Ada', lang: 'ar' });
    expect(sent.url.search).toBe('');
  });

  it('sends no Authorization header when signed out', async () => {
    store.set(tokenAtom, null);
    await request('GET', '/kf');
    expect(api.received[0].headers.authorization).toBeUndefined();
  });

  it('sends lang as a form field of a multipart upload, next to the file', async () => {
    store.set(localeAtom, 'he');
    const form = new FormData();
    form.append('file', new Blob(['png-bytes'], { type: 'image/png' }), 'me.png');
    await upload('/user/uploadHeadPortrait', form);
    const [sent] = api.received;
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toMatch(/name="lang"\r\n\r\nhe\r\n/);
    expect(sent.body.indexOf('name="lang"')).toBeLessThan(sent.body.indexOf('name="file"'));
    expect(sent.body).toContain('png-bytes');
    expect([...form.keys()]).toEqual(['file']); // the caller's form is left as it was
  });

  it('sends the idempotency key of a money action', async () => {
    await request('POST', '/transfer', { amount: '1.00' }, { idempotencyKey: 'key-1' });
    expect(api.received[0].headers['idempotency-key']).toBe('key-1');
  });
});

describe('a successful reply', () => {
  it('resolves with data when the message is empty', async () => {
    api.respond(() => ok({ kf: 'https://support.example/chat' }));
    await expect(request('GET', '/kf')).resolves.toEqual({ kf: 'https://support.example/chat' });
  });

  it('resolves with the message when there is one', async () => {
    api.respond(() => ok({ ignored: true }, 'Saved.'));
    await expect(request('POST', '/user/editNickname', { nickname: 'x' })).resolves.toBe('Saved.');
  });

  it('counts code 1 as success whatever the type says', async () => {
    api.respond(() => ({ body: { type: 'success', code: 1, message: '', data: 7 } }));
    await expect(request('GET', '/user/calc')).resolves.toBe(7);
    expect(handlers.toast).not.toHaveBeenCalled();
  });
});

describe('a refusal in an HTTP 200 reply', () => {
  it('shows the server message and rejects with its key, field and data', async () => {
    api.respond(() => ({
      body: { type: 'error', code: 0, message: 'Code is wrong', data: { triesLeft: 2 }, key: 'code.wrong', field: 'code' },
    }));
    const error = await rejection(request('POST', '/safe/email', { email: 'a@b.c', code: '123456' }));
    expect(error).toMatchObject({ kind: 'envelope', message: 'Code is wrong', key: 'code.wrong', field: 'code', status: 200 });
    expect(error.data).toEqual({ triesLeft: 2 });
    expect(handlers.toast).toHaveBeenCalledExactlyOnceWith('error', 'Code is wrong', TOAST_MS);
    expect(store.get(tokenAtom)).toBe(TOKEN);
  });

  it('shows the request-failed text in the current language when the server gives none', async () => {
    await activateLocale('de');
    api.respond(() => ({ body: { type: 'error', code: 0, message: '', data: null } }));
    const error = await rejection(request('GET', '/user/info'));
    expect(error.message).toBe(errorText('de', 'request.failed'));
    expect(error.key).toBe('request.failed');
    expect(handlers.toast).toHaveBeenCalledExactlyOnceWith('error', errorText('de', 'request.failed'), TOAST_MS);
  });

  it('treats a reply that is not an envelope as a failed request', async () => {
    api.respond(() => ({ body: '<html>proxy page</html>' }));
    const error = await rejection(request('GET', '/user/info'));
    expect(error).toMatchObject({ kind: 'envelope', message: text('request.failed') });
  });

  it("type '999' ends the session, clears the stored account data and goes to login", async () => {
    await setItem(USER_INFO_KEY, { username: 'ada' });
    await setItem(CACHE_PREFIX + 'wallet', { USDT: '1.000000' });
    api.respond(() => ({ body: { type: '999', code: 999, message: 'Session ended', data: null } }));
    const error = await rejection(request('GET', '/user/info'));
    expect(error.kind).toBe('envelope');
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userInfoAtom)).toBeNull();
    expect(await getItem(TOKEN_KEY)).toBeNull();
    expect(await getItem(USER_INFO_KEY)).toBeNull();
    expect(await getItem(CACHE_PREFIX + 'wallet')).toBeNull();
    expect(handlers.sessionEnded).toHaveBeenCalledExactlyOnceWith('sessionGone');
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
    expect(handlers.toast).toHaveBeenCalledExactlyOnceWith('error', 'Session ended', TOAST_MS);
  });
});

describe('HTTP errors', () => {
  it.each([
    [403, 'request.forbidden'],
    [404, 'request.notFound'],
    [500, 'server.error'],
    [418, 'request.failed'],
    [502, 'request.failed'],
  ] as const)('HTTP %i without a message shows %s for 5 s', async (status, key) => {
    api.respond(() => ({ status, body: '' }));
    const error = await rejection(request('GET', '/user/info'));
    expect(error).toMatchObject({ kind: 'http', status, key, message: text(key) });
    expect(handlers.toast).toHaveBeenCalledExactlyOnceWith('error', text(key), TOAST_HTTP_ERROR_MS);
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
    expect(store.get(tokenAtom)).toBe(TOKEN);
  });

  it("shows the envelope's own message and key when the error reply has one", async () => {
    api.respond(() => ({
      status: 409,
      body: { type: 'error', code: 0, message: 'Username taken', data: null, key: 'username.taken', field: 'username' },
    }));
    const error = await rejection(request('POST', '/user/register', {}));
    expect(error).toMatchObject({ kind: 'http', status: 409, key: 'username.taken', field: 'username', message: 'Username taken' });
    expect(handlers.toast).toHaveBeenCalledExactlyOnceWith('error', 'Username taken', TOAST_HTTP_ERROR_MS);
  });

  it('passes on data such as retryAfter of a 429', async () => {
    api.respond(() => ({ status: 429, body: { type: 'error', code: 0, message: 'Wait', data: { retryAfter: 42 }, key: 'code.resendWait' } }));
    const error = await rejection(request('POST', '/sms_send', {}));
    expect(error.data).toEqual({ retryAfter: 42 });
  });

  it('401 ends the session and goes to login, with the unauthorized text', async () => {
    api.respond(() => ({ status: 401, body: '' }));
    const error = await rejection(request('GET', '/user/info'));
    expect(error).toMatchObject({ kind: 'http', status: 401, key: 'session.required', message: text('session.required') });
    expect(store.get(tokenAtom)).toBeNull();
    expect(await getItem(TOKEN_KEY)).toBeNull();
    expect(handlers.sessionEnded).toHaveBeenCalledExactlyOnceWith('unauthorized');
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
    expect(handlers.toast).toHaveBeenCalledExactlyOnceWith('error', text('session.required'), TOAST_HTTP_ERROR_MS);
  });

  it('a 401 of a call made without a session ends nothing and goes nowhere: the caller says it (a sign-in ticket that ran out)', async () => {
    await endSession();
    api.respond(() => ({ status: 401, body: { type: 'error', code: 0, message: 'This sign-in has timed out.', data: null, key: 'loginTicket.gone' } }));
    const error = await rejection(request('POST', '/user/login/second-factor', { ticket: 'x' }));
    expect(error).toMatchObject({ status: 401, key: 'loginTicket.gone', message: 'This sign-in has timed out.' });
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
    expect(handlers.navigate).not.toHaveBeenCalled();
    expect(handlers.toast).toHaveBeenCalledExactlyOnceWith('error', 'This sign-in has timed out.', TOAST_HTTP_ERROR_MS);
  });

  it('several calls failing with 401 together end the session once and toast once', async () => {
    api.respond(() => ({ status: 401, body: { type: '999', code: 999, message: 'Please log in', data: null } }));
    const errors = await Promise.all([
      rejection(request('GET', '/user/info')),
      rejection(request('POST', '/wallet/list')),
      rejection(request('GET', '/user/calc')),
    ]);
    expect(errors.map((e) => e.status)).toEqual([401, 401, 401]);
    expect(handlers.sessionEnded).toHaveBeenCalledTimes(1);
    expect(handlers.navigate).toHaveBeenCalledTimes(1);
    expect(handlers.toast).toHaveBeenCalledExactlyOnceWith('error', 'Please log in', TOAST_HTTP_ERROR_MS);
  });

  it('a late 401 of an older session does not end the newer one', async () => {
    api.respond(() => ({ status: 401, body: '', delayMs: 100 }));
    const stale = rejection(request('GET', '/user/info'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    store.set(tokenAtom, 'tok_new_session');
    await stale;
    expect(store.get(tokenAtom)).toBe('tok_new_session');
    expect(handlers.sessionEnded).not.toHaveBeenCalled();
    expect(handlers.navigate).not.toHaveBeenCalled();
  });

  it("type '999' with another status also ends the session", async () => {
    api.respond(() => ({ status: 403, body: { type: '999', code: 999, message: 'Revoked', data: null } }));
    await rejection(request('GET', '/user/info'));
    expect(store.get(tokenAtom)).toBeNull();
    expect(handlers.sessionEnded).toHaveBeenCalledExactlyOnceWith('sessionGone');
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
  });

  it('no answer at all is a network error', async () => {
    configureClient({ baseUrl: 'http://127.0.0.1:1/api' });
    try {
      const error = await rejection(request('GET', '/user/info'));
      expect(error).toMatchObject({ kind: 'network', key: 'network.error', message: text('network.error') });
      expect(handlers.toast).toHaveBeenCalledExactlyOnceWith('error', text('network.error'), TOAST_HTTP_ERROR_MS);
    } finally {
      configureClient({ baseUrl: api.baseUrl });
    }
  });

  it('no answer within the time limit is a timeout', async () => {
    api.respond(() => ({ delayMs: 500, ...ok(null) }));
    const error = await rejection(request('GET', '/user/info', undefined, { timeoutMs: 50 }));
    expect(error).toMatchObject({ kind: 'timeout', key: 'request.timeout', message: text('request.timeout') });
    expect(handlers.toast).toHaveBeenCalledExactlyOnceWith('error', text('request.timeout'), TOAST_HTTP_ERROR_MS);
  });

  it('quiet calls reject the same way without a toast', async () => {
    api.respond(() => ({ status: 500, body: '' }));
    const error = await rejection(request('GET', '/kf', undefined, { quiet: true }));
    expect(error.key).toBe('server.error');
    expect(handlers.toast).not.toHaveBeenCalled();
  });
});

describe('cancelling', () => {
  it('a call the caller aborts is rejected as cancelled, silently', async () => {
    api.respond(() => ({ delayMs: 300, ...ok(1) }));
    const controller = new AbortController();
    const pending = rejection(request('GET', '/user/info', undefined, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'cancelled', key: 'request.cancelled', message: text('request.cancelled') });
    expect(handlers.toast).not.toHaveBeenCalled();
  });

  it('a newer call with the same method and url replaces the older one', async () => {
    let answer = 0;
    // The first answer comes long after the second call has started, however slow the machine.
    api.respond(() => {
      answer += 1;
      return { delayMs: answer === 1 ? 2_000 : 10, ...ok(answer) };
    });
    const older = rejection(request('GET', '/wallet/legal_log', { page: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = request('GET', '/wallet/legal_log', { page: 1 });
    expect((await older).kind).toBe('cancelled');
    await expect(newer).resolves.toBe(2);
    expect(handlers.toast).not.toHaveBeenCalled();
  });

  it('calls that differ in method or query run side by side', async () => {
    api.respond((sent) => ({ delayMs: 50, ...ok(`${sent.method} ${sent.url.searchParams.get('page') ?? '-'}`) }));
    const results = await Promise.all([
      request('GET', '/wallet/legal_log', { page: 1 }),
      request('GET', '/wallet/legal_log', { page: 2 }),
      request('POST', '/wallet/legal_log', { page: 1 }),
    ]);
    expect(results).toEqual(['GET 1', 'GET 2', 'POST -']);
  });

  it('money calls with different idempotency keys never cancel each other', async () => {
    api.respond((sent) => ({ delayMs: 50, ...ok(sent.headers['idempotency-key']) }));
    const results = await Promise.all([
      request('POST', '/wallet/out', { amount: '1' }, { idempotencyKey: 'first' }),
      request('POST', '/wallet/out', { amount: '1' }, { idempotencyKey: 'second' }),
    ]);
    expect(results).toEqual(['first', 'second']);
  });

  it('cancelAll cancels every call in flight without a toast', async () => {
    api.respond(() => ({ delayMs: 300, ...ok(1) }));
    const pending = [rejection(request('GET', '/user/info')), rejection(request('POST', '/wallet/list'))];
    await new Promise((resolve) => setTimeout(resolve, 20));
    cancelAll();
    expect((await Promise.all(pending)).map((e) => e.kind)).toEqual(['cancelled', 'cancelled']);
    expect(handlers.toast).not.toHaveBeenCalled();
  });
});
