/**
 * The hall and offers (docs/trading.md): the offers a user can trade with, a merchant's own, and
 * posting, changing and withdrawing one. What an offer may give away is held while it is open.
 */
import { and, asc, count, desc, eq, gte, lte } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { givenAsset, offerHoldOf, offerSideFor, type OfferEditInput, type OfferInput, type TradeSide } from '../../../src/domain/trading';
import type { Page, TradeOffer } from '../../../src/domain/wire';
import type { Db, Tx } from '../../db/client';
import { tradeOffers } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { amountOrRefusal } from '../../errors';
import { heldForPending, matchWaitingFor, type BookEvents } from './book';
import { type OfferRow } from './views';
import { HALL_SIZE, offerNumbers, traderOf, requireMerchant, feeNow, offerViews, moveOwn, type TradingDeps } from './rows';

export function offerCalls({ db, clock }: TradingDeps) {
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

  return {
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
  };
}
