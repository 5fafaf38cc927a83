/** The withdrawal screens' reads: methods with their minimums and fees, and the records. */
import { queryOptions } from '@tanstack/react-query';
import { withdrawalRecords, withdrawInfo } from '../../../api/money';
import { accountKey, pagedQueryOptions, useAccountQuery } from '../../../api/query';

export function withdrawInfoQuery(userId: string) {
  return queryOptions({
    queryKey: accountKey(userId, 'withdrawInfo'),
    queryFn: ({ signal }) => withdrawInfo({ signal, quiet: true }),
  });
}

export const useWithdrawInfoQuery = () => useAccountQuery(withdrawInfoQuery);

export const withdrawalRecordsQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'withdrawals'), withdrawalRecords);
