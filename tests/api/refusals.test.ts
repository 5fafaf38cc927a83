/**
 * What a client must handle, in /api/docs: every operation states its refusal statuses with the
 * error keys each may carry, dates with their format and uploads with their media types; a refusal
 * a route really sends is declared for it, and one it does not declare fails the tests (500).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../../src/domain/errors';
import { z } from 'zod';
import { apiRoute, noInput } from '../../server/http/api-route';
import { startTestApp, type TestApp } from './harness';

interface Response {
  description?: string;
  content?: Record<string, { schema: { properties?: Record<string, { enum?: unknown[]; const?: unknown; format?: string }> } }>;
}
type Doc = { paths: Record<string, Record<string, { responses: Record<string, Response>; requestBody?: { content: Record<string, { encoding?: Record<string, { contentType: string }> }> } }>> };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
});
afterAll(() => t?.close());

/** The keys an operation declares for a status ([] when it declares none). */
function declared(method: string, path: string, status: number): unknown[] {
  const response = doc.paths[path]?.[method]?.responses[String(status)];
  return response?.content?.['application/json']?.schema.properties?.key?.enum ?? [];
}

describe('every operation', () => {
  test('declares its refusals by status, each the envelope with its keys; default is only the server’s own failure', () => {
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        operations++;
        const statuses = Object.keys(operation.responses);
        expect(statuses, `${method} ${path}`).toContain('400');
        if (!path.startsWith('/api/health')) expect(declared(method, path, 503), `${method} ${path}`).toEqual(['server.busy']);
        for (const status of statuses.filter((status) => /^[45]\d\d$/.test(status))) {
          const keys = declared(method, path, Number(status));
          expect(keys.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
          expect(operation.responses[status].description, `${method} ${path} ${status}`).toBeTruthy();
        }
        expect(operation.responses.default.content?.['application/json']?.schema.properties?.key?.enum).toEqual(['server.error']);
      }
    }
    expect(operations).toBeGreaterThanOrEqual(100);
  });

  test('what follows from the declaration: session, role, input, rate limit, upload, paid call', () => {
    expect(declared('post', '/api/wallet/out', 401)).toEqual(['session.required', 'session.gone']);
    const session = doc.paths['/api/wallet/out'].post.responses['401'].content!['application/json'].schema.properties!;
    expect([session.type.enum, session.code.enum]).toEqual([['999'], [999]]);
    expect(declared('post', '/api/wallet/out', 400)).toEqual(expect.arrayContaining(['payPassword.wrong', 'idempotency.keyRequired', 'amount.required', 'address.required', 'withdraw.belowMinimum']));
    expect(declared('post', '/api/wallet/out', 422)).toEqual(['idempotency.keyReused']);
    expect(declared('post', '/api/wallet/out', 429)).toEqual(['payPassword.locked', 'secondFactor.locked']);
    expect(declared('get', '/api/ops/settings', 403)).toEqual(['ops.roleForbidden']);
    expect(declared('post', '/api/user/register', 400)).toEqual(expect.arrayContaining(['agreement.required', 'password.tooShort', 'password.mismatch', 'username.length', 'code.wrong']));
    expect(declared('post', '/api/safe/update_password', 400)).toEqual(expect.arrayContaining(['password.sameAsOld', 'password.wrongOld']));
    expect(declared('post', '/api/user/login', 429)).toEqual(expect.arrayContaining(['request.rateLimited', 'login.locked']));
    expect(declared('post', '/api/user/uploadHeadPortrait', 415)).toEqual(expect.arrayContaining(['upload.wrongType']));
    expect(declared('post', '/api/user/uploadHeadPortrait', 413)).toEqual(expect.arrayContaining(['upload.tooLarge', 'upload.tooManyPixels']));
    // Public reads refuse no session; a GET has no body to be too large.
    expect(declared('get', '/api/kf', 401)).toEqual([]);
    expect(declared('get', '/api/kf', 413)).toEqual([]);
    expect(declared('get', '/api/kf', 415)).toEqual(['request.invalid']);
  });

  test('dates say their format; uploads and image replies their media types', () => {
    const order = doc.paths['/api/trade/orders/detail'].get.responses['200'].content!['application/json'].schema.properties!;
    const data = order.data as unknown as { properties: Record<string, { format?: string; anyOf?: Array<{ format?: string }> }> };
    expect(data.properties.createdAt.format).toBe('date-time');
    expect(data.properties.matchedAt.anyOf?.map((option) => option.format)).toContain('date-time');
    const upload = doc.paths['/api/loan/document'].post.requestBody!.content['multipart/form-data'];
    expect(upload.encoding?.file.contentType.split(', ').sort()).toEqual(['image/heic', 'image/heif', 'image/jpeg', 'image/png']);
    expect(Object.keys(doc.paths['/api/uploads/avatars/{file}'].get.responses['200'].content!)).toEqual(expect.arrayContaining(['image/png', 'image/jpeg']));
  });
});

describe('a refusal a route really sends', () => {
  test('is declared for that operation with its key: an unknown order (404), a contact already taken (409), a wrong Idempotency-Key reuse (422)', async () => {
    const user = await t.payingUser();
    const unknown = await t.get('/trade/orders/detail', { token: user.token, query: { id: '999999' } });
    expect([unknown.status, unknown.body.key]).toEqual([404, 'record.notFound']);
    expect(declared('get', '/api/trade/orders/detail', 404)).toContain(unknown.body.key);

    // The hall's amount filter is read as typed, by the service (the fuzz found it undeclared).
    const huge = await t.get('/trade/hall', { token: user.token, query: { side: 'sell', amount: '9223372036854.775808' } });
    expect([huge.status, huge.body.key]).toEqual([400, 'amount.tooLarge']);
    expect(declared('get', '/api/trade/hall', 400)).toEqual(expect.arrayContaining(['amount.invalid', 'amount.tooLarge']));

    const taken = await t.post('/sms_mail', { email: user.email, purpose: 'register' });
    expect([taken.status, taken.body.key]).toEqual([409, 'account.exists']);
    expect(declared('post', '/api/sms_mail', 409)).toContain(taken.body.key);

    // The same Idempotency-Key again with another quote: 422.
    await t.fund(user.userId, 'USDT', 10_000_000n);
    const quote = async () => (await t.post<{ quoteId: string }>('/transfer/quote', { from: 'USDT', to: 'EUR', amount: '1' }, { token: user.token })).body.data!.quoteId;
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const once = await t.post('/transfer', { quoteId: await quote(), payPassword: user.payPassword }, { token: user.token, headers });
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    const reused = await t.post('/transfer', { quoteId: await quote(), payPassword: user.payPassword }, { token: user.token, headers });
    expect([reused.status, reused.body.key]).toEqual([422, 'idempotency.keyReused']);
    expect(declared('post', '/api/transfer', reused.status)).toContain(reused.body.key);
  });

  test('one the route does not declare is a 500 under the tests’ reply check, and says so', async () => {
    const other = await startTestApp({
      beforeReady: (app) =>
        app.register(
          async (api) =>
            apiRoute(api, {
              method: 'GET',
              url: '/undeclared',
              tag: 'test',
              summary: 'Refuses with a key it does not declare',
              query: noInput,
              reply: z.null(),
              refusals: { 404: ['news.notFound'] },
              handler: async () => {
                throw new AppError('record.notFound', 404);
              },
            }),
          { prefix: '/api' },
        ),
    });
    try {
      const errors: string[] = [];
      const original = console.error;
      console.error = (line: string) => errors.push(line);
      try {
        const reply = await other.get('/undeclared');
        expect([reply.status, reply.body.key]).toEqual([500, 'server.error']);
      } finally {
        console.error = original;
      }
      expect(errors.join('\n')).toMatch(/GET \/api\/undeclared refused with 404 record\.notFound, which \/api\/docs does not declare/);
    } finally {
      await other.close();
    }
  });
});
