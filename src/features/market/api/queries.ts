/**
 * A symbol's candles on the coin screen: the history, read once, and every `kline` event of the
 * symbol and period the chart shows merged in. Not kept in the device's offline copy (meta.persist
 * false): it changes every second and an old price is no price.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocketConnected } from '../../../api/market';
import { publicKey } from '../../../api/query';
import type { CandlePeriod } from '../../../domain/market';
import type { Candle } from '../../../domain/wire';
import * as realtime from '../../../realtime/socket';
import { candleHistory } from './calls';

/** How many candles a chart loads: a few hours of minutes, most of a year of days. */
const CHART_CANDLES = 240;

/** Seconds in a period, months counted as 31 days (the history window only needs to be wide enough). */
const PERIOD_SECONDS: Record<CandlePeriod, number> = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '4hour': 14_400,
  '1day': 86_400,
  '1week': 604_800,
  '1mon': 2_678_400,
};

const candlesQuery = (symbol: string, period: CandlePeriod) =>
  queryOptions({
    queryKey: publicKey('candles', symbol, period),
    queryFn: ({ signal }) => {
      const to = Math.floor(Date.now() / 1000);
      return candleHistory({ symbol, period, from: to - CHART_CANDLES * PERIOD_SECONDS[period], to }, { signal, quiet: true });
    },
    meta: { persist: false },
    staleTime: 10_000,
  });

/**
 * Candles merged with a newer version of one of them (a `kline` event): the same start replaces
 * it, a later one is appended, an older one than the last is put in its place.
 */
export function mergeCandle(candles: readonly Candle[], candle: Candle): Candle[] {
  const last = candles.at(-1);
  if (!last || candle.time > last.time) return [...candles, candle].slice(-CHART_CANDLES * 2);
  const at = candles.findIndex((existing) => existing.time >= candle.time);
  const next = [...candles];
  if (candles[at].time === candle.time) next[at] = candle;
  else next.splice(at, 0, candle);
  return next;
}

/**
 * A symbol's candles of one period: the history, then every `kline` event of that symbol and
 * period merged in as it arrives. Subscribed while connected (and again after every reconnect,
 * when the history is read again to fill what was missed).
 */
export function useLiveCandles(symbol: string, period: CandlePeriod) {
  const queryClient = useQueryClient();
  const connected = useSocketConnected();
  // While another period loads, the chart keeps the candles it shows (and itself) instead of a spinner.
  const query = useQuery({ ...candlesQuery(symbol, period), placeholderData: keepPreviousData });
  const wasConnected = useRef(connected);
  useEffect(() => {
    const key = candlesQuery(symbol, period).queryKey;
    const stop = realtime.on('kline', (payload) => {
      const candle = payload as Candle;
      if (candle.symbol !== symbol || candle.period !== period) return;
      queryClient.setQueryData(key, (candles) => (candles ? mergeCandle(candles, candle) : candles));
    });
    if (connected) realtime.subscribe('kline', period, symbol);
    return () => {
      stop();
      realtime.unsubscribe('kline', period, symbol);
    };
  }, [symbol, period, connected, queryClient]);
  useEffect(() => {
    // Back after a break: what happened meanwhile comes from the history.
    if (connected && !wasConnected.current) void queryClient.invalidateQueries({ queryKey: candlesQuery(symbol, period).queryKey });
    wasConnected.current = connected;
  }, [connected, symbol, period, queryClient]);
  return { ...query, connected };
}
