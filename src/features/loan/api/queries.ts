/** The loans' reads: the terms and the wallet balance, the user's loans by status, one loan. */
import { queryOptions } from '@tanstack/react-query';
import { accountKey, accountRead, pagedQueryOptions, useAccountQuery } from '../../../api/query';
import { loanConfig, loanDetail, loans } from './calls';
import type { LoanStatus } from '../../../domain/loan';

export const loanConfigQuery = accountRead('loanConfig', loanConfig);
export const useLoanConfig = () => useAccountQuery(loanConfigQuery);

export const loansQuery = (status: LoanStatus | undefined) => (userId: string) =>
  pagedQueryOptions(accountKey(userId, 'loans', status ?? 'all'), (params, options) => loans({ ...(status ? { status } : {}), ...params }, options));

export const loanDetailQuery = (id: number) => (userId: string) =>
  queryOptions({ queryKey: accountKey(userId, 'loan', id), queryFn: ({ signal }) => loanDetail({ id }, { signal, quiet: true }) });
