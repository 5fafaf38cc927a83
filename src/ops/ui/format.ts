/** Amounts, times and ages as the console shows them, in its language. */
import { t } from '@lingui/core/macro';
import { formatAmount } from '../../domain/format';
import type { Locale } from '../../domain/locales';
import { parseAmount, type Asset } from '../../domain/money';
import { opsLocale } from '../i18n';

export function money(amount: string | bigint, asset: Asset, options: { sign?: 'auto' | 'always' } = {}): string {
  return formatAmount(amount, asset, opsLocale() as Locale, { withCode: true, ...options });
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(opsLocale() === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** How long something has waited: "3 d 4 h", "2 h 5 min", "12 min", "< 1 min". */
export function age(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return t`< 1 min`;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days) return t`${days} d ${hours} h`;
  return hours ? t`${hours} h ${rest} min` : t`${rest} min`;
}

/** Whether a decimal amount from the wire is not zero: read as text, never as a float. */
export const nonZero = (amount: string): boolean => /[1-9]/.test(amount);

/** A signed decimal amount from the wire in minor units (0 when it is not one). */
export function minorOf(amount: string, asset: Asset): bigint {
  const size = parseAmount(amount.trim().replace(/^[+-]/, ''), asset) ?? 0n;
  return amount.trim().startsWith('-') ? -size : size;
}
