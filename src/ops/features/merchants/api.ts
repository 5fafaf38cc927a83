/** The merchant applications' calls: the list and the decisions. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { decidedMerchantApplicationSchema, operatorMerchantApplicationSchema } from '../../../domain/ops-wire';
import type { Page } from '../../../domain/wire';
import { opsGet, opsPost } from '../../api/client';

export type OpsMerchantApplication = z.output<typeof operatorMerchantApplicationSchema>;
export type MerchantStatusFilter = 'pending' | 'approved' | 'rejected' | 'all';

export const PAGE_SIZE = 20;

export const merchantApplicationsQuery = (status: MerchantStatusFilter, page: number) =>
  queryOptions({
    queryKey: ['ops', 'merchants', 'list', status, page] as const,
    queryFn: () => opsGet<Page<OpsMerchantApplication>>('/merchants', { status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

type Decided = z.output<typeof decidedMerchantApplicationSchema>;

export const approveMerchant = (input: { id: number }, key: string) => opsPost<Decided>('/merchants/approve', input, key);

export const rejectMerchant = (input: { id: number; reason: string }, key: string) => opsPost<Decided>('/merchants/reject', input, key);
