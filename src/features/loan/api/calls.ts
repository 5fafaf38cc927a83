/**
 * The loans' calls (docs/api.md, "Loans"). Identity images go up one at a time before the
 * application; "repay now" moves money: the idempotency key of the user's action and the payment
 * password.
 */
import type { z } from 'zod';
import type { Loan, LoanConfig, loanApplySchema, LoanStatus } from '../../../domain/loan';
import type { Page } from '../../../domain/wire';
import { ask, send } from '../../../api/calls';
import { request, upload, type RequestOptions } from '../../../api/client';
import { pay } from '../../../api/pay';

export const loanConfig = ask<LoanConfig>('GET', '/loan/config');

export function uploadLoanDocument(file: Blob, options?: RequestOptions): Promise<{ id: number }> {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'id');
  return upload<{ id: number }>('/loan/document', form, options);
}

export const applyForLoan = send<z.input<typeof loanApplySchema>, Loan>('POST', '/loan/apply');
export const loans = (params: { status?: LoanStatus; page?: number; pageSize?: number }, options?: RequestOptions) =>
  request<Page<Loan>>('GET', '/loan/list', { ...params }, options);
export const loanDetail = send<{ id: number }, Loan>('GET', '/loan/detail');
export const repayLoan = pay<{ id: number; payPassword: string }, Loan>('/loan/repay');
export const addLoanCollateral = pay<{ id: number; amount: string; payPassword: string }, Loan>('/loan/collateral/add');
export const repayLoanPart = pay<{ id: number; amount: string; payPassword: string }, Loan>('/loan/repay/part');
