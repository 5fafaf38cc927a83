/**
 * Amount fields of the money forms as a person types them: kept to digits and one decimal point,
 * and what arrives after a fee, in bigint minor units (never floats). The rules an amount must
 * meet are the domain's (`assetAmount` and its limits in domain/payments.ts).
 */
import { parseAmount, toDecimalString, type Asset } from '../../../domain/money';

/** What a person typed into an amount field, kept to digits and one decimal point (a comma counts as one). */
export function decimalInput(raw: string): string {
  const text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  return dot === -1 ? text : text.slice(0, dot + 1) + text.slice(dot + 1).replace(/\./g, '');
}

/** What arrives (amount − fee) as a full-precision decimal string, or null while the amount is not one that can be sent. */
export function netAmount(text: string, fee: string, asset: Asset): string | null {
  const amount = parseAmount(text.trim(), asset);
  const charged = parseAmount(fee, asset);
  if (amount === null || charged === null || amount <= charged) return null;
  return toDecimalString(amount - charged, asset);
}
