/** The bank screen's read: the bound account, or null. */
import { accountRead, useAccountQuery } from '../../../api/query';
import { bankInfo } from './calls';

export const bankBindingQuery = accountRead('bank', bankInfo);
export const useBankBinding = () => useAccountQuery(bankBindingQuery);
