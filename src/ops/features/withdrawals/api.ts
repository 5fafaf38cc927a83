/** The withdrawals queue's calls: the list, one withdrawal, the user's others, the decisions. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { decidedWithdrawalSchema, operatorWithdrawalSchema, withdrawalApproveSchema } from '../../../domain/ops-wire';
import type { Page } from '../../../domain/wire';
import { opsGet, opsPost } from '../../api/client';

export type OpsWithdrawal = z.output<typeof operatorWithdrawalSchema>;
export type WithdrawalStatusFilter = 'processing' | 'completed' | 'cancelled' | 'all';

export const PAGE_SIZE = 20;

export const withdrawalsQuery = (status: WithdrawalStatusFilter, page: number) =>
  queryOptions({
    queryKey: ['ops', 'withdrawals', 'list', status, page] as const,
    queryFn: () => opsGet<Page<OpsWithdrawal>>('/withdrawals', { status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

export const withdrawalQuery = (id: number) =>
  queryOptions({
    queryKey: ['ops', 'withdrawals', 'one', id] as const,
    queryFn: async () => (await opsGet<Page<OpsWithdrawal>>('/withdrawals', { id, pageSize: 1 })).list[0] ?? null,
  });

/** The user's other withdrawals, beside the one decided. */
export const userWithdrawalsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['ops', 'withdrawals', 'user', userId] as const,
    queryFn: () => opsGet<Page<OpsWithdrawal>>('/withdrawals', { userId, pageSize: 50 }),
  });

type Decided = z.output<typeof decidedWithdrawalSchema>;

export const approveWithdrawal = (input: z.input<typeof withdrawalApproveSchema>, key: string) => opsPost<Decided>('/withdrawals/approve', input, key);

export const rejectWithdrawal = (input: { id: number; reason: string }, key: string) => opsPost<Decided>('/withdrawals/reject', input, key);
