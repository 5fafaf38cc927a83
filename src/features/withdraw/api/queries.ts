/** The withdrawal screens' reads: methods with their minimums and fees, and the records. */
import { withdrawalRecords, withdrawInfo } from './calls';
import { accountKey, accountRead, pagedQueryOptions, useAccountQuery } from '../../../api/query';

export const withdrawInfoQuery = accountRead('withdrawInfo', withdrawInfo);
export const useWithdrawInfoQuery = () => useAccountQuery(withdrawInfoQuery);

export const withdrawalRecordsQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'withdrawals'), withdrawalRecords);
