/**
 * Amount rules of the money forms, in bigint minor units (never floats): the same checks and the
 * same catalogue keys as the server (docs/api.md "Rules behind the money calls"), so a refusal
 * the server would send is shown before anything is sent.
 */
import type { ErrorKey, MessageParams } from '../../../domain/errors';
import { ASSETS, parseAmount, toDecimalString, type Asset } from '../../../domain/money';
import { AMOUNT_MAX_PARAMS, amountTextSchema } from '../../../domain/payments';
import type { WithdrawMethodInfo } from '../../../domain/wire';

export interface Problem {
  key: ErrorKey;
  params?: MessageParams;
}

/** What a person typed into an amount field, kept to digits and one decimal point (a comma counts as one). */
export function decimalInput(raw: string): string {
  const text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  return dot === -1 ? text : text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
}

/** "10.500000" → "10.5", "100.00" → "100": how the server names amounts in its texts. */
export function plainDecimal(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Required, a positive decimal, no more decimals than the asset has, at most the product maximum. */
export function amountProblem(text: string, asset: Asset): Problem | null {
  const parsed = amountTextSchema.safeParse(text);
  if (!parsed.success) {
    const key = parsed.error.issues[0]?.message;
    if (key === 'amount.required') return { key };
    if (key === 'amount.tooLarge') return { key, params: AMOUNT_MAX_PARAMS };
    return { key: 'amount.invalid', params: { decimals: ASSETS[asset].scale } };
  }
  const minor = parseAmount(parsed.data, asset);
  if (minor === null || minor <= 0n) return { key: 'amount.invalid', params: { decimals: ASSETS[asset].scale } };
  return null;
}

/** The server's order: the amount itself, at least the minimum, more than the fee, within the available balance. */
export function withdrawProblem(text: string, info: WithdrawMethodInfo): Problem | null {
  const basic = amountProblem(text, info.asset);
  if (basic) return basic;
  const amount = parseAmount(text.trim(), info.asset)!;
  const minimum = parseAmount(info.minimum, info.asset) ?? 0n;
  const fee = parseAmount(info.fee, info.asset) ?? 0n;
  const available = parseAmount(info.available, info.asset) ?? 0n;
  if (amount < minimum) return { key: 'withdraw.belowMinimum', params: { min: plainDecimal(info.minimum), asset: info.asset } };
  if (amount <= fee) return { key: 'withdraw.notAboveFee', params: { fee: plainDecimal(info.fee), asset: info.asset } };
  if (amount > available) return { key: 'balance.insufficient' };
  return null;
}

/** What arrives (amount − fee) as a full-precision decimal string, or null while the amount is not one that can be sent. */
export function netAmount(text: string, fee: string, asset: Asset): string | null {
  const amount = parseAmount(text.trim(), asset);
  const charged = parseAmount(fee, asset);
  if (amount === null || charged === null || amount <= charged) return null;
  return toDecimalString(amount - charged, asset);
}
