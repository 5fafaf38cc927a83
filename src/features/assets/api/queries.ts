/** The assets screens' reads: totals per asset and the fund record (every posting, paged). */
import { queryOptions } from '@tanstack/react-query';
import { assetLog, assetTotals } from '../../../api/money';
import { accountKey, pagedQueryOptions, useAccountQuery } from '../../../api/query';

export function totalsQuery(userId: string) {
  return queryOptions({
    queryKey: accountKey(userId, 'totals'),
    queryFn: ({ signal }) => assetTotals({ signal, quiet: true }),
  });
}

export const useTotals = () => useAccountQuery(totalsQuery);

export const assetLogQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'assetLog'), assetLog);
