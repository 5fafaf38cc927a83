/** The withdrawal screens' reads: methods with their minimums and fees, the records, the address book. */
import { addressBook, withdrawalRecords, withdrawInfo } from './calls';
import { accountKey, accountRead, pagedQueryOptions, useAccountQuery } from '../../../api/query';

export const withdrawInfoQuery = accountRead('withdrawInfo', withdrawInfo);
export const useWithdrawInfoQuery = () => useAccountQuery(withdrawInfoQuery);

export const withdrawalRecordsQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'withdrawals'), withdrawalRecords);

/** The address book and its lock: the book's screen and the withdrawal forms' choice of destination. */
export const addressBookQuery = accountRead('addressBook', addressBook);
export const useAddressBook = () => useAccountQuery(addressBookQuery);
