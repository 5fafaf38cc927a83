/** The deposit screens' reads: the address or bank details of a coin, and the deposit records. */
import { queryOptions } from '@tanstack/react-query';
import { depositAddress, depositRecords } from './calls';
import { accountKey, pagedQueryOptions } from '../../../api/query';

export type DepositNetwork = 'TRC20' | 'ERC20';

export function depositAddressQuery(userId: string, coinId: number, network: DepositNetwork | undefined) {
  return queryOptions({
    queryKey: accountKey(userId, 'depositAddress', coinId, network ?? null),
    queryFn: ({ signal }) => depositAddress({ coinId, network }, { signal, quiet: true }),
  });
}

export const depositRecordsQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'deposits'), depositRecords);
