/**
 * A user's pledge (docs/pledge.md): the overview, starting and redeeming an order, moving
 * interest to available, and the orders and interest lists.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { ASSET_CODES, toDecimalString, type Asset } from '../../../src/domain/money';
import {
  lastPayoutDayAt,
  nextDay,
  payoutTimeOf,
  penaltyOf,
  pledgeEndOf,
  pledgeOrderNo,
  type PledgeInterest,
  type PledgeOrder,
  type PledgeOverview,
} from '../../../src/domain/pledge';
import type { Page } from '../../../src/domain/wire';
import type { Tx } from '../../db/client';
import { balancesByPurpose } from '../../ledger/accounts';
import { rowsOf, uniqueViolation } from '../../db/rows';
import { amountOrRefusal, Refusal } from '../../errors';
import { postTransfer } from '../../ledger/transfers';
import {
  type ProductRow,
  type OrderRow,
  assetOf,
  iso,
  orderOf,
  ORDER_COLUMNS,
  plain,
  products,
  activeOrderOf,
  endOrder,
  type PledgeDeps,
} from './rows';

export function orderCalls({ db, clock }: PledgeDeps) {
  return {
    /** GET /pledge/overview: the products, the user's balances, running order and totals. */
    async overview(userId: string): Promise<PledgeOverview> {
      const now = clock();
      const [list, balances, active, earned] = await Promise.all([
        products(db, { activeOnly: true }),
        balancesByPurpose(db, userId, ['available', 'interest', 'pledged']),
        activeOrderOf(db, userId),
        rowsOf<{ asset: string; total: string }>(db, sql`SELECT asset, sum(amount)::text AS total FROM pledge_interest WHERE user_id = ${userId} GROUP BY asset`),
      ]);
      const per = (pick: (asset: Asset) => bigint) => Object.fromEntries(ASSET_CODES.map((asset) => [asset, toDecimalString(pick(asset), asset)])) as Record<Asset, string>;
      const balance = (purpose: 'available' | 'interest' | 'pledged') => (asset: Asset) => balances[purpose][asset];
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
  };
}
