/**
 * The pledge's reads: the orders and the interest record. The overview (products, balances, the
 * running order) is in src/api/queries.ts: Me reads it too.
 */
import { accountKey, pagedQueryOptions } from '../../../api/query';
import { pledgeInterest, pledgeOrders } from './calls';

export const pledgeOrdersQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'pledgeOrders'), pledgeOrders);
export const pledgeInterestQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'pledgeInterest'), pledgeInterest);
