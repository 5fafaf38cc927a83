/**
 * The one money formatter of the app: an amount as the user's language writes numbers.
 *
 * Digits never pass through a JavaScript number, which would lose digits of large or precise amounts. The amount is cut to the
 * asset's own precision with bigint/string arithmetic (toward zero: never more money than there
 * is), the whole part is grouped by Intl.NumberFormat on a BigInt, and the fraction is joined
 * with the language's decimal separator. (Intl.NumberFormat on a decimal string is exact only
 * where the engine implements NumberFormat v3; BigInt formatting is exact everywhere.)
 *
 * Choices, the same on every screen:
 * - Calm and exact decimals: an amount shows the currency's cents (2 decimals, EUR and USDT
 *   alike) and more only where it has a non-zero digit there, up to the asset's precision (USDT
 *   6): 100000 USDT is "100,000.00", 12.5 is "12.50", 0.0001 is "0.0001", 43.260869 is
 *   "43.260869". No digit of the amount is ever hidden, so a list and a record's detail show the
 *   same full-precision figure, and a column never shows four zeros that say nothing.
 *   (A rate or a quoted price is not an amount: formatRate and formatQuote have decimals of their own.)
 * - Latin digits 0–9 in every language, Arabic included. Amounts are typed with Latin digits
 *   (parseAmount accepts only those), IBANs, order numbers and the operators' tools use them,
 *   most Arabic-language banking and exchange apps show them, and CLDR's own default for `ar`
 *   is now Latin; forcing `nu-latn` also keeps older engines, whose `ar` default is
 *   Arabic-Indic, from showing different digits on different phones.
 * - Grouping always, also for four-digit amounts: es and it would otherwise write 1000 but
 *   10.000, so a column of amounts would look inconsistent.
 * - Tamazight (`tzm`): ICU has Central Atlas Tamazight (space U+00A0 as group separator, comma
 *   as decimal separator); an engine without it gets the closest one it has: Standard Moroccan
 *   Tamazight (zgh), Kabyle (kab) — both written the same way — else French (the same but for a
 *   narrow no-break space as group separator).
 */
import { ASSETS, type Asset } from './money';
import { isRtl, type Locale } from './locales';

/** Decimals an amount always shows: the currency's cents, the same for EUR and USDT. */
export const MIN_DECIMALS = 2;

/** The decimal string of the API ("-12.500000") or minor units with the asset's scale (-12500000n). */
export type AmountValue = string | bigint;

export interface FormatAmountOptions {
  /** 'always': "+" on credits and "−" on debits, as in records; default: a sign only when negative. */
  sign?: 'auto' | 'always';
  /** Append the asset code after a no-break space: "1,234.5000 USDT". */
  withCode?: boolean;
}

const NBSP = '\u00a0';

/** An amount cut to a number of decimals: sign, whole part and exactly `decimals` fraction digits. */
interface CutDecimal {
  /** Sign of the amount before cutting: a debit of 0.000099 stays a debit ("-0.0000"). */
  sign: -1 | 0 | 1;
  whole: bigint;
  fraction: string;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

function cutString(text: string, decimals: number): CutDecimal {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal amount: "${text}"`);
  const [, signText, wholeText, fractionText = ''] = match;
  const isZero = /^0*$/.test(wholeText) && /^0*$/.test(fractionText);
  return {
    sign: isZero ? 0 : signText === '-' ? -1 : 1,
    whole: BigInt(wholeText),
    fraction: fractionText.slice(0, decimals).padEnd(decimals, '0'),
  };
}

function cutMinor(minor: bigint, scale: number, decimals: number): CutDecimal {
  const abs = minor < 0n ? -minor : minor;
  const unit = 10n ** BigInt(scale);
  const fraction = (abs % unit).toString().padStart(scale, '0');
  return {
    sign: minor === 0n ? 0 : minor < 0n ? -1 : 1,
    whole: abs / unit,
    fraction: decimals <= scale ? fraction.slice(0, decimals) : fraction.padEnd(decimals, '0'),
  };
}

/** The Intl locale behind each UI language (see the comment at the top for tzm and ar). */
function intlLocaleOf(locale: Locale): string {
  if (locale !== 'tzm') return locale;
  return ['tzm', 'zgh', 'kab'].find((tag) => Intl.NumberFormat.supportedLocalesOf(tag).length > 0) ?? 'fr';
}

interface LocaleNumbers {
  /** Groups a non-negative whole number. */
  whole: Intl.NumberFormat;
  decimal: string;
  /** How the language writes a signed number, e.g. ar: LRM, "-", the number. */
  negative: Intl.NumberFormatPart[];
  positive: Intl.NumberFormatPart[];
}

const cache = new Map<Locale, LocaleNumbers>();

function numbersOf(locale: Locale): LocaleNumbers {
  let numbers = cache.get(locale);
  if (!numbers) {
    const tag = intlLocaleOf(locale);
    const base = { numberingSystem: 'latn', useGrouping: 'always' } as const;
    const signed = new Intl.NumberFormat(tag, { ...base, signDisplay: 'always', maximumFractionDigits: 0 });
    numbers = {
      whole: new Intl.NumberFormat(tag, { ...base, maximumFractionDigits: 0 }),
      decimal: new Intl.NumberFormat(tag, { ...base, minimumFractionDigits: 1 }).formatToParts(1).find((part) => part.type === 'decimal')?.value ?? '.',
      negative: signed.formatToParts(-1),
      positive: signed.formatToParts(1),
    };
    cache.set(locale, numbers);
  }
  return numbers;
}

function render(value: CutDecimal, locale: Locale, sign: 'auto' | 'always'): string {
  const numbers = numbersOf(locale);
  const body = numbers.whole.format(value.whole) + (value.fraction ? numbers.decimal + value.fraction : '');
  const template = value.sign < 0 ? numbers.negative : value.sign > 0 && sign === 'always' ? numbers.positive : null;
  if (!template) return body;
  return template.map((part) => (part.type === 'integer' ? body : part.value)).join('');
}

/** The fraction without the zeros that end it, kept to at least MIN_DECIMALS digits: "500000" → "50", "000100" → "0001". */
function calmFraction(fraction: string): string {
  const significant = fraction.replace(/0+$/, '');
  return significant.length >= MIN_DECIMALS ? significant : fraction.slice(0, MIN_DECIMALS).padEnd(MIN_DECIMALS, '0');
}

/**
 * An amount of an asset for people: the language's separators, the cents always and every
 * further non-zero digit up to the asset's precision (see the top of this file), digits past that
 * precision cut (never rounded up). Throws a RangeError on a string that is not a decimal.
 *
 *   formatAmount('1234.567891', 'USDT', 'de')                   → "1.234,567891"
 *   formatAmount('0.000100', 'USDT', 'en')                      → "0.0001"
 *   formatAmount(-5492n, 'EUR', 'en', { sign: 'always' })        → "-54.92"
 *   formatAmount('100000', 'USDT', 'tzm', { withCode: true })    → "100 000,00 USDT"
 */
export function formatAmount(amount: AmountValue, asset: Asset, locale: Locale, options: FormatAmountOptions = {}): string {
  const { scale } = ASSETS[asset];
  const cut = typeof amount === 'bigint' ? cutMinor(amount, scale, scale) : cutString(amount, scale);
  const value = { ...cut, fraction: calmFraction(cut.fraction) };
  const text = render(value, locale, options.sign ?? 'auto');
  return options.withCode ? `${text}${NBSP}${asset}` : text;
}

/** Decimals a rate always shows ("0.9200"), and the most it can have: rates are kept with 6 (the rate setting, a quote's rate). */
export const RATE_MIN_DECIMALS = 4;
export const RATE_MAX_DECIMALS = 6;

/**
 * A rate (a decimal string: EUR for one USDT, a quote's units of `to` for one `from`) in the
 * user's language, one way on every screen: 4 decimals always and every further non-zero digit up
 * to the 6 rates are kept with, cut like amounts: "0,9200" for the setting "0.920000", "1.086956"
 * for a quote's rate (what the server multiplies by, so the user can check its figures), "0.541338"
 * for a loan's margin-call price. No digit of the rate is hidden, and none is shown that says nothing.
 */
export function formatRate(rate: string, locale: Locale): string {
  const cut = cutString(rate, RATE_MAX_DECIMALS);
  const significant = cut.fraction.replace(/0+$/, '');
  const fraction = significant.length > RATE_MIN_DECIMALS ? significant : cut.fraction.slice(0, RATE_MIN_DECIMALS);
  return render({ ...cut, fraction }, locale, 'auto');
}

/** How a rate line relates one unit to the figure: it is, about (a figure worked out and cut), at most, at least. */
export type RateRelation = '=' | '≈' | '≤' | '≥';

export interface RateLine {
  /** The unit counted once: "USDT" in "1 USDT = 0.9200 EUR". */
  base: string;
  /** What one `base` is worth, in `quote` (a decimal string). */
  rate: string;
  quote: string;
  /** '=' by default. */
  relation?: RateRelation;
}

/**
 * A rate as a line, the one form every screen writes it in: "1 USDT = 0,9200 EUR". Its words are
 * joined by no-break spaces, so it never breaks inside, and in Arabic and Hebrew it is set apart
 * as one left-to-right run (LRI … PDI, as <bdi dir="ltr"> does in markup): without them the bidi
 * algorithm reorders it around the sentence ("= 1.0869 USDT" before "1 EUR").
 */
export function formatRateLine(line: RateLine, locale: Locale): string {
  return ltrInText(rateLineText(line, locale), locale);
}

/** The same line without the isolates, for markup that isolates it itself (ui/Amount.tsx's RateLine: <bdi dir="ltr">). */
export function rateLineText({ base, rate, quote, relation = '=' }: RateLine, locale: Locale): string {
  return ['1', base, relation, formatRate(rate, locale), quote].join(NBSP);
}

/** Decimals a quoted price shows: 2 from 100 up, 4 down to 0.01, 6 below (a coin worth fractions of a cent needs them). */
export function quoteDecimals(price: string): number {
  const [whole, fraction = ''] = price.replace(/^-/, '').split('.');
  const digits = whole.replace(/^0+/, '');
  if (digits.length >= 3) return 2;
  return digits.length >= 1 || /[1-9]/.test(fraction.slice(0, 2)) ? 4 : 6;
}

/** A market price (decimal text) in the user's language, cut to quoteDecimals: "64.012,50". */
export function formatQuote(price: string, locale: Locale): string {
  return render(cutString(price, quoteDecimals(price)), locale, 'auto');
}

/** A change in percent (decimal text, two decimals) with its sign always shown: "+1.25 %" in the language's form. */
const percentTemplates = new Map<Locale, Intl.NumberFormatPart[]>();

export function formatChange(change: string, locale: Locale): string {
  // The language's form of a signed percentage, made once per language (a quote list formats one a second per row).
  let numbers = percentTemplates.get(locale);
  if (!numbers) {
    numbers = new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'always', minimumFractionDigits: 2 }).formatToParts(1);
    percentTemplates.set(locale, numbers);
  }
  const body = render(cutString(change.replace(/^-/, ''), 2), locale, 'auto');
  const sign = change.startsWith('-') && /[1-9]/.test(change) ? '-' : '+';
  return numbers.map((part) => (part.type === 'integer' ? body : part.type === 'plusSign' ? sign : part.type === 'fraction' || part.type === 'decimal' ? '' : part.value)).join('');
}

/** The language's way of writing a percentage, made once per language. */
const plainPercentTemplates = new Map<Locale, Intl.NumberFormatPart[]>();

/**
 * A rate in percent (decimal text: "1.5", "0.02") in the user's language, with the decimals it
 * has and no more: "1.5%" in English, "1,5 %" in German, "1.5%" with Latin digits in Arabic.
 */
export function formatPercent(value: string, locale: Locale): string {
  let parts = plainPercentTemplates.get(locale);
  if (!parts) {
    parts = new Intl.NumberFormat(intlLocaleOf(locale), { style: 'percent', numberingSystem: 'latn', minimumFractionDigits: 1 }).formatToParts(1);
    plainPercentTemplates.set(locale, parts);
  }
  const fraction = /\.(\d*?)0*$/.exec(value.trim())?.[1] ?? '';
  const body = render(cutString(value, fraction.length), locale, 'auto');
  return parts.map((part) => (part.type === 'integer' ? body : part.type === 'fraction' || part.type === 'decimal' ? '' : part.value)).join('');
}

/**
 * A figure with its unit ("19.9600 USDT") put into a sentence of Arabic or Hebrew, kept whole and
 * left to right with Unicode's isolates (LRI … PDI), as <bdi dir="ltr"> keeps it in markup:
 * without them the unit would jump to the other side of the number ("USDT 19.9600").
 */
export function ltrInText(text: string, locale: Locale): string {
  return isRtl(locale) ? `\u2066${text}\u2069` : text;
}

const compactFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A figure to glance at, not an amount of money (a market's 24-hour volume), in the language's
 * compact notation: "2.2K" in English, "2,2 mil" in Spanish, "2.2 ألف" in Arabic. Chinese and
 * German abbreviate only from ten thousand ("4.6万", "12,3 Mio."), so below it the figure is
 * rounded instead: at most one decimal and three significant digits, "2250" rather than "2248.5".
 * Latin digits, as amounts.
 */
export function formatCompact(value: string, locale: Locale): string {
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocaleOf(locale), {
      notation: 'compact',
      numberingSystem: 'latn',
      maximumFractionDigits: 1,
      maximumSignificantDigits: 3,
      roundingPriority: 'lessPrecision',
    });
    compactFormats.set(locale, format);
  }
  return format.format(Number(value));
}

/** The language's decimal separator, as amounts are written: "," in German, "." in English. */
export function decimalSeparator(locale: Locale): string {
  return numbersOf(locale).decimal;
}
