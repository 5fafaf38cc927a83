/** The hall's rows as the API shows them, from the viewer's side of the trade. */
import { toDecimalString, type Asset } from '../../../src/domain/money';
import { givenAsset, offerSideFor, priceText, totalOf, type TradeSide } from '../../../src/domain/trading';
import type { MerchantApplication, TradeOffer, TradeOrder } from '../../../src/domain/wire';
import { tableRowOf } from '../../db/rows';
import { tradeOffers, tradeOrders, type merchantApplications } from '../../db/schema';
import { tradeOrderNo } from '../../../src/domain/orderNumbers';

export type OfferRow = typeof tradeOffers.$inferSelect;
export type OrderRow = typeof tradeOrders.$inferSelect;
export type ApplicationRow = typeof merchantApplications.$inferSelect;

/** A trade_offers row as the database sends it (`SELECT *`, `RETURNING *` of a fixed statement), as Drizzle's select() of it would be. */
export const offerRowOf = tableRowOf(tradeOffers);
/** A trade_orders row, likewise. */
export const orderRowOf = tableRowOf(tradeOrders);

/** A merchant as the hall shows them: name and the last 30 days. */
export interface MerchantStats {
  name: string;
  completed: number;
  completionRate: string | null;
}

const usdt = (minor: bigint) => toDecimalString(minor, 'USDT');

/** Completed of matched, as a percent with one decimal, cut (never shown higher than it is). */
export function completionRateText(completed: number, matched: number): string | null {
  if (matched === 0) return null;
  const tenths = Math.floor((completed * 1000) / matched);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

export function offerView(row: OfferRow, viewerId: string, merchant: MerchantStats): TradeOffer {
  return {
    id: row.id,
    side: row.side,
    price: priceText(row.price),
    quantity: usdt(row.quantity),
    remaining: usdt(row.remaining),
    pending: usdt(row.pending),
    minAmount: usdt(row.minAmount),
    maxAmount: usdt(row.maxAmount),
    status: row.status,
    mine: row.userId === viewerId,
    merchant,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the taker (the order's user) receives, and its fee, in the asset they receive. */
function takerReceipt(row: OrderRow): { receive: bigint; fee: bigint | null; asset: Asset } {
  if (row.side === 'buy') return { receive: row.amount - (row.fee ?? 0n), fee: row.fee, asset: 'USDT' };
  const total = row.total ?? totalOf(row.amount, row.limitPrice);
  return { receive: total - (row.fee ?? 0n), fee: row.fee, asset: 'EUR' };
}

/**
 * An order as `viewerId` sees it: its user (the taker) sees their own side, what they receive
 * after the fee and what their order holds; the merchant whose offer it met (the maker) sees the
 * other side, with no fee (the taker pays it) and what the offer holds for it.
 */
export function orderView(row: OrderRow, viewerId: string, counterparty: string | null, offerRemaining: bigint | null): TradeOrder {
  const taker = row.userId === viewerId;
  const side: TradeSide = taker ? row.side : offerSideFor(row.side);
  let receive: { receive: bigint; fee: bigint | null; asset: Asset };
  let hold: bigint;
  if (taker) {
    receive = takerReceipt(row);
    hold = row.hold;
  } else {
    // The maker receives what the taker gives, whole; and holds what the taker receives, fee included.
    const total = row.total ?? 0n;
    receive = side === 'sell' ? { receive: total, fee: 0n, asset: 'EUR' } : { receive: row.amount, fee: 0n, asset: 'USDT' };
    hold = side === 'sell' ? row.amount : total;
  }
  const ended = ['completed', 'cancelled', 'expired'].includes(row.status);
  return {
    id: row.id,
    orderNo: tradeOrderNo(row.id),
    side,
    role: taker ? 'taker' : 'maker',
    amount: usdt(row.amount),
    limitPrice: priceText(row.limitPrice),
    price: row.price === null ? null : priceText(row.price),
    total: row.total === null ? null : toDecimalString(row.total, 'EUR'),
    fee: receive.fee === null ? null : toDecimalString(receive.fee, receive.asset),
    feeAsset: receive.asset,
    receive: toDecimalString(receive.receive, receive.asset),
    receiveAsset: receive.asset,
    // An ended order holds nothing any more.
    hold: toDecimalString(ended ? 0n : hold, givenAsset(side)),
    holdAsset: givenAsset(side),
    status: row.status,
    merchant: counterparty,
    offerRemaining: offerRemaining === null ? null : usdt(offerRemaining),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    matchedAt: row.matchedAt?.toISOString() ?? null,
    confirmBy: row.confirmBy?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

export function applicationView(row: ApplicationRow): MerchantApplication {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
