/** The pledge's payout round (docs/pledge.md): every due day paid once, then maturities. */
import { sql } from 'drizzle-orm';
import { ASSET_CODES } from '../../../src/domain/money';
import { lastPayoutDayAt, nextDay } from '../../../src/domain/pledge';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { postOwnMoves } from '../../ledger/transfers';
import { PLEDGE_JOB_LOCK, MATURE_BATCH, CATCH_UP_DAYS, payDay, type PledgeDeps } from './rows';

export function payoutCalls({ db, clock }: PledgeDeps) {
  return {
    payDay,

    /**
     * The job's round (any number of processes may run it; the lock makes them take turns): every
     * day whose payout time has come and is not yet paid, oldest first, each in a transaction of
     * its own; then the orders whose end has come return their principal, a batch at a time.
     */
    async runDue(): Promise<{ days: number; paid: number; matured: number }> {
      const now = clock();
      const due = lastPayoutDayAt(now);
      let days = 0;
      let paid = 0;
      for (let round = 0; round < CATCH_UP_DAYS; round++) {
        const done = await inTransaction(db, async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${PLEDGE_JOB_LOCK}::bigint)`);
          const [{ last, first }] = await rowsOf<{ last: string | null; first: string | null }>(
            tx,
            sql`SELECT (SELECT to_char(max(day), 'YYYY-MM-DD') FROM pledge_payout_days) AS last,
                       (SELECT to_char(min(started_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM pledge_orders) AS first`,
          );
          // The first day to pay: after the last paid, else the first order's start day (paid
          // only for orders started before its payout time), else today (nothing to pay yet).
          const day = last ? nextDay(last) : (first ?? due);
          if (day > due) return true;
          paid += await payDay(tx, day, now);
          days += 1;
          return false;
        });
        if (done) break;
      }
      let matured = 0;
      for (;;) {
        const count = await inTransaction(db, async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${PLEDGE_JOB_LOCK}::bigint)`);
          // Only once every day up to now is paid: a matured order has had all its days.
          const [{ last }] = await rowsOf<{ last: string | null }>(tx, sql`SELECT to_char(max(day), 'YYYY-MM-DD') AS last FROM pledge_payout_days`);
          if (last === null || last < due) return 0;
          const ids = await rowsOf<{ id: string }>(
            tx,
            sql`SELECT id::text FROM pledge_orders WHERE status = 'active' AND ends_at <= ${now.toISOString()}::timestamptz
                ORDER BY id LIMIT ${MATURE_BATCH} FOR UPDATE SKIP LOCKED`,
          );
          if (ids.length === 0) return 0;
          const list = sql.join(ids.map((row) => sql`${row.id}::bigint`), sql`, `);
          for (const asset of ASSET_CODES) {
            await postOwnMoves(tx, {
              from: 'pledged',
              to: 'available',
              asset,
              kind: 'pledge_release',
              at: now,
              rows: sql`SELECT user_id, amount, 'pledge:' || id AS reference, 'pledge:' || id || ':release' AS idempotency_key
                        FROM pledge_orders WHERE id IN (${list}) AND asset = ${asset}`,
            });
          }
          await tx.execute(sql`UPDATE pledge_orders SET status = 'completed', ended_at = ends_at WHERE id IN (${list})`);
          return ids.length;
        });
        matured += count;
        if (count < MATURE_BATCH) break;
      }
      return { days, paid, matured };
    },
  };
}
