/**
 * `npm run bench`: how fast the ledger posts money compared with PostgreSQL's own pgbench, both
 * measured in one run on the same server, so the ratio says something on any machine
 * (ratios measured in one run, not absolute times: machines differ).
 *
 *  (a) our posting path: a fresh migrated database, 1,000 funded users, then 8 concurrent workers
 *      for 20 s, each posting transfers between random users' available accounts through the
 *      service layer (inTransaction + postTransfer, one real transaction per transfer);
 *  (b) pgbench's TPC-B-like transaction (5 statements) on a fresh scale-10 database,
 *      8 clients, 2 threads, 20 s.
 *
 * Each part gets a throwaway database that is dropped afterwards. BENCH_DATABASE_URL picks the
 * server (default postgres://postgres@127.0.0.1:5432/postgres); BENCH_SECONDS shortens the runs.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { postTransfer } from '../../server/ledger/transfers';
import { verifyLedger } from '../../server/ledger/verify';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WORKERS = 8;
const USERS = 1_000;
/** 1,000 USDT each: random transfers of at most 1 USDT never run a balance dry within a run. */
const FUNDING = 1_000_000_000n;
const PGBENCH = '/usr/bin/pgbench';

const run = promisify(execFile);

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database that exists for the duration of `work` only. */
async function withThrowawayDatabase<T>(label: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `tessera_bench_${label}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function setUpUsers(database: Database): Promise<string[]> {
  // Bulk SQL for the accounts themselves: the bench measures postings, not sign-ups.
  const users = await rowsOf<{ id: string }>(
    database.db,
    sql`INSERT INTO users (username, email, password_hash, invite_code, nickname)
        SELECT 'bench' || g, 'bench' || g || '@example.com', 'not-a-password', 'BENCH' || g, 'bench' || g
        FROM generate_series(1, ${USERS}) AS g
        RETURNING id::text`,
  );
  await database.db.execute(sql`
    INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose)
    SELECT 'user', u.id, a.asset, p.purpose FROM users u
    CROSS JOIN (VALUES ('USDT'), ('EUR')) AS a (asset)
    CROSS JOIN (VALUES ('available'), ('held'), ('interest')) AS p (purpose)
    ON CONFLICT DO NOTHING`);
  // The money itself arrives the only way money moves: postings, 100 users per transaction.
  for (let start = 0; start < users.length; start += 100) {
    await inTransaction(database.db, async (tx) => {
      for (const { id } of users.slice(start, start + 100)) {
        await postTransfer(tx, {
          debit: { platform: 'adjustments' },
          credit: { userId: id, purpose: 'available' },
          asset: 'USDT',
          amount: FUNDING,
          kind: 'adjustment',
          reference: 'bench:funding',
          idempotencyKey: `bench:funding:${id}`,
          at: new Date(),
        });
      }
    });
  }
  await database.db.execute(sql`ANALYZE`);
  return users.map((user) => user.id);
}

interface LedgerResult {
  transfers: number;
  refused: number;
  seconds: number;
  perSecond: number;
}

async function benchLedger(url: string): Promise<LedgerResult> {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await migrate(database.sql);
    const users = await setUpUsers(database);
    const random = (n: number) => crypto.randomInt(n);

    let transfers = 0;
    let refused = 0;
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const worker = async (index: number) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const from = users[random(users.length)];
        let to = users[random(users.length)];
        while (to === from) to = users[random(users.length)];
        try {
          await inTransaction(database.db, (tx) =>
            postTransfer(tx, {
              debit: { userId: from, purpose: 'available' },
              credit: { userId: to, purpose: 'available' },
              asset: 'USDT',
              amount: BigInt(1 + random(1_000_000)),
              kind: 'adjustment',
              reference: 'bench:transfer',
              idempotencyKey: `bench:${index}:${n}`,
              at: new Date(),
            }),
          );
          transfers++;
        } catch {
          // A deadlock that outlived its retries, or a balance run dry: counted, not hidden.
          refused++;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
    const seconds = (performance.now() - started) / 1000;

    const report = await verifyLedger(database.db);
    if (!report.ok) throw new Error(`the ledger is broken after the run:\n${report.problems.map((p) => `${p.check}: ${p.detail}`).join('\n')}`);
    return { transfers, refused, seconds, perSecond: transfers / seconds };
  } finally {
    await database.close();
  }
}

async function benchPgbench(url: string): Promise<number> {
  await run(PGBENCH, ['-i', '-s', '10', '-q', url], { maxBuffer: 16 * 1024 * 1024 });
  const { stdout } = await run(PGBENCH, ['-c', String(WORKERS), '-j', '2', '-T', String(SECONDS), url], { maxBuffer: 16 * 1024 * 1024 });
  // "tps = 1234.567890 (without initial connection time)"
  const match = /tps = ([\d.]+)/.exec(stdout);
  if (!match) throw new Error(`no "tps = " in pgbench's output:\n${stdout}`);
  return Number(match[1]);
}

async function main(): Promise<void> {
  try {
    await adminQuery('SELECT 1');
  } catch (error) {
    console.error(`PostgreSQL is not reachable at ${SERVER_URL} (${(error as Error).message}). Start it or set BENCH_DATABASE_URL.`);
    process.exit(1);
  }

  console.log(`Ledger postings vs pgbench on ${new URL(SERVER_URL).host}, ${WORKERS} concurrent clients, ${SECONDS} s each`);
  const ledger = await withThrowawayDatabase('ledger', benchLedger);
  console.log(
    `ledger: ${ledger.transfers} transfers in ${ledger.seconds.toFixed(1)} s = ${ledger.perSecond.toFixed(1)} transfers/s ` +
      `(${USERS} users, inTransaction + postTransfer; ${ledger.refused} refused); ledger verified clean`,
  );
  const tps = await withThrowawayDatabase('pgbench', benchPgbench);
  console.log(`pgbench: tps = ${tps.toFixed(1)} (scale 10, -c ${WORKERS} -j 2 -T ${SECONDS})`);
  console.log(`ledger/pgbench ratio: ${(ledger.perSecond / tps).toFixed(2)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
