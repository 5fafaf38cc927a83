/** The pledge's reads: the overview (products, balances, the running order), the orders, the interest record. */
import { accountKey, accountRead, pagedQueryOptions, useAccountQuery } from '../../../api/query';
import { pledgeInterest, pledgeOrders, pledgeOverview } from './calls';

export const pledgeOverviewQuery = accountRead('pledgeOverview', pledgeOverview);
export const usePledgeOverview = () => useAccountQuery(pledgeOverviewQuery);

export const pledgeOrdersQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'pledgeOrders'), pledgeOrders);
export const pledgeInterestQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'pledgeInterest'), pledgeInterest);
