/** The loans' calls: the list (applications, repayments under review, all), one loan, the decisions. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { decidedLoanSchema, operatorLoanSchema } from '../../../domain/ops-wire';
import type { Page } from '../../../domain/wire';
import { opsGet, opsPost } from '../../api/client';

export type OpsLoan = z.output<typeof operatorLoanSchema>;
export type LoanStatusFilter = 'pending' | 'repaying' | 'all';

export const PAGE_SIZE = 20;

/** Keyed under the live queue the list belongs to: 'repayments' for repayments under review, else 'loans'. */
export const loansQuery = (status: LoanStatusFilter, page: number) =>
  queryOptions({
    queryKey: ['ops', status === 'repaying' ? 'repayments' : 'loans', 'list', status, page] as const,
    queryFn: () => opsGet<Page<OpsLoan>>('/loans', { status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

/** One loan: refetched when either of its queues changes. */
export const loanQuery = (id: number) =>
  queryOptions({
    queryKey: ['ops', 'loans', 'one', id] as const,
    queryFn: async () => (await opsGet<Page<OpsLoan>>('/loans', { id, pageSize: 1 })).list[0] ?? null,
  });

type Decided = z.output<typeof decidedLoanSchema>;
type DecisionInput = { id: number; reason?: string };

export const approveLoan = (input: DecisionInput, key: string) => opsPost<Decided>('/loans/approve', input, key);
export const rejectLoan = (input: DecisionInput, key: string) => opsPost<Decided>('/loans/reject', input, key);
export const confirmRepayment = (input: DecisionInput, key: string) => opsPost<Decided>('/loans/repayment/confirm', input, key);
export const refuseRepayment = (input: DecisionInput, key: string) => opsPost<Decided>('/loans/repayment/refuse', input, key);
