/** The hall's scheduled work (docs/trading.md): orders past their time end, waiting ones are matched again. */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { tradeOrders } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { endOrder, lockBestOfferFor, matchOrder, matchWaitingFor, type BookEvents } from './book';
import { feeNow, lockOffer, type TradingDeps } from './rows';

/** The advisory lock key of the hall's scheduled work ("TRAD" in ASCII). */
export const TRADE_JOB_LOCK = 0x54524144;

export function sweepCalls({ db, clock }: TradingDeps) {
  return {
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
          await events.orderChanged(tx, ended.order);
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
          await events.orderChanged(tx, (await endOrder(tx, order, null, 'expired', now)).order);
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
          await events.orderChanged(tx, (await matchOrder(tx, order, best.offer, now, matchFee.hundredths, matchFee.text)).order);
          matched++;
        }
        return { expired, matched };
      });
    },
  };
}
