/**
 * The pledge (lock-up staking), shared by the PWA and the server (docs/pledge.md). A user locks
 * an amount in a product for its lock period; every day at the payout time the order earns the
 * product's daily rate into the user's interest wallet; at maturity the principal returns to
 * available. Redeemed early, the principal returns less the product's penalty and earning stops.
 * Rates are percentages with up to four decimals, kept as parts per million (0.5 % = 5,000).
 */
import { z } from 'zod';
import { DAY_MS } from './constants';
import { ASSET_CODES, type Asset } from './money';
import { amountTextSchema, assetAmount, atLeast, atMost, minorOf, pageQuerySchema, payPasswordCheckSchema, plainDecimal } from './payments';

/** The hour (UTC) at which each day's interest is paid: midnight, the start of the UTC day. */
export const PLEDGE_PAYOUT_HOUR_UTC = 0;

export const PLEDGE_STATUSES = ['active', 'completed', 'redeemed'] as const;
export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];

/** Decimals of a rate in percent; one part per million is 0.0001 %. */
export const RATE_DECIMALS = 4;
const PPM_PER_PERCENT = 10n ** BigInt(RATE_DECIMALS);
const PPM = 1_000_000n;

/** A percentage of at most four decimals (0–100) in parts per million, or null. */
export function parseRate(text: string): bigint | null {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const ppm = BigInt(match[1]) * PPM_PER_PERCENT + BigInt((match[2] ?? '').padEnd(RATE_DECIMALS, '0'));
  return ppm <= 100n * PPM_PER_PERCENT ? ppm : null;
}

/** "0.5", "12", "0.0125": a rate in parts per million as a percentage without trailing zeros. */
export function rateText(ppm: bigint): string {
  const whole = ppm / PPM_PER_PERCENT;
  const fraction = (ppm % PPM_PER_PERCENT).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** Days in the yearly figure of a daily rate. */
const DAYS_PER_YEAR = 365n;

/**
 * The yearly figure of a daily rate (parts per million), as a percentage: the daily rate × 365,
 * simple, not compounded — the pledge pays each day's interest into the interest wallet, where it
 * earns nothing, and a loan charges amount × daily rate × days. 0.02 % a day → "7.3".
 */
export function yearlyRateText(dailyPpm: bigint): string {
  return rateText(dailyPpm * DAYS_PER_YEAR);
}

/** One day's interest of `amount` (minor units) at `dailyPpm`, rounded down to the minor unit. */
export function dailyInterestOf(amount: bigint, dailyPpm: bigint): bigint {
  return (amount * dailyPpm) / PPM;
}

/** The early-redemption penalty of `amount` at `penaltyPpm`, rounded down (never more than the rate). */
export function penaltyOf(amount: bigint, penaltyPpm: bigint): bigint {
  return (amount * penaltyPpm) / PPM;
}

/** What a pledge of `amount` earns over its whole lock period, and what returns at maturity. */
export function pledgeFigures(amount: bigint, dailyPpm: bigint, lockDays: number): { daily: bigint; total: bigint; maturity: bigint } {
  const daily = dailyInterestOf(amount, dailyPpm);
  const total = daily * BigInt(lockDays);
  return { daily, total, maturity: amount + total };
}

/** The payout time of the UTC day `day` ("2030-01-16"). */
export function payoutTimeOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + PLEDGE_PAYOUT_HOUR_UTC * 3600 * 1000);
}

/** The UTC day ("2030-01-16") of the last payout time at or before `at`. */
export function lastPayoutDayAt(at: Date): string {
  return new Date(at.getTime() - PLEDGE_PAYOUT_HOUR_UTC * 3600 * 1000).toISOString().slice(0, 10);
}

export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * When an order started at `start` ends: `lockDays` days later. It is paid at each payout time
 * after its start up to and including its end, so exactly `lockDays` times.
 */
export function pledgeEndOf(start: Date, lockDays: number): Date {
  return new Date(start.getTime() + lockDays * DAY_MS);
}

// ---- input ----------------------------------------------------------------------------------

const id = z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(1, 'request.invalid').max(2_147_483_647, 'request.invalid');

/** POST /pledge/start */
export const pledgeStartSchema = z.strictObject({ productId: id, amount: amountTextSchema, payPassword: payPasswordCheckSchema });

/** POST /pledge/redeem: early redemption of the user's order. */
export const pledgeRedeemSchema = z.strictObject({ id, payPassword: payPasswordCheckSchema });

/** POST /pledge/interest/transfer: from the interest wallet to available. */
export const interestTransferSchema = z.strictObject({
  asset: z.enum(ASSET_CODES as [Asset, ...Asset[]], { error: 'request.invalid' }),
  amount: amountTextSchema,
  payPassword: payPasswordCheckSchema,
});

/** The pledge form: an amount of the product's asset, at least its minimum, within the balance (the server's order). */
export function pledgeFormSchema(product: { asset: Asset; minAmount: string }, available: string) {
  const { asset, minAmount } = product;
  return z.object({
    amount: assetAmount(
      asset,
      atLeast(minorOf(minAmount, asset), 'pledge.belowMinimum', { min: plainDecimal(minAmount), asset }),
      atMost(minorOf(available, asset), 'balance.insufficient'),
    ),
  });
}

/** The interest wallet's form: an asset and an amount of it, at most what the wallet holds of it. */
export function interestMoveFormSchema(held: Record<Asset, string>) {
  const of = (asset: Asset) => z.object({ asset: z.literal(asset), amount: assetAmount(asset, atMost(minorOf(held[asset], asset), 'pledge.interestInsufficient')) });
  return z.discriminatedUnion('asset', [of('USDT'), of('EUR')], { error: 'request.invalid' });
}

export const pledgeOrdersQuerySchema = pageQuerySchema;

const rateInput = z
  .string({ error: 'pledge.rateInvalid' })
  .trim()
  .refine((value) => parseRate(value) !== null, 'pledge.rateInvalid');

/** Operators: a product, new or changed. Changes apply to orders started afterwards. */
export const pledgeProductInputSchema = z.strictObject({
  id: id.optional(),
  asset: z.enum(ASSET_CODES as [Asset, ...Asset[]], { error: 'request.invalid' }),
  minAmount: amountTextSchema,
  dailyRate: rateInput,
  lockDays: z.coerce.number({ error: 'pledge.lockDaysInvalid' }).int('pledge.lockDaysInvalid').min(1, 'pledge.lockDaysInvalid').max(3650, 'pledge.lockDaysInvalid'),
  penaltyRate: rateInput,
  active: z.boolean({ error: 'request.invalid' }).default(true),
});
export type PledgeProductInput = z.output<typeof pledgeProductInputSchema>;

// ---- replies --------------------------------------------------------------------------------

const amount = z.string().describe('Decimal string, full precision of the asset');
const date = z.string().describe('ISO 8601 date and time');
const assetSchema = z.enum(ASSET_CODES as [Asset, ...Asset[]]);

export const pledgeProductSchema = z.object({
  id: z.number().int(),
  asset: assetSchema,
  minAmount: amount,
  dailyRate: z.string().describe('Percent per day, up to 4 decimals'),
  yearlyRate: z.string().describe('Percent per year: the daily rate × 365, simple (interest paid out daily earns no interest)'),
  lockDays: z.number().int(),
  penaltyRate: z.string().describe('Percent of the principal kept on early redemption'),
  active: z.boolean(),
});
export type PledgeProduct = z.output<typeof pledgeProductSchema>;

export const pledgeOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  productId: z.number().int(),
  asset: assetSchema,
  amount,
  dailyRate: z.string(),
  yearlyRate: z.string().describe('The daily rate × 365, simple'),
  lockDays: z.number().int(),
  penaltyRate: z.string(),
  /** One day's interest. */
  daily: amount,
  /** Interest paid so far. */
  earned: amount,
  daysPaid: z.number().int(),
  /** Principal plus the whole period's interest. */
  maturity: amount,
  /** Early redemption now: the penalty and what would return (null once ended). */
  redeemPenalty: amount.nullable(),
  redeemReturn: amount.nullable(),
  status: z.enum(PLEDGE_STATUSES),
  startedAt: date,
  endsAt: date,
  endedAt: date.nullable(),
});
export type PledgeOrder = z.output<typeof pledgeOrderSchema>;

export const pledgeOverviewSchema = z.object({
  products: z.array(pledgeProductSchema),
  /** Available balances, per asset. */
  available: z.record(assetSchema, amount),
  /** The interest wallet, per asset. */
  interest: z.record(assetSchema, amount),
  /** The user's order still running: while there is one, no other can start. */
  active: pledgeOrderSchema.nullable(),
  /** Locked in pledges now, and everything the user's pledges have earned. */
  managed: z.record(assetSchema, amount),
  earned: z.record(assetSchema, amount),
  nextPayoutAt: date,
});
export type PledgeOverview = z.output<typeof pledgeOverviewSchema>;

export const pledgeInterestSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  day: z.string().describe('The UTC day paid for, YYYY-MM-DD'),
  asset: assetSchema,
  amount,
  paidAt: date,
});
export type PledgeInterest = z.output<typeof pledgeInterestSchema>;

/** "P0000000042". */
export function pledgeOrderNo(id: number): string {
  return `P${String(id).padStart(10, '0')}`;
}
