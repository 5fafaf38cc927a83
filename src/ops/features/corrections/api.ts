/** Corrections: the four-eyes thresholds (settings), a correction made, the proposals and their decisions. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { parseAmount, type Asset } from '../../../domain/money';
import type { adjustmentSchema, OpsApprovedProposal, OpsCorrection, OpsProposal, OpsSetting, ProposalStatus } from '../../../domain/ops-wire';
import type { Page } from '../../../domain/wire';
import { opsGet, opsPost } from '../../api/client';

export const PAGE_SIZE = 20;
export type ProposalFilter = ProposalStatus | 'all';

/** What a threshold is until an admin sets one (the server's default, migration 0020). */
const FOUR_EYES_DEFAULT = '1000';
const THRESHOLD_KEYS: Record<Asset, string> = { USDT: 'adjustment_four_eyes_usdt', EUR: 'adjustment_four_eyes_eur' };

/** The four-eyes threshold of each asset, in minor units: a correction above it (in absolute amount) is only proposed. */
export const thresholdsQuery = queryOptions({
  queryKey: ['ops', 'settings'] as const,
  queryFn: () => opsGet<OpsSetting[]>('/settings'),
  select: (settings): Record<Asset, bigint> => {
    const of = (asset: Asset) => {
      const value = settings.find((entry) => entry.key === THRESHOLD_KEYS[asset])?.value;
      return parseAmount(value ?? FOUR_EYES_DEFAULT, asset) ?? (parseAmount(FOUR_EYES_DEFAULT, asset) as bigint);
    };
    return { USDT: of('USDT'), EUR: of('EUR') };
  },
});

/** Proposals of a status; the queue's key ('adjustments') so a proposal made or decided elsewhere shows without a reload. */
export const proposalsQuery = (status: ProposalFilter, page: number) =>
  queryOptions({
    queryKey: ['ops', 'adjustments', 'proposals', status, page] as const,
    queryFn: () => opsGet<Page<OpsProposal>>('/adjustments/proposals', { status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

export const correct = (input: z.input<typeof adjustmentSchema>, key: string) => opsPost<OpsCorrection>('/adjustments', input, key);

export const approveProposal = (input: { id: number }, key: string) => opsPost<OpsApprovedProposal>('/adjustments/proposals/approve', input, key);

export const refuseProposal = (input: { id: number; reason: string }, key: string) => opsPost<OpsProposal>('/adjustments/proposals/refuse', input, key);
