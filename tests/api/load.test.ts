/**
 * Load shedding: under pressure (heap over its threshold, or too many queries waiting for a
 * PostgreSQL connection) requests get 503 with Retry-After and `server.busy` in the caller's
 * language at once, and change nothing; GET /api/health still answers; without pressure the
 * same requests pass.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { errorText } from '../../src/locales/errors';
import { loadConfig } from '../../server/config';
import { startTestApp, type TestApp } from './harness';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await startTestApp({ env });
  apps.push(t);
  return t;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('without pressure', () => {
  test('the default thresholds let ordinary requests through', async () => {
    const t = await app({ SHED_EVENT_LOOP_DELAY_MS: '200' });
    expect(loadConfig({}).shed).toEqual({ eventLoopDelayMs: 200, heapMb: null, dbWaiting: 20, retryAfterSeconds: 10 });
    // A sample of the load is taken every second: wait for one.
    await sleep(1200);
    const user = await t.signedInUser();
    expect((await t.get('/user/info', { token: user.token })).status).toBe(200);
    expect((await t.get('/currency/list')).status).toBe(200);
  }, 60_000);
});

describe('over the heap threshold', () => {
  test('503 with Retry-After and server.busy in the caller language; nothing registered; health and liveness still answer', async () => {
    const t = await app({ SHED_HEAP_MB: '1', SHED_RETRY_AFTER_SECONDS: '7' });
    await sleep(1200);
    for (const lang of ['en', 'de', 'ar'] as const) {
      const reply = await t.get('/currency/list', { headers: { 'accept-language': lang } });
      expect(reply.status).toBe(503);
      expect(reply.headers['retry-after']).toBe('7');
      expect(reply.body).toMatchObject({ type: 'error', key: 'server.busy', message: errorText(lang, 'server.busy', { seconds: 7 }) });
    }
    const email = t.uniqueEmail();
    const sent = await t.post('/sms_mail', { email, purpose: 'register' });
    expect(sent.status).toBe(503);
    expect(t.mailbox.lastTo(email)).toBeUndefined();

    const health = await t.get('/health');
    expect(health.status).toBe(200);
    const live = await t.get('/health/live');
    expect([live.status, live.body.data]).toEqual([200, { status: 'ok' }]);
    // The app's own page is never refused: it would leave a blank screen instead of the app.
    const page = await t.app.inject({ method: 'GET', url: '/h5/' });
    expect(page.json.bind(page)).toThrow(); // not the API's refusal (where the app is not built, a note saying so)
    expect(page.body).not.toContain('server.busy');
  }, 60_000);
});

describe('a lagging event loop', () => {
  test('while work holds the event loop for long stretches: 503; once the lag is gone: 200', async () => {
    const t = await app({ SHED_EVENT_LOOP_DELAY_MS: '50' });
    await sleep(1200);
    expect((await t.get('/currency/list')).status).toBe(200);
    // What an overloaded server goes through: work that holds the event loop 200 ms at a time,
    // for 3 s, with only short breaks in between.
    const hogUntil = Date.now() + 3000;
    const hogging = new Promise<void>((resolve) => {
      const hog = () => {
        const until = Date.now() + 200;
        while (Date.now() < until) {
          // busy
        }
        if (Date.now() < hogUntil) setTimeout(hog, 1);
        else resolve();
      };
      hog();
    });
    await sleep(2200);
    const busy = await t.get('/currency/list', { headers: { 'accept-language': 'es' } });
    expect(busy.status).toBe(503);
    expect(busy.body).toMatchObject({ key: 'server.busy', message: errorText('es', 'server.busy', { seconds: 10 }) });
    await hogging;
    await sleep(2500);
    expect((await t.get('/currency/list')).status).toBe(200);
  }, 60_000);
});

describe.skipIf(!onPostgres)('a saturated database pool (PostgreSQL)', () => {
  test('more waiting queries than SHED_DB_WAITING: 503 until the pool drains, then 200 again', async () => {
    const t = await app({ SHED_DB_WAITING: '2' });
    expect((await t.get('/currency/list')).status).toBe(200);
    // The pool has 10 connections: 14 slow queries leave 4 waiting.
    const slow = Promise.all(Array.from({ length: 14 }, () => t.database.db.execute(sql`SELECT pg_sleep(2)`)));
    await sleep(600);
    const busy = await t.get('/currency/list', { headers: { 'accept-language': 'nl' } });
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('10');
    expect(busy.body).toMatchObject({ key: 'server.busy', message: errorText('nl', 'server.busy', { seconds: 10 }) });
    // Read at each request: as soon as the queue is short again, requests pass.
    await slow;
    expect((await t.get('/currency/list')).status).toBe(200);
  }, 60_000);
});
