/**
 * The quotation list, shared by the trading hall (features/shared/QuoteList.tsx on /market) and the
 * coin screen: read once and kept current by the socket's `daymarket` events. It is not kept in the
 * device's offline copy (meta.persist false): it changes every second and an old price is no price.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DayMarket, Quotation } from '../domain/wire';
import * as realtime from '../realtime/socket';
import { quotations } from './calls';
import { publicKey } from './query';

export const quotationsQuery = queryOptions({
  queryKey: publicKey('quotations'),
  queryFn: ({ signal }) => quotations({ signal, quiet: true }),
  meta: { persist: false },
  // The socket keeps it current while a screen listens; a new visit reads it again.
  staleTime: 10_000,
});

/** Whether the socket is connected now, following its changes. */
export function useSocketConnected(): boolean {
  const [connected, setConnected] = useState(realtime.isConnected);
  useEffect(() => {
    setConnected(realtime.isConnected());
    return realtime.onConnectionChange(setConnected);
  }, []);
  return connected;
}

/** A quotation with the latest 24-hour figures of its symbol. */
export function withDay(quotation: Quotation, day: DayMarket): Quotation {
  return quotation.symbol === day.symbol ? { ...quotation, ...day } : quotation;
}

/** The quotations, kept current by `daymarket` events while the calling screen is open. */
export function useQuotations() {
  const queryClient = useQueryClient();
  const connected = useSocketConnected();
  const query = useQuery(quotationsQuery);
  useEffect(() => {
    const stop = realtime.on('daymarket', (payload) => {
      const day = payload as DayMarket;
      queryClient.setQueryData(quotationsQuery.queryKey, (list) => list?.map((quotation) => withDay(quotation, day)));
    });
    if (connected) realtime.subscribe('daymarket');
    return () => {
      stop();
      realtime.unsubscribe('daymarket');
    };
  }, [connected, queryClient]);
  return { ...query, connected };
}
