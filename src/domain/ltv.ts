/**
 * A principal loan across assets (docs/loans.md, "Collateral and LTV"): the borrower locks one
 * asset (say USDT) and borrows the other (EUR). The loan-to-value (LTV) is what is owed — the
 * principal and the interest so far — over what the collateral is worth in the loan's asset at
 * the reference rate (the `usdt_eur_rate` setting, EUR for one USDT, in millionths, the rate
 * Convert quotes from). Pure bigint arithmetic in minor units; every rounding is stated here and
 * goes the way that keeps the platform whole without taking more than one minor unit:
 *
 * - the collateral's value is rounded down (it is never counted as worth more than it is);
 * - the LTV shown is rounded up (a borrower is never told they are further from a call than they are);
 * - the collateral a loan needs is rounded up (the LTV at the start is at most the one chosen);
 * - a liquidation's fee and the collateral it converts are rounded up;
 * - interest is rounded down, as at application (src/domain/loan.ts).
 *
 * Decisions — within 10–80 %, past the margin-call or liquidation LTV — compare exactly, with no
 * rounding at all (`ltvAtLeast`, `ltvAllowed`).
 */
import { loanFigures } from './loan';
import { DAY_MS } from './constants';
import { ASSETS, parseFeePercent, type Asset } from './money';

/** Rates in millionths: 920_000n is 0.92 EUR for one USDT. */
const RATE_UNIT = 1_000_000n;
/** Percents in hundredths (basis points): 8_000n is 80 %. */
export const BP = 10_000n;

/** A new loan's LTV at the rate of the day: 10 % to 80 %. */
export const LTV_MIN_BP = 1_000n;
export const LTV_MAX_BP = 8_000n;

/**
 * The operators' bounds (settings `loan_margin_call_ltv`, `loan_liquidation_ltv`,
 * `loan_liquidation_fee_percent`, in percent with up to two decimals). They do not overlap, so
 * a margin call always comes before a liquidation and after the 80 % a loan may start at; and
 * a liquidation at 95 % with a 2 % fee still asks for less than the collateral is worth (96.9 %).
 */
export const LTV_SETTING_BOUNDS = {
  marginCall: { min: 8_100n, max: 8_999n, default: '85' },
  liquidation: { min: 9_000n, max: 9_500n, default: '90' },
  liquidationFee: { min: 0n, max: 200n, default: '1' },
} as const;

const unitOf = (asset: Asset) => 10n ** BigInt(ASSETS[asset].scale);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Minor units of `to` = minor units of `from` × num / den, exactly. */
interface Ratio {
  num: bigint;
  den: bigint;
}

function ratio(from: Asset, to: Asset, eurPerUsdt: bigint): Ratio {
  if (from === to) throw new RangeError('A loan and its collateral are different assets');
  if (eurPerUsdt <= 0n) throw new RangeError('The rate must be positive');
  // USDT → EUR multiplies by the rate; EUR → USDT divides by it (exactly, not by a cut 1/rate).
  return from === 'USDT'
    ? { num: eurPerUsdt * unitOf(to), den: RATE_UNIT * unitOf(from) }
    : { num: RATE_UNIT * unitOf(to), den: eurPerUsdt * unitOf(from) };
}

/** What a loan's two sides are and the rate they are valued at. */
export interface Pair {
  loanAsset: Asset;
  collateralAsset: Asset;
  /** EUR for one USDT, in millionths. */
  rate: bigint;
}

const collateralRatio = (pair: Pair) => ratio(pair.collateralAsset, pair.loanAsset, pair.rate);

/** The collateral's value in the loan's asset, rounded down to its minor unit. */
export function collateralValue(collateral: bigint, pair: Pair): bigint {
  const { num, den } = collateralRatio(pair);
  return (collateral * num) / den;
}

/** The LTV in hundredths of a percent of `debt` (loan asset) against `collateral`, rounded up. */
export function ltvBp(debt: bigint, collateral: bigint, pair: Pair): bigint {
  if (collateral <= 0n) throw new RangeError('A principal loan has collateral');
  const { num, den } = collateralRatio(pair);
  return ceilDiv(debt * BP * den, collateral * num);
}

/** Is the LTV at or past `thresholdBp`? Exact: no rounding decides a margin call or a liquidation. */
export function ltvAtLeast(debt: bigint, collateral: bigint, pair: Pair, thresholdBp: bigint): boolean {
  const { num, den } = collateralRatio(pair);
  return debt * BP * den >= thresholdBp * collateral * num;
}

/** Is the LTV strictly past `thresholdBp`? Exact. */
export function ltvAbove(debt: bigint, collateral: bigint, pair: Pair, thresholdBp: bigint): boolean {
  const { num, den } = collateralRatio(pair);
  return debt * BP * den > thresholdBp * collateral * num;
}

/** May a loan of `amount` start against `collateral` at this rate: an LTV from 10 % to 80 %, exactly? */
export function ltvAllowed(amount: bigint, collateral: bigint, pair: Pair): boolean {
  if (amount <= 0n || collateral <= 0n) return false;
  const { num, den } = collateralRatio(pair);
  const owed = amount * BP * den;
  return owed >= LTV_MIN_BP * collateral * num && owed <= LTV_MAX_BP * collateral * num;
}

/**
 * The collateral a loan of `amount` needs for an LTV of `targetBp` at the rate: the least
 * collateral whose LTV is at most the target, i.e. rounded up to the collateral's minor unit.
 */
export function collateralFor(amount: bigint, targetBp: bigint, pair: Pair): bigint {
  if (targetBp <= 0n) throw new RangeError('The LTV must be positive');
  const { num, den } = collateralRatio(pair);
  return ceilDiv(amount * BP * den, targetBp * num);
}

/**
 * The collateral a loan of `amount` may have at the rate: from an LTV of 80 % (the least,
 * rounded up) to 10 % (the most, rounded down); exactly the range `ltvAllowed` accepts.
 */
export function collateralRange(amount: bigint, pair: Pair): { min: bigint; max: bigint } {
  const { num, den } = collateralRatio(pair);
  return { min: collateralFor(amount, LTV_MAX_BP, pair), max: (amount * BP * den) / (LTV_MIN_BP * num) };
}

/**
 * The rate (EUR for one USDT, millionths) at which a loan owing `debt` against `collateral`
 * reaches `thresholdBp`, and on which side of it the LTV is at or past the threshold. USDT
 * collateral loses value as the rate falls: the price is the highest rate at which the LTV is
 * at or past the threshold (rounded down). EUR collateral loses value (in USDT) as the rate
 * rises: the lowest such rate (rounded up). So `ltvAtLeast` holds at the price exactly, and
 * not one millionth on the safe side of it.
 */
export function thresholdRate(debt: bigint, collateral: bigint, thresholdBp: bigint, pair: Omit<Pair, 'rate'>): { rate: bigint; when: 'atOrBelow' | 'atOrAbove' } {
  if (pair.loanAsset === pair.collateralAsset) throw new RangeError('A loan and its collateral are different assets');
  if (debt <= 0n || collateral <= 0n || thresholdBp <= 0n) throw new RangeError('Debt, collateral and threshold are positive');
  const usdt = unitOf('USDT');
  const eur = unitOf('EUR');
  if (pair.collateralAsset === 'USDT') {
    // debt × BP × RATE_UNIT × unit(USDT) ≥ threshold × collateral × rate × unit(EUR)
    return { rate: (debt * BP * RATE_UNIT * usdt) / (thresholdBp * collateral * eur), when: 'atOrBelow' };
  }
  // debt × BP × rate × unit(EUR) ≥ threshold × collateral × RATE_UNIT × unit(USDT)
  return { rate: ceilDiv(thresholdBp * collateral * RATE_UNIT * usdt, debt * BP * eur), when: 'atOrAbove' };
}

export interface Liquidation {
  /** The liquidation fee in the loan's asset: (principal + interest) × fee percent, rounded up. */
  fee: bigint;
  /** Principal + interest so far + fee, in the loan's asset. */
  owed: bigint;
  /** Collateral converted at the rate: the least whose value covers `owed` (rounded up), at most all of it. */
  converted: bigint;
  /** Collateral given back to the borrower's available balance. */
  returned: bigint;
  /** What the converted collateral is worth in the loan's asset (rounded down): at least `owed` unless short. */
  proceeds: bigint;
  /** What the collateral could not cover (the platform's loss), 0 unless the rate jumped past it. */
  shortfall: bigint;
}

/**
 * A liquidation: just enough collateral converted at the current rate to repay the principal,
 * the interest so far and the fee, the rest returned. The borrower gives at most one minor unit
 * of collateral more than the exact value owed; if the collateral is worth less than that,
 * all of it is converted and the difference is the platform's.
 */
export function liquidation(args: { principal: bigint; interest: bigint; feeBp: bigint; collateral: bigint } & Pair): Liquidation {
  const { principal, interest, feeBp, collateral } = args;
  const { num, den } = collateralRatio(args);
  const debt = principal + interest;
  const fee = ceilDiv(debt * feeBp, BP);
  const owed = debt + fee;
  const needed = ceilDiv(owed * den, num);
  const converted = needed < collateral ? needed : collateral;
  const proceeds = (converted * num) / den;
  return { fee, owed, converted, returned: collateral - converted, proceeds, shortfall: proceeds < owed ? owed - proceeds : 0n };
}

/**
 * The days a loan has run for interest: every started day since it was paid out counts, at
 * least one, and at most its period (no interest is charged past the period).
 */
export function daysUsed(paidOutAt: Date, now: Date, periodDays: number): number {
  const elapsed = now.getTime() - paidOutAt.getTime();
  const started = Math.ceil(elapsed / DAY_MS);
  return Math.min(periodDays, Math.max(1, started));
}

/**
 * Repaying before the due date: interest for the days used (rounded down, as at application),
 * never more than the interest of the whole period stated at application.
 */
export function interestForDaysUsed(amount: bigint, dailyPpm: bigint, periodDays: number, paidOutAt: Date, now: Date): { days: number; interest: bigint; total: bigint } {
  const days = daysUsed(paidOutAt, now, periodDays);
  return { days, ...loanFigures(amount, dailyPpm, days) };
}

/** The asset a principal loan in `asset` is held against: the other one. */
export function collateralAssetOf(asset: Asset): Asset {
  return asset === 'USDT' ? 'EUR' : 'USDT';
}

/** The LTVs an application offers (hundredths of a percent): a lower one locks more collateral and is further from a call. */
export const LTV_CHOICES = [3_000n, 5_000n, 6_500n, 8_000n] as const;
export const LTV_DEFAULT_BP = 5_000n;

/** The operators' thresholds and fee, in hundredths of a percent. */
export interface LtvThresholds {
  marginCallBp: bigint;
  liquidationBp: bigint;
  feeBp: bigint;
}

/** The thresholds as `GET /loan/config` gives them ("85", "89.5", "1"); the defaults where a text is not a percent, or none is given. */
export function thresholdsOf(settings?: { marginCallLtv: string; liquidationLtv: string; liquidationFeePercent: string }): LtvThresholds {
  const bp = (text: string | undefined, fallback: string) => (text === undefined ? null : parseFeePercent(text)) ?? parseFeePercent(fallback)!;
  return {
    marginCallBp: bp(settings?.marginCallLtv, LTV_SETTING_BOUNDS.marginCall.default),
    liquidationBp: bp(settings?.liquidationLtv, LTV_SETTING_BOUNDS.liquidation.default),
    feeBp: bp(settings?.liquidationFeePercent, LTV_SETTING_BOUNDS.liquidationFee.default),
  };
}

/** What a loan owing `debt` against `collateral` shows: its LTV and the prices of a margin call and of a liquidation. */
export interface LtvPicture {
  ltvBp: bigint;
  marginCall: { rate: bigint; when: 'atOrBelow' | 'atOrAbove' };
  liquidation: { rate: bigint; when: 'atOrBelow' | 'atOrAbove' };
}

export function ltvPicture(debt: bigint, collateral: bigint, pair: Pair, thresholds: LtvThresholds): LtvPicture {
  return {
    ltvBp: ltvBp(debt, collateral, pair),
    marginCall: thresholdRate(debt, collateral, thresholds.marginCallBp, pair),
    liquidation: thresholdRate(debt, collateral, thresholds.liquidationBp, pair),
  };
}

/**
 * The interest owed now on a loan whose principal may have been partly repaid (docs/loans.md,
 * "Partial repayment"): every started day since the payout (at least one, at most the period) not
 * yet paid for by a partial repayment (`daysPaid`), on the principal left, rounded down. `days` is
 * the days used so far, which a partial repayment pays up to. With nothing repaid it is
 * `interestForDaysUsed`.
 */
export function interestOwed(principalLeft: bigint, dailyPpm: bigint, periodDays: number, paidOutAt: Date, daysPaid: number, now: Date): { days: number; interest: bigint } {
  const days = daysUsed(paidOutAt, now, periodDays);
  return { days, interest: loanFigures(principalLeft, dailyPpm, Math.max(0, days - daysPaid)).interest };
}
