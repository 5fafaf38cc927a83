/**
 * Two real server processes (`server/main.ts`, as `npm start` runs it) on one PostgreSQL database
 * and one Redis, as behind a proxy: a client's login allowance is one, whichever process answers.
 * Needs PostgreSQL (TEST_DATABASE_URL; PGlite is one process's file) and Redis at 127.0.0.1:6379.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Envelope } from '../../src/domain/envelope';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limits';
import { OTHER_PASSWORD } from './harness';
import { REDIS, redisAnswers } from './redis';
import { startServerProcess, type ServerProcess } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUp = await redisAnswers();
if (!serverUrl || !redisUp) console.warn('Skipping the two-process test: it needs TEST_DATABASE_URL (PostgreSQL) and Redis at 127.0.0.1:6379.');

describe.skipIf(!serverUrl || !redisUp)('two server processes behind one proxy', () => {
  const name = `tessera_procs_${crypto.randomBytes(5).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-procs-'));
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS.url,
      // This run's keys only: other runs on the same Redis count apart.
      REDIS_PREFIX: `tessera-procs-${crypto.randomBytes(6).toString('hex')}:`,
      DATA_DIR: dataDir,
      PUBLIC_DIR: path.join(dataDir, 'no-pwa'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    delete env.SEED_DEMO;
    // One after the other: both migrate the same database at start.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
  }, 150_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
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
