/**
 * The money calls of docs/api.md ("Money calls"). Calls that move money take the idempotency key
 * of the user's action: one key per confirmed action, reused only to retry that same action.
 */
import type { z } from 'zod';
import type { Asset } from '../domain/money';
import type { bankBindingSchema, quoteRequestSchema, transferSchema, withdrawSchema } from '../domain/payments';
import type {
  BankBinding,
  CalcReply,
  ConversionRecord,
  DepositAddressReply,
  DepositRecord,
  Movement,
  Page,
  QuoteReply,
  UserLevelReply,
  WithdrawInfoReply,
  WithdrawalRecord,
} from '../domain/wire';
import { ask, send } from './calls';
import { request, upload, type RequestOptions } from './client';

export type WithdrawRequest = z.input<typeof withdrawSchema>;
export type BankBindingRequest = z.input<typeof bankBindingSchema>;

export interface PageParams {
  page?: number;
  pageSize?: number;
}

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

/** One page of a record list, the first page of the server's size when `params` say nothing. */
const pages =
  <Item>(path: string) =>
  (params: PageParams = {}, options?: RequestOptions) =>
    request<Page<Item>>('GET', path, { ...params }, options);

// Deposits
export const depositAddress = send<{ coinId: number; network?: 'TRC20' | 'ERC20' }, DepositAddressReply>('POST', '/wallet/get_in_address');

export interface DepositRequest {
  coinId: number;
  network?: 'TRC20' | 'ERC20';
  amount: string;
  proof: Blob;
}

/** The text fields go before the file: the server reads them as the upload streams in. */
export function requestDeposit(input: DepositRequest, options: MoneyOptions): Promise<DepositRecord> {
  const form = new FormData();
  form.append('coinId', String(input.coinId));
  if (input.network) form.append('network', input.network);
  form.append('amount', input.amount);
  form.append('file', input.proof);
  return upload<DepositRecord>('/wallet/charge_req', form, options);
}

export const depositRecords = pages<DepositRecord>('/recharge/log');

// Withdrawals
export const withdrawInfo = ask<WithdrawInfoReply>('POST', '/wallet/get_info');
export const requestWithdrawal = pay<WithdrawRequest, WithdrawalRecord>('/wallet/out');
export const withdrawalRecords = pages<WithdrawalRecord>('/user/withdraw/list');

// Bank binding
export const bankInfo = ask<BankBinding | null>('POST', '/user/cash_info');
export const saveBank = pay<BankBindingRequest, BankBinding>('/user/cash_save');

// Conversion between EUR and USDT
export const quoteConversion = send<z.input<typeof quoteRequestSchema>, QuoteReply>('POST', '/transfer/quote');
export const executeConversion = pay<z.input<typeof transferSchema>, ConversionRecord>('/transfer');

// Records, totals, VIP
/** The fund record: one row per movement, of one currency (filtered by the server) or of all. */
export const movements =
  (asset: Asset | null) =>
  (params: PageParams = {}, options?: RequestOptions) =>
    request<Page<Movement>>('GET', '/wallet/movements', asset ? { ...params, asset } : { ...params }, options);
export const assetTotals = ask<CalcReply>('GET', '/user/calc');
export const userLevel = ask<UserLevelReply>('GET', '/user/user_level');
