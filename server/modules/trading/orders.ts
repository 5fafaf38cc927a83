/**
 * Orders (docs/trading.md): placing one (matched at once with the best offer that fits, or
 * waiting), confirming it (it settles), cancelling it, and the user's orders by tab.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import {
  CANCEL_LIMIT,
  MATCHING_MINUTES,
  ORDER_TAB_STATUSES,
  TRADE_MIN_PARAMS,
  TRADE_MIN_USDT,
  givenAsset,
  orderHoldOf,
  type OrderInput,
  type OrderTab,
} from '../../../src/domain/trading';
import type { Page, TradeOrder } from '../../../src/domain/wire';
import { addSeconds } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { allInOrder, nextIdOf } from '../../db/pipeline';
import { fixedStatement } from '../../db/rows';
import { tradeOrders } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { amountOrRefusal, Refusal } from '../../errors';
import { postTransfersWithCommit } from '../../ledger/transfers';
import { endOrder, lockBestOfferFor, matchOrderWithCommit, matchWaitingFor, settleOrder, type BookEvents } from './book';
import { offerRowOf, orderRowOf, orderView, type OrderRow } from './views';
import {
  priceOf,
  traderOf,
  requireMerchant,
  feeNow,
  todayOf,
  ordersWithParties,
  viewFor,
  partyTo,
  ownMove,
  lockOffer,
  type TradingDeps,
} from './rows';

/* The statements of placing and confirming an order, written once (db/rows.ts fixedStatement). */
const OWN_ORDER_FOR_UPDATE = fixedStatement<Record<string, unknown>>(`SELECT * FROM trade_orders WHERE id = $1 AND user_id = $2 FOR UPDATE`);
/**
 * The same, sent with the payment's claim (confirmingReads): the order is locked only while the
 * transaction holds the key's lock ($3), so a key busy in another transaction waits for no order.
 */
const OWN_ORDER_FOR_UPDATE_UNDER_KEY = fixedStatement<Record<string, unknown>>(
  `SELECT * FROM trade_orders WHERE id = $1 AND user_id = $2 AND pg_try_advisory_xact_lock(hashtextextended($3, 0)) FOR UPDATE`,
);
const INSERT_ORDER = fixedStatement<Record<string, unknown>>(
  `INSERT INTO trade_orders (id, user_id, side, amount, limit_price, hold, status, was_matched, created_at, expires_at)
   VALUES ($1, $2, $3, $4, $5, $6, 'matching', false, $7, $8) RETURNING *`,
);
/**
 * The offer a matched order of the user's met, locked — sent right behind OWN_ORDER_FOR_UPDATE_UNDER_KEY
 * in the same round trip, so the locks keep the book's order (the order, then its offer: docs/trading.md):
 * it locks nothing unless that statement locked the order (the same key lock, taken again by the
 * same transaction; the order theirs and matched).
 */
const OFFER_OF_OWN_ORDER_FOR_UPDATE = fixedStatement<Record<string, unknown>>(
  `SELECT o.*, u.nickname AS owner_name FROM trade_offers o JOIN users u ON u.id = o.user_id
   WHERE o.id = (SELECT t.offer_id FROM trade_orders t WHERE t.id = $1 AND t.user_id = $2 AND t.status = 'matched' AND pg_try_advisory_xact_lock(hashtextextended($3, 0)))
   FOR UPDATE OF o`,
);

/** What placing an order reads first, sent with the payment's claim: who places it, the day's counts, the fee and the order's id. */
export interface PlacingReads {
  now: Date;
  trader: Awaited<ReturnType<typeof traderOf>>;
  today: Awaited<ReturnType<typeof todayOf>>;
  fee: Awaited<ReturnType<typeof feeNow>>;
  id: number;
}

/** What confirming reads first: the user's order, and the offer it met (both locked; null: none). */
export interface ConfirmingReads {
  order: OrderRow | null;
  offer: Record<string, unknown> | null;
}

export function orderCalls({ db, clock }: TradingDeps) {
  /** An order as its viewer sees it now (after the transaction that changed it). */
  async function orderFor(dbOrTx: Db | Tx, id: number, viewerId: string): Promise<TradeOrder> {
    const [row] = await ordersWithParties(dbOrTx).where(and(eq(tradeOrders.id, id), partyTo(viewerId)));
    // Someone else's order answers exactly like one that does not exist.
    if (!row) throw new AppError('record.notFound', 404);
    return viewFor(row, viewerId);
  }

  /** Locks one of the user's own orders (as its taker: only they confirm or cancel it). */
  async function lockOwnOrder(tx: Tx, userId: string, id: number): Promise<OrderRow> {
    const [order] = await OWN_ORDER_FOR_UPDATE(tx, [id, userId]);
    if (!order) throw new AppError('record.notFound', 404);
    return orderRowOf(order);
  }

  return {
    /**
     * Places an order: it holds what the user gives and is matched at once with the best offer
     * that fits; with none, it waits (matching) for one until MATCHING_MINUTES have passed.
     */
    /**
     * Placing's first reads, none of them a lock: sent with the payment's claim and its password's
     * reads (http/paid-call.ts, FirstReads), behind the payment lock, so the day's counts are read
     * under it as before. A refused or replayed call leaves at most a gap in the orders' ids.
     */
    async placingReads(tx: Tx, userId: string): Promise<PlacingReads> {
      const now = clock();
      const [trader, today, fee, id] = await allInOrder([traderOf(tx, userId), todayOf(tx, userId, now), feeNow(tx), nextIdOf(tx, 'trade_orders')]);
      return { now, trader, today, fee, id };
    },

    async placeOrder(tx: Tx, userId: string, input: Omit<OrderInput, 'payPassword'>, reads: PlacingReads, events: BookEvents): Promise<TradeOrder> {
      const amount = amountOrRefusal(input.amount, 'USDT', 'amount');
      if (amount < TRADE_MIN_USDT) throw new Refusal('trade.amountTooSmall', 400, { params: TRADE_MIN_PARAMS, field: 'amount' });
      const limitPrice = priceOf(input.price);
      const { now, trader, today, fee, id } = reads;
      requireMerchant(trader);
      if (today.cancelled > CANCEL_LIMIT) throw new AppError('trade.cancelBlocked', 403, { limit: CANCEL_LIMIT });
      if (today.placed >= trader.dailyOrders) throw new AppError('trade.dailyLimit', 403, { count: today.placed });
      const hold = orderHoldOf(input.side, amount, limitPrice);
      const wanted = { userId, side: input.side, amount, limitPrice };
      const handed = { hold: true, asset: givenAsset(input.side), amount: hold, reference: `trade_order:${id}`, key: 'hold', at: now };
      // Locks in the book's order (docs/trading.md, "Concurrency"): the order (a new row, the id
      // taken above so that its hold can name it), then the best offer, and only then the ledger
      // accounts, by the hold's posting. Holding the accounts while waiting for an offer that a
      // settlement holds while it waits for those accounts was a deadlock.
      const [[inserted], best] = await allInOrder([
        INSERT_ORDER(tx, [id, userId, input.side, String(amount), String(limitPrice), String(hold), now.toISOString(), addSeconds(now, MATCHING_MINUTES * 60).toISOString()]),
        lockBestOfferFor(tx, wanted),
      ]);
      const order = orderRowOf(inserted);
      // The hold (and the match) go with the notices, the key's reply and COMMIT: a hold the
      // balance does not cover is refused and rolls all of it back (postTransfersWithCommit).
      postTransfersWithCommit(tx, [ownMove(userId, handed)]);
      if (!best) {
        await events.orderChanged(tx, order);
        return orderView(order, userId, null, null);
      }
      const matched = matchOrderWithCommit(tx, order, best.offer, now, fee.hundredths, fee.text);
      await events.orderChanged(tx, order);
      await events.orderChanged(tx, matched.order);
      return orderView(matched.order, userId, best.ownerName, matched.remaining);
    },

    /**
     * Confirming's first reads, sent with the payment's claim: the user's order, locked under the
     * key's lock (null: none of theirs, or the key busy), and, when it is matched, the offer it met,
     * locked behind it in the same round trip.
     */
    async confirmingReads(tx: Tx, userId: string, id: number, keyLock: string): Promise<ConfirmingReads> {
      const [[order], [offer]] = await allInOrder([OWN_ORDER_FOR_UPDATE_UNDER_KEY(tx, [id, userId, keyLock]), OFFER_OF_OWN_ORDER_FOR_UPDATE(tx, [id, userId, keyLock])]);
      return { order: order ? orderRowOf(order) : null, offer: offer ?? null };
    },

    /** Confirms a matched order within its time (locked by confirmingReads, with its offer): it settles. */
    async confirmOrder(tx: Tx, userId: string, { order, offer: locked }: ConfirmingReads, events: BookEvents): Promise<TradeOrder> {
      // The key was ours when the gate opened, so no row is no order of theirs.
      if (!order) throw new AppError('record.notFound', 404);
      if (order.status === 'matching') throw new AppError('trade.infoIncomplete', 409);
      if (order.status !== 'matched') throw new AppError('trade.orderEnded', 409);
      const now = clock();
      // Past its time the order is the expiry job's: it ends and releases everything.
      if (!order.confirmBy || now.getTime() >= order.confirmBy.getTime()) throw new AppError('trade.confirmExpired', 409);
      if (!locked) throw new AppError('trade.offerGone', 409);
      const settled = settleOrder(tx, order, offerRowOf(locked), now);
      await events.settled(tx, settled);
      return orderView(settled, userId, locked.owner_name as string, null);
    },

    /** Cancels one of the user's orders that has not settled: all it held is released; a matched one's quantity returns to its offer. */
    async cancelOrder(userId: string, id: number, events: BookEvents): Promise<TradeOrder> {
      return inTransaction(db, async (tx) => {
        events.reset();
        const order = await lockOwnOrder(tx, userId, id);
        if (order.status !== 'matching' && order.status !== 'matched') throw new AppError('trade.orderEnded', 409);
        const now = clock();
        const ended = await endOrder(tx, order, await lockOffer(tx, order.status === 'matched' ? order.offerId : null), 'cancelled', now);
        await events.orderChanged(tx, ended.order);
        if (ended.offer?.status === 'open') {
          const fee = await feeNow(tx);
          await matchWaitingFor(tx, ended.offer, now, fee.hundredths, fee.text, events);
        }
        return orderFor(tx, order.id, userId);
      });
    },

    async order(userId: string, id: number): Promise<TradeOrder> {
      return orderFor(db, id, userId);
    },

    /** The user's orders, placed by them or matched with their offers, newest first, by tab. */
    async orders(userId: string, tab: OrderTab, page: number, pageSize: number): Promise<Page<TradeOrder>> {
      const statuses = ORDER_TAB_STATUSES[tab];
      const where = and(partyTo(userId), statuses ? inArray(tradeOrders.status, [...statuses]) : undefined);
      const [rows, [{ total }]] = await Promise.all([
        ordersWithParties(db)
          .where(where)
          .orderBy(desc(tradeOrders.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(tradeOrders).where(where),
      ]);
      return { list: rows.map((row) => viewFor(row, userId)), total: Number(total), page, pageSize };
    },
  };
}
