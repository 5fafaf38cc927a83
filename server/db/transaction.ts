/**
 * Money transactions run under READ COMMITTED with row locks taken by the postings themselves.
 * Two transactions that lock the same two accounts in opposite order can deadlock; PostgreSQL
 * then aborts one of them, and running it again from the start is safe because nothing of it
 * was committed. The retry waits a short random while first: transactions that collided and
 * retried in lockstep would collide again.
 *
 * On PostgreSQL a transaction costs two round trips fewer than Drizzle's own: BEGIN is not waited
 * for but goes out on the wire together with the transaction's first statement (the pool's
 * connections pipeline, server/db/client.ts), and a last statement handed to `withCommit` goes out
 * together with COMMIT. Should that statement fail, PostgreSQL answers the COMMIT behind it with
 * ROLLBACK (a transaction in error cannot commit), so nothing of the transaction stays.
 */
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Tx } from './client';
import { allInOrder } from './pipeline';

const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 6;
/** The longest wait before a retry grows with each attempt: up to 10 ms, 20 ms, … */
const BACKOFF_MS = 10;

export function isRetryable(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code && RETRYABLE.has(e.code)) return true;
  }
  return false;
}

/** What Drizzle's node-postgres session keeps and a transaction on one of the pool's connections needs. */
interface SessionParts {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** The statements each transaction's COMMIT goes out behind without waiting for them. */
const lastStatements = new WeakMap<Tx, Array<Promise<unknown>>>();

/**
 * Sends the transaction's last statement (the caller sends nothing after it) without waiting for
 * its answer before COMMIT: the transaction commits only if it succeeds, and fails with its error
 * otherwise. One round trip fewer for every money call (the Idempotency-Key's reply is its last
 * statement). On PGlite it is simply awaited before the commit.
 *
 * It takes the statement's SQL and sends it itself, and nothing reads its answer: COMMIT answers
 * ROLLBACK only when PostgreSQL refused something, so a statement whose failure were decided in
 * JavaScript (a posting refused for lack of funds answers no rows, not an error) or that failed
 * before it was sent would let the rest commit without it — unless a statement behind it fails in
 * PostgreSQL in that case (ledger/transfers.ts, postTransfersWithCommit). The SQL is built here, synchronously:
 * a value that cannot be written (JSON.stringify of a BigInt, say) throws in the caller, before
 * COMMIT, and the transaction rolls back. Values are given as text, numbers or JSON text.
 * `query` may also be a function that sends the statement itself (a fixed text, db/rows.ts) when
 * called, here, synchronously.
 */
export function withCommit(tx: Tx, query: SQL | ((tx: Tx) => Promise<unknown>)): void {
  const list = lastStatements.get(tx);
  // Only inTransaction waits for these: under another transaction a failed one would go unnoticed
  // (its COMMIT answering ROLLBACK).
  if (!list) throw new Error('withCommit needs a transaction of inTransaction');
  // Built now (a failure throws here), sent now (execute(): not when awaited). A function sends a
  // statement of its own (a fixedStatement of db/rows.ts, its values already written as text).
  const statement = typeof query === 'function' ? query(tx) : tx.execute(query).execute();
  // Awaited at the commit; a failure meanwhile must not go unhandled.
  statement.catch(() => undefined);
  list.push(statement);
}

/** Waits for the statements handed to withCommit; the first failure in the order they were sent is thrown. */
async function lastOf(tx: Tx): Promise<void> {
  await allInOrder(lastStatements.get(tx) ?? []);
}

/** One attempt: BEGIN, `work`, COMMIT on one connection of the pool; ROLLBACK when anything fails. */
async function pipelinedTransaction<T>(db: Db, pool: pg.Pool, work: (tx: Tx) => Promise<T>): Promise<T> {
  const parts = db._.session as unknown as SessionParts;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Queued until this turn of the event loop is over (db/statement-batch.ts), so that BEGIN and
    // the first statements, when `work` sends them at once, leave as one batch.
    const begun = client.query('BEGIN');
    // Awaited below, before COMMIT or ROLLBACK; a failure must not go unhandled meanwhile.
    begun.catch(() => undefined);
    const session = new NodePgSession(client, parts.dialect, parts.schema, parts.options);
    const tx = new NodePgTransaction(parts.dialect, session, parts.schema) as unknown as Tx;
    lastStatements.set(tx, []);
    try {
      const result = await work(tx);
      await begun;
      const committed = client.query('COMMIT');
      committed.catch(() => undefined);
      try {
        await lastOf(tx);
      } catch (error) {
        // COMMIT behind a statement PostgreSQL refused answers ROLLBACK: nothing is kept.
        const ended = await committed.catch(() => undefined);
        if (ended?.command === 'COMMIT') {
          // Only a failure outside PostgreSQL can get here (withCommit leaves none that it knows of):
          // the rest of the transaction is committed without that statement, which must be said.
          throw new Error(`committed without its last statement, which failed outside the database: ${(error as Error).message}`, { cause: error });
        }
        throw error;
      }
      const { command } = await committed;
      if (command !== 'COMMIT') throw new Error(`the transaction ended with ${command}, not COMMIT`);
      return result;
    } catch (error) {
      try {
        await begun.catch(() => undefined);
        await client.query('ROLLBACK');
      } catch (rollbackFailed) {
        // The connection is gone or unusable: the pool must not hand it out again.
        broken = rollbackFailed as Error;
      }
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/** Runs `attempt` again, after a short random wait, while it fails as a deadlock or serialization failure. */
export async function retrying<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * BACKOFF_MS * n));
    }
  }
}

export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  return retrying(() =>
    pool instanceof pg.Pool
      ? pipelinedTransaction(db, pool, work)
      : db.transaction(async (tx) => {
          lastStatements.set(tx, []);
          const result = await work(tx);
          await lastOf(tx);
          return result;
        }),
  );
}
