/**
 * Two real server processes (`server/main.ts`, as `npm start` runs it) on one PostgreSQL database
 * and one Redis, as behind a proxy: a client's login allowance is one, whichever process answers.
 * Needs PostgreSQL (TEST_DATABASE_URL; PGlite is one process's file) and Redis (TEST_REDIS_URL, default 127.0.0.1:6379).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Envelope } from '../../src/domain/envelope';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limits';
import { OTHER_PASSWORD } from './harness';
import { REDIS, servicesFor } from './redis';
import { clusterEnvironment, startServerProcess, type ServerProcess } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;
const servicesUp = await servicesFor('the two-process test', { postgres: true, redis: true });

describe.skipIf(!servicesUp)('two server processes behind one proxy', () => {
  const servers: ServerProcess[] = [];
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const cluster = await clusterEnvironment(serverUrl!, 'procs', REDIS.url);
    drop = cluster.drop;
    // One after the other: both migrate the same database at start.
    servers.push(await startServerProcess(cluster.env));
    servers.push(await startServerProcess(cluster.env));
  }, 150_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await drop();
  });

  test('logins of one login text, sent to each process in turn, draw on one allowance', async () => {
    const { max } = DEFAULT_RATE_LIMITS.loginsPerAccount;
    const account = `nobody${crypto.randomBytes(4).toString('hex')}`;
    const keys: string[] = [];
    for (let i = 0; i <= max; i++) {
      const response = await fetch(`${servers[i % 2].url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'de' },
        body: JSON.stringify({ account, password: OTHER_PASSWORD }),
      });
      keys.push(((await response.json()) as Envelope<unknown>).key ?? `status ${response.status}`);
    }
    // Each process alone saw about half of them: within its own allowance, were it counting alone.
    expect(keys.slice(0, max).filter((key) => key === 'request.rateLimited')).toEqual([]);
    expect(keys[max]).toBe('request.rateLimited');
  }, 120_000);
});
