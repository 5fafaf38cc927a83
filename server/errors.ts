/**
 * The business layer's refusals, below HTTP: services throw these (or the domain's AppError), and
 * the HTTP error handler (http/error-handler.ts) turns them into the reply envelope with their
 * status. A refusal carries more than a key: the reply's `data` (e.g. retryAfter) and the form
 * field it is about. Plain AppError from src/domain stays the usual way to refuse.
 */
import { AppError, type ErrorKey, type MessageParams } from '../src/domain/errors';
import type { Asset } from '../src/domain/money';
import { AmountError, amountOf } from '../src/domain/payments';

export interface RefusalDetails {
  params?: MessageParams;
  data?: Record<string, unknown>;
  field?: string;
}

export class Refusal extends AppError {
  readonly data: Record<string, unknown> | null;
  readonly field: string | undefined;

  constructor(key: ErrorKey, status: number, details: RefusalDetails = {}) {
    super(key, status, details.params);
    this.name = 'Refusal';
    this.data = details.data ?? null;
    this.field = details.field;
  }
}

/** "Wait N seconds": 429 with the seconds both in the text and in data.retryAfter. */
export function waitRefusal(key: ErrorKey, retryAfter: number, params: MessageParams = {}): Refusal {
  return new Refusal(key, 429, { params: { seconds: retryAfter, ...params }, data: { retryAfter } });
}

/** An amount as the user typed it in minor units of `asset`, or its refusal under its form field. */
export function amountOrRefusal(text: string, asset: Asset, field = 'amount'): bigint {
  try {
    return amountOf(text, asset);
  } catch (error) {
    if (error instanceof AmountError) throw new Refusal(error.key, 400, { params: error.params, field });
    throw error;
  }
}
