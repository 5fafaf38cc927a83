/** What the pledge service's parts share (docs/pledge.md): the rows of products and orders, their views, ending an order and paying a day. */
import { sql, type SQL } from 'drizzle-orm';
import { ASSET_CODES, isAsset, toDecimalString, type Asset } from '../../../src/domain/money';
import {
  payoutTimeOf,
  penaltyOf,
  pledgeFigures,
  pledgeOrderNo,
  rateText,
  yearlyRateText,
  type PledgeOrder,
  type PledgeProduct,
  type PledgeStatus,
} from '../../../src/domain/pledge';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { postPlatformCredits, postTransfers } from '../../ledger/transfers';

/** What the pledge service is built from. */
export interface PledgeDeps {
  db: Db;
  clock: Clock;
}

export const PLEDGE_JOB_LOCK = 0x504c4447n;
/** Orders matured per transaction. */
export const MATURE_BATCH = 1000;
/** Days a catch-up pays in one round at most (a server that was off for longer goes on next round). */
export const CATCH_UP_DAYS = 366;

export interface ProductRow {
  id: number;
  asset: string;
  min_amount: string;
  daily_ppm: string;
  lock_days: number;
  penalty_ppm: string;
  active: boolean;
}

export interface OrderRow {
  id: string;
  user_id: string;
  product_id: number;
  asset: string;
  amount: string;
  daily_ppm: string;
  lock_days: number;
  penalty_ppm: string;
  status: PledgeStatus;
  penalty: string | null;
  started_at: string;
  ends_at: string;
  ended_at: string | null;
  earned: string;
  days_paid: string;
}

export function assetOf(value: string): Asset {
  if (!isAsset(value)) throw new Error(`unknown asset: ${value}`);
  return value;
}

export const iso = (value: string | Date) => new Date(value).toISOString();

export function productOf(row: ProductRow): PledgeProduct {
  const asset = assetOf(row.asset);
  return {
    id: row.id,
    asset,
    minAmount: toDecimalString(BigInt(row.min_amount), asset),
    dailyRate: rateText(BigInt(row.daily_ppm)),
    yearlyRate: yearlyRateText(BigInt(row.daily_ppm)),
    lockDays: row.lock_days,
    penaltyRate: rateText(BigInt(row.penalty_ppm)),
    active: row.active,
  };
}

export function orderOf(row: OrderRow): PledgeOrder {
  const asset = assetOf(row.asset);
  const amount = BigInt(row.amount);
  const figures = pledgeFigures(amount, BigInt(row.daily_ppm), row.lock_days);
  const penalty = penaltyOf(amount, BigInt(row.penalty_ppm));
  const running = row.status === 'active';
  return {
    id: Number(row.id),
    orderNo: pledgeOrderNo(Number(row.id)),
    productId: row.product_id,
    asset,
    amount: toDecimalString(amount, asset),
    dailyRate: rateText(BigInt(row.daily_ppm)),
    yearlyRate: yearlyRateText(BigInt(row.daily_ppm)),
    lockDays: row.lock_days,
    penaltyRate: rateText(BigInt(row.penalty_ppm)),
    daily: toDecimalString(figures.daily, asset),
    earned: toDecimalString(BigInt(row.earned), asset),
    daysPaid: Number(row.days_paid),
    maturity: toDecimalString(figures.maturity, asset),
    redeemPenalty: running ? toDecimalString(penalty, asset) : row.penalty === null ? null : toDecimalString(BigInt(row.penalty), asset),
    redeemReturn: running ? toDecimalString(amount - penalty, asset) : null,
    status: row.status,
    startedAt: iso(row.started_at),
    endsAt: iso(row.ends_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
  };
}

/** An order's columns with what it has earned so far (its interest rows). */
export const ORDER_COLUMNS = sql`o.id::text, o.user_id, o.product_id, o.asset, o.amount::text, o.daily_ppm::text, o.lock_days, o.penalty_ppm::text, o.status,
  o.penalty::text, o.started_at, o.ends_at, o.ended_at,
  (SELECT coalesce(sum(i.amount), 0) FROM pledge_interest i WHERE i.order_id = o.id)::text AS earned,
  (SELECT count(*) FROM pledge_interest i WHERE i.order_id = o.id)::text AS days_paid`;


export const plain = (minor: bigint, asset: Asset) => toDecimalString(minor, asset).replace(/\.?0+$/, '');

export async function products(executor: Db | Tx, { activeOnly }: { activeOnly: boolean }): Promise<PledgeProduct[]> {
  const rows = await rowsOf<ProductRow>(
    executor,
    sql`SELECT id, asset, min_amount::text, daily_ppm::text, lock_days, penalty_ppm::text, active FROM pledge_products
        ${activeOnly ? sql`WHERE active` : sql``} ORDER BY asset DESC, lock_days, id`,
  );
  return rows.map(productOf);
}

export async function activeOrderOf(executor: Db | Tx, userId: string, lock = false): Promise<OrderRow | null> {
  const [row] = await rowsOf<OrderRow>(
    executor,
    sql`SELECT ${ORDER_COLUMNS} FROM pledge_orders o WHERE o.user_id = ${userId} AND o.status = 'active' ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ?? null;
}

/** Returns the principal of one order (less `penalty`) and ends it; inside the caller's transaction. */
export async function endOrder(tx: Tx, row: OrderRow, status: 'completed' | 'redeemed', penalty: bigint, at: Date): Promise<void> {
  const asset = assetOf(row.asset);
  const amount = BigInt(row.amount);
  const reference = `pledge:${row.id}`;
  const legs = [
    ...(amount - penalty > 0n
      ? [{ debit: { userId: row.user_id, purpose: 'pledged' as const }, credit: { userId: row.user_id, purpose: 'available' as const }, asset, amount: amount - penalty, kind: 'pledge_release' as const, reference, idempotencyKey: `${reference}:release`, at }]
      : []),
    ...(penalty > 0n
      ? [{ debit: { userId: row.user_id, purpose: 'pledged' as const }, credit: { platform: 'fees' as const }, asset, amount: penalty, kind: 'pledge_penalty' as const, reference, idempotencyKey: `${reference}:penalty`, at }]
      : []),
  ];
  await postTransfers(tx, legs);
  await tx.execute(
    sql`UPDATE pledge_orders SET status = ${status}, ended_at = ${at.toISOString()}::timestamptz, penalty = ${status === 'redeemed' ? penalty.toString() : null}::bigint
        WHERE id = ${row.id}`,
  );
}

/**
 * Pays one day (set-based): an interest row for every order that ran over the day's payout
 * time (started before it, not ended before it), then one ledger transfer per row, then the
 * day is marked paid. Inside the caller's transaction, which holds the job's lock. Returns
 * how many orders were paid.
 */
export async function payDay(tx: Tx, day: string, at: Date): Promise<number> {
  const payout = payoutTimeOf(day).toISOString();
  await tx.execute(
    sql`INSERT INTO pledge_interest (order_id, day, user_id, asset, amount, paid_at)
        SELECT o.id, ${day}::date, o.user_id, o.asset, o.amount * o.daily_ppm / 1000000, ${at.toISOString()}::timestamptz
        FROM pledge_orders o
        WHERE o.ends_at >= ${payout}::timestamptz AND o.started_at < ${payout}::timestamptz
          AND (o.status <> 'redeemed' OR o.ended_at > ${payout}::timestamptz)
          AND o.amount * o.daily_ppm / 1000000 > 0
        ON CONFLICT DO NOTHING`,
  );
  let orders = 0;
  for (const asset of ASSET_CODES) {
    const rows: SQL = sql`SELECT user_id, amount, 'pledge:' || order_id AS reference, 'pledge:' || order_id || ':interest:' || ${day} AS idempotency_key
                          FROM pledge_interest WHERE day = ${day}::date AND asset = ${asset}`;
    const posted = await postPlatformCredits(tx, { from: 'interest', to: 'interest', asset, kind: 'pledge_interest', at, rows });
    orders += posted.count;
  }
  await tx.execute(
    sql`INSERT INTO pledge_payout_days (day, orders, paid_at) VALUES (${day}::date, ${orders}, ${at.toISOString()}::timestamptz) ON CONFLICT (day) DO NOTHING`,
  );
  return orders;
}
