/** The desk's home: the platform's totals, the last verification of the ledger and a verification now (admin). */
import { queryOptions } from '@tanstack/react-query';
import type { OpsLastVerification, OpsLedgerReport, OpsTotals } from '../../../domain/ops-wire';
import { opsGet, opsPost } from '../../api/client';

/** Read again every half minute while the page is open: the figures move with every decision and trade. */
const LIVE = 30_000;

export const totalsQuery = queryOptions({ queryKey: ['ops', 'totals'] as const, queryFn: () => opsGet<OpsTotals>('/totals'), refetchInterval: LIVE });

export const lastVerificationQuery = queryOptions({
  queryKey: ['ops', 'ledger', 'verify'] as const,
  queryFn: () => opsGet<OpsLastVerification>('/ledger/verify'),
  refetchInterval: LIVE,
});

export const verifyLedger = (_input: undefined, key: string) => opsPost<OpsLedgerReport>('/ledger/verify', {}, key);
