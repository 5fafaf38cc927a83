/**
 * `npm run bench -- api`: how fast the API answers signed-in reads that touch the database,
 * compared with a route that touches none, all measured in one run against one server process
 * (ratios, not absolute numbers: machines differ).
 *
 * A throwaway PostgreSQL database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) gets the demo accounts (SEED_DEMO=true), a demo
 * user with a history (deposits, VIP gifts, conversions) and 1,000 other users with theirs and
 * their sessions. The compiled server (dist-server/main.mjs, built first when stale) runs as its
 * own process on it, exactly as `npm start` runs it, except for load shedding, which is switched
 * off for this process only (SHED_EVENT_LOOP_DELAY_MS=0, SHED_HEAP_MB=0, SHED_DB_WAITING=0): the
 * bench measures how fast requests are answered, and a shed request is answered fast by design.
 * The rate limits stay at their defaults: they count code and password calls, which the bench
 * makes once (the login). Any refusal, error or timeout during a run fails the bench.
 *
 * First, how long `npm start` (its script, node scripts/start.mjs, on an installed and built
 * checkout, embedded database) takes until GET /h5/ answers 200: once on an empty data folder
 * (the embedded database is created, migrated and seeded with the demo accounts) and once more on
 * the same folder (a restart). BENCH_START=0 skips it.
 *
 * Then autocannon, 32 connections for BENCH_SECONDS (default 15) per route, one route after
 * another: GET /api/health/live (no database), then POST /api/wallet/list, GET /api/wallet/legal_log
 * and GET /api/wallet/movements (first pages), each request signed in as the next of 256 of those
 * users in turn (the demo user first), as many people's phones ask. Nothing is posted meanwhile, so
 * after each user's first ask the records' pages come from the server's kept pages (the revision
 * read, then the kept bytes: modules/records/kept-pages.ts), as when a person opens their record
 * again. One line per route: requests/s, p50, p99 and `ratio: X`, its requests/s over the
 * no-database route's, and the kernel's count of the server's and PostgreSQL's CPU per request.
 * Targets: ratio ≥ 0.35, p99 < 20 ms, and `npm start` serving /h5/ in under 3 s; a missed one fails
 * the bench (non-zero exit).
 * BENCH_ROUTES=list,legal_log runs only the routes whose path ends so (for profiling: the ratios
 * need the no-database route, /live);
 * BENCH_PROFILE=<dir> has the server write a CPU profile (node --cpu-prof) into <dir>;
 * BENCH_KEEP_DATABASE=1 keeps the database afterwards (for EXPLAIN) and prints its name.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { SERVER_ENTRY, buildServerIfStale } from '../../scripts/build-server.mjs';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { openDatabase } from '../../server/db/client';
import { inTransaction } from '../../server/db/transaction';
import { postTransfer } from '../../server/ledger/transfers';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/rows';
import { adminQuery as adminQueryOn, createBenchUsers } from './database';
import { cpuMeter, describeCpu } from './profile';
import { benchTargets } from './targets';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 32;
const WARM_UP_SECONDS = Math.min(3, SECONDS);
const OTHER_USERS = 1_000;
/** How many of them the measured requests are signed in as, in turn. */
const SIGNED_IN_USERS = 256;
const TARGET = { ratio: 0.35, p99Ms: 20 };
/** What the bench process changes of the defaults: load shedding off, nothing else. */
const BENCH_SETTINGS = { SHED_EVENT_LOOP_DELAY_MS: '0', SHED_HEAP_MB: '0', SHED_DB_WAITING: '0' };

const adminQuery = (text: string) => adminQueryOn(SERVER_URL, text);

interface Server {
  url: string;
  process: ChildProcess;
  output: () => string;
}

function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  const child = spawn(process.execPath, [...profile, SERVER_ENTRY], {
    env: {
      ...process.env,
      ...BENCH_SETTINGS,
      NODE_OPTIONS: '',
      DATABASE_URL: databaseUrl,
      SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
      SEED_DEMO: 'true',
      DATA_DIR: dataDir,
      PUBLIC_DIR: path.join(dataDir, 'no-pwa'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const banner = /Tessera is running at (http:\/\/\S+?)\/h5\//.exec(output);
      if (banner) resolve({ url: banner[1], process: child, output: () => output });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}

async function stopServer(server: Server): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

/** The demo user's history, and other users with theirs, so that every table has rows to skip. */
async function seedHistory(databaseUrl: string): Promise<string[]> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const others = await createBenchUsers(database, OTHER_USERS, { password: 'not-a-password', payPassword: null });
    // Two sessions each (one ended), as a day of logins leaves them.
    await database.db.execute(sql`
      INSERT INTO sessions (token_hash, user_id, expires_at, created_at, revoked_at)
      SELECT sha256(convert_to(u.id::text || s, 'UTF8')), u.id, now() + interval '30 days', now(),
             CASE WHEN s = 1 THEN now() END
      FROM users u CROSS JOIN generate_series(1, 2) AS s`);
    const [demo] = await rowsOf<{ id: string }>(database.db, sql`SELECT id::text FROM users WHERE username = ${DEMO_ACCOUNTS[0].username}`);
    const users = [demo.id, ...others];
    // The money arrives and moves the only way it does: postings (deposit, VIP gift, conversions).
    for (let start = 0; start < users.length; start += 50) {
      await inTransaction(database.db, async (tx) => {
        for (const userId of users.slice(start, start + 50)) {
          const rounds = userId === demo.id ? 12 : 3;
          for (let round = 0; round < rounds; round++) {
            const key = `bench:${userId}:${round}`;
            const at = new Date();
            await postTransfer(tx, { debit: { platform: 'deposits' }, credit: { userId, purpose: 'available' }, asset: 'USDT', amount: 100_000_000n, kind: 'deposit', reference: `${key}:deposit`, idempotencyKey: `${key}:deposit`, at });
            await postTransfer(tx, { debit: { platform: 'bonus' }, credit: { userId, purpose: 'available' }, asset: 'USDT', amount: 1_000_000n, kind: 'deposit_bonus', reference: `${key}:deposit`, idempotencyKey: `${key}:bonus`, at });
            await postTransfer(tx, { debit: { userId, purpose: 'available' }, credit: { platform: 'exchange' }, asset: 'USDT', amount: 10_000_000n, kind: 'conversion_out', reference: `${key}:conversion`, idempotencyKey: `${key}:out`, at });
            await postTransfer(tx, { debit: { platform: 'exchange' }, credit: { userId, purpose: 'available' }, asset: 'EUR', amount: 920n, kind: 'conversion_in', reference: `${key}:conversion`, idempotencyKey: `${key}:in`, at });
          }
        }
      });
    }
    // What autovacuum does to a table that has settled: statistics, and the visibility map that
    // lets index-only scans (the log's counts) skip the table's pages.
    await database.db.execute(sql`VACUUM ANALYZE`);
    return others;
  } finally {
    await database.close();
  }
}

/** The live session token seedHistory gave a user (the second of its two sessions). */
const seededToken = (userId: string) => `${userId}2`;

interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  signedIn: boolean;
}

const ROUTES: Route[] = [
  { name: 'GET /api/health/live (no database)', method: 'GET', path: '/api/health/live', signedIn: false },
  { name: 'POST /api/wallet/list', method: 'POST', path: '/api/wallet/list', body: '{}', signedIn: true },
  { name: 'GET /api/wallet/legal_log', method: 'GET', path: '/api/wallet/legal_log', signedIn: true },
  { name: 'GET /api/wallet/movements', method: 'GET', path: '/api/wallet/movements', signedIn: true },
];

/** Each request signed in as the next of `tokens` in turn: many users asking at once, as a day's traffic does. */
function load(server: Server, route: Route, tokens: string[], seconds: number): Promise<Result> {
  let next = 0;
  const headers = {
    'accept-encoding': 'br, gzip',
    ...(route.body ? { 'content-type': 'application/json' } : {}),
  };
  return autocannon({
    url: `${server.url}${route.path}`,
    method: route.method,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    body: route.body,
    ...(route.signedIn
      ? {
          requests: [
            {
              setupRequest: (request) => {
                request.headers = { ...headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` };
                return request;
              },
            },
          ],
        }
      : {}),
  });
}

/**
 * Seconds from spawning `npm start`'s script until GET /h5/ answers 200, and until GET /api/health
 * does (the database open, migrated and seeded: the server listens before that).
 */
async function timeStart(dataDir: string): Promise<{ page: number; api: number }> {
  const root = path.resolve(import.meta.dirname, '../..');
  const port = 20_000 + crypto.randomInt(20_000);
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      const status = await fetch(`http://127.0.0.1:${port}/h5/`).then(
        (reply) => reply.status,
        () => 0,
      );
      if (status === 200) {
        const page = (performance.now() - started) / 1000;
        const health = await fetch(`http://127.0.0.1:${port}/api/health`).then((reply) => reply.status);
        if (health !== 200) throw new Error(`/api/health answered ${health}:\n${output}`);
        return { page, api: (performance.now() - started) / 1000 };
      }
      if (status !== 0) throw new Error(`/h5/ answered ${status}: is the app built (npm run build)?`);
      if (performance.now() - started > 120_000) throw new Error('npm start did not serve /h5/ within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const { verdict, finish } = benchTargets('api');

async function measureStart(): Promise<void> {
  // The builds first: the measurement is of a built checkout (start.mjs still checks both).
  const { buildIfStale } = await import('../../scripts/build-if-stale.mjs');
  buildIfStale();
  await buildServerIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-start-'));
  try {
    const first = await timeStart(dataDir);
    const again = await timeStart(dataDir);
    console.log(
      `npm start until /h5/ answers ${verdict(again.page < 3, 'npm start < 3 s', `${again.page.toFixed(2)} s`)}: ${again.page.toFixed(2)} s, the API ${again.api.toFixed(2)} s; ` +
        `the very first start, which creates the embedded database: ${first.page.toFixed(2)} s, the API ${first.api.toFixed(2)} s`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_START !== '0') await measureStart();
  try {
    await adminQuery('SELECT 1');
  } catch (error) {
    console.error(`PostgreSQL is not reachable at ${SERVER_URL} (${(error as Error).message}). Start it or set BENCH_DATABASE_URL.`);
    process.exit(1);
  }
  await buildServerIfStale();
  const name = `tessera_bench_api_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-api-'));
  let server: Server | null = null;
  try {
    server = await startServer(url.toString(), dataDir);
    const others = await seedHistory(url.toString());
    const demo = DEMO_ACCOUNTS[0];
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: demo.username, password: demo.password }),
    });
    const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`the demo user could not sign in (HTTP ${login.status})`);
    const tokens = [token, ...others.slice(0, SIGNED_IN_USERS - 1).map(seededToken)];
    for (const route of ROUTES) {
      for (const asker of [tokens[0], tokens[tokens.length - 1]]) {
        const check = await fetch(`${server.url}${route.path}`, { method: route.method, body: route.body, headers: { 'content-type': 'application/json', authorization: `Bearer ${asker}` } });
        if (check.status !== 200) throw new Error(`${route.name} answered ${check.status}: ${await check.text()}`);
      }
    }

    console.log(
      `API on ${url.host}, compiled server (dist-server/main.mjs) in its own process, ${CONNECTIONS} connections, ${SECONDS} s per route after ${WARM_UP_SECONDS} s of warm-up; ` +
        `each request signed in as the next of ${SIGNED_IN_USERS} users in turn (the demo user, ${12 * 4} postings, and others with ${3 * 4} each; ${OTHER_USERS + 1} users in all); bench settings: ${Object.entries(BENCH_SETTINGS)
          .map(([key, value]) => `${key}=${value}`)
          .join(' ')} (load shedding off for this process only; rate limits at their defaults, they count no measured route)`,
    );
    const results: Array<{ route: Route; result: Result; cpu: ReturnType<ReturnType<typeof cpuMeter>['perCall']> }> = [];
    const only = process.env.BENCH_ROUTES?.split(',');
    for (const route of ROUTES.filter((r) => !only || only.some((end) => r.path.endsWith(end)))) {
      await load(server, route, tokens, WARM_UP_SECONDS);
      const cpu = cpuMeter(server.process.pid ?? null);
      const result = await load(server, route, tokens, SECONDS);
      results.push({ route, result, cpu: cpu.perCall(result['2xx']) });
    }
    const perSecond = (result: Result) => result['2xx'] / result.duration;
    const base = results[0]?.route === ROUTES[0] ? perSecond(results[0].result) : Number.NaN;
    let failed = false;
    for (const { route, result, cpu } of results) {
      const ratio = perSecond(result) / base;
      const problems = result.non2xx + result.errors + result.timeouts;
      const onTarget =
        route === ROUTES[0]
          ? ''
          : `${verdict(ratio >= TARGET.ratio, `${route.name} ratio ≥ ${TARGET.ratio}`, ratio.toFixed(2))} ${verdict(result.latency.p99 < TARGET.p99Ms, `${route.name} p99 < ${TARGET.p99Ms} ms`, `${result.latency.p99} ms`)} `;
      if (problems > 0) failed = true;
      console.log(
        `${route.name.padEnd(38)} ${Math.round(perSecond(result)).toLocaleString('en').padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(3)} ms  ` +
          `p99 ${String(result.latency.p99).padStart(3)} ms  ${problems > 0 ? `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts  ` : ''}` +
          `${onTarget}ratio: ${ratio.toFixed(2)}`,
      );
      console.log(`  ${describeCpu('request', cpu, true)}`);
    }
    if (failed) throw new Error('some requests were refused or failed: the numbers above do not measure answers');
  } finally {
    if (server) await stopServer(server);
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept the database ${name}`);
    else await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  finish();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
