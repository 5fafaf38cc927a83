/** The loans' reads: the terms and the wallet balance, the user's loans by status, one loan. */
import { queryOptions } from '@tanstack/react-query';
import { accountKey, accountRead, pagedQueryOptions, useAccountQuery } from '../../../api/query';
import { loanConfig, loanDetail, loans } from './calls';
import type { Loan, LoanStatus } from '../../../domain/loan';

export const loanConfigQuery = accountRead('loanConfig', loanConfig);
export const useLoanConfig = () => useAccountQuery(loanConfigQuery);

export const loansQuery = (status: LoanStatus | undefined) => (userId: string) =>
  pagedQueryOptions(accountKey(userId, 'loans', status ?? 'all'), (params, options) => loans({ ...(status ? { status } : {}), ...params }, options));

/** A loan across assets that is paid out is watched against the rate: its LTV and a margin call are read again every half minute while it is on screen. */
const WATCHED_EVERY_MS = 30_000;
const watched = (loan: Loan | undefined) => !!loan?.collateralAsset && loan.collateralAsset !== loan.asset && (loan.status === 'approved' || loan.status === 'failed');

export const loanDetailQuery = (id: number) => (userId: string) =>
  queryOptions({
    queryKey: accountKey(userId, 'loan', id),
    queryFn: ({ signal }) => loanDetail({ id }, { signal, quiet: true }),
    refetchInterval: (query) => (watched(query.state.data) ? WATCHED_EVERY_MS : false),
  });
