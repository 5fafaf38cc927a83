/** What the hall shows above its lists (docs/trading.md). */
import { and, asc, count, desc, eq, gte, inArray, ne } from 'drizzle-orm';
import { parseRate } from '../../../src/domain/money';
import { CANCEL_LIMIT, priceText, utcDayOf, type TradeSide } from '../../../src/domain/trading';
import type { TradeSummary } from '../../../src/domain/wire';
import { tradeOffers, tradeOrders } from '../../db/schema';
import { readSettings, SETTING_KEYS } from '../settings';
import { traderOf, feeNow, todayOf, partyTo, applicationOf, type TradingDeps } from './rows';

export function summaryCalls({ db, clock }: TradingDeps) {
  return {
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
        applicationOf(db, userId),
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
  };
}
