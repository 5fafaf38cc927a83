/** Candle boundaries (UTC) for every period: the last instant of a candle and the first of the next. */
import { describe, expect, it } from 'vitest';
import { CANDLE_PERIODS, candleStart, nextCandleStart, type CandlePeriod } from '../../../src/domain/market';

const ms = (iso: string) => Date.parse(iso);
const iso = (value: number) => new Date(value).toISOString();

/** For each period: an instant just before a boundary, the boundary, and the candles they fall in. */
const BOUNDARIES: Record<CandlePeriod, { before: string; beforeStart: string; boundary: string }> = {
  '1min': { before: '2030-01-15T09:00:59.999Z', beforeStart: '2030-01-15T09:00:00.000Z', boundary: '2030-01-15T09:01:00.000Z' },
  '5min': { before: '2030-01-15T09:04:59.999Z', beforeStart: '2030-01-15T09:00:00.000Z', boundary: '2030-01-15T09:05:00.000Z' },
  '15min': { before: '2030-01-15T09:14:59.999Z', beforeStart: '2030-01-15T09:00:00.000Z', boundary: '2030-01-15T09:15:00.000Z' },
  '30min': { before: '2030-01-15T09:29:59.999Z', beforeStart: '2030-01-15T09:00:00.000Z', boundary: '2030-01-15T09:30:00.000Z' },
  '60min': { before: '2030-01-15T09:59:59.999Z', beforeStart: '2030-01-15T09:00:00.000Z', boundary: '2030-01-15T10:00:00.000Z' },
  '4hour': { before: '2030-01-15T11:59:59.999Z', beforeStart: '2030-01-15T08:00:00.000Z', boundary: '2030-01-15T12:00:00.000Z' },
  '1day': { before: '2030-01-15T23:59:59.999Z', beforeStart: '2030-01-15T00:00:00.000Z', boundary: '2030-01-16T00:00:00.000Z' },
  // 2030-01-13 is a Sunday: its week began on Monday the 7th; Monday the 14th begins the next.
  '1week': { before: '2030-01-13T23:59:59.999Z', beforeStart: '2030-01-07T00:00:00.000Z', boundary: '2030-01-14T00:00:00.000Z' },
  // February of a leap year: the 29th still belongs to February's candle.
  '1mon': { before: '2028-02-29T23:59:59.999Z', beforeStart: '2028-02-01T00:00:00.000Z', boundary: '2028-03-01T00:00:00.000Z' },
};

describe('candle boundaries', () => {
  it.each(CANDLE_PERIODS)('%s: the last instant stays in its candle, the boundary starts the next', (period) => {
    const { before, beforeStart, boundary } = BOUNDARIES[period];
    expect(iso(candleStart(period, ms(before)))).toBe(beforeStart);
    expect(iso(candleStart(period, ms(boundary)))).toBe(boundary);
    expect(iso(nextCandleStart(period, ms(beforeStart)))).toBe(boundary);
    // A candle's start is its own candle's start.
    expect(candleStart(period, ms(beforeStart))).toBe(ms(beforeStart));
  });

  it('months have their own lengths, and December is followed by January', () => {
    expect(iso(nextCandleStart('1mon', ms('2030-01-01T00:00:00Z')))).toBe('2030-02-01T00:00:00.000Z');
    expect(iso(nextCandleStart('1mon', ms('2030-02-01T00:00:00Z')))).toBe('2030-03-01T00:00:00.000Z');
    expect(iso(nextCandleStart('1mon', ms('2030-12-01T00:00:00Z')))).toBe('2031-01-01T00:00:00.000Z');
    expect(iso(candleStart('1mon', ms('2030-12-31T23:59:59.999Z')))).toBe('2030-12-01T00:00:00.000Z');
  });

  it('weeks start on Monday also across a year boundary', () => {
    // 2031-01-01 is a Wednesday: its week began on Monday 2030-12-30.
    expect(iso(candleStart('1week', ms('2031-01-01T12:00:00Z')))).toBe('2030-12-30T00:00:00.000Z');
    expect(new Date(candleStart('1week', ms('2031-01-01T12:00:00Z'))).getUTCDay()).toBe(1);
  });
});
