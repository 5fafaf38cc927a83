/**
 * The arithmetic of a conversion quote, in bigint minor units only: never a float for money. Every
 * rounding favours neither side silently: the rate towards USDT is cut to 6 decimals and shown,
 * the fee is rounded up to the paying asset's minor unit and shown, and what the user receives
 * is (amount − fee) × the shown rate, cut to the receiving asset's minor unit. So the user can
 * check the reply with pen and paper, and executing the quote moves exactly these numbers.
 */
import { ASSETS, type Asset } from '../../../src/domain/money';

/** Rates are kept with 6 decimals: "0.920000" EUR per USDT, "1.086956" USDT per EUR. */
const RATE_SCALE = 6n;
const RATE_UNIT = 10n ** RATE_SCALE;
/** Fee percents have at most 2 decimals ("0.5", "1.25"): counted in 1/10,000 of the amount. */
const FEE_UNIT = 10_000n;

const unitOf = (asset: Asset) => 10n ** BigInt(ASSETS[asset].scale);

/** Units of `to` for one unit of `from`, in millionths. EUR → USDT is 1/rate, cut to 6 decimals. */
export function directedRate(eurPerUsdt: bigint, from: Asset): bigint {
  return from === 'USDT' ? eurPerUsdt : (RATE_UNIT * RATE_UNIT) / eurPerUsdt;
}

export function rateText(micro: bigint): string {
  return `${micro / RATE_UNIT}.${(micro % RATE_UNIT).toString().padStart(Number(RATE_SCALE), '0')}`;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

export interface Pricing {
  from: Asset;
  to: Asset;
  /** Millionths of `to` per `from`. */
  rate: bigint;
  /** Hundredths of a percent. */
  feePercent: bigint;
}

/** Fee in minor units of `from`, rounded up. */
export function feeOf(amount: bigint, pricing: Pricing): bigint {
  return ceilDiv(amount * pricing.feePercent, FEE_UNIT);
}

/** What `amount` (minor units of `from`) buys after the fee, in minor units of `to`, rounded down. */
export function receiveOf(amount: bigint, pricing: Pricing): { fee: bigint; receive: bigint } {
  const fee = feeOf(amount, pricing);
  const net = amount - fee;
  const receive = (net * pricing.rate * unitOf(pricing.to)) / (unitOf(pricing.from) * RATE_UNIT);
  return { fee, receive: receive > 0n ? receive : 0n };
}

/** The smallest amount of `from` that receives at least one minor unit of `to`. */
export function minimumAmount(pricing: Pricing): bigint {
  // net × rate × unit(to) ≥ unit(from) × RATE_UNIT, then add room for the fee.
  const minimumNet = ceilDiv(unitOf(pricing.from) * RATE_UNIT, pricing.rate * unitOf(pricing.to));
  let amount = ceilDiv(minimumNet * FEE_UNIT, FEE_UNIT - pricing.feePercent);
  // Rounding the fee up can take one more minor unit; the loop ends after a step or two.
  while (receiveOf(amount, pricing).receive < 1n) amount += 1n;
  return amount;
}
