/**
 * Statements sent together: the pool's connections pipeline (server/db/client.ts), so statements
 * started without waiting for each other leave in one write and are answered in the order sent,
 * one round trip for all of them. Inside a transaction, a failed statement makes every later one
 * fail too ("current transaction is aborted"); the first failure is the one that says why.
 */
import type { Tx } from './client';
import { fixedStatement } from './rows';

/**
 * Waits for statements sent together, given in the order they were sent: their results, or the
 * first failure. They must be under way already: a Drizzle query builder is sent only when it is
 * awaited, so it is given as `builder.execute()` (a builder given as it is would be sent after the
 * statements behind it, and a failure behind it would be reported as its own).
 */
export async function allInOrder<T extends readonly Promise<unknown>[] | []>(statements: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  for (const statement of statements) {
    if (!(statement instanceof Promise)) throw new Error('allInOrder takes statements under way: call execute() on a query builder');
  }
  const settled = await Promise.allSettled(statements);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/** Tables whose ids are taken before their row is written, so that the row's postings can go out with it. */
type SerialTable = 'withdrawals' | 'conversions' | 'trade_orders';

/** The next id of `table`'s serial column, taken ahead of its INSERT (a rolled-back transaction leaves a gap, as a failed INSERT does). */
export async function nextIdOf(tx: Tx, table: SerialTable): Promise<number> {
  const [row] = await NEXT_ID(tx, [table]);
  return Number(row.id);
}

const NEXT_ID = fixedStatement<{ id: string }>("SELECT nextval(pg_get_serial_sequence($1, 'id'))::text AS id");
