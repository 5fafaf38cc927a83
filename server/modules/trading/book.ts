/**
 * The order book's moves, each inside the caller's transaction, each with its postings: matching
 * an order with an offer, settling it, and releasing an order or what an offer holds. The rules
 * and the reasons for them are in docs/trading.md; in short:
 *
 * - An offer holds, in its owner's 'trading' account, what its remaining and pending quantity may
 *   give away (`held`): USDT for a sell offer, their EUR total for a buy offer. Matching moves
 *   quantity from remaining to pending and moves no money; settling pays the order out of the
 *   offer's hold and the order's own; releasing gives back what is no longer needed.
 * - An order holds what its user gives (EUR at the limit price for a buy, the USDT for a sell)
 *   from placement until it ends.
 * - Locks are taken order first, then offer, then (by the posting) ledger accounts in id order;
 *   the matching that starts from an offer skips orders locked by someone else instead of waiting.
 */
import { and, asc, eq, gt, gte, lte, ne, sql } from 'drizzle-orm';
import { CONFIRM_MINUTES, feeOf, offerSideFor, totalOf, type TradeSide } from '../../../src/domain/trading';
import { addSeconds } from '../../clock';
import type { Tx } from '../../db/client';
import { allInOrder } from '../../db/pipeline';
import { fixedStatement } from '../../db/rows';
import { withCommit } from '../../db/transaction';
import { tradeOffers, tradeOrders } from '../../db/schema';
import { postTransfers, postTransfersWithCommit, type TransferInput } from '../../ledger/transfers';
import { offerRowOf, orderRowOf, type OfferRow, type OrderRow } from './views';

/** What changed, written in the same transaction and told to the parties and the market once it commits (outbox.ts). */
export interface BookEvents {
  /** A new attempt of the transaction begins: forget what an attempt that rolled back recorded. */
  reset(): void;
  /** An order changed: its user and, once matched, its merchant are told. */
  orderChanged(tx: Tx, order: OrderRow): Promise<void>;
  /** An order settled: its parties are told, and it is a trade at a price for the market's candles. */
  settled(tx: Tx, order: OrderRow): Promise<void>;
}

const trading = (userId: string) => ({ userId, purpose: 'trading' as const });
const available = (userId: string) => ({ userId, purpose: 'available' as const });
const orderRef = (id: number) => `trade_order:${id}`;

/** Does this (locked) offer take this order? */
export function fits(offer: OfferRow, order: Pick<OrderRow, 'userId' | 'side' | 'amount' | 'limitPrice'>): boolean {
  return (
    offer.status === 'open' &&
    offer.side === offerSideFor(order.side) &&
    offer.userId !== order.userId &&
    offer.remaining >= order.amount &&
    offer.minAmount <= order.amount &&
    offer.maxAmount >= order.amount &&
    (order.side === 'buy' ? offer.price <= order.limitPrice : offer.price >= order.limitPrice)
  );
}

/** A locked offer and the name of the merchant who posted it (shown on the order). */
export interface LockedOffer {
  offer: OfferRow;
  ownerName: string;
}

/**
 * The conditions an offer `o` must meet to take an order (the same as `fits`): the offer's side
 * ($1), another user's than the order's ($2), room for its amount ($3), a price within its limit
 * ($4: at most it for a buy, at least it for a sell).
 */
const offerFits = (priceFits: '<=' | '>=') =>
  `o.status = 'open' AND o.side = $1 AND o.user_id <> $2 AND o.remaining >= $3::bigint
   AND o.min_amount <= $3::bigint AND o.max_amount >= $3::bigint AND o.price ${priceFits} $4::bigint`;

/**
 * Per direction, written once (db/rows.ts fixedStatement): the best fitting offer locked with its
 * merchant's name (the cheapest sell offer for a buy, the dearest buy offer for a sell, then the
 * oldest), and whether any offer fits at all, without locks.
 */
const offerStatements = (priceFits: '<=' | '>=', byPrice: 'ASC' | 'DESC') => ({
  lockBest: fixedStatement<Record<string, unknown>>(
    `SELECT o.*, u.nickname AS owner_name FROM trade_offers o JOIN users u ON u.id = o.user_id
     WHERE ${offerFits(priceFits)} ORDER BY o.price ${byPrice}, o.id LIMIT 1 FOR UPDATE OF o`,
  ),
  anyFits: fixedStatement<{ id: string }>(`SELECT o.id::text AS id FROM trade_offers o WHERE ${offerFits(priceFits)} LIMIT 1`),
});
const FOR_A_BUY = offerStatements('<=', 'ASC');
const FOR_A_SELL = offerStatements('>=', 'DESC');

/**
 * The best offer for an order, locked, with its merchant's name: the best price for the order's
 * user (cheapest sell offer for a buy, dearest buy offer for a sell), then the oldest, in one
 * statement. PostgreSQL checks a row changed by another transaction again once its lock is had
 * and passes over it to the next when it no longer fits; when none was locked, a read without
 * locks tells "none fits" from "the ones that fitted were all taken meanwhile" (then it tries again).
 */
export async function lockBestOfferFor(tx: Tx, order: Pick<OrderRow, 'userId' | 'side' | 'amount' | 'limitPrice'>): Promise<LockedOffer | null> {
  const { lockBest, anyFits } = order.side === 'buy' ? FOR_A_BUY : FOR_A_SELL;
  const params = [offerSideFor(order.side), order.userId, String(order.amount), String(order.limitPrice)];
  for (let attempt = 0; attempt < 8; attempt++) {
    const [raw] = await lockBest(tx, params);
    const found = raw ? { offer: offerRowOf(raw), ownerName: raw.owner_name as string } : undefined;
    if (found && fits(found.offer, order)) return found;
    const [candidate] = await anyFits(tx, params);
    if (!candidate) return null;
  }
  return null;
}

/** A match's two updates (db/rows.ts fixedStatement): the offer's quantity moves from remaining to pending; the order is matched. */
const MATCH_OFFER = fixedStatement<Record<string, unknown>>(
  `UPDATE trade_offers SET remaining = remaining - $2::bigint, pending = pending + $2::bigint, updated_at = $3 WHERE id = $1 RETURNING *`,
);
const MATCH_ORDER = fixedStatement<Record<string, unknown>>(
  `UPDATE trade_orders SET status = 'matched', offer_id = $2, merchant_id = $3, price = $4, total = $5, fee = $6, fee_percent = $7,
     was_matched = true, matched_at = $8, confirm_by = $9
   WHERE id = $1 RETURNING *`,
);

/** A match's two updates, each as a function that sends it (the order's price, total and fee fixed here). */
function matchUpdates(order: OrderRow, offer: OfferRow, now: Date, feeHundredths: bigint, feePercent: string) {
  const total = totalOf(order.amount, offer.price);
  // The taker pays the fee, out of what they receive.
  const fee = feeOf(order.side === 'buy' ? order.amount : total, feeHundredths);
  const confirmBy = addSeconds(now, CONFIRM_MINUTES * 60);
  return {
    offer: (tx: Tx) => MATCH_OFFER(tx, [offer.id, String(order.amount), now.toISOString()]),
    order: (tx: Tx) => MATCH_ORDER(tx, [order.id, offer.id, offer.userId, String(offer.price), String(total), String(fee), feePercent, now.toISOString(), confirmBy.toISOString()]),
    /** The order's row as the update leaves it. */
    matched: { ...order, status: 'matched' as const, offerId: offer.id, merchantId: offer.userId, price: offer.price, total, fee, feePercent, wasMatched: true, matchedAt: now, confirmBy },
  };
}

/** Pairs a waiting order with an offer (both locked): price, total and fee are fixed; no money moves. */
export async function matchOrder(tx: Tx, order: OrderRow, offer: OfferRow, now: Date, feeHundredths: bigint, feePercent: string): Promise<{ order: OrderRow; offer: OfferRow }> {
  const updates = matchUpdates(order, offer, now, feeHundredths, feePercent);
  // Both rows are locked by this transaction already: the two updates go out together.
  const [[updatedOffer], [updatedOrder]] = await allInOrder([updates.offer(tx), updates.order(tx)]);
  return { order: orderRowOf(updatedOrder), offer: offerRowOf(updatedOffer) };
}

/**
 * matchOrder as a placement's last statements, sent with COMMIT (withCommit): both rows are locked,
 * so neither update can miss; the order's row is the one the update leaves, and the offer's
 * remaining quantity what it had less the order's amount (the offer was chosen for having it).
 */
export function matchOrderWithCommit(tx: Tx, order: OrderRow, offer: OfferRow, now: Date, feeHundredths: bigint, feePercent: string): { order: OrderRow; remaining: bigint } {
  const updates = matchUpdates(order, offer, now, feeHundredths, feePercent);
  withCommit(tx, updates.offer);
  withCommit(tx, updates.order);
  return { order: updates.matched, remaining: offer.remaining - order.amount };
}

/** What the offer's owner gives for an order: USDT for a sell offer, the order's EUR total for a buy offer. */
function makerShare(offer: OfferRow, order: OrderRow): bigint {
  return offer.side === 'sell' ? order.amount : (order.total ?? 0n);
}

/** A settlement's two updates (db/rows.ts fixedStatement). */
const SETTLE_OFFER = fixedStatement(`UPDATE trade_offers SET pending = $2, held = $3, status = $4, updated_at = $5 WHERE id = $1`);
const COMPLETE_ORDER = fixedStatement(`UPDATE trade_orders SET status = 'completed', ended_at = $2 WHERE id = $1`);

/**
 * Settles a matched order (order and offer locked): the USDT and EUR change hands, the taker's
 * fee goes to the fee account and what the order held beyond its total returns to its user, all
 * in one posting. An offer with nothing left to trade is filled, and what its hold kept beyond
 * the totals it paid (cents of rounding) returns to its owner.
 */
export function settleOrder(tx: Tx, order: OrderRow, offer: OfferRow, now: Date): OrderRow {
  const total = order.total ?? 0n;
  const fee = order.fee ?? 0n;
  const taker = order.userId;
  const maker = offer.userId;
  const reference = orderRef(order.id);
  const leg = (key: string, partial: Omit<TransferInput, 'reference' | 'idempotencyKey' | 'at'>): TransferInput => ({
    ...partial,
    reference,
    idempotencyKey: `${reference}:${key}`,
    at: now,
  });
  const legs: TransferInput[] = [];
  if (order.side === 'buy') {
    legs.push(leg('usdt', { debit: trading(maker), credit: available(taker), asset: 'USDT', amount: order.amount - fee, kind: 'trade_settle' }));
    if (fee > 0n) legs.push(leg('fee', { debit: trading(maker), credit: { platform: 'fees' }, asset: 'USDT', amount: fee, kind: 'trade_fee' }));
    legs.push(leg('eur', { debit: trading(taker), credit: available(maker), asset: 'EUR', amount: total, kind: 'trade_settle' }));
    if (order.hold > total) legs.push(leg('rest', { debit: trading(taker), credit: available(taker), asset: 'EUR', amount: order.hold - total, kind: 'trade_release' }));
  } else {
    legs.push(leg('usdt', { debit: trading(taker), credit: available(maker), asset: 'USDT', amount: order.amount, kind: 'trade_settle' }));
    legs.push(leg('eur', { debit: trading(maker), credit: available(taker), asset: 'EUR', amount: total - fee, kind: 'trade_settle' }));
    if (fee > 0n) legs.push(leg('fee', { debit: trading(maker), credit: { platform: 'fees' }, asset: 'EUR', amount: fee, kind: 'trade_fee' }));
  }

  const pending = offer.pending - order.amount;
  let held = offer.held - makerShare(offer, order);
  let status = offer.status;
  if (status === 'open' && offer.remaining === 0n && pending === 0n) {
    status = 'filled';
    if (held > 0n) {
      const asset = offer.side === 'sell' ? 'USDT' : 'EUR';
      // Named by the order whose settlement filled the offer: the event that released it.
      legs.push({ debit: trading(maker), credit: available(maker), asset, amount: held, kind: 'trade_release', reference, idempotencyKey: `trade_offer:${offer.id}:filled`, at: now });
      held = 0n;
    }
  }
  // The rows' updates and the posting go out with COMMIT (the order and the offer are locked: the
  // updates cannot miss them), the posting last: the ledger rows it locks (the platform's fee
  // account among them, shared by every settlement) are held only while PostgreSQL finishes the
  // batch and commits. A refused posting rolls all of it back (postTransfersWithCommit).
  withCommit(tx, (t) => SETTLE_OFFER(t, [offer.id, String(pending), String(held), status, now.toISOString()]));
  withCommit(tx, (t) => COMPLETE_ORDER(t, [order.id, now.toISOString()]));
  postTransfersWithCommit(tx, legs);
  return { ...order, status: 'completed', endedAt: now };
}

/**
 * Ends an order that has not settled (cancelled by its user, or expired), releasing all it held.
 * A matched order gives its quantity back to its offer (locked by the caller when `offer` is
 * given) if the offer is still open, or, if the offer was withdrawn meanwhile, releases what the
 * offer held for it to the offer's owner.
 */
export async function endOrder(tx: Tx, order: OrderRow, offer: OfferRow | null, status: 'cancelled' | 'expired', now: Date): Promise<{ order: OrderRow; offer: OfferRow | null }> {
  const reference = orderRef(order.id);
  const legs: TransferInput[] = [
    { debit: trading(order.userId), credit: available(order.userId), asset: order.side === 'buy' ? 'EUR' : 'USDT', amount: order.hold, kind: 'trade_release', reference, idempotencyKey: `${reference}:release`, at: now },
  ];
  let updatedOffer: OfferRow | null = offer;
  if (order.status === 'matched' && offer) {
    const back = { pending: offer.pending - order.amount, updatedAt: now };
    if (offer.status === 'withdrawn') {
      const share = makerShare(offer, order);
      legs.push({
        debit: trading(offer.userId),
        credit: available(offer.userId),
        asset: offer.side === 'sell' ? 'USDT' : 'EUR',
        amount: share,
        kind: 'trade_release',
        reference,
        idempotencyKey: `${reference}:offer-release`,
        at: now,
      });
      [updatedOffer] = await tx.update(tradeOffers).set({ ...back, held: offer.held - share }).where(eq(tradeOffers.id, offer.id)).returning();
    } else {
      [updatedOffer] = await tx.update(tradeOffers).set({ ...back, remaining: offer.remaining + order.amount }).where(eq(tradeOffers.id, offer.id)).returning();
    }
  }
  await postTransfers(tx, legs);
  const [ended] = await tx.update(tradeOrders).set({ status, endedAt: now }).where(eq(tradeOrders.id, order.id)).returning();
  return { order: ended, offer: updatedOffer };
}

/**
 * Waiting orders an (open, locked) offer can take, oldest first, matched one after another while
 * its remaining lasts. Orders locked by another transaction (being cancelled, or matching
 * elsewhere) are skipped, never waited for: that transaction holds them before any offer.
 */
export async function matchWaitingFor(tx: Tx, offer: OfferRow, now: Date, feeHundredths: bigint, feePercent: string, events: BookEvents): Promise<OfferRow> {
  let current = offer;
  const takerSide: TradeSide = offer.side === 'sell' ? 'buy' : 'sell';
  while (current.status === 'open' && current.remaining >= current.minAmount) {
    const waiting = await tx
      .select()
      .from(tradeOrders)
      .where(
        and(
          eq(tradeOrders.status, 'matching'),
          eq(tradeOrders.side, takerSide),
          ne(tradeOrders.userId, current.userId),
          gte(tradeOrders.amount, current.minAmount),
          lte(tradeOrders.amount, current.remaining < current.maxAmount ? current.remaining : current.maxAmount),
          takerSide === 'buy' ? gte(tradeOrders.limitPrice, current.price) : lte(tradeOrders.limitPrice, current.price),
          gt(tradeOrders.expiresAt, now),
        ),
      )
      .orderBy(asc(tradeOrders.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (waiting.length === 0) return current;
    const matched = await matchOrder(tx, waiting[0], current, now, feeHundredths, feePercent);
    await events.orderChanged(tx, matched.order);
    current = matched.offer;
  }
  return current;
}

/** What an offer must keep held for its pending orders: their USDT, or the sum of their EUR totals. */
export async function heldForPending(tx: Tx, offer: OfferRow): Promise<bigint> {
  if (offer.pending === 0n) return 0n;
  if (offer.side === 'sell') return offer.pending;
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${tradeOrders.total}), 0)::text` })
    .from(tradeOrders)
    .where(and(eq(tradeOrders.offerId, offer.id), eq(tradeOrders.status, 'matched')));
  return BigInt(row.total);
}

