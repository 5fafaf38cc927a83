/** The trading hall's reads: summary, the hall's offers by side and amount, the user's offers and orders by tab. */
import { queryOptions } from '@tanstack/react-query';
import { accountKey, accountRead, pagedQueryOptions, useAccountQuery } from '../../../api/query';
import { myOffers, tradeHall, tradeOrders, tradeSummary } from './calls';
import type { OrderTab, TradeSide } from '../../../domain/trading';

export const tradeSummaryQuery = accountRead('tradeSummary', tradeSummary);
export const useTradeSummary = () => useAccountQuery(tradeSummaryQuery);

/** Keyed under the user: each offer says whether it is theirs. */
export const hallQuery = (side: TradeSide, amount: string) => (userId: string) =>
  queryOptions({
    queryKey: accountKey(userId, 'hall', side, amount),
    queryFn: ({ signal }) => tradeHall(amount ? { side, amount } : { side }, { signal, quiet: true }),
  });

export const myOffersQuery = (userId: string) => pagedQueryOptions(accountKey(userId, 'offers'), myOffers);

export const ordersQuery = (tab: OrderTab) => (userId: string) =>
  pagedQueryOptions(accountKey(userId, 'orders', tab), (params, options) => tradeOrders({ tab, ...params }, options));
