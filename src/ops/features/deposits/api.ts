/** The deposits queue's calls: the list, one deposit, what an approval would post, the decisions. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { decidedDepositSchema, depositApproveSchema, depositPreviewSchema, operatorDepositSchema } from '../../../domain/operators';
import type { Page } from '../../../domain/wire';
import { opsGet, opsPost } from '../../api/client';

export type OpsDeposit = z.output<typeof operatorDepositSchema>;
export type DepositPreview = z.output<typeof depositPreviewSchema>;
export type DepositStatusFilter = 'processing' | 'success' | 'failed' | 'all';

export const PAGE_SIZE = 20;

export const depositsQuery = (status: DepositStatusFilter, page: number) =>
  queryOptions({
    queryKey: ['ops', 'deposits', 'list', status, page] as const,
    queryFn: () => opsGet<Page<OpsDeposit>>('/deposits', { status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

export const depositQuery = (id: number) =>
  queryOptions({
    queryKey: ['ops', 'deposits', 'one', id] as const,
    queryFn: async () => (await opsGet<Page<OpsDeposit>>('/deposits', { id, pageSize: 1 })).list[0] ?? null,
  });

/** The user's other deposits, beside the one decided. */
export const userDepositsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['ops', 'deposits', 'user', userId] as const,
    queryFn: () => opsGet<Page<OpsDeposit>>('/deposits', { userId, pageSize: 50 }),
  });

export const previewQuery = (id: number, amount: string | undefined) =>
  queryOptions({
    queryKey: ['ops', 'deposits', 'preview', id, amount ?? ''] as const,
    queryFn: () => opsGet<DepositPreview>('/deposits/preview', { id, amount }),
  });

export const approveDeposit = (input: z.input<typeof depositApproveSchema>, key: string) =>
  opsPost<z.output<typeof decidedDepositSchema>>('/deposits/approve', input, key);

export const rejectDeposit = (input: { id: number; reason: string }, key: string) => opsPost<z.output<typeof decidedDepositSchema>>('/deposits/reject', input, key);
