/**
 * A money amount as every screen shows it: the one formatter (src/domain/format.ts) in the
 * user's language — its separators and grouping, the cents always and further digits only where
 * they are not zero ("100,000.00 USDT", "0.0001 USDT"), never rounded up — with digits of equal
 * width so columns line up, and always left-to-right, also inside Arabic and Hebrew text.
 */
import { useAtomValue } from 'jotai';
import { formatAmount, formatPercent, formatRate, rateLineText, type AmountValue, type FormatAmountOptions, type RateLine as RateLineProps } from '../domain/format';
import type { Asset } from '../domain/money';
import { localeAtom } from '../i18n';

export interface AmountProps {
  value: string | null | undefined;
  asset: Asset;
  /** Show the asset's code after the number (default); off where a heading already names it. */
  code?: boolean;
  sign?: FormatAmountOptions['sign'];
  className?: string;
}

export function Amount({ value, asset, code = true, sign, className }: AmountProps) {
  const shown = useFormatAmount()(value, asset, { sign });
  return (
    <bdi dir="ltr" className={`tabular-nums whitespace-nowrap ${className ?? ''}`} data-amount={asset}>
      {shown}
      {code ? <span className="ms-1 text-[0.75em] font-medium">{asset}</span> : null}
    </bdi>
  );
}

/** The formatter in the user's language, for texts that hold an amount (summaries, labels). */
export function useFormatAmount(): (value: AmountValue | null | undefined, asset: Asset, options?: FormatAmountOptions) => string {
  const locale = useAtomValue(localeAtom);
  return (value, asset, options) => (value == null ? '—' : formatAmount(value, asset, locale, options));
}

/**
 * A price for one USDT (a decimal string) in the user's language, as a rate is written (4
 * decimals and any further non-zero digit: domain/format.ts's formatRate): "0,9320 EUR", its unit
 * set as an amount's is.
 */
export function Rate({ value, unit, className }: { value: string; unit: string; className?: string }) {
  const locale = useAtomValue(localeAtom);
  return (
    <bdi dir="ltr" className={`tabular-nums whitespace-nowrap ${className ?? ''}`}>
      {formatRate(value, locale)} <span className="text-[0.75em] font-medium">{unit}</span>
    </bdi>
  );
}

/**
 * A rate as a line, "1 USDT = 0.9200 EUR", the one way every screen shows one (the reference rate,
 * a quote's rate, a loan's margin-call price): domain/format.ts's rateLineText, isolated as one
 * left-to-right run that never breaks inside, also inside Arabic and Hebrew text.
 */
export function RateLine({ className, ...line }: RateLineProps & { className?: string }) {
  const locale = useAtomValue(localeAtom);
  return (
    <bdi dir="ltr" className={`tabular-nums whitespace-nowrap ${className ?? ''}`} data-rate={`${line.base}/${line.quote}`}>
      {rateLineText(line, locale)}
    </bdi>
  );
}

/** A rate in percent ("1.5") as the user's language writes it ("1,5 %"), kept left to right in RTL text. */
export function Percent({ value, className }: { value: string; className?: string }) {
  const shown = useFormatPercent()(value);
  return (
    <bdi dir="ltr" className={`tabular-nums whitespace-nowrap ${className ?? ''}`}>
      {shown}
    </bdi>
  );
}

/** The percent formatter in the user's language, for texts that hold a rate. */
export function useFormatPercent(): (value: string) => string {
  const locale = useAtomValue(localeAtom);
  return (value) => formatPercent(value, locale);
}
