/**
 * The pledge (docs/pledge.md). A user starts one order at a time in an operator's product: the
 * amount moves from available to the user's 'pledged' account with the order row. Every day at
 * the payout time the day's interest of every order that ran over it is paid into the users'
 * interest wallets in one set-based posting from the platform's interest account (payDay); at
 * its end an order's principal returns to available (matureDue). Redeemed early, the principal
 * less the product's penalty returns and no later day is paid. Interest moves from the interest
 * wallet to available when the user asks.
 *
 * Exactly once: a day's interest is a row per order and day (primary key) and a ledger transfer
 * per order and day (its idempotency key); the day itself is written in pledge_payout_days in the
 * same transaction, under an advisory lock, so a second process or a restart finds it done.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { ASSET_CODES, isAsset, toDecimalString, type Asset } from '../../../src/domain/money';
import {
  lastPayoutDayAt,
  nextDay,
  parseRate,
  payoutTimeOf,
  penaltyOf,
  pledgeEndOf,
  pledgeFigures,
  pledgeOrderNo,
  rateText,
  type PledgeInterest,
  type PledgeOrder,
  type PledgeOverview,
  type PledgeProduct,
  type PledgeProductInput,
  type PledgeStatus,
} from '../../../src/domain/pledge';
import type { Page } from '../../../src/domain/wire';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf, uniqueViolation } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { amountOrRefusal, Refusal } from '../../errors';
import { recordAudit, type AuditActor } from '../../ledger/audit';
import { postOwnMoves, postPlatformCredits, postTransfer, postTransfers } from '../../ledger/transfers';

/** The advisory lock of the payout job ("PLDG" in ASCII). */
export const PLEDGE_JOB_LOCK = 0x504c4447n;
/** Orders matured per transaction. */
const MATURE_BATCH = 1000;
/** Days a catch-up pays in one round at most (a server that was off for longer goes on next round). */
const CATCH_UP_DAYS = 366;

interface ProductRow {
  id: number;
  asset: string;
  min_amount: string;
  daily_ppm: string;
  lock_days: number;
  penalty_ppm: string;
  active: boolean;
}

interface OrderRow {
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

function assetOf(value: string): Asset {
  if (!isAsset(value)) throw new Error(`unknown asset: ${value}`);
  return value;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function productOf(row: ProductRow): PledgeProduct {
  const asset = assetOf(row.asset);
  return {
    id: row.id,
    asset,
    minAmount: toDecimalString(BigInt(row.min_amount), asset),
    dailyRate: rateText(BigInt(row.daily_ppm)),
    lockDays: row.lock_days,
    penaltyRate: rateText(BigInt(row.penalty_ppm)),
    active: row.active,
  };
}

function orderOf(row: OrderRow): PledgeOrder {
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
const ORDER_COLUMNS = sql`o.id::text, o.user_id, o.product_id, o.asset, o.amount::text, o.daily_ppm::text, o.lock_days, o.penalty_ppm::text, o.status,
  o.penalty::text, o.started_at, o.ends_at, o.ended_at,
  (SELECT coalesce(sum(i.amount), 0) FROM pledge_interest i WHERE i.order_id = o.id)::text AS earned,
  (SELECT count(*) FROM pledge_interest i WHERE i.order_id = o.id)::text AS days_paid`;


const plain = (minor: bigint, asset: Asset) => toDecimalString(minor, asset).replace(/\.?0+$/, '');

export function createPledge(db: Db, clock: Clock) {
  async function products(executor: Db | Tx, { activeOnly }: { activeOnly: boolean }): Promise<PledgeProduct[]> {
    const rows = await rowsOf<ProductRow>(
      executor,
      sql`SELECT id, asset, min_amount::text, daily_ppm::text, lock_days, penalty_ppm::text, active FROM pledge_products
          ${activeOnly ? sql`WHERE active` : sql``} ORDER BY asset DESC, lock_days, id`,
    );
    return rows.map(productOf);
  }

  async function activeOrderOf(executor: Db | Tx, userId: string, lock = false): Promise<OrderRow | null> {
    const [row] = await rowsOf<OrderRow>(
      executor,
      sql`SELECT ${ORDER_COLUMNS} FROM pledge_orders o WHERE o.user_id = ${userId} AND o.status = 'active' ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return row ?? null;
  }

  /** Returns the principal of one order (less `penalty`) and ends it; inside the caller's transaction. */
  async function endOrder(tx: Tx, row: OrderRow, status: 'completed' | 'redeemed', penalty: bigint, at: Date): Promise<void> {
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
  async function payDay(tx: Tx, day: string, at: Date): Promise<number> {
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

  return {
    products,
    payDay,

    /** GET /pledge/overview: the products, the user's balances, running order and totals. */
    async overview(userId: string): Promise<PledgeOverview> {
      const now = clock();
      const [list, balances, active, earned] = await Promise.all([
        products(db, { activeOnly: true }),
        rowsOf<{ asset: string; purpose: string; balance: string }>(
          db,
          sql`SELECT asset, purpose, balance::text FROM ledger_accounts
              WHERE owner_kind = 'user' AND user_id = ${userId} AND purpose IN ('available', 'interest', 'pledged')`,
        ),
        activeOrderOf(db, userId),
        rowsOf<{ asset: string; total: string }>(db, sql`SELECT asset, sum(amount)::text AS total FROM pledge_interest WHERE user_id = ${userId} GROUP BY asset`),
      ]);
      const per = (pick: (asset: Asset) => bigint) => Object.fromEntries(ASSET_CODES.map((asset) => [asset, toDecimalString(pick(asset), asset)])) as Record<Asset, string>;
      const balance = (purpose: string) => (asset: Asset) => BigInt(balances.find((row) => row.asset === asset && row.purpose === purpose)?.balance ?? '0');
      return {
        products: list,
        available: per(balance('available')),
        interest: per(balance('interest')),
        managed: per(balance('pledged')),
        earned: per((asset) => BigInt(earned.find((row) => row.asset === asset)?.total ?? '0')),
        active: active ? orderOf(active) : null,
        nextPayoutAt: payoutTimeOf(nextDay(lastPayoutDayAt(now))).toISOString(),
      };
    },

    /**
     * POST /pledge/start, inside the payment's transaction: the checks, the order and its lock
     * on the ledger. A second running order is refused (and the unique index stands behind it).
     */
    async start(tx: Tx, userId: string, input: { productId: number; amount: string }, at: Date): Promise<PledgeOrder> {
      const [product] = await rowsOf<ProductRow>(
        tx,
        sql`SELECT id, asset, min_amount::text, daily_ppm::text, lock_days, penalty_ppm::text, active FROM pledge_products WHERE id = ${input.productId}`,
      );
      if (!product?.active) throw new Refusal('pledge.productNotFound', 404);
      // The running order first: whatever the amount, no second one starts (the notice says so).
      if (await activeOrderOf(tx, userId)) throw new Refusal('pledge.orderOpen', 409);
      const asset = assetOf(product.asset);
      const amount = amountOrRefusal(input.amount, asset);
      const minimum = BigInt(product.min_amount);
      if (amount < minimum) throw new Refusal('pledge.belowMinimum', 400, { params: { min: plain(minimum, asset), asset }, field: 'amount' });
      const endsAt = pledgeEndOf(at, product.lock_days);
      let id: string;
      try {
        [{ id }] = await rowsOf<{ id: string }>(
          tx,
          sql`INSERT INTO pledge_orders (user_id, product_id, asset, amount, daily_ppm, lock_days, penalty_ppm, status, started_at, ends_at)
              VALUES (${userId}, ${product.id}, ${asset}, ${amount.toString()}::bigint, ${product.daily_ppm}::bigint, ${product.lock_days},
                      ${product.penalty_ppm}::bigint, 'active', ${at.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz)
              RETURNING id::text`,
        );
      } catch (error) {
        if (uniqueViolation(error) === 'pledge_orders_one_active') throw new Refusal('pledge.orderOpen', 409);
        throw error;
      }
      await postTransfer(tx, {
        debit: { userId, purpose: 'available' },
        credit: { userId, purpose: 'pledged' },
        asset,
        amount,
        kind: 'pledge_lock',
        reference: `pledge:${id}`,
        idempotencyKey: `pledge:${id}:lock`,
        at,
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.key === 'balance.insufficient') throw new Refusal('balance.insufficient', 400, { field: 'amount' });
        throw error;
      });
      const [row] = await rowsOf<OrderRow>(tx, sql`SELECT ${ORDER_COLUMNS} FROM pledge_orders o WHERE o.id = ${id}`);
      return orderOf(row);
    },

    /**
     * POST /pledge/redeem, inside the payment's transaction: the user's running order ends now;
     * the principal returns less the penalty (none once its end has come: then it simply ends).
     */
    async redeem(tx: Tx, userId: string, id: number, at: Date): Promise<PledgeOrder> {
      const [row] = await rowsOf<OrderRow>(tx, sql`SELECT ${ORDER_COLUMNS} FROM pledge_orders o WHERE o.id = ${id} AND o.user_id = ${userId} FOR UPDATE`);
      if (!row) throw new AppError('record.notFound', 404);
      if (row.status !== 'active') throw new Refusal('pledge.notActive', 409);
      const matured = new Date(row.ends_at).getTime() <= at.getTime();
      const penalty = matured ? 0n : penaltyOf(BigInt(row.amount), BigInt(row.penalty_ppm));
      await endOrder(tx, row, matured ? 'completed' : 'redeemed', penalty, matured ? new Date(row.ends_at) : at);
      const [ended] = await rowsOf<OrderRow>(tx, sql`SELECT ${ORDER_COLUMNS} FROM pledge_orders o WHERE o.id = ${id}`);
      return orderOf(ended);
    },

    /** POST /pledge/interest/transfer: interest wallet → available. */
    async transferInterest(tx: Tx, userId: string, input: { asset: Asset; amount: string }, at: Date): Promise<{ asset: Asset; amount: string; transferId: number }> {
      const amount = amountOrRefusal(input.amount, input.asset);
      const transferId = await postTransfer(tx, {
        debit: { userId, purpose: 'interest' },
        credit: { userId, purpose: 'available' },
        asset: input.asset,
        amount,
        kind: 'interest_transfer',
        reference: `interest:${userId}`,
        idempotencyKey: `interest:${userId}:${crypto.randomUUID()}`,
        at,
      }).catch((error: unknown) => {
        if (error instanceof AppError && error.key === 'balance.insufficient') throw new Refusal('pledge.interestInsufficient', 400, { field: 'amount' });
        throw error;
      });
      return { asset: input.asset, amount: toDecimalString(amount, input.asset), transferId };
    },

    /** GET /pledge/orders: the user's orders, newest first. */
    async ordersOf(userId: string, page: number, pageSize: number): Promise<Page<PledgeOrder>> {
      const [rows, [{ total }]] = await Promise.all([
        rowsOf<OrderRow>(
          db,
          sql`SELECT ${ORDER_COLUMNS} FROM pledge_orders o WHERE o.user_id = ${userId} ORDER BY o.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        ),
        rowsOf<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM pledge_orders WHERE user_id = ${userId}`),
      ]);
      return { list: rows.map(orderOf), total: Number(total), page, pageSize };
    },

    /** GET /pledge/interest: the interest record, one row per order and day, newest first. */
    async interestOf(userId: string, page: number, pageSize: number): Promise<Page<PledgeInterest>> {
      const [rows, [{ total }]] = await Promise.all([
        rowsOf<{ id: string; order_id: string; day: string; asset: string; amount: string; paid_at: string }>(
          db,
          sql`SELECT id::text, order_id::text, to_char(day, 'YYYY-MM-DD') AS day, asset, amount::text, paid_at FROM pledge_interest
              WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        ),
        rowsOf<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM pledge_interest WHERE user_id = ${userId}`),
      ]);
      return {
        list: rows.map((row) => {
          const asset = assetOf(row.asset);
          return { id: Number(row.id), orderId: Number(row.order_id), orderNo: pledgeOrderNo(Number(row.order_id)), day: row.day, asset, amount: toDecimalString(BigInt(row.amount), asset), paidAt: iso(row.paid_at) };
        }),
        total: Number(total),
        page,
        pageSize,
      };
    },

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

    /** Operators: every product, inactive ones too. */
    allProducts: () => products(db, { activeOnly: false }),

    /** Operators: a new product, or changed terms for orders started from now on (audited). */
    async saveProduct(input: PledgeProductInput, actor: AuditActor): Promise<PledgeProduct> {
      const minAmount = amountOrRefusal(input.minAmount, input.asset);
      const daily = parseRate(input.dailyRate);
      const penalty = parseRate(input.penaltyRate);
      if (daily === null || daily === 0n || penalty === null) throw new AppError('pledge.rateInvalid', 400);
      return inTransaction(db, async (tx) => {
        const values = sql`${input.asset}, ${minAmount.toString()}::bigint, ${daily.toString()}::bigint, ${input.lockDays}, ${penalty.toString()}::bigint, ${input.active}`;
        const [row] = input.id
          ? await rowsOf<ProductRow>(
              tx,
              sql`UPDATE pledge_products SET (asset, min_amount, daily_ppm, lock_days, penalty_ppm, active, updated_at) = (${values}, ${actor.at.toISOString()}::timestamptz)
                  WHERE id = ${input.id}
                  RETURNING id, asset, min_amount::text, daily_ppm::text, lock_days, penalty_ppm::text, active`,
            )
          : await rowsOf<ProductRow>(
              tx,
              sql`INSERT INTO pledge_products (asset, min_amount, daily_ppm, lock_days, penalty_ppm, active, created_at, updated_at)
                  VALUES (${values}, ${actor.at.toISOString()}::timestamptz, ${actor.at.toISOString()}::timestamptz)
                  RETURNING id, asset, min_amount::text, daily_ppm::text, lock_days, penalty_ppm::text, active`,
            );
        if (!row) throw new AppError('pledge.productNotFound', 404);
        const product = productOf(row);
        await recordAudit(tx, actor, { action: 'pledge.product', subject: `pledge_product:${row.id}`, details: { ...product } });
        return product;
      });
    },
  };
}

export type Pledge = ReturnType<typeof createPledge>;
