/** The assets screens' reads: totals per asset and the fund record (movements, paged, per currency). */
import { assetTotals, movements } from './calls';
import type { Asset } from '../../../domain/money';
import { accountKey, accountRead, pagedQueryOptions, useAccountQuery } from '../../../api/query';

export const totalsQuery = accountRead('totals', assetTotals);
export const useTotals = () => useAccountQuery(totalsQuery);

/** Each currency filter is a list of its own, kept offline like the others. */
export const movementsQuery = (asset: Asset | null) => (userId: string) =>
  pagedQueryOptions(accountKey(userId, 'movements', asset ?? 'all'), movements(asset));
