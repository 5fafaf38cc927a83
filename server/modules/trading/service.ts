/**
 * The trading hall (docs/trading.md): merchants' offers, their orders and the matching between
 * them, each change with its postings in one transaction (book.ts holds the moves). Money calls
 * (posting or changing an offer, placing or confirming an order) run inside the payment's
 * transaction (payOnce); withdrawing an offer and cancelling an order only give money back, so
 * they need no payment password and run in a transaction of their own.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../../src/domain/errors';
import { parseRate, type Asset } from '../../../src/domain/money';
import {
  CANCEL_LIMIT,
  CONFIRM_MINUTES,
  MATCHING_MINUTES,
  MERCHANT_STATS_DAYS,
  ORDER_TAB_STATUSES,
  TRADE_MIN_PARAMS,
  TRADE_MIN_USDT,
  givenAsset,
  offerHoldOf,
  offerSideFor,
  orderHoldOf,
  parsePrice,
  priceText,
  utcDayOf,
  type OfferEditInput,
  type OfferInput,
  type OrderInput,
  type OrderTab,
  type TradeSide,
} from '../../../src/domain/trading';
import type { Page, TradeOffer, TradeOrder, TradeSummary } from '../../../src/domain/wire';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { allInOrder, nextIdOf } from '../../db/pipeline';
import { rowsOf } from '../../db/rows';
import { merchantApplications, tradeOffers, tradeOrders, users, vipLevels } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { amountOrRefusal, Refusal } from '../../errors';
import { postTransfer } from '../../ledger/transfers';
import { parseFeePercent, readSettings, SETTING_KEYS } from '../startup';
import { endOrder, heldForPending, lockBestOfferFor, matchOrder, matchWaitingFor, settleOrder, type BookEvents } from './book';
import { applicationView, completionRateText, offerView, orderView, type MerchantStats, type OfferRow, type OrderRow } from './views';

/** Offers shown in the hall at once: the best fifty. */
const HALL_SIZE = 50;

function priceOf(text: string): bigint {
  const price = parsePrice(text);
  if (price === null) throw new Refusal('trade.priceInvalid', 400, { field: 'price' });
  return price;
}

/** The limits of an offer, checked together: each at least the smallest order, min ≤ max, and the quantity able to take one order. */
function offerNumbers(input: { quantity: string; price: string; minAmount: string; maxAmount: string }) {
  const quantity = amountOrRefusal(input.quantity, 'USDT', 'quantity');
  const price = priceOf(input.price);
  const minAmount = amountOrRefusal(input.minAmount, 'USDT', 'minAmount');
  const maxAmount = amountOrRefusal(input.maxAmount, 'USDT', 'maxAmount');
  if (minAmount < TRADE_MIN_USDT || maxAmount < minAmount) throw new Refusal('trade.limitsInvalid', 400, { params: TRADE_MIN_PARAMS, field: 'minAmount' });
  if (quantity < minAmount) throw new Refusal('trade.limitsInvalid', 400, { params: TRADE_MIN_PARAMS, field: 'quantity' });
  return { quantity, price, minAmount, maxAmount };
}

interface TraderRow {
  isMerchant: boolean;
  vipLevel: number;
  hasPayPassword: boolean;
  dailyOrders: number;
}

async function traderOf(db: Db | Tx, userId: string): Promise<TraderRow> {
  const [row] = await db
    .select({
      isMerchant: users.isMerchant,
      vipLevel: users.vipLevel,
      hasPayPassword: sql<boolean>`${users.payPasswordHash} IS NOT NULL`,
      dailyOrders: sql<number>`coalesce(${vipLevels.dailyOrders}, 0)`,
    })
    .from(users)
    .leftJoin(vipLevels, eq(vipLevels.level, users.vipLevel))
    .where(eq(users.id, userId))
    // Sent now: it goes out together with the other reads of an order (server/db/pipeline.ts).
    .execute();
  if (!row) throw new AppError('session.gone', 401);
  return { ...row, dailyOrders: Number(row.dailyOrders) };
}

function requireMerchant(trader: TraderRow): void {
  if (!trader.isMerchant) throw new AppError('trade.merchantRequired', 403);
}

/** The fee of the hall now: hundredths of a percent, and as the operators wrote it. */
async function feeNow(db: Db | Tx): Promise<{ hundredths: bigint; text: string }> {
  const [text] = await readSettings(db, [SETTING_KEYS.tradeFeePercent]);
  const hundredths = text === null ? null : parseFeePercent(text);
  // Seeded by the migration and checked when an operator changes it.
  if (text === null || hundredths === null) throw new AppError('server.error', 500);
  return { hundredths, text };
}

/** Today's orders (UTC) the user placed, and matched ones they cancelled today. */
async function todayOf(db: Db | Tx, userId: string, now: Date): Promise<{ placed: number; cancelled: number }> {
  const { start } = utcDayOf(now);
  // An order lives at most MATCHING_MINUTES + CONFIRM_MINUTES: one cancelled today was placed at
  // most that long before midnight, so the rows read are a day's and a little more.
  const placedSince = addSeconds(start, -(MATCHING_MINUTES + CONFIRM_MINUTES) * 60);
  const [row] = await db
    .select({
      placed: sql<number>`count(*) FILTER (WHERE ${tradeOrders.createdAt} >= ${start.toISOString()}::timestamptz)`,
      cancelled: sql<number>`count(*) FILTER (WHERE ${tradeOrders.status} = 'cancelled' AND ${tradeOrders.wasMatched} AND ${tradeOrders.endedAt} >= ${start.toISOString()}::timestamptz)`,
    })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.userId, userId), gte(tradeOrders.createdAt, placedSince)))
    .execute();
  return { placed: Number(row.placed), cancelled: Number(row.cancelled) };
}

/** Names and the last 30 days of the given merchants: completed orders, and completed of matched orders that ended, either side. */
async function merchantStats(db: Db | Tx, userIds: string[], now: Date): Promise<Map<string, MerchantStats>> {
  const stats = new Map<string, MerchantStats>();
  if (userIds.length === 0) return stats;
  const since = addSeconds(now, -MERCHANT_STATS_DAYS * 24 * 3600).toISOString();
  const rows = await rowsOf<{ id: string; name: string; completed: string; matched: string }>(
    db,
    sql`SELECT u.id, u.nickname AS name,
          count(o.id) FILTER (WHERE o.status = 'completed')::text AS completed,
          -- Orders still waiting for confirmation have not failed: only ended ones count.
          count(o.id) FILTER (WHERE o.status IN ('completed', 'cancelled', 'expired'))::text AS matched
        FROM users u
        LEFT JOIN trade_orders o ON (o.user_id = u.id OR o.merchant_id = u.id) AND o.was_matched AND o.matched_at >= ${since}::timestamptz
        WHERE u.id IN (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        GROUP BY u.id, u.nickname`,
  );
  for (const row of rows) {
    const completed = Number(row.completed);
    stats.set(row.id, { name: row.name, completed, completionRate: completionRateText(completed, Number(row.matched)) });
  }
  return stats;
}

async function offerViews(db: Db | Tx, rows: OfferRow[], viewerId: string, now: Date): Promise<TradeOffer[]> {
  const stats = await merchantStats(db, [...new Set(rows.map((row) => row.userId))], now);
  return rows.map((row) => offerView(row, viewerId, stats.get(row.userId) ?? { name: '', completed: 0, completionRate: null }));
}

const takers = alias(users, 'taker');
const makers = alias(users, 'maker');

/** Orders with both parties' names and the matched offer's remaining quantity. */
function ordersWithParties(db: Db | Tx) {
  return db
    .select({ order: tradeOrders, takerName: takers.nickname, makerName: makers.nickname, offerRemaining: tradeOffers.remaining })
    .from(tradeOrders)
    .innerJoin(takers, eq(takers.id, tradeOrders.userId))
    .leftJoin(makers, eq(makers.id, tradeOrders.merchantId))
    .leftJoin(tradeOffers, eq(tradeOffers.id, tradeOrders.offerId))
    .$dynamic();
}

type OrderWithParties = { order: OrderRow; takerName: string; makerName: string | null; offerRemaining: bigint | null };

function viewFor(row: OrderWithParties, viewerId: string): TradeOrder {
  const taker = row.order.userId === viewerId;
  return orderView(row.order, viewerId, taker ? row.makerName : row.takerName, row.order.status === 'matched' ? row.offerRemaining : null);
}

/** The user's side of an order: theirs (taker), or matched with their offer (maker). */
const partyTo = (userId: string): SQL | undefined => or(eq(tradeOrders.userId, userId), eq(tradeOrders.merchantId, userId));

/** Moves a user's own money between available and trading: a hold (into trading) or a release (back). */
function moveOwn(tx: Tx, userId: string, move: { hold: boolean; asset: Asset; amount: bigint; reference: string; key: string; at: Date }): Promise<number> {
  const available = { userId, purpose: 'available' as const };
  const trading = { userId, purpose: 'trading' as const };
  return postTransfer(tx, {
    debit: move.hold ? available : trading,
    credit: move.hold ? trading : available,
    asset: move.asset,
    amount: move.amount,
    kind: move.hold ? 'trade_hold' : 'trade_release',
    reference: move.reference,
    idempotencyKey: `${move.reference}:${move.key}`,
    at: move.at,
  });
}

export function createTrading(db: Db, clock: Clock) {
  /** An order as its viewer sees it now (after the transaction that changed it). */
  async function orderFor(dbOrTx: Db | Tx, id: number, viewerId: string): Promise<TradeOrder> {
    const [row] = await ordersWithParties(dbOrTx).where(and(eq(tradeOrders.id, id), partyTo(viewerId)));
    // Someone else's order answers exactly like one that does not exist.
    if (!row) throw new AppError('record.notFound', 404);
    return viewFor(row, viewerId);
  }

  async function offerFor(dbOrTx: Db | Tx, offer: OfferRow, viewerId: string): Promise<TradeOffer> {
    const [view] = await offerViews(dbOrTx, [offer], viewerId, clock());
    return view;
  }

  /** Locks one of the user's offers; someone else's answers like a missing one. */
  async function lockOwnOffer(tx: Tx, userId: string, id: number): Promise<OfferRow> {
    const [offer] = await tx.select().from(tradeOffers).where(and(eq(tradeOffers.id, id), eq(tradeOffers.userId, userId))).for('update');
    if (!offer) throw new AppError('record.notFound', 404);
    if (offer.status !== 'open') throw new AppError('trade.offerGone', 409);
    return offer;
  }

  /** Locks one of the user's own orders (as its taker: only they confirm or cancel it). */
  async function lockOwnOrder(tx: Tx, userId: string, id: number): Promise<OrderRow> {
    const [order] = await tx.select().from(tradeOrders).where(and(eq(tradeOrders.id, id), eq(tradeOrders.userId, userId))).for('update');
    if (!order) throw new AppError('record.notFound', 404);
    return order;
  }

  async function lockOffer(tx: Tx, id: number | null): Promise<OfferRow | null> {
    if (id === null) return null;
    const [offer] = await tx.select().from(tradeOffers).where(eq(tradeOffers.id, id)).for('update');
    return offer ?? null;
  }

  /** The user's latest application to become a merchant, or null. */
  async function applicationOf(userId: string) {
    const [row] = await db.select().from(merchantApplications).where(eq(merchantApplications.userId, userId)).orderBy(desc(merchantApplications.id)).limit(1);
    return row ? applicationView(row) : null;
  }

  return {
    // ---- merchants -----------------------------------------------------------------------------

    application: applicationOf,

    /** Asks to become a merchant: needs the payment password set; one application waits at a time. */
    async apply(userId: string) {
      return inTransaction(db, async (tx) => {
        const [user] = await tx
          .select({ isMerchant: users.isMerchant, hasPayPassword: sql<boolean>`${users.payPasswordHash} IS NOT NULL` })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) throw new AppError('session.gone', 401);
        if (user.isMerchant) throw new AppError('merchant.alreadyMerchant', 409);
        if (!user.hasPayPassword) throw new AppError('payPassword.notSet', 400);
        const [waiting] = await tx
          .select({ id: merchantApplications.id })
          .from(merchantApplications)
          .where(and(eq(merchantApplications.userId, userId), eq(merchantApplications.status, 'pending')));
        if (waiting) throw new AppError('merchant.applicationPending', 409);
        const [row] = await tx.insert(merchantApplications).values({ userId, status: 'pending', createdAt: clock() }).returning();
        return applicationView(row);
      });
    },

    // ---- the hall and offers --------------------------------------------------------------------

    /** Open offers a user of `side` can trade with, best price first, then oldest; only those taking `amount` when given. */
    async hall(viewerId: string, side: TradeSide, amountText: string | undefined): Promise<TradeOffer[]> {
      const amount = amountText === undefined ? null : amountOrRefusal(amountText, 'USDT', 'amount');
      const offerSide = offerSideFor(side);
      const rows = await db
        .select()
        .from(tradeOffers)
        .where(
          and(
            eq(tradeOffers.status, 'open'),
            eq(tradeOffers.side, offerSide),
            gte(tradeOffers.remaining, tradeOffers.minAmount),
            ...(amount === null ? [] : [lte(tradeOffers.minAmount, amount), gte(tradeOffers.maxAmount, amount), gte(tradeOffers.remaining, amount)]),
          ),
        )
        .orderBy(offerSide === 'sell' ? asc(tradeOffers.price) : desc(tradeOffers.price), asc(tradeOffers.id))
        .limit(HALL_SIZE);
      return offerViews(db, rows, viewerId, clock());
    },

    async myOffers(userId: string, page: number, pageSize: number): Promise<Page<TradeOffer>> {
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(tradeOffers)
          .where(eq(tradeOffers.userId, userId))
          .orderBy(desc(tradeOffers.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(tradeOffers).where(eq(tradeOffers.userId, userId)),
      ]);
      return { list: await offerViews(db, rows, userId, clock()), total: Number(total), page, pageSize };
    },

    /** Posts an offer: what it may give away is held at once; waiting orders it fits are matched with it. */
    async postOffer(tx: Tx, userId: string, input: Omit<OfferInput, 'payPassword'>, events: BookEvents): Promise<TradeOffer> {
      requireMerchant(await traderOf(tx, userId));
      const numbers = offerNumbers(input);
      const now = clock();
      const held = offerHoldOf(input.side, numbers.quantity, numbers.price);
      const [offer] = await tx
        .insert(tradeOffers)
        .values({ userId, side: input.side, ...numbers, remaining: numbers.quantity, pending: 0n, held, status: 'open', version: 0, createdAt: now, updatedAt: now })
        .returning();
      await moveOwn(tx, userId, { hold: true, asset: givenAsset(input.side), amount: held, reference: `trade_offer:${offer.id}`, key: 'v0', at: now });
      const fee = await feeNow(tx);
      return offerFor(tx, await matchWaitingFor(tx, offer, now, fee.hundredths, fee.text, events), userId);
    },

    /**
     * Changes an open offer's quantity left, price and limits; its hold follows (more is held, or
     * the rest released). The price stays while orders matched with it wait for confirmation.
     */
    async editOffer(tx: Tx, userId: string, input: Omit<OfferEditInput, 'payPassword'>, events: BookEvents): Promise<TradeOffer> {
      requireMerchant(await traderOf(tx, userId));
      const numbers = offerNumbers(input);
      const offer = await lockOwnOffer(tx, userId, input.id);
      if (numbers.price !== offer.price && offer.pending > 0n) throw new AppError('trade.offerBusy', 409);
      const now = clock();
      const held = offerHoldOf(offer.side, numbers.quantity + offer.pending, numbers.price);
      const version = offer.version + 1;
      if (held !== offer.held) {
        const more = held > offer.held;
        await moveOwn(tx, userId, {
          hold: more,
          asset: givenAsset(offer.side),
          amount: more ? held - offer.held : offer.held - held,
          reference: `trade_offer:${offer.id}`,
          key: `v${version}`,
          at: now,
        });
      }
      const [changed] = await tx
        .update(tradeOffers)
        .set({
          price: numbers.price,
          quantity: offer.quantity - offer.remaining + numbers.quantity,
          remaining: numbers.quantity,
          minAmount: numbers.minAmount,
          maxAmount: numbers.maxAmount,
          held,
          version,
          updatedAt: now,
        })
        .where(eq(tradeOffers.id, offer.id))
        .returning();
      const fee = await feeNow(tx);
      return offerFor(tx, await matchWaitingFor(tx, changed, now, fee.hundredths, fee.text, events), userId);
    },

    /** Withdraws an open offer: what it held for its remaining quantity returns; orders matched with it can still settle. */
    async withdrawOffer(userId: string, id: number): Promise<TradeOffer> {
      return inTransaction(db, async (tx) => {
        const offer = await lockOwnOffer(tx, userId, id);
        const now = clock();
        const keep = await heldForPending(tx, offer);
        const version = offer.version + 1;
        if (offer.held > keep) {
          await moveOwn(tx, userId, { hold: false, asset: givenAsset(offer.side), amount: offer.held - keep, reference: `trade_offer:${offer.id}`, key: `v${version}`, at: now });
        }
        const [changed] = await tx
          .update(tradeOffers)
          .set({ status: 'withdrawn', remaining: 0n, held: keep, version, updatedAt: now })
          .where(eq(tradeOffers.id, offer.id))
          .returning();
        return offerFor(tx, changed, userId);
      });
    },

    // ---- orders --------------------------------------------------------------------------------

    /**
     * Places an order: it holds what the user gives and is matched at once with the best offer
     * that fits; with none, it waits (matching) for one until MATCHING_MINUTES have passed.
     */
    async placeOrder(tx: Tx, userId: string, input: Omit<OrderInput, 'payPassword'>, events: BookEvents): Promise<TradeOrder> {
      const amount = amountOrRefusal(input.amount, 'USDT', 'amount');
      if (amount < TRADE_MIN_USDT) throw new Refusal('trade.amountTooSmall', 400, { params: TRADE_MIN_PARAMS, field: 'amount' });
      const limitPrice = priceOf(input.price);
      const now = clock();
      // Who places it, the day's counts, the fee and the order's id: one round trip.
      const [trader, today, fee, id] = await allInOrder([traderOf(tx, userId), todayOf(tx, userId, now), feeNow(tx), nextIdOf(tx, 'trade_orders')]);
      requireMerchant(trader);
      if (today.cancelled > CANCEL_LIMIT) throw new AppError('trade.cancelBlocked', 403, { limit: CANCEL_LIMIT });
      if (today.placed >= trader.dailyOrders) throw new AppError('trade.dailyLimit', 403, { count: today.placed });
      const hold = orderHoldOf(input.side, amount, limitPrice);
      // The order and its hold together (the id was taken above, so the hold can name the order).
      const [[order]] = await allInOrder([
        tx
          .insert(tradeOrders)
          .values({ id, userId, side: input.side, amount, limitPrice, hold, status: 'matching', wasMatched: false, createdAt: now, expiresAt: addSeconds(now, MATCHING_MINUTES * 60) })
          .returning()
          .execute(),
        moveOwn(tx, userId, { hold: true, asset: givenAsset(input.side), amount: hold, reference: `trade_order:${id}`, key: 'hold', at: now }),
      ]);
      events.orderChanged(order);
      const best = await lockBestOfferFor(tx, order);
      if (!best) return orderView(order, userId, null, null);
      const matched = await matchOrder(tx, order, best.offer, now, fee.hundredths, fee.text);
      events.orderChanged(matched.order);
      return orderView(matched.order, userId, best.ownerName, matched.offer.remaining);
    },

    /** Confirms a matched order within its time: it settles. */
    async confirmOrder(tx: Tx, userId: string, id: number, events: BookEvents): Promise<TradeOrder> {
      const order = await lockOwnOrder(tx, userId, id);
      if (order.status === 'matching') throw new AppError('trade.infoIncomplete', 409);
      if (order.status !== 'matched') throw new AppError('trade.orderEnded', 409);
      const now = clock();
      // Past its time the order is the expiry job's: it ends and releases everything.
      if (!order.confirmBy || now.getTime() >= order.confirmBy.getTime()) throw new AppError('trade.confirmExpired', 409);
      const [locked] = await tx
        .select({ offer: tradeOffers, ownerName: users.nickname })
        .from(tradeOffers)
        .innerJoin(users, eq(users.id, tradeOffers.userId))
        .where(eq(tradeOffers.id, order.offerId ?? 0))
        .for('update', { of: tradeOffers });
      if (!locked) throw new AppError('trade.offerGone', 409);
      const settled = await settleOrder(tx, order, locked.offer, now);
      events.settled(settled);
      return orderView(settled, userId, locked.ownerName, null);
    },

    /** Cancels one of the user's orders that has not settled: all it held is released; a matched one's quantity returns to its offer. */
    async cancelOrder(userId: string, id: number, events: BookEvents): Promise<TradeOrder> {
      return inTransaction(db, async (tx) => {
        events.reset();
        const order = await lockOwnOrder(tx, userId, id);
        if (order.status !== 'matching' && order.status !== 'matched') throw new AppError('trade.orderEnded', 409);
        const now = clock();
        const ended = await endOrder(tx, order, await lockOffer(tx, order.status === 'matched' ? order.offerId : null), 'cancelled', now);
        events.orderChanged(ended.order);
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

    /** What the hall shows above its lists: merchant status, today's counts and limits, the best prices. */
    async summary(userId: string): Promise<TradeSummary> {
      const now = clock();
      const best = (side: TradeSide, cheapest: boolean) =>
        db
          .select({ price: tradeOffers.price })
          .from(tradeOffers)
          .where(and(eq(tradeOffers.status, 'open'), eq(tradeOffers.side, side), gte(tradeOffers.remaining, tradeOffers.minAmount), ne(tradeOffers.userId, userId)))
          .orderBy(cheapest ? asc(tradeOffers.price) : desc(tradeOffers.price))
          .limit(1);
      const [trader, today, [pending], application, [rate], fee, [bestSell], [bestBuy]] = await Promise.all([
        traderOf(db, userId),
        todayOf(db, userId, now),
        db
          .select({ n: count() })
          .from(tradeOrders)
          .where(and(partyTo(userId), inArray(tradeOrders.status, ['matching', 'matched']))),
        applicationOf(userId),
        readSettings(db, [SETTING_KEYS.usdtEurRate]),
        feeNow(db),
        best('sell', true),
        best('buy', false),
      ]);
      const micro = rate === null ? null : parseRate(rate);
      return {
        merchant: trader.isMerchant,
        application,
        payPasswordSet: trader.hasPayPassword,
        ordersToday: today.placed,
        dailyOrders: trader.dailyOrders,
        cancelsToday: today.cancelled,
        cancelLimit: CANCEL_LIMIT,
        blockedUntil: today.cancelled > CANCEL_LIMIT ? utcDayOf(now).end.toISOString() : null,
        pending: Number(pending.n),
        feePercent: fee.text,
        // The reference rate has six decimals; a price four (cut).
        referencePrice: micro === null ? '0.0000' : priceText(micro / 100n),
        bestSellPrice: bestSell ? priceText(bestSell.price) : null,
        bestBuyPrice: bestBuy ? priceText(bestBuy.price) : null,
      };
    },

    /**
     * The hall's scheduled work, run by one process of the cluster at a time (a transaction
     * advisory lock; another process finding it taken skips the round): matched orders not
     * confirmed in time and orders that found no counterparty within MATCHING_MINUTES end and
     * release all they held; orders still waiting are offered to the book again. Every step checks
     * the row's state under its lock, so running late (after downtime) or twice changes nothing twice.
     */
    async sweep(events: BookEvents, batch = 100): Promise<{ expired: number; matched: number } | null> {
      return inTransaction(db, async (tx) => {
        const [{ locked }] = await rowsOf<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${TRADE_JOB_LOCK}::bigint) AS locked`);
        if (!locked) return null;
        events.reset();
        const now = clock();
        let expired = 0;
        let matched = 0;
        const unconfirmed = await tx
          .select()
          .from(tradeOrders)
          .where(and(eq(tradeOrders.status, 'matched'), lte(tradeOrders.confirmBy, now)))
          .orderBy(asc(tradeOrders.id))
          .limit(batch)
          .for('update', { skipLocked: true });
        const fee = unconfirmed.length > 0 ? await feeNow(tx) : null;
        for (const order of unconfirmed) {
          const ended = await endOrder(tx, order, await lockOffer(tx, order.offerId), 'expired', now);
          events.orderChanged(ended.order);
          expired++;
          if (ended.offer?.status === 'open' && fee) await matchWaitingFor(tx, ended.offer, now, fee.hundredths, fee.text, events);
        }
        const unmatched = await tx
          .select()
          .from(tradeOrders)
          .where(and(eq(tradeOrders.status, 'matching'), lte(tradeOrders.expiresAt, now)))
          .orderBy(asc(tradeOrders.id))
          .limit(batch)
          .for('update', { skipLocked: true });
        for (const order of unmatched) {
          events.orderChanged((await endOrder(tx, order, null, 'expired', now)).order);
          expired++;
        }
        const waiting = await tx
          .select()
          .from(tradeOrders)
          .where(eq(tradeOrders.status, 'matching'))
          .orderBy(asc(tradeOrders.id))
          .limit(batch)
          .for('update', { skipLocked: true });
        const matchFee = waiting.length > 0 ? await feeNow(tx) : null;
        for (const order of waiting) {
          const best = await lockBestOfferFor(tx, order);
          if (!best || !matchFee) continue;
          events.orderChanged((await matchOrder(tx, order, best.offer, now, matchFee.hundredths, matchFee.text)).order);
          matched++;
        }
        return { expired, matched };
      });
    },
  };
}

/** The advisory lock key of the hall's scheduled work ("TRAD" in ASCII). */
export const TRADE_JOB_LOCK = 0x54524144;

export type Trading = ReturnType<typeof createTrading>;
