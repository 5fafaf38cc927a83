/** The passkeys screen's read: the account's passkeys, oldest first. */
import { accountRead, useAccountQuery } from '../../../api/query';
import { passkeyList } from './calls';

export const passkeysQuery = accountRead('passkeys', passkeyList);
export const usePasskeys = () => useAccountQuery(passkeysQuery);
