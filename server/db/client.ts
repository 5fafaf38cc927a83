/**
 * One database type for the whole server: Drizzle over PGlite (embedded, files under DATA_DIR,
 * or in memory for tests) or over a node-postgres Pool (DATABASE_URL). Same SQL dialect for both.
 */
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { NamingClient } from './named-statements';

/**
 * Drizzle without its relational queries (`db.query.…`): the server writes its reads with the
 * query builder and SQL. Given the schema, Drizzle would build a query builder for each of the
 * tables in every transaction before its first statement (a trade runs three transactions).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** What a `db.transaction` callback receives; services take `Db | Tx` where either works. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw SQL access for the migrator: whole scripts, and one exclusive connection at a time. */
export interface SqlRunner {
  kind: 'pglite' | 'postgres';
  /** Runs `work` on one connection; on PostgreSQL it holds the advisory lock `lockKey` meanwhile. */
  exclusive<T>(lockKey: number, work: (conn: SqlConnection) => Promise<T>): Promise<T>;
}

export interface SqlConnection {
  /** A script of several statements, no parameters. */
  exec(script: string): Promise<void>;
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
}

export interface Database {
  db: Db;
  sql: SqlRunner;
  /** Queries waiting for a free pool connection now (load shedding); PostgreSQL only. */
  waiting?: () => number;
  /** The pool's connections now: open, idle, and queries waiting for one (metrics); PostgreSQL only. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** LISTEN on a channel of its own connection (PostgreSQL only); see Listen. */
  listen?: Listen;
  /**
   * A consistent copy of the embedded database while it serves (PGlite only): its data folder as a
   * gzip tar, taken between two transactions (docs/operations.md, "The embedded database").
   */
  copy?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Receives the NOTIFY payloads of `channel` (sent by any process, delivered after their commit)
 * on a connection of its own, reconnecting after a failure. `onState(true)` once listening,
 * `onState(false)` when the connection is lost: notifications may have been missed meanwhile.
 * Resolves to a function that stops listening.
 */
export type Listen = (channel: string, onNotify: (payload: string) => void, onState: (listening: boolean) => void) => Promise<() => Promise<void>>;

export type DatabaseTarget = { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir);
}

async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // Not awaited: opening takes about a second from an existing folder (longer when it is new), and
  // every query waits for it itself, so the server can listen meanwhile (main.ts). A folder that
  // cannot be opened fails the first query: the migration at startup.
  return pgliteDatabase(dataDir ? new PGlite(dataDir) : new PGlite());
}

/**
 * The Database over a PGlite opened by the caller (the tests open one from a saved data folder,
 * tests/api/global-setup.ts); it may still be opening.
 */
export function pgliteDatabase(client: PGlite): Database {
  client.waitReady.catch(() => undefined);
  const queue = new SerialQueue();
  const connection: SqlConnection = {
    exec: async (script) => {
      await client.exec(script);
    },
    query: async <R>(text: string, params?: unknown[]) => (await client.query<R>(text, params)).rows,
  };
  return {
    db: drizzlePglite({ client }) as unknown as Db,
    // PGlite is one connection in one process: a queue in this process is the whole lock.
    sql: { kind: 'pglite', exclusive: (_lockKey, work) => queue.run(() => work(connection)) },
    copy: () => copyOfPglite(client),
    close: () => client.close(),
  };
}

/**
 * The data folder of a running PGlite as a gzip tar. A CHECKPOINT first writes every changed page,
 * so the copy needs little of the write-ahead log; the copy itself is made holding PGlite's
 * transaction lock (every query and transaction of this process takes it), so no transaction is
 * half-way through it and nothing is written while the files are read. Opening the copy
 * (PGlite's `loadDataDir`) replays the log from the checkpoint like any restart.
 */
async function copyOfPglite(client: PGlite): Promise<Uint8Array> {
  await client.exec('CHECKPOINT');
  const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return new Uint8Array(await tar.arrayBuffer());
}

/** Runs one task at a time, in order. */
class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** A LISTEN connection: reconnects after a second when it fails, until stopped. */
function listenerOf(url: string, stopAll: Set<() => Promise<void>>): Listen {
  return async (channel, onNotify, onState) => {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | null = null;
    const connect = async () => {
      const next = new pg.Client({ connectionString: url });
      client = next;
      const lost = () => {
        if (client !== next) return;
        client = null;
        onState(false);
        next.end().catch(() => undefined);
        if (!stopped) retry = setTimeout(() => void connect(), 1000);
      };
      next.on('error', lost);
      next.on('end', lost);
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
        if (client === next && !stopped) onState(true);
      } catch {
        lost();
      }
    };
    await connect();
    const stop = async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      stopAll.delete(stop);
      if (last) {
        onState(false);
        await last.end().catch(() => undefined);
      }
    };
    stopAll.add(stop);
    return stop;
  };
}

async function openPostgres(url: string): Promise<Database> {
  // pipeline: a query is sent without waiting for the answer to the one before on the same connection
  // (server/db/transaction.ts sends BEGIN with a transaction's first statement). NamingClient: every
  // parameterised statement is prepared once per connection (server/db/named-statements.ts).
  const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true, Client: NamingClient });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const listeners = new Set<() => Promise<void>>();
  return {
    db: drizzlePg({ client: pool }) as unknown as Db,
    waiting: () => pool.waitingCount,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: listenerOf(url, listeners),
    sql: {
      kind: 'postgres',
      async exclusive(lockKey, work) {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [lockKey]);
          try {
            return await work({
              exec: async (script) => {
                await client.query(script);
              },
              query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
            });
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [lockKey]);
          }
        } finally {
          client.release();
        }
      },
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
