/**
 * "Five wrong passwords lock it for fifteen minutes" (constants.ts), for login keys and for
 * payment passwords. Counting is one atomic upsert, so parallel guesses cannot slip past the
 * limit; failures older than the lock window are forgotten.
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
  /** The end of the current lock, or null when not locked. */
  lockedUntil(key: string): Promise<Date | null>;
  /** Counts one failure; returns the end of the lock it caused or continues, else null. */
  recordFailure(key: string): Promise<Date | null>;
  clear(db: Db | Tx, key: string): Promise<void>;
}

export function createLockout(db: Db, clock: Clock, where: LockoutTable, maxFailures: number, lockMinutes: number): Lockout {
  const table = sql.raw(where.table);
  const keyColumn = sql.raw(where.keyColumn);
  const keyValue = (key: string) => (where.keyColumn === 'user_id' ? sql`${key}::uuid` : sql`${key}`);

  return {
    async lockedUntil(key) {
      const now = clock();
      const [row] = await rowsOf<{ locked_until: string | Date | null }>(
        db,
        sql`SELECT locked_until FROM ${table} WHERE ${keyColumn} = ${keyValue(key)} AND locked_until > ${now.toISOString()}::timestamptz`,
      );
      return row?.locked_until ? new Date(row.locked_until) : null;
    },

    async recordFailure(key) {
      const now = clock();
      const nowText = now.toISOString();
      const windowStart = addSeconds(now, -lockMinutes * 60).toISOString();
      const lockEnd = addSeconds(now, lockMinutes * 60).toISOString();
      // A lock that has run out, or failures older than the window, start the count again.
      const counted = sql`CASE WHEN t.last_failure < ${windowStart}::timestamptz
          OR (t.locked_until IS NOT NULL AND t.locked_until <= ${nowText}::timestamptz)
        THEN 1 ELSE t.failures + 1 END`;
      const [row] = await rowsOf<{ locked_until: string | Date | null }>(
        db,
        sql`INSERT INTO ${table} AS t (${keyColumn}, failures, last_failure, locked_until)
            VALUES (${keyValue(key)}, 1, ${nowText}::timestamptz,
                    CASE WHEN 1 >= ${maxFailures} THEN ${lockEnd}::timestamptz END)
            ON CONFLICT (${keyColumn}) DO UPDATE SET
              failures = ${counted},
              last_failure = ${nowText}::timestamptz,
              locked_until = CASE WHEN ${counted} >= ${maxFailures} THEN ${lockEnd}::timestamptz END
            RETURNING locked_until`,
      );
      return row?.locked_until ? new Date(row.locked_until) : null;
    },

    async clear(tx, key) {
      await tx.execute(sql`DELETE FROM ${table} WHERE ${keyColumn} = ${keyValue(key)}`);
    },
  };
}
