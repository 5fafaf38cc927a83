/**
 * A copy of the embedded database (PGlite) taken by the running server while money calls run
 * (`npm run ops -- backup`, POST /api/ops/backup), the installation lost, and the copy restored
 * into a fresh DATA_DIR (`npm run ops -- restore FILE --data-dir DIR`; scripts/ops/backup.ts,
 * docs/operations.md): every call acknowledged before the backup began is in it, the ledger
 * verifies, and the server starts on it. The copy is an admin's; on PostgreSQL the server refuses
 * it (pg_dump makes that one). A restore needs the installation's secret.json and a fresh folder.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pgliteDatabase, type Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { DEMO_OPERATOR } from '../../server/modules/ops';
import { createPayingUsers, signIn } from '../bench/server';
import { fund } from '../bench/database';
import { amidLoad, startMoneyLoad } from './money-load';
import { root, startServerProcess, type ServerProcess } from './server-process';

const run = promisify(execFile);
const CLIENTS = 8;

/** The embedded database of a DATA_DIR, opened by the test while no server runs on it. */
async function openFolder(dataDir: string, work: (database: Database) => Promise<void>): Promise<void> {
  const database = pgliteDatabase(new PGlite(path.join(dataDir, 'pglite')));
  try {
    await work(database);
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-embedded-backup-'));
  const first = path.join(folder, 'installation');
  const fresh = path.join(folder, 'restored');
  const environment = (dataDir: string): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PUBLIC_DIR: path.join(folder, 'no-pwa'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      MARKET_FEED: 'off',
      // Given, so that the test keys the payment passwords as the server does; SECRETS_KEY is
      // generated into DATA_DIR/secret.json, which the restore needs copied.
      CODE_PEPPER: crypto.randomBytes(16).toString('hex'),
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.SECRETS_KEY;
    return env;
  };
  const env = environment(first);
  const ops = (dataDir: string, ...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], { cwd: root, env: { ...env, DATA_DIR: dataDir } });
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    // Made and seeded by a first start, then given paying users while no server holds it.
    await (await startServerProcess(env)).stop();
    await openFolder(first, async (database) => {
      const ids = await createPayingUsers(database, CLIENTS, env.CODE_PEPPER!);
      await fund(database, ids, 'EUR', 1_000_000n);
    });
    server = await startServerProcess(env);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test('taken under load, the installation lost, restored into a fresh DATA_DIR: every call acknowledged before it is there', async () => {
    const running = server!;
    // Only a signed-in operator's server copies it: the demo operator is an admin.
    await expect(ops(first, 'backup', '--out', path.join(folder, 'unsigned.tar.gz'))).rejects.toMatchObject({ stderr: expect.stringMatching(/not signed in/) });
    await ops(first, 'login', '--url', running.url, '--user', DEMO_OPERATOR.username, '--password', DEMO_OPERATOR.password);

    const load = startMoneyLoad(() => [running], await signIn(running.url, CLIENTS));
    const file = path.join(folder, 'tessera.tar.gz');
    const { result: backup, before, after } = await amidLoad(load, () => ops(first, 'backup', '--out', file));
    expect(backup.stdout).toMatch(/^backup written to .*: [\d.]+ MB in [\d.]+ s \(the embedded database/);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    // A backup never overwrites a file.
    await expect(ops(first, 'backup', '--out', file)).rejects.toMatchObject({ stderr: expect.stringMatching(/exists already/) });

    // The installation lost; a fresh DATA_DIR without the installation's secret is refused…
    await running.stop();
    server = null;
    await expect(ops(fresh, 'restore', file)).rejects.toMatchObject({ stderr: expect.stringMatching(/secret\.json is missing: copy the installation's secret\.json there first/) });
    expect(fs.existsSync(path.join(fresh, 'pglite'))).toBe(false);
    // …and with it, restored and checked.
    fs.mkdirSync(fresh, { recursive: true });
    fs.copyFileSync(path.join(first, 'secret.json'), path.join(fresh, 'secret.json'));
    const restored = await ops(fresh, 'restore', file);
    expect(restored.stdout).toMatch(/restored .* in [\d.]+ s/);
    expect(restored.stdout).toMatch(/ledger: \d+ accounts, \d+ transfers, verifies/);
    expect(restored.stdout).toMatch(/uploads: \d+ files named by the database/);

    await openFolder(fresh, async (database) => {
      const present = await rowsOf<{ key: string }>(database.db, sql`SELECT key FROM idempotency_keys WHERE key = ANY(${`{${before.join(',')}}`}::text[])`);
      expect(present.length).toBe(before.length);
      const [{ conversions }] = await rowsOf<{ conversions: number }>(database.db, sql`SELECT count(*)::int AS conversions FROM conversions`);
      expect(conversions).toBeGreaterThanOrEqual(before.length);
      expect(conversions).toBeLessThanOrEqual(after);
      const [last] = await rowsOf<{ source: string; ledger_ok: boolean }>(database.db, sql`SELECT source, ledger_ok FROM restores ORDER BY id DESC LIMIT 1`);
      expect(last).toEqual({ source: file, ledger_ok: true });
    });

    // The server serves the restored database: the users sign in with their passwords.
    server = await startServerProcess({ ...env, DATA_DIR: fresh });
    expect(await signIn(server.url, CLIENTS)).toHaveLength(CLIENTS);
    await server.stop();
    server = null;
    // A restore goes into a fresh DATA_DIR only.
    await expect(ops(fresh, 'restore', file)).rejects.toMatchObject({ stderr: expect.stringMatching(/holds a database already: restore goes into a fresh DATA_DIR only/) });
  }, 180_000);
});
