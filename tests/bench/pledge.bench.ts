/**
 * `npm run bench -- pledge`: one day's pledge interest for 100,000 running orders on PostgreSQL,
 * paid the way the payout job pays it (server/modules/pledge/payouts.ts runDue: an interest row
 * per order, one ledger transfer per row, each interest account raised, the day recorded; all
 * set-based, in one transaction). Target: under 10 s. Then the same round again, which must pay
 * nothing, and the ledger must verify clean.
 *
 * The orders are written with bulk SQL and locked with set-based postings (the bench measures
 * the payout, not 100,000 sign-ups). BENCH_DATABASE_URL picks the server; BENCH_PLEDGE_ORDERS
 * changes the count.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { postOwnMoves, postPlatformCredits } from '../../server/ledger/transfers';
import { createPledge } from '../../server/modules/pledge/service';
import { createBenchUsers, requireBenchServer, verifyClean, withThrowawayDatabase } from './database';

const ORDERS = Number(process.env.BENCH_PLEDGE_ORDERS ?? 100_000);
const TARGET_SECONDS = 10;
const START = new Date('2030-03-01T09:00:00.000Z');
const NEXT_DAY = new Date('2030-03-02T00:30:00.000Z');

await requireBenchServer();
const seconds = await withThrowawayDatabase('pledge', async (url) => {
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await migrate(database.sql);
    const setupStarted = performance.now();
    const users = await createBenchUsers(database, ORDERS, { password: 'not-used', payPassword: null });
    await inTransaction(database.db, async (tx) => {
      // 1,000 USDT each, then a 30-day order of 1,000 USDT each in the seed's 30-day product.
      await postPlatformCredits(tx, {
        from: 'adjustments',
        to: 'available',
        asset: 'USDT',
        kind: 'adjustment',
        at: START,
        rows: sql`SELECT id AS user_id, 1000000000::bigint AS amount, 'bench:funding' AS reference, 'bench:funding:' || id AS idempotency_key FROM users WHERE username LIKE 'bench%'`,
      });
      await tx.execute(sql`
        INSERT INTO pledge_orders (user_id, product_id, asset, amount, daily_ppm, lock_days, penalty_ppm, status, started_at, ends_at)
        SELECT u.id, p.id, 'USDT', 1000000000, p.daily_ppm, p.lock_days, p.penalty_ppm, 'active', ${START.toISOString()}::timestamptz,
               ${START.toISOString()}::timestamptz + make_interval(days => p.lock_days)
        FROM users u CROSS JOIN (SELECT * FROM pledge_products WHERE asset = 'USDT' AND lock_days = 30) p
        WHERE u.username LIKE 'bench%'`);
      await postOwnMoves(tx, {
        from: 'available',
        to: 'pledged',
        asset: 'USDT',
        kind: 'pledge_lock',
        at: START,
        rows: sql`SELECT user_id, amount, 'pledge:' || id AS reference, 'pledge:' || id || ':lock' AS idempotency_key FROM pledge_orders`,
      });
      // The day of the start is done (its payout time came before the orders).
      await tx.execute(sql`INSERT INTO pledge_payout_days (day, orders, paid_at) VALUES ('2030-03-01', 0, ${START.toISOString()}::timestamptz)`);
    });
    await database.db.execute(sql`ANALYZE`);
    console.log(`setup: ${users.length} users, ${ORDERS} running pledge orders in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

    const pledge = createPledge(database.db, () => NEXT_DAY);
    const started = performance.now();
    const report = await pledge.runDue();
    const took = (performance.now() - started) / 1000;
    if (report.paid !== ORDERS) throw new Error(`expected ${ORDERS} orders paid, the round paid ${report.paid}`);
    console.log(`pledge daily interest for ${ORDERS.toLocaleString('en')} running orders (one round, set-based, PostgreSQL): ${took.toFixed(2)} s`);
    console.log(`pledge daily interest against its target of ${TARGET_SECONDS} s: ${(took / TARGET_SECONDS).toFixed(2)} of the target`);

    const againStarted = performance.now();
    const again = await pledge.runDue();
    console.log(`the same round again (nothing due): ${again.paid} orders paid in ${((performance.now() - againStarted) / 1000).toFixed(2)} s`);
    if (again.paid !== 0) throw new Error('the second round paid again');
    const [{ transfers }] = await rowsOf<{ transfers: string }>(database.db, sql`SELECT count(*)::text AS transfers FROM ledger_transfers WHERE kind = 'pledge_interest'`);
    if (Number(transfers) !== ORDERS) throw new Error(`${transfers} interest transfers for ${ORDERS} orders`);
    await verifyClean(database);
    return took;
  } finally {
    await database.close();
  }
});
if (seconds >= TARGET_SECONDS) {
  console.error(`pledge daily interest took ${seconds.toFixed(2)} s, over the target of ${TARGET_SECONDS} s`);
  process.exit(1);
}
