/**
 * "Five wrong passwords lock it for fifteen minutes" (constants.ts), for login keys and for
 * payment passwords. Each try is counted before the password is checked, in one atomic upsert,
 * so parallel guesses cannot get more than five checks; a right password clears the count.
 * Tries older than the lock window are forgotten.
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
   * Checks a password under the lockout of `key`. Resolves when `verify` says yes; otherwise
   * throws `refusals.locked(until)` or `refusals.wrong()`.
   */
  guard(key: string, verify: () => Promise<boolean>, refusals: { locked: (until: Date) => Error; wrong: () => Error }): Promise<void>;
  clear(db: Db | Tx, key: string): Promise<void>;
}

type Row = { failures: number; locked_until: string | Date | null };

export function createLockout(db: Db, clock: Clock, where: LockoutTable, maxFailures: number, lockMinutes: number): Lockout {
  const table = sql.raw(where.table);
  const keyColumn = sql.raw(where.keyColumn);
  const keyValue = (key: string) => (where.keyColumn === 'user_id' ? sql`${key}::uuid` : sql`${key}`);

  /** Counts one try; returns the count in the current window and a lock still running. */
  async function countTry(key: string): Promise<{ tries: number; lockedUntil: Date | null }> {
    const now = clock().toISOString();
    const windowStart = addSeconds(clock(), -lockMinutes * 60).toISOString();
    const [row] = await rowsOf<Row>(
      db,
      sql`INSERT INTO ${table} AS t (${keyColumn}, failures, last_failure)
          VALUES (${keyValue(key)}, 1, ${now}::timestamptz)
          ON CONFLICT (${keyColumn}) DO UPDATE SET
            -- An old count, or a lock that has run out, starts again from one.
            failures = CASE WHEN t.last_failure < ${windowStart}::timestamptz
                             OR (t.locked_until IS NOT NULL AND t.locked_until <= ${now}::timestamptz)
                       THEN 1 ELSE t.failures + 1 END,
            locked_until = CASE WHEN t.locked_until > ${now}::timestamptz THEN t.locked_until END,
            last_failure = ${now}::timestamptz
          RETURNING failures, locked_until`,
    );
    return { tries: row.failures, lockedUntil: row.locked_until ? new Date(row.locked_until) : null };
  }

  async function lock(key: string): Promise<Date> {
    const until = addSeconds(clock(), lockMinutes * 60);
    const [row] = await rowsOf<Row>(
      db,
      sql`UPDATE ${table} SET locked_until = GREATEST(COALESCE(locked_until, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)
          WHERE ${keyColumn} = ${keyValue(key)} RETURNING failures, locked_until`,
    );
    return row?.locked_until ? new Date(row.locked_until) : until;
  }

  async function clear(tx: Db | Tx, key: string): Promise<void> {
    await tx.execute(sql`DELETE FROM ${table} WHERE ${keyColumn} = ${keyValue(key)}`);
  }

  // Tries of one key run one after another in this process. Each try is counted before it is
  // checked, so a right password sent many times at once (parallel money requests of one user)
  // would otherwise look like a burst of guesses and lock the key.
  const queues = new Map<string, Promise<void>>();
  function oneAtATime(key: string, work: () => Promise<void>): Promise<void> {
    const current = (queues.get(key) ?? Promise.resolve()).then(work);
    const tail = current.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return current;
  }

  return {
    guard: (key, verify, refusals) => oneAtATime(key, async () => {
      const { tries, lockedUntil } = await countTry(key);
      if (lockedUntil) throw refusals.locked(lockedUntil);
      // More tries than allowed in flight at once: refuse without checking.
      if (tries > maxFailures) throw refusals.locked(await lock(key));
      if (await verify()) {
        await clear(db, key);
        return;
      }
      if (tries >= maxFailures) throw refusals.locked(await lock(key));
      throw refusals.wrong();
    }),
    clear,
  };
}
