/**
 * Converting between EUR and USDT (the "transfer" screen): a quote fixes rate, fee and what the
 * user receives for 30 seconds; executing it moves exactly those numbers or nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../../src/domain/errors';
import { QUOTE_TTL_SECONDS } from '../../../src/domain/ledger';
import { parseRate, percentText, toDecimalString, type Asset } from '../../../src/domain/money';
import { amountOf, type quoteRequestSchema } from '../../../src/domain/payments';
import type { ConversionRecord, QuoteReply } from '../../../src/domain/wire';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { allInOrder, nextIdOf } from '../../db/pipeline';
import { conversionQuotes, conversions } from '../../db/schema';
import { Refusal } from '../../errors';
import { balanceOf } from '../../ledger/accounts';
import { postTransfers } from '../../ledger/transfers';
import { parseFeePercent, readSettings, SETTING_KEYS } from '../settings';
import { directedRate, minimumAmount, rateText, receiveOf, type Pricing } from './pricing';

export type QuoteInput = z.output<typeof quoteRequestSchema>;

interface PricingSettings {
  eurPerUsdt: ReturnType<typeof parseRate>;
  feePercent: ReturnType<typeof parseFeePercent>;
}

/** The rate and fee as the operators set them now. */
async function pricingSettings(db: Db | Tx): Promise<PricingSettings> {
  const [rateSetting, feeSetting] = await readSettings(db, [SETTING_KEYS.usdtEurRate, SETTING_KEYS.transferFeePercent]);
  return {
    eurPerUsdt: rateSetting === null ? null : parseRate(rateSetting),
    feePercent: feeSetting === null ? null : parseFeePercent(feeSetting),
  };
}

/** Those settings for one direction. */
function pricingOf(settings: PricingSettings, from: Asset, to: Asset): Pricing {
  const { eurPerUsdt, feePercent } = settings;
  // Both are seeded and checked when an operator changes them: anything else is a broken database.
  if (eurPerUsdt === null || feePercent === null) throw new AppError('server.error', 500);
  return { from, to, rate: directedRate(eurPerUsdt, from), feePercent };
}

async function currentPricing(db: Db | Tx, from: Asset, to: Asset): Promise<Pricing> {
  return pricingOf(await pricingSettings(db), from, to);
}

function conversionRecordOf(row: typeof conversions.$inferSelect): ConversionRecord {
  return {
    id: row.id,
    from: row.fromAsset,
    to: row.toAsset,
    amount: toDecimalString(row.amount, row.fromAsset),
    fee: toDecimalString(row.fee, row.fromAsset),
    receive: toDecimalString(row.receive, row.toAsset),
    rate: row.rate,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createConversions(db: Db, clock: Clock) {
  const expired = () => new AppError('transfer.quoteExpired', 409, { seconds: QUOTE_TTL_SECONDS });

  return {
    async quote(userId: string, input: QuoteInput): Promise<QuoteReply> {
      const amount = amountOf(input.amount, input.from);
      const pricing = await currentPricing(db, input.from, input.to);
      const { fee, receive } = receiveOf(amount, pricing);
      if (receive < 1n) {
        const min = toDecimalString(minimumAmount(pricing), input.from);
        throw new Refusal('amount.tooSmall', 400, { params: { min, asset: input.from }, field: 'amount' });
      }
      // A quote that cannot be paid is refused now rather than at confirmation; /transfer checks again.
      if ((await balanceOf(db, userId, input.from)) < amount) throw new Refusal('balance.insufficient', 400, { field: 'amount' });

      const now = clock();
      const [row] = await db
        .insert(conversionQuotes)
        .values({
          userId,
          fromAsset: input.from,
          toAsset: input.to,
          amount,
          fee,
          receive,
          rate: rateText(pricing.rate),
          feePercent: percentText(pricing.feePercent),
          expiresAt: addSeconds(now, QUOTE_TTL_SECONDS),
          createdAt: now,
        })
        .returning();
      return {
        quoteId: row.id,
        from: row.fromAsset,
        to: row.toAsset,
        amount: toDecimalString(row.amount, row.fromAsset),
        rate: row.rate,
        feePercent: row.feePercent,
        fee: toDecimalString(row.fee, row.fromAsset),
        receive: toDecimalString(row.receive, row.toAsset),
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /** Executes the user's quote inside `tx` (the idempotency transaction): decided once, under its row lock. */
    async execute(tx: Tx, userId: string, quoteId: string): Promise<ConversionRecord> {
      // The quote under its row lock, the pricing now and the conversion's id: one round trip.
      const [[quote], settings, id] = await Promise.all([
        tx
          .select()
          .from(conversionQuotes)
          .where(and(eq(conversionQuotes.id, quoteId), eq(conversionQuotes.userId, userId)))
          .for('update')
          .execute(),
        pricingSettings(tx),
        nextIdOf(tx, 'conversions'),
      ]);
      // Someone else's quote answers exactly like one that does not exist.
      if (!quote) throw new AppError('record.notFound', 404);
      const now = clock();
      // A used quote is as spent as an old one: the user needs a new quote either way.
      if (quote.usedAt || now.getTime() > quote.expiresAt.getTime()) throw expired();
      const pricing = pricingOf(settings, quote.fromAsset, quote.toAsset);
      if (rateText(pricing.rate) !== quote.rate) throw new AppError('transfer.rateChanged', 409);

      const reference = `conversion:${id}`;
      const available = { userId, purpose: 'available' as const };
      const leg = { reference, at: now };
      // The quote spent, the record and its postings: one round trip, all or nothing with the
      // transaction. All legs in one posting: it locks the accounts in one order, so conversions
      // both ways at once queue on the exchange accounts instead of deadlocking on them.
      const [, [row]] = await allInOrder([
        tx.update(conversionQuotes).set({ usedAt: now }).where(eq(conversionQuotes.id, quote.id)).execute(),
        tx
          .insert(conversions)
          .values({
            id,
            userId,
            quoteId: quote.id,
            fromAsset: quote.fromAsset,
            toAsset: quote.toAsset,
            amount: quote.amount,
            fee: quote.fee,
            receive: quote.receive,
            rate: quote.rate,
            createdAt: now,
          })
          .returning()
          .execute(),
        postTransfers(tx, [
          {
            ...leg,
            debit: available,
            credit: { platform: 'exchange' },
            asset: quote.fromAsset,
            amount: quote.amount - quote.fee,
            kind: 'conversion_out',
            idempotencyKey: `${reference}:out`,
          },
          ...(quote.fee > 0n
            ? [{ ...leg, debit: available, credit: { platform: 'fees' as const }, asset: quote.fromAsset, amount: quote.fee, kind: 'conversion_fee' as const, idempotencyKey: `${reference}:fee` }]
            : []),
          {
            ...leg,
            debit: { platform: 'exchange' },
            credit: available,
            asset: quote.toAsset,
            amount: quote.receive,
            kind: 'conversion_in',
            idempotencyKey: `${reference}:in`,
          },
        ]),
      ]);
      return conversionRecordOf(row);
    },
  };
}
