/**
 * The arithmetic and checks of the conversion screen, apart from the screen: which amount may be
 * quoted, how long a quote is shown as valid, and the reference rate read back from a quote.
 * Amounts stay decimal strings and bigint minor units, never floats (docs/architecture.md).
 */
import { QUOTE_TTL_SECONDS } from '../../domain/ledger';
import { parseAmount, toDecimalString, type Asset } from '../../domain/money';
import { errorMessage } from '../../i18n';
import { amountProblem as amountRule } from '../../domain/payments';

export const QUOTE_DEBOUNCE_MS = 400;

export const otherAsset = (asset: Asset): Asset => (asset === 'EUR' ? 'USDT' : 'EUR');

/**
 * The currency the screen starts from: the one the user has. EUR → USDT when there are euros (or
 * nothing at all, or the balances are not known yet), USDT → EUR when only USDT is there (after a
 * first USDT deposit, "0.00 EUR available" would start the user on a refusal).
 */
export function startingAsset(balances: Partial<Record<Asset, string>> | undefined): Asset {
  const has = (asset: Asset) => {
    const minor = balances?.[asset] === undefined ? null : parseAmount(balances[asset], asset);
    return minor !== null && minor > 0n;
  };
  return !has('EUR') && has('USDT') ? 'USDT' : 'EUR';
}

/**
 * Why `text` cannot be converted from `from` (a valid amount, not above the balance),
 * in the user's language; null when it can. `available` null: the balance is not known yet.
 */
export function amountProblem(text: string, from: Asset, available: string | null): string | null {
  const amount = text.trim();
  // The rules of every money form (required, format, decimals, the product maximum), as the server checks them.
  const problem = amountRule(amount, from);
  if (problem) return errorMessage(problem.key, problem.params);
  const have = available === null ? null : parseAmount(available, from);
  if (have !== null && parseAmount(amount, from)! > have) return errorMessage('balance.insufficient');
  return null;
}

/** A balance as an amount to type: "500.00" → "500", "10.300100" → "10.3001". */
export function asInput(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}

/** Decimal commas (typed on many keyboards) become points; nothing else is changed. */
export function normaliseTyped(text: string): string {
  return text.replace(/,/g, '.').replace(/[^\d.]/g, '');
}

/**
 * When the quote stops being valid, by this device's clock. The server's expiry is used when it
 * is plausible; a device clock that disagrees with the server's falls back to the quote's
 * lifetime from when it arrived. Either way the server decides at execution.
 */
export function quoteDeadline(expiresAt: string, receivedAt: number): number {
  const server = Date.parse(expiresAt);
  const lifetime = QUOTE_TTL_SECONDS * 1000;
  if (!Number.isFinite(server) || server <= receivedAt || server > receivedAt + lifetime) return receivedAt + lifetime;
  return server;
}

/**
 * EUR for one USDT read back from a quote's rate (units of `to` per `from`, 6 decimals): the
 * quote's own rate for USDT → EUR, its inverse (cut, so "≈") for EUR → USDT; shown with formatRate.
 */
export function eurPerUsdt(rate: string, from: Asset): { value: string; approximate: boolean } | null {
  if (from === 'USDT') return { value: rate, approximate: false };
  const micro = parseAmount(rate, 'USDT');
  if (micro === null || micro <= 0n) return null;
  return { value: toDecimalString(10n ** 12n / micro, 'USDT'), approximate: true };
}
