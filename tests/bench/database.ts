/**
 * The benches' database helpers: statements on the server itself, throwaway databases, users
 * written with bulk SQL and funded by postings (the benches measure postings and reads, not
 * sign-ups), the ledger's verification after a run, and pgbench's own transaction as the yardstick.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { USER_PURPOSES } from '../../src/domain/ledger';
import { postTransfer } from '../../server/ledger/transfers';
import { verifyLedger } from '../../server/ledger/verify';
import { adminQuery } from '../api/database';

export { adminQuery };

/** The PostgreSQL server the benches run on. */
export const BENCH_SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const PGBENCH = '/usr/bin/pgbench';
/** At least one branch row per client: at a smaller scale pgbench's clients queue on branch rows. */
export const PGBENCH_SCALE = 16;

export const run = promisify(execFile);

/** What was done in a timed run: transfers, conversions, matches… */
export interface Rate {
  count: number;
  refused: number;
  seconds: number;
  perSecond: number;
}

/** A database on BENCH_SERVER_URL's server that exists for the duration of `work` only (BENCH_KEEP_DATABASE=1 keeps it, for EXPLAIN, and prints its name). */
export async function withThrowawayDatabase<T>(label: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `tessera_bench_${label}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(BENCH_SERVER_URL, `CREATE DATABASE ${name}`);
  const url = new URL(BENCH_SERVER_URL);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${name}`);
    else await adminQuery(BENCH_SERVER_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/** Exits with a message when BENCH_SERVER_URL's server does not answer. */
export async function requireBenchServer(): Promise<void> {
  try {
    await adminQuery(BENCH_SERVER_URL, 'SELECT 1');
  } catch (error) {
    console.error(`PostgreSQL is not reachable at ${BENCH_SERVER_URL} (${(error as Error).message}). Start it or set BENCH_DATABASE_URL.`);
    process.exit(1);
  }
}

/**
 * VACUUM ANALYZE before a line: it starts from a database that its setup (thousands of rows written
 * a moment before) or the line before it left no work for autovacuum — hint bits, the visibility
 * map, statistics —, so that work is not charged to whichever line runs first.
 */
export async function settle(database: Database): Promise<void> {
  await database.db.execute(sql`VACUUM ANALYZE`);
}

/** Fails the bench when the run broke an invariant of the ledger. */
export async function verifyClean(database: Database): Promise<void> {
  const report = await verifyLedger(database.db);
  if (!report.ok) throw new Error(`the ledger is broken after the run:\n${report.problems.map((p) => `${p.check}: ${p.detail}`).join('\n')}`);
}

/**
 * pgbench's TPC-B-like transaction with prepared statements on a fresh database at `url`
 * (scale PGBENCH_SCALE), `clients` clients on 2 threads for `seconds`: its transactions per second.
 */
/** Fills `url`'s database with pgbench's TPC-B tables (scale PGBENCH_SCALE). */
export async function initPgbench(url: string): Promise<void> {
  await run(PGBENCH, ['-i', '-s', String(PGBENCH_SCALE), '-q', url], { maxBuffer: 16 * 1024 * 1024 });
}

async function pgbenchTps(url: string, clients: number, seconds: number): Promise<number> {
  await initPgbench(url);
  return tpcbTps(url, clients, seconds);
}

/** pgbench's TPC-B on a database initPgbench filled: its transactions per second. */
export async function tpcbTps(url: string, clients: number, seconds: number): Promise<number> {
  const { stdout } = await run(PGBENCH, ['-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  // "tps = 1234.567890 (without initial connection time)"
  const match = /tps = ([\d.]+)/.exec(stdout);
  if (!match) throw new Error(`no "tps = " in pgbench's output:\n${stdout}`);
  return Number(match[1]);
}

/** pgbenchTps on a throwaway database, printed as the run's first line: the yardstick of its ratios. */
export async function measurePgbench(clients: number, seconds: number): Promise<number> {
  const tps = await withThrowawayDatabase('pgbench', (url) => pgbenchTps(url, clients, seconds));
  console.log(`pgbench (TPC-B-like, -M prepared, scale ${PGBENCH_SCALE}, -c ${clients} -j 2): ${tps.toFixed(1)} tps`);
  return tps;
}

/**
 * The id of bench user number `n` (SQL text: a number 1…count): derived from the number, so that
 * a pgbench script names a user's id the way the server has it, as a value, without reading it
 * from a table inside the statement it measures.
 */
export function benchUserId(n: string): string {
  // A version-4 UUID's version and variant digits over the hash's: the API takes RFC 9562 UUIDs only (z.uuid).
  return `overlay(overlay(md5('bench' || ${n}) placing '4' from 13) placing '8' from 17)::uuid`;
}

/** `count` users named bench1…benchN (ids: benchUserId), each with its ledger accounts; their ids. */
export async function createBenchUsers(database: Database, count: number, hashes: { password: string; payPassword: string | null }): Promise<string[]> {
  const users = await rowsOf<{ id: string }>(
    database.db,
    sql`INSERT INTO users (id, username, email, password_hash, pay_password_hash, invite_code, nickname)
        SELECT ${sql.raw(benchUserId('g'))}, 'bench' || g, 'bench' || g || '@example.com', ${hashes.password}, ${hashes.payPassword}, 'BENCH' || g, 'bench' || g
        FROM generate_series(1, ${count}) AS g
        RETURNING id::text`,
  );
  await database.db.execute(sql`
    INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose)
    SELECT 'user', u.id, a.asset, p.purpose FROM users u
    CROSS JOIN (VALUES ('USDT'), ('EUR')) AS a (asset)
    CROSS JOIN (VALUES ${sql.join(USER_PURPOSES.map((purpose) => sql`(${purpose})`), sql`, `)}) AS p (purpose)
    ON CONFLICT DO NOTHING`);
  return users.map((user) => user.id);
}

/** Puts money on users' available accounts the only way money moves: postings, 100 users per transaction. */
export async function fund(database: Database, userIds: string[], asset: 'USDT' | 'EUR', amount: bigint): Promise<void> {
  for (let start = 0; start < userIds.length; start += 100) {
    await inTransaction(database.db, async (tx) => {
      for (const id of userIds.slice(start, start + 100)) {
        await postTransfer(tx, {
          debit: { platform: 'adjustments' },
          credit: { userId: id, purpose: 'available' },
          asset,
          amount,
          kind: 'adjustment',
          reference: 'bench:funding',
          idempotencyKey: `bench:funding:${asset}:${id}`,
          at: new Date(),
        });
      }
    });
  }
}
