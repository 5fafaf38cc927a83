/**
 * How a call that moves money is made (docs/api.md, "Money calls"): it takes the idempotency key
 * of the user's action — one key per confirmed action, reused only to retry that same action.
 * Every money feature (deposits, withdrawals, bank, conversion, trading, loans, pledge) declares
 * its calls with `pay`.
 */
import { request, type RequestOptions } from './client';

/** A fresh key for one action the user confirmed. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export type MoneyOptions = RequestOptions & { idempotencyKey: string };

/** A call that moves money: its input as it is, under the idempotency key of the user's action. */
export const pay =
  <Input extends Record<string, unknown>, Reply>(path: string) =>
  (input: Input, options: MoneyOptions) =>
    request<Reply>('POST', path, input, options);
