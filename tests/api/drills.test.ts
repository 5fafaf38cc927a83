/**
 * Failure drills (docs/operations.md, "Failure drills"), each with what the user saw and that
 * nothing moved twice:
 * - PostgreSQL restarted under a load of money calls: the calls in flight and those sent while it
 *   is away are answered 503 `server.busy` with Retry-After in the user's language, sent again
 *   with their Idempotency-Keys, each done once; the pool reconnects by itself.
 * - Redis stopped and started under two processes: every call is still answered, the limits count
 *   in each process's memory meanwhile and in Redis again after; the phones' sockets stay (or are
 *   again) connected and hear the other process's events once Redis is back.
 * Each drill has a PostgreSQL or Redis of its own to stop (tests/api/own-services.ts): the shared
 * ones serve the other API files meanwhile. The disk for uploads full: tests/api/uploads-full.test.ts.
 * Needs PostgreSQL (TEST_DATABASE_URL, and Debian's PostgreSQL programs) and Redis.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { verifyLedger } from '../../server/ledger/verify';
import { totpCode } from '../../server/security/totp';
import { createPayingUsers, signIn } from '../bench/server';
import { fund } from '../bench/database';
import { DEMO, OPERATOR, call, phone } from './cluster-clients';
import { startMoneyLoad } from './money-load';
import { ownServicesAvailable, startOwnPostgres, startOwnRedis } from './own-services';
import { REDIS, servicesFor } from './redis';
import { clusterEnvironment, startServerProcess, type ServerProcess } from './server-process';

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;
const servicesUp = (await servicesFor('the failure drills', { postgres: true, redis: true })) && ownServicesAvailable();
const CLIENTS = 8;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it holds or `ms` pass; whether it held. */
async function within(ms: number, check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await pause(100);
  }
  return check();
}

describe.skipIf(!servicesUp)('failure drills', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  test('PostgreSQL restarted under load: 503 with Retry-After in the user’s language while it is away, every call done once after', async () => {
    const postgres = await startOwnPostgres();
    cleanups.push(() => postgres.stop());
    const cluster = await clusterEnvironment(postgres.url, 'drill_pg', REDIS.url);
    cleanups.push(cluster.drop);
    const server = await startServerProcess(cluster.env);
    cleanups.push(() => server.stop());
    const database = await openDatabase({ kind: 'postgres', url: cluster.env.DATABASE_URL! });
    const ids = await createPayingUsers(database, CLIENTS, cluster.env.CODE_PEPPER!);
    await fund(database, ids, 'EUR', 1_000_000n);
    await database.close();
    const tokens = await signIn(server.url, CLIENTS);

    const load = startMoneyLoad(() => [server], tokens);
    await pause(1500);
    const beforeRestart = load.outcomes.done;
    // Stopped (every connection cut, as a restart does), and away for two seconds.
    let seenWhileAway: { status: number; retryAfter: string | null; key?: string; message?: string } | null = null;
    await postgres.restart(2000, async () => {
      const reply = await fetch(`${server.url}/api/wallet/list`, { method: 'POST', headers: { authorization: tokens[0], 'accept-language': 'de', 'content-type': 'application/json' }, body: '{}' });
      const envelope = (await reply.json()) as { key?: string; message?: string };
      seenWhileAway = { status: reply.status, retryAfter: reply.headers.get('retry-after'), key: envelope.key, message: envelope.message };
    });
    const afterRestart = load.outcomes.done;
    await pause(3000);
    await load.stop();
    const { outcomes, acknowledged } = load;
    console.log(
      `PostgreSQL restart: ${outcomes.done} money calls acknowledged (${beforeRestart} before, ${outcomes.done - afterRestart} after), ` +
        `${outcomes.refused503} answered 503 (${[...outcomes.refusedWith].join(', ')}) and sent again, ${outcomes.connectionLost} connections lost`,
    );

    // What the user saw while it was away: a clear refusal in their language, to try again.
    expect(seenWhileAway).toEqual({ status: 503, retryAfter: '2', key: 'server.busy', message: 'Der Server ist gerade stark ausgelastet. Bitte versuchen Sie es in 2 Sekunden erneut.' });
    expect(outcomes.refused503).toBeGreaterThan(0);
    expect([...outcomes.refusedWith]).toEqual(['server.busy (Retry-After 2)']);
    expect(outcomes.other).toEqual([]);
    expect(outcomes.connectionLost).toBe(0);
    // The pool reconnected: calls were done after the restart.
    expect(outcomes.done - afterRestart).toBeGreaterThan(CLIENTS);
    expect(beforeRestart).toBeGreaterThan(0);

    // Nothing lost, nothing twice: one conversion per acknowledged key, and no other.
    const check = await openDatabase({ kind: 'postgres', url: cluster.env.DATABASE_URL! });
    try {
      const [{ keys }] = await rowsOf<{ keys: number }>(check.db, sql`SELECT count(*)::int AS keys FROM idempotency_keys WHERE key = ANY(${`{${acknowledged.join(',')}}`}::text[])`);
      expect(keys).toBe(acknowledged.length);
      const [{ conversions }] = await rowsOf<{ conversions: number }>(check.db, sql`SELECT count(*)::int AS conversions FROM conversions`);
      expect(conversions).toBe(acknowledged.length);
      const report = await verifyLedger(check.db);
      expect(report.problems).toEqual([]);
    } finally {
      await check.close();
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 180_000);

  test('Redis stopped and started: every call answered, limits counted per process meanwhile and shared again after, phones hear the other process again', async () => {
    const redis = await startOwnRedis();
    cleanups.push(() => redis.stop());
    const cluster = await clusterEnvironment(serverUrl!, 'drill_redis', redis.url);
    cleanups.push(cluster.drop);
    const env: NodeJS.ProcessEnv = { ...cluster.env, SEED_DEMO: 'true' };
    const first: ServerProcess = await startServerProcess(env);
    cleanups.push(() => first.stop());
    const second: ServerProcess = await startServerProcess(env);
    cleanups.push(() => second.stop());

    const user = (await call<{ token: string }>(first.url, 'POST', '/user/login', null, DEMO)).token;
    const userId = (await call<{ id: string }>(first.url, 'GET', '/user/info', user)).id;
    const operator = (await call<{ token: string }>(second.url, 'POST', '/ops/login', null, { username: OPERATOR.username, password: OPERATOR.password, totp: totpCode(OPERATOR.secret, new Date()), client: 'cli' })).token;
    const device = await phone(first.url, user);
    cleanups.push(async () => void device.socket.disconnect());
    let disconnects = 0;
    device.socket.on('disconnect', () => disconnects++);
    /** A correction by the operator through the second process, heard by the phone on the first. */
    const correct = (reason: string) => call(second.url, 'POST', '/ops/adjustments', operator, { userId, asset: 'USDT', amount: '1', reason });
    /** A verification code asked for a new address (the per-address limit: 30 an hour). */
    let address = 0;
    const askCode = async (server: ServerProcess) => {
      const reply = await fetch(`${server.url}/api/sms_mail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ email: `drill${address++}@example.com`, purpose: 'register' }),
      });
      return { status: reply.status, key: ((await reply.json()) as { key?: string }).key };
    };

    // Redis up: the other process's event reaches the phone.
    await correct('Drill: before Redis stops');
    expect(await within(5000, () => device.heard.length === 1)).toBe(true);

    await redis.stop();
    // Every call still answered: sign-ins, money, reads, on both processes.
    expect((await call<{ token: string }>(second.url, 'POST', '/user/login', null, DEMO)).token).toMatch(/\S/);
    await correct('Drill: while Redis is away');
    expect(await call(first.url, 'POST', '/wallet/list', user, {})).toBeTruthy();
    // The limits count in each process's memory: the first refuses the 31st code from this address, the second still counts its own.
    const whileAway = [];
    for (let n = 0; n < 31; n++) whileAway.push(await askCode(first));
    expect(whileAway.slice(0, 30).every((reply) => reply.status === 200)).toBe(true);
    expect(whileAway[30]).toEqual({ status: 429, key: 'request.rateLimited' });
    expect((await askCode(second)).status).toBe(200);

    await redis.start();
    // Back: once each process has reconnected, the codes from this address count in Redis, one
    // window for both (a fresh one: Redis kept nothing).
    const counted = async () => {
      const [key] = (await run('redis-cli', ['-u', redis.url, '--scan', '--pattern', `${env.REDIS_PREFIX}rate:codes-ip:*`])).stdout.split('\n').filter(Boolean);
      return key ? Number((await run('redis-cli', ['-u', redis.url, 'GET', key])).stdout.trim()) : 0;
    };
    let bothShared = false;
    for (let round = 0; round < 30 && !bothShared; round++) {
      await pause(500);
      const before = await counted();
      await askCode(first);
      await askCode(second);
      bothShared = (await counted()) === before + 2;
    }
    expect(bothShared, 'both processes count in Redis again').toBe(true);
    for (let n = await counted(); n < 30; n++) expect((await askCode(n % 2 === 0 ? first : second)).status).toBe(200);
    expect(await askCode(second)).toEqual({ status: 429, key: 'request.rateLimited' });
    expect(await askCode(first)).toEqual({ status: 429, key: 'request.rateLimited' });
    // The phone is connected and hears the other process's events again.
    const heardBefore = device.heard.length;
    expect(
      await within(15_000, async () => {
        if (device.heard.length > heardBefore) return true;
        await correct('Drill: after Redis is back');
        await pause(400);
        return device.heard.length > heardBefore;
      }),
    ).toBe(true);
    expect(device.socket.connected).toBe(true);
    console.log(`Redis stop and start: the phone's socket was cut ${disconnects} times and is connected; ${device.heard.length} account events heard`);
  }, 180_000);
});
