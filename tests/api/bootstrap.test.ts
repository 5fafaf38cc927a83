/**
 * No published admin on a real database: demo users and the demo operator only on the embedded
 * default or with SEED_DEMO=true; `npm run ops -- bootstrap-admin NAME` makes the first admin
 * (once, also when run twice at once) with an audit row, and its TOTP signs in at /ops/login; the
 * start banner of a fresh PostgreSQL database names that command and no demo credential.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { rowsOf } from '../../server/db/rows';
import { DEMO_ACCOUNTS, seed } from '../../server/db/seed';
import { verifyLedger } from '../../server/ledger/verify';
import { createMailer } from '../../server/modules/mailer/mailer';
import { bootstrapAdmin } from '../../server/modules/ops';
import { createSealer } from '../../server/security/sealed';
import { resolveSecrets } from '../../server/security/secrets';
import { DEMO_OPERATOR } from '../../server/modules/ops/demo';
import { totpCode } from '../../server/security/totp';
import { LogSmsProvider } from '../../server/modules/sms/provider';
import { openTestDatabase, type TestDatabase } from './database';
import { root, startServerProcess } from './server-process';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** The installation's secret the seeded demo payment passwords are keyed with. */
const SECRETS = { codePepper: crypto.randomBytes(32).toString('base64url'), secretsKey: crypto.randomBytes(32) };
const SEALER = createSealer(SECRETS.secretsKey);
const opened: Array<{ close(): Promise<void> }> = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bootstrap-'));
  dirs.push(dir);
  return dir;
}

async function freshDatabase(): Promise<TestDatabase> {
  const database = await openTestDatabase();
  opened.push(database);
  return database;
}

async function counts(db: Database['db']) {
  const [row] = await rowsOf<{ users: number; operators: number; admins: number; coins: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM operators) AS operators,
               (SELECT count(*)::int FROM operators WHERE role = 'admin') AS admins, (SELECT count(*)::int FROM coins) AS coins`,
  );
  return row;
}

/** The database a child process is pointed at: the test's PostgreSQL database, else a PGlite data dir. */
function childEnv(database: TestDatabase | null, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  delete env.DATABASE_URL;
  delete env.SEED_DEMO;
  // The installation's key: the CLI seals the new admin's secret with it, the server opens it.
  if (database?.url) {
    env.DATABASE_URL = database.url;
    env.SECRETS_KEY = SECRETS.secretsKey.toString('base64');
  }
  // An unused port, so the "is the server up" check of the embedded database finds nothing.
  env.PORT ??= '1';
  return env;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runOps(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'ops.ts'), ...args], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const printed = (stdout: string, label: string) => new RegExp(`^\\s*${label}\\s+(\\S+)$`, 'm').exec(stdout)?.[1];

describe('seed', () => {
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env });

  test('with DATABASE_URL and no SEED_DEMO: coins and settings, no user, no operator', async () => {
    const database = await freshDatabase();
    const result = await seed(database.db, config({ DATABASE_URL: 'postgres://db.example/tessera' }), SECRETS);
    expect(result.demo).toBe(false);
    expect(await counts(database.db)).toMatchObject({ users: 0, operators: 0, coins: 4 });
  });

  test('with DATABASE_URL and SEED_DEMO=true: the demo users and the demo operator', async () => {
    const database = await freshDatabase();
    expect((await seed(database.db, config({ DATABASE_URL: 'postgres://db.example/tessera', SEED_DEMO: 'true' }), SECRETS)).demo).toBe(true);
    expect(await counts(database.db)).toMatchObject({ users: DEMO_ACCOUNTS.length, operators: 1, admins: 1 });
    const names = await rowsOf<{ username: string }>(database.db, sql`SELECT username FROM users ORDER BY username`);
    expect(names.map((r) => r.username)).toEqual(DEMO_ACCOUNTS.map((d) => d.username).sort());
  });

  test('on the embedded default (no DATABASE_URL) the demo data is there for a newcomer; SEED_DEMO=false turns it off', async () => {
    const embedded = await freshDatabase();
    expect((await seed(embedded.db, config({}), SECRETS)).demo).toBe(true);
    expect(await counts(embedded.db)).toMatchObject({ users: DEMO_ACCOUNTS.length, operators: 1 });
    // The demo hall: both demo merchants funded once and four offers, also when seeded again.
    await seed(embedded.db, config({}), SECRETS);
    const [hall] = await rowsOf<{ offers: number; funds: number }>(
      embedded.db,
      sql`SELECT (SELECT count(*)::int FROM trade_offers WHERE status = 'open') AS offers,
                 (SELECT count(*)::int FROM ledger_transfers WHERE idempotency_key LIKE 'demo-funds:%') AS funds`,
    );
    expect(hall).toEqual({ offers: 4, funds: 4 });
    expect((await verifyLedger(embedded.db)).ok).toBe(true);
    const off = await freshDatabase();
    expect((await seed(off.db, config({ SEED_DEMO: 'false' }), SECRETS)).demo).toBe(false);
    expect(await counts(off.db)).toMatchObject({ users: 0, operators: 0 });
  });
});

describe('bootstrap-admin', () => {
  test('creates one admin whose password and TOTP sign in at /ops/login, writes the audit row, and refuses a second time', async () => {
    // On PostgreSQL the test's database; on PGlite a data dir the command creates and migrates.
    const database = onPostgres ? await freshDatabase() : null;
    const dataDir = tempDir();
    const env = childEnv(database, dataDir);

    const first = await runOps(['bootstrap-admin', 'root'], env);
    expect(first.stderr).not.toMatch(/error/i);
    expect(first.code).toBe(0);
    const password = printed(first.stdout, 'password');
    const secret = printed(first.stdout, 'secret');
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const second = await runOps(['bootstrap-admin', 'another'], env);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/an admin operator exists already/);
    expect(second.stdout).not.toMatch(/password|secret/);

    const target = database ?? (await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }));
    if (!database) opened.push(target);
    expect(await counts(target.db)).toMatchObject({ users: 0, operators: 1, admins: 1 });
    const [admin] = await rowsOf<{ id: string; username: string }>(target.db, sql`SELECT id, username FROM operators`);
    expect(admin.username).toBe('root');
    const audit = await rowsOf<{ operator_id: string; action: string; subject: string }>(target.db, sql`SELECT operator_id, action, subject FROM audit_log`);
    expect(audit).toEqual([{ operator_id: admin.id, action: 'operator.bootstrap', subject: `operator:${admin.id}` }]);

    // The printed credentials work on the real sign-in route, and open the admin's calls.
    // No load shedding, as in every API test app (harness.ts): a busy test machine lags, and a 503 is not the point here.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_DIR: path.join(dataDir, 'no-pwa'), SHED_EVENT_LOOP_DELAY_MS: '0', SHED_DB_WAITING: '0' });
    const log = { info: () => undefined };
    const mailer = createMailer(null, config.mailFrom, log);
    // The secrets the command used: SECRETS_KEY on PostgreSQL, else the ones it kept in DATA_DIR.
    const secrets = database ? SECRETS : resolveSecrets(config, dataDir);
    const app = await buildApp({ config, db: target.db, clock: () => new Date(), ...secrets, mailer, sms: new LogSmsProvider(log) });
    try {
      const wrong = await app.inject({ method: 'POST', url: '/api/ops/login', payload: { username: 'root', password: `${password}x`, totp: totpCode(secret!, new Date()) } });
      expect(wrong.statusCode).toBe(401);
      const login = await app.inject({ method: 'POST', url: '/api/ops/login', payload: { username: 'root', password, totp: totpCode(secret!, new Date()), client: 'cli' } });
      expect(login.statusCode).toBe(200);
      const token = login.json<{ data: { token: string } }>().data.token;
      const settings = await app.inject({ method: 'GET', url: '/api/ops/settings', headers: { authorization: token } });
      expect(settings.statusCode).toBe(200);
    } finally {
      await app.close();
      mailer.close();
    }
  }, 120_000);

  test('refused while the demo operator (an admin) exists; a name that is not an operator name is refused', async () => {
    const dataDir = tempDir();
    const invalid = await runOps(['bootstrap-admin', '1 bad name'], childEnv(null, dataDir));
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/the name/);

    const database = await freshDatabase();
    await seed(database.db, loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true' }), SECRETS);
    expect(await bootstrapAdmin(database.db, SEALER, 'root')).toEqual({ ok: false, reason: 'adminExists' });
    expect(await counts(database.db)).toMatchObject({ operators: 1 });
  }, 60_000);

  test('runs at the same moment create exactly one admin', async () => {
    const database = await freshDatabase();
    const names = ['anna', 'ben', 'cara', 'dora', 'emil'];
    const results = await heldTogether(database, names.length, () => Promise.all(names.map((name) => bootstrapAdmin(database.db, SEALER, name))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(Array(4).fill('adminExists'));
    expect(await counts(database.db)).toMatchObject({ operators: 1, admins: 1 });
    const audit = await rowsOf<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'operator.bootstrap'`);
    expect(audit[0].n).toBe(1);
  }, 60_000);

  test.skipIf(!onPostgres)('two commands started at once on PostgreSQL create exactly one admin', async () => {
    const database = await freshDatabase();
    const env = childEnv(database, tempDir());
    const runs = await heldTogether(database, 2, () => Promise.all([runOps(['bootstrap-admin', 'first'], env), runOps(['bootstrap-admin', 'second'], env)]));
    expect(runs.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(await counts(database.db)).toMatchObject({ operators: 1, admins: 1 });
  }, 120_000);
});

/**
 * On PostgreSQL, makes the runs truly overlap: an outside connection holds the audit table while
 * they start, so each run stops inside its transaction (at its audit row, or at the operators
 * lock) until all `runs` wait; then it lets go. PGlite runs one transaction at a time anyway.
 */
async function heldTogether<T>(database: TestDatabase, runs: number, work: () => Promise<T>): Promise<T> {
  if (!database.url) return work();
  const outside = new pg.Client({ connectionString: database.url });
  await outside.connect();
  try {
    await outside.query('BEGIN');
    await outside.query('LOCK TABLE audit_log IN ACCESS EXCLUSIVE MODE');
    const running = work();
    const deadline = Date.now() + 60_000;
    for (;;) {
      // Inside a transaction the activity view is a snapshot: take a new one each time.
      await outside.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await outside.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
      );
      if (rows[0].n >= runs) break;
      if (Date.now() > deadline) throw new Error(`only ${rows[0].n} of ${runs} runs reached the database`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await outside.query('COMMIT');
    return await running;
  } finally {
    await outside.end();
  }
}

/** Starts the server as `npm start` does and returns its output once the banner is printed. */
async function startServer(env: NodeJS.ProcessEnv): Promise<string> {
  const server = await startServerProcess(env);
  await server.stop();
  return server.output;
}

describe('the start banner', () => {
  test('on PostgreSQL without SECRETS_KEY the server refuses to start, and says what to set', async () => {
    const dataDir = tempDir();
    const env: NodeJS.ProcessEnv = { ...childEnv(null, dataDir), DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', PORT: '0', HOST: '127.0.0.1' };
    delete env.SECRETS_KEY;
    const run = await new Promise<Run>((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) => {
        resolve({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      });
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('DATABASE_URL needs SECRETS_KEY');
    expect(fs.existsSync(path.join(dataDir, 'secret.json'))).toBe(false);
  }, 60_000);

  test.skipIf(!onPostgres)('on a fresh PostgreSQL database: no demo user or operator, no demo credential, the bootstrap command', async () => {
    const serverUrl = new URL(process.env.TEST_DATABASE_URL!);
    const name = `tessera_start_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const dataDir = tempDir();
      const output = await startServer({ ...childEnv(null, dataDir), DATABASE_URL: url.toString(), SECRETS_KEY: crypto.randomBytes(32).toString('base64'), PORT: '0', HOST: '127.0.0.1', PUBLIC_DIR: path.join(dataDir, 'no-pwa') });
      expect(output).toContain('npm run ops -- bootstrap-admin NAME');
      for (const secret of [DEMO_OPERATOR.password, DEMO_OPERATOR.totpSecret, ...DEMO_ACCOUNTS.flatMap((d) => [d.password, d.payPassword])]) {
        expect(output).not.toContain(secret);
      }
      const database = await openDatabase({ kind: 'postgres', url: url.toString() });
      try {
        await migrate(database.sql);
        expect(await counts(database.db)).toMatchObject({ users: 0, operators: 0, coins: 4 });
      } finally {
        await database.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);

  test('on the embedded default: the demo accounts and the demo operator are printed', async () => {
    const dataDir = tempDir();
    const output = await startServer({ ...childEnv(null, dataDir), PORT: '0', HOST: '127.0.0.1', PUBLIC_DIR: path.join(dataDir, 'no-pwa') });
    expect(output).toContain(DEMO_OPERATOR.totpSecret);
    expect(output).toContain(DEMO_ACCOUNTS[0].password);
    expect(output).not.toContain('bootstrap-admin');
  }, 120_000);
});
