/**
 * "Five wrong passwords lock it for fifteen minutes" (constants.ts), for login keys and for
 * payment passwords. One try of a key takes the key's lock (a transaction-scoped advisory lock),
 * reads its count, checks the password and writes the outcome in the same transaction, so tries
 * of one key run one after another across every process sharing the database: parallel guesses
 * get no more than five checks, and a right password sent many times at once never looks like a
 * burst of guesses. Tries older than the lock window are forgotten; a right password clears the
 * count. A try writes nothing while there is no count to clear: a right payment password costs
 * no write of its own, and its check can run inside the payment's own transaction (`tryIn`).
 */
import { sql } from 'drizzle-orm';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { fixedStatement } from '../../db/rows';

export interface LockoutTable {
  table: 'login_failures' | 'pay_password_failures' | 'second_factor_failures';
  keyColumn: 'login_key' | 'user_id';
}

export interface LockoutRefusals {
  locked: (until: Date) => Error;
  wrong: () => Error;
}

/**
 * How one try ended. `right` with `cleared`: the password was right after earlier wrong ones,
 * whose count the try deleted — to be committed whatever the caller then does.
 */
export type TryOutcome = { kind: 'right'; cleared: boolean } | { kind: 'wrong' } | { kind: 'locked'; until: Date };

export interface Lockout {
  /**
   * Checks a password under the lockout of `key`, in a transaction of its own. `verify` runs
   * inside it (database work in it goes through `tx`). Resolves when it says yes; otherwise
   * throws `refusals.locked(until)` or `refusals.wrong()`.
   */
  guard(key: string, verify: (tx: Tx) => Promise<boolean>, refusals: LockoutRefusals): Promise<void>;
  /**
   * One try inside the caller's transaction, which must be committed whatever the outcome (a
   * wrong try's count is written in it). The key stays locked until that transaction ends.
   */
  tryIn(tx: Tx, key: string, verify: (tx: Tx) => Promise<boolean>, locking?: Promise<unknown>): Promise<TryOutcome>;
  /**
   * The name of the key's lock, for a statement of the caller's that takes it beside a read of its
   * own (`pg_advisory_xact_lock(hashtextextended(<name>, 0))`); that statement, already sent, is
   * then given to `tryIn` as `locking` (one statement fewer). It must take the lock whenever the
   * try can go on.
   */
  lockNameOf(key: string): string;
  /** Runs `work` after the earlier tries of `key` in this process (see `oneAtATime`). */
  serially<T>(key: string, work: () => Promise<T>): Promise<T>;
  clear(db: Db | Tx, key: string): Promise<void>;
}

/** The refusal a try that was not right ends in. */
export function refusalOf(outcome: Exclude<TryOutcome, { kind: 'right' }>, refusals: LockoutRefusals): Error {
  return outcome.kind === 'locked' ? refusals.locked(outcome.until) : refusals.wrong();
}

type Row = { failures: number; last_failure: string | Date; locked_until: string | Date | null };

export function createLockout(db: Db, clock: Clock, where: LockoutTable, maxFailures: number, lockMinutes: number): Lockout {
  const table = sql.raw(where.table);
  const keyColumn = sql.raw(where.keyColumn);
  const keyValue = (key: string) => (where.keyColumn === 'user_id' ? sql`${key}::uuid` : sql`${key}`);
  /**
   * The key's lock: one 64-bit advisory lock per table and key (two keys sharing a hash only wait
   * for each other). Sent when called (execute(): a Drizzle query is otherwise sent only once
   * awaited), so that a statement called after it goes out after it (server/db/pipeline.ts).
   */
  const lockNameOf = (key: string) => `${where.table}:${key}`;
  const lockOf = (key: string) => sql`pg_advisory_xact_lock(hashtextextended(${lockNameOf(key)}, 0))`;

  /** The key's count, read at every try (of every money call, for the payment password): its text written once (db/rows.ts). */
  const countOf = fixedStatement<Row>(
    `SELECT failures, last_failure, locked_until FROM ${where.table} WHERE ${where.keyColumn} = $1${where.keyColumn === 'user_id' ? '::uuid' : ''}`,
  );

  async function takeLock(tx: Db | Tx, key: string): Promise<void> {
    await tx.execute(sql`SELECT ${lockOf(key)}`).execute();
  }

  async function clear(tx: Db | Tx, key: string): Promise<void> {
    await tx.execute(sql`DELETE FROM ${table} WHERE ${keyColumn} = ${keyValue(key)}`);
  }

  async function tryIn(tx: Tx, key: string, verify: (tx: Tx) => Promise<boolean>, locking?: Promise<unknown>): Promise<TryOutcome> {
    const now = clock();
    // Sent together (the connection pipelines); PostgreSQL reads the count only once the lock is
    // held, so the read sees every try committed before. A statement of its own: one that took
    // the lock itself would read with a snapshot from before it.
    const [, rows] = await Promise.all([locking ?? takeLock(tx, key), countOf(tx, [key])]);
    const row = rows[0] as Row | undefined;
    const lockedUntil = row?.locked_until ? new Date(row.locked_until) : null;
    if (lockedUntil && lockedUntil > now) return { kind: 'locked', until: lockedUntil };
    // An old count, or a lock that has run out, starts again from zero.
    const windowStart = addSeconds(now, -lockMinutes * 60);
    const counted = row && new Date(row.last_failure) >= windowStart && !lockedUntil ? row.failures : 0;
    if (await verify(tx)) {
      if (row) await clear(tx, key);
      // A spent count (an old window, a lock run out) needs no commit of its own to be gone.
      return { kind: 'right', cleared: counted > 0 };
    }
    const failures = counted + 1;
    const until = failures >= maxFailures ? addSeconds(now, lockMinutes * 60) : null;
    const untilSql = until ? sql`${until.toISOString()}::timestamptz` : sql`NULL`;
    await tx.execute(
      sql`INSERT INTO ${table} AS t (${keyColumn}, failures, last_failure, locked_until)
          VALUES (${keyValue(key)}, ${failures}, ${now.toISOString()}::timestamptz, ${untilSql})
          ON CONFLICT (${keyColumn}) DO UPDATE SET failures = EXCLUDED.failures, last_failure = EXCLUDED.last_failure, locked_until = EXCLUDED.locked_until`,
    );
    return until ? { kind: 'locked', until } : { kind: 'wrong' };
  }

  // Tries of one key also queue in this process, so that a burst of them waits here rather
  // than each holding a database connection while it waits for the key's lock.
  const queues = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const current = (queues.get(key) ?? Promise.resolve()).then(work);
    const tail = current.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return current;
  }

  return {
    async guard(key, verify, refusals) {
      const outcome = await oneAtATime(key, () => db.transaction((tx) => tryIn(tx, key, verify)));
      // Refused after the transaction: its count must be committed, not rolled back.
      if (outcome.kind !== 'right') throw refusalOf(outcome, refusals);
    },
    tryIn,
    lockNameOf,
    serially: oneAtATime,
    async clear(tx, key) {
      await takeLock(tx, key);
      await clear(tx, key);
    },
  };
}
