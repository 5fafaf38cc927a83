/**
 * Money is never a float: binary fractions cannot hold 0.1 exactly. Amounts are bigint minor units with a fixed scale
 * per asset; on the wire they are decimal strings; the UI shows 4 decimals. All rounding is here.
 */
export const ASSETS = {
  USDT: { scale: 6 },
  EUR: { scale: 2 },
} as const;
export type Asset = keyof typeof ASSETS;
export const ASSET_CODES = Object.keys(ASSETS) as Asset[];

export function isAsset(value: unknown): value is Asset {
  return typeof value === 'string' && value in ASSETS;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** The ledger's money columns are PostgreSQL bigint: no parsed amount may go past them. */
const LEDGER_COLUMN_MAX = 2n ** 63n - 1n;

/**
 * The largest amount anyone may enter, in whole units of any asset (a billion). It is far below
 * the ledger column (about 9.2 × 10^12 USDT at 6 decimals), so no plausible sum of entered
 * amounts, fees and conversions overflows it either.
 */
export const MAX_AMOUNT_UNITS = 1_000_000_000n;

export const maxAmountMinor = (asset: Asset): bigint => MAX_AMOUNT_UNITS * 10n ** BigInt(ASSETS[asset].scale);

/** Is this non-negative decimal text above MAX_AMOUNT_UNITS, whatever the asset's decimals? */
export function exceedsMaximumAmount(text: string): boolean {
  const match = DECIMAL.exec(text.trim());
  if (!match) return false;
  const whole = BigInt(match[1]);
  return whole > MAX_AMOUNT_UNITS || (whole === MAX_AMOUNT_UNITS && /[1-9]/.test(match[2] ?? ''));
}

/**
 * Parses a non-negative decimal string into minor units. More decimals than the asset has
 * is an error, not a silent rounding: the user must see the amount that will move. So is an
 * amount past the ledger column; amounts people enter are bounded lower (`amountOf`).
 */
export function parseAmount(text: string, asset: Asset): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  const { scale } = ASSETS[asset];
  if (fraction.length > scale) return null;
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return minor <= LEDGER_COLUMN_MAX ? minor : null;
}

/**
 * The plausible range of the reference rate (EUR for one USDT), in millionths: 0.01 to 100.
 * Inside it a quote of up to the maximum amount stays far inside the ledger column in both
 * directions, and 1/rate keeps digits enough to be a rate (at 10^20 it would be 0, and every
 * quote would divide by it).
 */
export const RATE_RANGE = { min: 10_000n, max: 100_000_000n } as const;

/** A reference rate (6 decimals) in millionths, or null outside RATE_RANGE. */
export function parseRate(text: string): bigint | null {
  const micro = parseAmount(text, 'USDT');
  return micro !== null && micro >= RATE_RANGE.min && micro <= RATE_RANGE.max ? micro : null;
}

/** Minor units as a full-precision decimal string ("12.500000" for USDT). */
export function toDecimalString(minor: bigint, asset: Asset): string {
  return minorToDecimal(minor, asset, ASSETS[asset].scale);
}

/**
 * Minor units shown with a fixed number of decimals. Extra digits are cut, never rounded up:
 * a balance is never shown larger than it is.
 */
export function minorToDecimal(minor: bigint, asset: Asset, decimals = 4): string {
  const { scale } = ASSETS[asset];
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const unit = 10n ** BigInt(scale);
  const whole = abs / unit;
  let fraction = (abs % unit).toString().padStart(scale, '0');
  fraction = decimals <= scale ? fraction.slice(0, decimals) : fraction.padEnd(decimals, '0');
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Re-shows a wire decimal string with a fixed number of decimals, cutting extra digits. */
export function formatDecimalString(text: string, decimals = 4): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  const shown = fraction.slice(0, decimals).padEnd(decimals, '0');
  return `${sign}${whole}${decimals > 0 ? `.${shown}` : ''}`;
}

/** Hundredths of a percent as text without trailing zeros: 8088n → "80.88", 8000n → "80", 5n → "0.05" (parseFeePercent's inverse). */
export function percentText(hundredths: bigint): string {
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${hundredths / 100n}.${fraction}` : `${hundredths / 100n}`;
}

/** "0.5" → 50 (hundredths of a percent); null for anything but 0–99.99 with at most 2 decimals. */
export function parseFeePercent(text: string): bigint | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/**
 * What USDT and EUR together are worth in EUR at a rate (EUR for one USDT), cut to the cent:
 * never shown as more than it is. Null when an input is not a decimal amount or a plausible rate.
 */
export function valueInEur(usdt: string, eur: string, rate: string): string | null {
  const usdtMinor = parseAmount(usdt, 'USDT');
  const eurMinor = parseAmount(eur, 'EUR');
  const rateMicro = parseRate(rate);
  if (usdtMinor === null || eurMinor === null || rateMicro === null) return null;
  // USDT in millionths × EUR per USDT in millionths = EUR in 10^-12; cents are 10^-2.
  const usdtInCents = (usdtMinor * rateMicro) / 10n ** 10n;
  return toDecimalString(usdtInCents + eurMinor, 'EUR');
}
