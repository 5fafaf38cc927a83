/**
 * "Five wrong passwords lock it for fifteen minutes" (constants.ts), for login keys and for
 * payment passwords. One try of a key reads its count, checks the password and writes the
 * outcome in one transaction that holds the key's row lock, so tries of one key run one after
 * another across every process sharing the database: parallel guesses get no more than five
 * checks, and a right password sent many times at once never looks like a burst of guesses.
 * Tries older than the lock window are forgotten; a right password clears the count.
 */
import { sql } from 'drizzle-orm';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export interface LockoutTable {
  table: 'login_failures' | 'pay_password_failures';
  keyColumn: 'login_key' | 'user_id';
}

export interface Lockout {
  /**
   * Checks a password under the lockout of `key`. `verify` runs inside the key's transaction
   * (database work in it goes through `tx`). Resolves when it says yes; otherwise throws
   * `refusals.locked(until)` or `refusals.wrong()`.
   */
  guard(key: string, verify: (tx: Tx) => Promise<boolean>, refusals: { locked: (until: Date) => Error; wrong: () => Error }): Promise<void>;
  clear(db: Db | Tx, key: string): Promise<void>;
}

type Row = { failures: number; locked_until: string | Date | null };
type Outcome = { kind: 'right' } | { kind: 'wrong' } | { kind: 'locked'; until: Date };

export function createLockout(db: Db, clock: Clock, where: LockoutTable, maxFailures: number, lockMinutes: number): Lockout {
  const table = sql.raw(where.table);
  const keyColumn = sql.raw(where.keyColumn);
  const keyValue = (key: string) => (where.keyColumn === 'user_id' ? sql`${key}::uuid` : sql`${key}`);

  /**
   * Takes the key's row lock (creating the row when there is none: a concurrent insert of the
   * same key waits on the unique index) and returns the count in the current window.
   */
  async function lockRow(tx: Tx, key: string, now: Date): Promise<{ failures: number; lockedUntil: Date | null }> {
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const windowStart = addSeconds(now, -lockMinutes * 60).toISOString();
    const [row] = await rowsOf<Row>(
      tx,
      sql`INSERT INTO ${table} AS t (${keyColumn}, failures, last_failure)
          VALUES (${keyValue(key)}, 0, ${nowSql})
          ON CONFLICT (${keyColumn}) DO UPDATE SET
            -- An old count, or a lock that has run out, starts again from zero.
            failures = CASE WHEN t.last_failure < ${windowStart}::timestamptz
                             OR (t.locked_until IS NOT NULL AND t.locked_until <= ${nowSql})
                       THEN 0 ELSE t.failures END,
            locked_until = CASE WHEN t.locked_until > ${nowSql} THEN t.locked_until END
          RETURNING failures, locked_until`,
    );
    return { failures: row.failures, lockedUntil: row.locked_until ? new Date(row.locked_until) : null };
  }

  async function clear(tx: Db | Tx, key: string): Promise<void> {
    await tx.execute(sql`DELETE FROM ${table} WHERE ${keyColumn} = ${keyValue(key)}`);
  }

  async function attempt(key: string, verify: (tx: Tx) => Promise<boolean>): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const now = clock();
      const { failures, lockedUntil } = await lockRow(tx, key, now);
      if (lockedUntil) return { kind: 'locked', until: lockedUntil };
      if (await verify(tx)) {
        await clear(tx, key);
        return { kind: 'right' };
      }
      const until = failures + 1 >= maxFailures ? addSeconds(now, lockMinutes * 60) : null;
      await tx.execute(
        sql`UPDATE ${table} SET failures = ${failures + 1}, last_failure = ${now.toISOString()}::timestamptz,
              locked_until = ${until ? sql`${until.toISOString()}::timestamptz` : sql`NULL`}
            WHERE ${keyColumn} = ${keyValue(key)}`,
      );
      return until ? { kind: 'locked', until } : { kind: 'wrong' };
    });
  }

  // Tries of one key also queue in this process, so that a burst of them waits here rather
  // than each holding a database connection while it waits for the row lock.
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
      const outcome = await oneAtATime(key, () => attempt(key, verify));
      // Refused after the transaction: its count must be committed, not rolled back.
      if (outcome.kind === 'locked') throw refusals.locked(outcome.until);
      if (outcome.kind === 'wrong') throw refusals.wrong();
    },
    clear,
  };
}
