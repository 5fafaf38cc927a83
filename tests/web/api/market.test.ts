/** Live candles: a kline event replaces the candle it updates, a newer one is appended, a late one finds its place. */
import { describe, expect, test } from 'vitest';
import { mergeCandle } from '../../../src/features/market/api/queries';
import { withDay } from '../../../src/api/market';
import type { Candle, Quotation } from '../../../src/domain/wire';

const candle = (time: number, close: string): Candle => ({
  symbol: 'btcusdt',
  period: '1min',
  time,
  open: '1',
  high: close,
  low: '1',
  close,
  volume: '1',
  simulated: false,
});

describe('mergeCandle', () => {
  const history = [candle(60, '1'), candle(120, '2'), candle(240, '4')];

  test('the same start replaces the candle, keeping the others as they are', () => {
    expect(mergeCandle(history, candle(240, '4.5')).map((c) => c.close)).toEqual(['1', '2', '4.5']);
  });

  test('a later start is appended', () => {
    expect(mergeCandle(history, candle(300, '5')).map((c) => c.time)).toEqual([60, 120, 240, 300]);
  });

  test('a late candle between two is put in its place', () => {
    expect(mergeCandle(history, candle(180, '3')).map((c) => c.time)).toEqual([60, 120, 180, 240]);
  });

  test('the first candle of an empty chart', () => {
    expect(mergeCandle([], candle(60, '1'))).toEqual([candle(60, '1')]);
  });

  test('the list given is not changed', () => {
    mergeCandle(history, candle(240, '9'));
    expect(history[2].close).toBe('4');
  });
});

describe('withDay', () => {
  const quotation: Quotation = {
    symbol: 'btcusdt',
    name: 'BTC',
    legal: 'USDT',
    category: 1,
    logo: 'http://x/h5/coins/btc.svg',
    price: '1',
    high24h: '1',
    low24h: '1',
    volume24h: '1',
    change24h: '0.00',
    time: 1,
    simulated: false,
    reference: false,
  };
  test("takes the day's figures of its own symbol only", () => {
    const day = { symbol: 'btcusdt', price: '2', high24h: '2', low24h: '1', volume24h: '3', change24h: '100.00', time: 2, simulated: false, reference: false };
    expect(withDay(quotation, day)).toMatchObject({ name: 'BTC', logo: quotation.logo, price: '2', change24h: '100.00' });
    expect(withDay(quotation, { ...day, symbol: 'ethusdt' })).toBe(quotation);
  });
});
