/** The assets screens' reads: totals per asset and the fund record (every posting, paged). */
import { assetLog, assetTotals } from '../../../api/money';
import { accountKey, accountRead, pagedQueryOptions, useAccountQuery } from '../../../api/query';

export const totalsQuery = accountRead('totals', assetTotals);
export const useTotals = () => useAccountQuery(totalsQuery);

export const assetLogQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'assetLog'), assetLog);
