/**
 * A logical backup of a PostgreSQL installation taken while money calls run, the database dropped
 * and restored (`npm run ops -- backup` and `restore`, scripts/ops/backup.ts; docs/operations.md):
 * every call acknowledged before the backup began is in the restored database, the ledger
 * verifies, the rows whose uploaded file is missing are named, and the server starts on it; a
 * restore whose ledger did not verify keeps the server
 * from starting unless ALLOW_UNVERIFIED_RESTORE=true.
 * Needs PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL, default 127.0.0.1:6379).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { createPayingUsers, signIn } from '../bench/server';
import { fund } from '../bench/database';
import { amidLoad, startMoneyLoad } from './money-load';
import { REDIS, servicesFor } from './redis';
import { clusterEnvironment, root, startServerProcess, type ServerProcess } from './server-process';

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;
const servicesUp = await servicesFor('the backup test', { postgres: true, redis: true });
const CLIENTS = 8;

describe.skipIf(!servicesUp)('backup and restore on PostgreSQL', () => {
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void> = async () => undefined;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-backup-'));
  const servers: ServerProcess[] = [];

  /** As the server's own database: created empty, or dropped. */
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  const ops = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], { cwd: root, env });

  beforeAll(async () => {
    const cluster = await clusterEnvironment(serverUrl!, 'backup', REDIS.url);
    drop = cluster.drop;
    env = cluster.env;
    servers.push(await startServerProcess(env));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await drop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test('taken under load, dropped, restored: every call acknowledged before it is there and the ledger verifies', async () => {
    const url = env.DATABASE_URL!;
    const name = new URL(url).pathname.slice(1);
    let database = await openDatabase({ kind: 'postgres', url });
    const ids = await createPayingUsers(database, CLIENTS, env.CODE_PEPPER!);
    await fund(database, ids, 'EUR', 1_000_000n);
    // A photo the database names whose file the uploads folder does not hold (not copied with the backup).
    const photo = `${'a'.repeat(32)}.png`;
    await database.db.execute(sql`UPDATE users SET avatar = ${photo} WHERE id = ${ids[0]}`);
    await database.close();
    const load = startMoneyLoad(() => servers, await signIn(servers[0].url, CLIENTS));

    const file = path.join(folder, 'tessera.dump');
    const { result: backup, before, after } = await amidLoad(load, () => ops('backup', '--out', file));
    expect(backup.stdout).toMatch(/^backup written to .*: [\d.]+ MB in [\d.]+ s/);

    // The installation lost: the server stopped, the database dropped and made again, empty.
    await servers.pop()!.stop();
    await admin(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${name}`);
    const restored = await ops('restore', file);
    expect(restored.stdout).toMatch(/restored .* in [\d.]+ s/);
    expect(restored.stdout).toMatch(/ledger: \d+ accounts, \d+ transfers, verifies/);
    // The restore names each row whose uploaded file is missing.
    expect(restored.stdout).toContain(`uploads: 1 files named by the database, 1 missing from ${path.join(env.DATA_DIR!, 'uploads')}`);
    expect(restored.stdout).toContain(`missing: avatar of user ${ids[0]}: avatars/${photo}`);

    database = await openDatabase({ kind: 'postgres', url });
    try {
      const present = await rowsOf<{ key: string }>(database.db, sql`SELECT key FROM idempotency_keys WHERE key = ANY(${`{${before.join(',')}}`}::text[])`);
      expect(present.length).toBe(before.length);
      const [{ conversions }] = await rowsOf<{ conversions: number }>(database.db, sql`SELECT count(*)::int AS conversions FROM conversions`);
      expect(conversions).toBeGreaterThanOrEqual(before.length);
      expect(conversions).toBeLessThanOrEqual(after);
      // The server serves the restored database.
      servers.push(await startServerProcess(env));
      await servers.pop()!.stop();

      // Had the restored ledger not verified, the server would not start on it…
      await database.db.execute(sql`INSERT INTO restores (source, ledger_ok, problems) VALUES ('a-broken-copy.dump', false, 3)`);
      await expect(startServerProcess(env)).rejects.toThrow(/restored from a-broken-copy\.dump .* its ledger did not verify \(3 problems\)/);
      // …unless told to.
      servers.push(await startServerProcess({ ...env, ALLOW_UNVERIFIED_RESTORE: 'true' }));
    } finally {
      await database.close();
    }
    // A restore goes into an empty database only.
    await expect(ops('restore', file)).rejects.toMatchObject({ stderr: expect.stringMatching(/restore goes into an empty database only/) });
  }, 180_000);
});
