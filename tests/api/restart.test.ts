/**
 * A rolling restart of two server processes under a load of money calls (server/lifecycle.ts;
 * docs/operations.md, "Restarts that lose nothing"), on one PostgreSQL database and Redis. Eight
 * clients convert EUR to USDT over and over, each call with its Idempotency-Key, sent to either
 * process in turn as a balancer would, and sent again with the same key to the other process when
 * the first answers 503 with Retry-After or its connection is refused or reset. One process gets
 * SIGTERM: it says it is not ready (GET /api/health 503) while it still serves, then closes; a new
 * one starts; then the other gets SIGTERM without a drain (its requests in flight finish, new ones
 * get 503 with Retry-After or a refused connection and go to the new process).
 * Needs PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL, default 127.0.0.1:6379).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { verifyLedger } from '../../server/ledger/verify';
import { createPayingUsers, signIn } from '../bench/server';
import { fund } from '../bench/database';
import { startMoneyLoad } from './money-load';
import { REDIS, servicesFor } from './redis';
import { clusterEnvironment, startServerProcess, type ServerProcess } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;
const servicesUp = await servicesFor('the rolling restart test', { postgres: true, redis: true });
const CLIENTS = 8;

describe.skipIf(!servicesUp)('a rolling restart under load', () => {
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void> = async () => undefined;
  let database: Database;
  const all: ServerProcess[] = [];

  beforeAll(async () => {
    const cluster = await clusterEnvironment(serverUrl!, 'restart', REDIS.url);
    drop = cluster.drop;
    env = { ...cluster.env, SHUTDOWN_DRAIN_SECONDS: '2' };
    // The second closes without draining, as a process whose balancer does not read readiness:
    // the calls in flight when it closes finish, new ones are refused with 503 and Retry-After.
    all.push(await startServerProcess(env), await startServerProcess({ ...env, SHUTDOWN_DRAIN_SECONDS: '0' }));
    database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL! });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(all.map((server) => server.stop()));
    await database?.close();
    await drop();
  });

  test('no acknowledged call lost or done twice, no 5xx but 503 with Retry-After, readiness false before closing', async () => {
    const ids = await createPayingUsers(database, CLIENTS, env.CODE_PEPPER!);
    await fund(database, ids, 'EUR', 1_000_000n);
    const tokens = await signIn(all[0].url, CLIENTS);
    /** The processes a balancer sends to: those whose readiness said yes last. */
    let up = [all[0], all[1]];
    const load = startMoneyLoad(() => up, tokens);
    const { outcomes, acknowledged } = load;

    /** SIGTERM to `server`: with a drain, readiness turns false while it still answers; then it closes. */
    const restart = async (server: ServerProcess, drains: boolean) => {
      const doneBefore = outcomes.done;
      const stopped = server.stop();
      if (drains) {
        let notReady = false;
        for (let tries = 0; tries < 40 && !notReady; tries++) {
          const health = await fetch(`${server.url}/api/health`).catch(() => null);
          notReady = health?.status === 503;
          if (!notReady) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(notReady, 'readiness turned false').toBe(true);
        // The balancer stops sending once it reads that; calls sent meanwhile were still served.
        up = up.filter((other) => other !== server);
      }
      await stopped;
      up = up.filter((other) => other !== server);
      const next = await startServerProcess(env);
      all.push(next);
      up = [...up, next];
      return outcomes.done - doneBefore;
    };

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const duringFirst = await restart(all[0], true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const duringSecond = await restart(all[1], false);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await load.stop();

    expect(outcomes.other).toEqual([]);
    expect(duringFirst).toBeGreaterThan(0);
    expect(duringSecond).toBeGreaterThan(0);
    // Every acknowledged conversion is there, once, and nothing else moved.
    const [row] = await rowsOf<{ conversions: number; keys: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM conversions) AS conversions,
                 (SELECT count(DISTINCT key)::int FROM idempotency_keys WHERE key = ANY(${`{${acknowledged.join(',')}}`}::text[])) AS keys`,
    );
    expect(row).toEqual({ conversions: acknowledged.length, keys: acknowledged.length });
    expect((await verifyLedger(database.db)).problems).toEqual([]);
    console.log(
      `rolling restart: ${outcomes.done} money calls acknowledged, ${outcomes.refused503} answered 503 with Retry-After and sent again, ${outcomes.connectionLost} connections lost and sent again, 0 lost`,
    );
  }, 180_000);
});
