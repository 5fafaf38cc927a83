/**
 * What the hall's calls share (docs/trading.md): the numbers of an offer, the trader and their
 * day, the fee, the views of offers and orders with their parties, and the moves of a user's own
 * money between available and trading.
 */
import { desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../../src/domain/errors';
import type { Asset } from '../../../src/domain/money';
import { CONFIRM_MINUTES, MATCHING_MINUTES, MERCHANT_STATS_DAYS, TRADE_MIN_PARAMS, TRADE_MIN_USDT, parsePrice, utcDayOf } from '../../../src/domain/trading';
import type { TradeOffer, TradeOrder } from '../../../src/domain/wire';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { fixedStatement, rowsOf } from '../../db/rows';
import { merchantApplications, tradeOffers, tradeOrders, users } from '../../db/schema';
import { amountOrRefusal, Refusal } from '../../errors';
import { postTransfer, type TransferInput } from '../../ledger/transfers';
import { parseFeePercent, readSettings, SETTING_KEYS } from '../settings';
import { applicationView, completionRateText, offerRowOf, offerView, orderView, type MerchantStats, type OfferRow, type OrderRow } from './views';

/** What the trading service is built from. */
export interface TradingDeps {
  db: Db;
  clock: Clock;
}

/** Offers shown in the hall at once: the best fifty. */
export const HALL_SIZE = 50;

export function priceOf(text: string): bigint {
  const price = parsePrice(text);
  if (price === null) throw new Refusal('trade.priceInvalid', 400, { field: 'price' });
  return price;
}

/** The limits of an offer, checked together: each at least the smallest order, min ≤ max, and the quantity able to take one order. */
export function offerNumbers(input: { quantity: string; price: string; minAmount: string; maxAmount: string }) {
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

/** Who places an order (db/rows.ts fixedStatement: its text written once, as every statement of an order's placing and confirming). */
const TRADER_OF = fixedStatement<{ is_merchant: boolean; vip_level: number; has_pay_password: boolean; daily_orders: number }>(
  `SELECT u.is_merchant, u.vip_level, u.pay_password_hash IS NOT NULL AS has_pay_password, coalesce(v.daily_orders, 0)::int AS daily_orders
   FROM users u LEFT JOIN vip_levels v ON v.level = u.vip_level WHERE u.id = $1`,
);

export async function traderOf(db: Db | Tx, userId: string): Promise<TraderRow> {
  // Sent now: it goes out together with the other reads of an order (server/db/pipeline.ts).
  const [row] = await TRADER_OF(db, [userId]);
  if (!row) throw new AppError('session.gone', 401);
  return { isMerchant: row.is_merchant, vipLevel: Number(row.vip_level), hasPayPassword: row.has_pay_password, dailyOrders: Number(row.daily_orders) };
}

export function requireMerchant(trader: TraderRow): void {
  if (!trader.isMerchant) throw new AppError('trade.merchantRequired', 403);
}

/** The fee of the hall now: hundredths of a percent, and as the operators wrote it. */
export async function feeNow(db: Db | Tx): Promise<{ hundredths: bigint; text: string }> {
  const [text] = await readSettings(db, [SETTING_KEYS.tradeFeePercent]);
  const hundredths = text === null ? null : parseFeePercent(text);
  // Seeded by the migration and checked when an operator changes it.
  if (text === null || hundredths === null) throw new AppError('server.error', 500);
  return { hundredths, text };
}

const TODAY_OF = fixedStatement<{ placed: number; cancelled: number }>(
  `SELECT count(*) FILTER (WHERE created_at >= $2::timestamptz)::int AS placed,
     count(*) FILTER (WHERE status = 'cancelled' AND was_matched AND ended_at >= $2::timestamptz)::int AS cancelled
   FROM trade_orders WHERE user_id = $1 AND created_at >= $3::timestamptz`,
);

/** Today's orders (UTC) the user placed, and matched ones they cancelled today. */
export async function todayOf(db: Db | Tx, userId: string, now: Date): Promise<{ placed: number; cancelled: number }> {
  const { start } = utcDayOf(now);
  // An order lives at most MATCHING_MINUTES + CONFIRM_MINUTES: one cancelled today was placed at
  // most that long before midnight, so the rows read are a day's and a little more.
  const placedSince = addSeconds(start, -(MATCHING_MINUTES + CONFIRM_MINUTES) * 60);
  const [row] = await TODAY_OF(db, [userId, start.toISOString(), placedSince.toISOString()]);
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

export async function offerViews(db: Db | Tx, rows: OfferRow[], viewerId: string, now: Date): Promise<TradeOffer[]> {
  const stats = await merchantStats(db, [...new Set(rows.map((row) => row.userId))], now);
  return rows.map((row) => offerView(row, viewerId, stats.get(row.userId) ?? { name: '', completed: 0, completionRate: null }));
}

const takers = alias(users, 'taker');
const makers = alias(users, 'maker');

/** Orders with both parties' names and the matched offer's remaining quantity. */
export function ordersWithParties(db: Db | Tx) {
  return db
    .select({ order: tradeOrders, takerName: takers.nickname, makerName: makers.nickname, offerRemaining: tradeOffers.remaining })
    .from(tradeOrders)
    .innerJoin(takers, eq(takers.id, tradeOrders.userId))
    .leftJoin(makers, eq(makers.id, tradeOrders.merchantId))
    .leftJoin(tradeOffers, eq(tradeOffers.id, tradeOrders.offerId))
    .$dynamic();
}

type OrderWithParties = { order: OrderRow; takerName: string; makerName: string | null; offerRemaining: bigint | null };

export function viewFor(row: OrderWithParties, viewerId: string): TradeOrder {
  const taker = row.order.userId === viewerId;
  return orderView(row.order, viewerId, taker ? row.makerName : row.takerName, row.order.status === 'matched' ? row.offerRemaining : null);
}

/** The user's side of an order: theirs (taker), or matched with their offer (maker). */
export const partyTo = (userId: string): SQL | undefined => or(eq(tradeOrders.userId, userId), eq(tradeOrders.merchantId, userId));

/** Moves a user's own money between available and trading: a hold (into trading) or a release (back). */
export interface OwnMove {
  hold: boolean;
  asset: Asset;
  amount: bigint;
  reference: string;
  key: string;
  at: Date;
}

/** The transfer of a hold (available → trading) or a release (back). */
export function ownMove(userId: string, move: OwnMove): TransferInput {
  const available = { userId, purpose: 'available' as const };
  const trading = { userId, purpose: 'trading' as const };
  return {
    debit: move.hold ? available : trading,
    credit: move.hold ? trading : available,
    asset: move.asset,
    amount: move.amount,
    kind: move.hold ? 'trade_hold' : 'trade_release',
    reference: move.reference,
    idempotencyKey: `${move.reference}:${move.key}`,
    at: move.at,
  };
}

export function moveOwn(tx: Tx, userId: string, move: OwnMove): Promise<number> {
  return postTransfer(tx, ownMove(userId, move));
}

const OFFER_FOR_UPDATE = fixedStatement<Record<string, unknown>>(`SELECT * FROM trade_offers WHERE id = $1 FOR UPDATE`);

export async function lockOffer(tx: Tx, id: number | null): Promise<OfferRow | null> {
  if (id === null) return null;
  const [offer] = await OFFER_FOR_UPDATE(tx, [id]);
  return offer ? offerRowOf(offer) : null;
}

/** The user's latest application to become a merchant, or null. */
export async function applicationOf(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(merchantApplications).where(eq(merchantApplications.userId, userId)).orderBy(desc(merchantApplications.id)).limit(1);
  return row ? applicationView(row) : null;
}

