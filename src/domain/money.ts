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

/**
 * Parses a non-negative decimal string into minor units. More decimals than the asset has
 * is an error, not a silent rounding: the user must see the amount that will move.
 */
export function parseAmount(text: string, asset: Asset): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  const { scale } = ASSETS[asset];
  if (fraction.length > scale) return null;
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
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
