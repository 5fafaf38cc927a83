/** The coin screen's call: a symbol's candles of one period between two times (seconds). */
import { send } from '../../../api/calls';
import type { CandlePeriod } from '../../../domain/market';
import type { Candle } from '../../../domain/wire';

export const candleHistory = send<{ symbol: string; period: CandlePeriod; from: number; to: number }, Candle[]>('GET', '/currency/new_timeshar');
