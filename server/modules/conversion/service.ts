/**
 * Converting between EUR and USDT (the "transfer" screen): a quote fixes rate, fee and what the
 * user receives for 30 seconds; executing it moves exactly those numbers or nothing.
 */
import type { z } from 'zod';
import { AppError } from '../../../src/domain/errors';
import { QUOTE_TTL_SECONDS } from '../../../src/domain/ledger';
import { parseRate, percentText, toDecimalString, type Asset } from '../../../src/domain/money';
import { amountOf, type quoteRequestSchema } from '../../../src/domain/payments';
import type { ConversionRecord, QuoteReply } from '../../../src/domain/wire';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { allInOrder, nextIdOf } from '../../db/pipeline';
import { fixedStatement } from '../../db/rows';
import { Refusal } from '../../errors';
import { balanceOf } from '../../ledger/accounts';
import { postTransfersWithCommit } from '../../ledger/transfers';
import { withCommit } from '../../db/transaction';
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

/*
 * The statements of a conversion, written once (db/rows.ts fixedStatement: nothing for Drizzle to
 * build at each call). Amounts travel as text; the times are the server clock's.
 */
const INSERT_QUOTE = fixedStatement<{ id: string }>(
  `INSERT INTO conversion_quotes (user_id, from_asset, to_asset, amount, fee, receive, rate, fee_percent, expires_at, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id::text AS id`,
);
/**
 * The user's quote under its row lock; `spent`: used, or expired at the time given. Sent with the
 * payment's claim (executionReads): with a key's lock named ($4) the row is locked only while the
 * transaction holds it, so a key busy in another transaction waits for no quote.
 */
const QUOTE_FOR_UPDATE = fixedStatement<{ from_asset: Asset; to_asset: Asset; amount: string; fee: string; receive: string; rate: string; spent: boolean }>(
  `SELECT from_asset, to_asset, amount::text AS amount, fee::text AS fee, receive::text AS receive, rate,
     used_at IS NOT NULL OR expires_at < $3::timestamptz AS spent
   FROM conversion_quotes WHERE id = $1 AND user_id = $2 AND ($4::text IS NULL OR pg_try_advisory_xact_lock(hashtextextended($4, 0))) FOR UPDATE`,
);
const SPEND_QUOTE = fixedStatement(`UPDATE conversion_quotes SET used_at = $2 WHERE id = $1`);
const INSERT_CONVERSION = fixedStatement(
  `INSERT INTO conversions (id, quote_id, user_id, from_asset, to_asset, amount, fee, receive, rate, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
);

/** What executing a quote reads first (executionReads). */
export interface ExecutionReads {
  userId: string;
  quoteId: string;
  now: Date;
  row: Awaited<ReturnType<typeof QUOTE_FOR_UPDATE>>[number] | undefined;
  settings: PricingSettings;
  id: number;
}

export function createConversions(db: Db, clock: Clock) {
  const expired = () => new AppError('transfer.quoteExpired', 409, { seconds: QUOTE_TTL_SECONDS });

  return {
    async quote(userId: string, input: QuoteInput): Promise<QuoteReply> {
      const amount = amountOf(input.amount, input.from);
      // The pricing and the balance read together (one round trip), refused in this order.
      const [pricing, balance] = await Promise.all([currentPricing(db, input.from, input.to), balanceOf(db, userId, input.from)]);
      const { fee, receive } = receiveOf(amount, pricing);
      if (receive < 1n) {
        const min = toDecimalString(minimumAmount(pricing), input.from);
        throw new Refusal('amount.tooSmall', 400, { params: { min, asset: input.from }, field: 'amount' });
      }
      // A quote that cannot be paid is refused now rather than at confirmation; /transfer checks again.
      if (balance < amount) throw new Refusal('balance.insufficient', 400, { field: 'amount' });

      const now = clock();
      const rate = rateText(pricing.rate);
      const feePercent = percentText(pricing.feePercent);
      const expiresAt = addSeconds(now, QUOTE_TTL_SECONDS);
      const [row] = await INSERT_QUOTE(db, [userId, input.from, input.to, String(amount), String(fee), String(receive), rate, feePercent, expiresAt.toISOString(), now.toISOString()]);
      return {
        quoteId: row.id,
        from: input.from,
        to: input.to,
        amount: toDecimalString(amount, input.from),
        rate,
        feePercent,
        fee: toDecimalString(fee, input.from),
        receive: toDecimalString(receive, input.to),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * What executing reads first: the quote under its row lock (only under the key's lock, `keyLock`,
     * when given), the pricing now and the conversion's id, in one round trip — the payment's own
     * (http/paid-call.ts, FirstReads).
     */
    async executionReads(tx: Tx, userId: string, quoteId: string, keyLock: string | null): Promise<ExecutionReads> {
      const now = clock();
      const [[row], settings, id] = await allInOrder([QUOTE_FOR_UPDATE(tx, [quoteId, userId, now.toISOString(), keyLock]), pricingSettings(tx), nextIdOf(tx, 'conversions')]);
      return { userId, quoteId, now, row, settings, id };
    },

    /** Executes the user's quote inside `tx` (the idempotency transaction), as executionReads found it: decided once, under its row lock. */
    async execute(tx: Tx, reads: ExecutionReads): Promise<ConversionRecord> {
      const { userId, quoteId, now, row, settings, id } = reads;
      // Someone else's quote answers exactly like one that does not exist (with the key ours when
      // the gate opened, no row is no quote of theirs).
      if (!row) throw new AppError('record.notFound', 404);
      // A used quote is as spent as an old one: the user needs a new quote either way.
      if (row.spent) throw expired();
      const quote = { fromAsset: row.from_asset, toAsset: row.to_asset, amount: BigInt(row.amount), fee: BigInt(row.fee), receive: BigInt(row.receive), rate: row.rate };
      const pricing = pricingOf(settings, quote.fromAsset, quote.toAsset);
      if (rateText(pricing.rate) !== quote.rate) throw new AppError('transfer.rateChanged', 409);

      const reference = `conversion:${id}`;
      const available = { userId, purpose: 'available' as const };
      const leg = { reference, at: now };
      // The quote spent, the record and its postings go with the key's reply and COMMIT: all or
      // nothing with the transaction (a posting refused for the balance rolls it all back:
      // postTransfersWithCommit). All legs in one posting: it locks the accounts in one order, so
      // conversions both ways at once queue on the exchange accounts instead of deadlocking on them.
      withCommit(tx, (t) => SPEND_QUOTE(t, [quoteId, now.toISOString()]));
      withCommit(tx, (t) =>
        INSERT_CONVERSION(t, [id, quoteId, userId, quote.fromAsset, quote.toAsset, String(quote.amount), String(quote.fee), String(quote.receive), quote.rate, now.toISOString()]),
      );
      postTransfersWithCommit(tx, [
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
      ]);
      return {
        id,
        from: quote.fromAsset,
        to: quote.toAsset,
        amount: toDecimalString(quote.amount, quote.fromAsset),
        fee: toDecimalString(quote.fee, quote.fromAsset),
        receive: toDecimalString(quote.receive, quote.toAsset),
        rate: quote.rate,
        createdAt: now.toISOString(),
      };
    },
  };
}
