/**
 * The login rate limits: per client address and per login text, in memory; shared by two server
 * processes through Redis (REDIS_URL); and counted per process while Redis does not answer.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Envelope } from '../../src/domain/envelope';
import type { Locale } from '../../src/domain/locales';
import { errorText } from '../../src/locales/errors';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/http/rate-limits';
import { OTHER_PASSWORD, startTestApp, type TestApp } from './harness';
import { REDIS, redisCommand, servicesFor } from './redis';

const redisUp = await servicesFor('the shared rate-limit tests', { redis: true });

const limits = (perIp: number, perAccount: number): RateLimits => ({
  ...DEFAULT_RATE_LIMITS,
  loginsPerIp: { max: perIp, windowSeconds: 60 },
  loginsPerAccount: { max: perAccount, windowSeconds: 60 },
});

/** A login from one client address, in one language. */
async function loginFrom(app: TestApp, ip: string, account: string, locale: Locale = 'en') {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: ip,
    headers: { 'accept-language': locale },
    payload: { account, password: OTHER_PASSWORD },
  });
  return { status: response.statusCode, body: response.json() as Envelope<{ retryAfter: number }> };
}

const ghost = () => `nobody${crypto.randomBytes(4).toString('hex')}`;

function expectRateLimited(reply: Awaited<ReturnType<typeof loginFrom>>, locale: Locale) {
  expect(reply.status).toBe(429);
  expect(reply.body).toMatchObject({ key: 'request.rateLimited', message: errorText(locale, 'request.rateLimited') });
  const retryAfter = (reply.body.data as { retryAfter: number }).retryAfter;
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('login rate limits in one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: limits(3, 2) });
  });
  afterAll(() => t?.close());

  test('per client address: the 4th login within the window is refused, in the caller’s language; other addresses go on', async () => {
    for (let i = 0; i < 3; i++) expect((await loginFrom(t, '10.0.0.1', ghost())).body.key).toBe('login.failed');
    expectRateLimited(await loginFrom(t, '10.0.0.1', ghost(), 'de'), 'de');
    expect((await loginFrom(t, '10.0.0.2', ghost())).body.key).toBe('login.failed');
  });

  test('per login text, from any address and in any letter case: the 3rd is refused; another text goes on', async () => {
    const name = ghost();
    expect((await loginFrom(t, '10.0.1.1', name)).body.key).toBe('login.failed');
    expect((await loginFrom(t, '10.0.1.2', ` ${name.toUpperCase()} `)).body.key).toBe('login.failed');
    expectRateLimited(await loginFrom(t, '10.0.1.3', name, 'ar'), 'ar');
    expect((await loginFrom(t, '10.0.1.3', ghost())).body.key).toBe('login.failed');
  });
});

describe.skipIf(!redisUp)('login rate limits shared through Redis by two app instances', () => {
  // A prefix of this run only: other runs on the same Redis count apart.
  const prefix = `tessera-test-${crypto.randomBytes(6).toString('hex')}:`;
  const connections = async () => ((await redisCommand('CLIENT LIST')) ?? '').split('\n').filter((line) => line.includes(`name=${prefix}`)).length;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: REDIS.url, REDIS_PREFIX: prefix };
    a = await startTestApp({ rateLimits: limits(4, 100), env });
    b = await startTestApp({ rateLimits: limits(4, 100), env, sameInstallationAs: a });
  });

  test('logins split across the two processes draw on one allowance: the 5th is refused by either', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 4; i++) expect((await loginFrom(i % 2 ? b : a, ip, ghost())).body.key).toBe('login.failed');
    expectRateLimited(await loginFrom(a, ip, ghost(), 'es'), 'es');
    expectRateLimited(await loginFrom(b, ip, ghost(), 'zh'), 'zh');
    // Another address has its own allowance in both.
    expect((await loginFrom(b, '10.2.0.2', ghost())).body.key).toBe('login.failed');
  });

  test('closing the apps closes their Redis connections', async () => {
    expect(await connections()).toBe(2);
    await b.close();
    await a.close();
    expect(await connections()).toBe(0);
  });
});

describe('login rate limits while Redis does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every count falls back to this process's memory.
    t = await startTestApp({ rateLimits: limits(3, 100), env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => t?.close());

  test('logins are still answered, and still limited per process', async () => {
    for (let i = 0; i < 3; i++) expect((await loginFrom(t, '10.3.0.1', ghost())).body.key).toBe('login.failed');
    expectRateLimited(await loginFrom(t, '10.3.0.1', ghost(), 'he'), 'he');
  });
});
