/**
 * The money calls of docs/api.md ("Money calls"). Calls that move money take the idempotency key
 * of the user's action: one key per confirmed action, reused only to retry that same action.
 */
import type { z } from 'zod';
import type { bankBindingSchema, quoteRequestSchema, transferSchema, withdrawSchema } from '../domain/payments';
import type {
  BankBinding,
  CalcReply,
  ConversionRecord,
  DepositAddressReply,
  DepositRecord,
  LedgerEntry,
  Page,
  QuoteReply,
  UserLevelReply,
  WithdrawInfoReply,
  WithdrawalRecord,
} from '../domain/wire';
import { request, upload, type RequestOptions } from './client';

export type WithdrawRequest = z.input<typeof withdrawSchema>;
export type BankBindingRequest = z.input<typeof bankBindingSchema>;
export type QuoteRequest = z.input<typeof quoteRequestSchema>;
export type TransferRequest = z.input<typeof transferSchema>;

export interface PageParams {
  page?: number;
  pageSize?: number;
}

/** A fresh key for one action the user confirmed. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

type MoneyOptions = RequestOptions & { idempotencyKey: string };

// Deposits
export const depositAddress = (input: { coinId: number; network?: 'TRC20' | 'ERC20' }, options?: RequestOptions) =>
  request<DepositAddressReply>('POST', '/wallet/get_in_address', input, options);

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

export const depositRecords = (params: PageParams = {}, options?: RequestOptions) =>
  request<Page<DepositRecord>>('GET', '/recharge/log', { ...params }, options);

// Withdrawals
export const withdrawInfo = (options?: RequestOptions) => request<WithdrawInfoReply>('POST', '/wallet/get_info', undefined, options);
export const requestWithdrawal = (input: WithdrawRequest, options: MoneyOptions) =>
  request<WithdrawalRecord>('POST', '/wallet/out', { ...input }, options);
export const withdrawalRecords = (params: PageParams = {}, options?: RequestOptions) =>
  request<Page<WithdrawalRecord>>('GET', '/user/withdraw/list', { ...params }, options);

// Bank binding
export const bankInfo = (options?: RequestOptions) => request<BankBinding | null>('POST', '/user/cash_info', undefined, options);
export const saveBank = (input: BankBindingRequest, options: MoneyOptions) =>
  request<BankBinding>('POST', '/user/cash_save', { ...input }, options);

// Conversion between EUR and USDT
export const quoteTransfer = (input: QuoteRequest, options?: RequestOptions) =>
  request<QuoteReply>('POST', '/transfer/quote', { ...input }, options);
export const executeTransfer = (input: TransferRequest, options: MoneyOptions) =>
  request<ConversionRecord>('POST', '/transfer', { ...input }, options);

// Records, totals, VIP
export const assetLog = (params: PageParams = {}, options?: RequestOptions) =>
  request<Page<LedgerEntry>>('GET', '/wallet/legal_log', { ...params }, options);
export const assetTotals = (options?: RequestOptions) => request<CalcReply>('GET', '/user/calc', undefined, options);
export const userLevel = (options?: RequestOptions) => request<UserLevelReply>('GET', '/user/user_level', undefined, options);
