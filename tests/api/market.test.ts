/**
 * Market data: candles built tick by tick (one upsert per tick for every period), read back by
 * time with both ends included, the simulated flag, and the trading hall's settled trades
 * becoming USDT/EUR candles.
 */
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HALL_SYMBOL } from '../../src/domain/market';
import type { Candle } from '../../src/domain/wire';
import { recordTick, SIMULATED_SYMBOLS, simulatedTick, startSimulatedFeed } from '../../server/modules/market';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const seconds = (iso: string) => Date.parse(iso) / 1000;
const tick = (symbol: string, at: string, price: string, volume: string, simulated = false) =>
  recordTick(t.database.db, { symbol, price, volume, at: new Date(at), simulated });
const history = (query: Record<string, string | number>) =>
  t.get<Candle[]>('/currency/new_timeshar', { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });

describe('candles', () => {
  test('open from the earliest tick, close from the latest, high, low and volume; a new minute starts a new candle, the 5-minute one goes on', async () => {
    await tick('btcusdt', '2030-01-15T09:00:10Z', '1.0', '2');
    await tick('btcusdt', '2030-01-15T09:00:50Z', '1.2', '1');
    // A tick that arrives late changes neither the open nor the close.
    const late = await tick('btcusdt', '2030-01-15T09:00:30Z', '0.9', '1');
    expect(late.find((candle) => candle.period === '1min')).toMatchObject({ time: seconds('2030-01-15T09:00:00Z'), open: '1', high: '1.2', low: '0.9', close: '1.2', volume: '4' });
    // Every period got its candle from the same statement.
    expect(late.map((candle) => candle.period).sort()).toEqual(['15min', '1day', '1min', '1mon', '1week', '30min', '4hour', '5min', '60min']);
    await tick('btcusdt', '2030-01-15T09:01:00Z', '1.1', '1');

    const minutes = await history({ symbol: 'btcusdt', period: '1min', from: seconds('2030-01-15T09:00:00Z'), to: seconds('2030-01-15T09:01:00Z') });
    expect(minutes.status).toBe(200);
    expect(minutes.body.data!.map((candle) => [candle.time, candle.open, candle.close, candle.volume])).toEqual([
      [seconds('2030-01-15T09:00:00Z'), '1', '1.2', '4'],
      [seconds('2030-01-15T09:01:00Z'), '1.1', '1.1', '1'],
    ]);
    const fives = await history({ symbol: 'btcusdt', period: '5min', from: seconds('2030-01-15T09:00:00Z'), to: seconds('2030-01-15T09:00:00Z') });
    expect(fives.body.data).toEqual([expect.objectContaining({ open: '1', high: '1.2', low: '0.9', close: '1.1', volume: '5', simulated: false })]);
  });

  test('both ends of the range are included, and nothing outside it', async () => {
    for (const minute of ['10', '11', '12', '13']) await tick('ethusdt', `2030-01-15T10:${minute}:00Z`, '2', '1');
    const between = await history({ symbol: 'ethusdt', period: '1min', from: seconds('2030-01-15T10:11:00Z'), to: seconds('2030-01-15T10:12:00Z') });
    expect(between.body.data!.map((candle) => candle.time)).toEqual([seconds('2030-01-15T10:11:00Z'), seconds('2030-01-15T10:12:00Z')]);
    const after = await history({ symbol: 'ethusdt', period: '1min', from: seconds('2030-01-15T10:11:01Z'), to: seconds('2030-01-15T10:12:59Z') });
    expect(after.body.data!.map((candle) => candle.time)).toEqual([seconds('2030-01-15T10:12:00Z')]);
  });

  test('candles of the simulated feed say so; a real tick in the same candle makes it real', async () => {
    const [simulated] = await tick('solusdt', '2030-01-15T11:00:00Z', '3', '1', true);
    expect(simulated.simulated).toBe(true);
    const real = await tick('solusdt', '2030-01-15T11:00:20Z', '3.1', '1', false);
    expect(real.every((candle) => !candle.simulated)).toBe(true);
  });

  test('bad questions are refused in the caller language and read nothing', async () => {
    for (const query of [
      { symbol: 'btcusdt', period: '2min', from: 0, to: 10 },
      { symbol: 'btcusdt', period: '1min', from: 20, to: 10 },
      { symbol: 'btc usdt', period: '1min', from: 0, to: 10 },
      { symbol: 'btcusdt', period: '1min', from: -1, to: 10 },
    ]) {
      const reply = await history(query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body.code).not.toBe(1);
    }
  });

  test("a settled trade of the hall is a tick of the USDT/EUR candles: its price and its USDT", async () => {
    t.app.services.tradeFeed.emitSettled({ orderId: 1, side: 'buy', amount: 25_000_000n, total: 2_330n, price: 9_320n, at: new Date('2030-01-15T12:00:05Z') });
    let candles: Candle[] = [];
    for (let attempt = 0; attempt < 50 && candles.length === 0; attempt++) {
      candles = (await history({ symbol: HALL_SYMBOL, period: '1min', from: seconds('2030-01-15T12:00:00Z'), to: seconds('2030-01-15T12:00:00Z') })).body.data!;
      if (candles.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(candles).toEqual([expect.objectContaining({ symbol: HALL_SYMBOL, open: '0.932', close: '0.932', volume: '25', simulated: false })]);
  });

  test("each candle a settled trade changes is published as kline to its symbol's and period's room, and nowhere else", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = async (subscription: Record<string, string>) => {
      const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
      await new Promise((resolve, reject) => {
        socket.on('connect', () => resolve(undefined));
        socket.on('connect_error', reject);
      });
      const events: Candle[] = [];
      socket.on('kline', (candle: Candle) => events.push(candle));
      await socket.timeout(5000).emitWithAck('subscribe', { channel: 'kline', ...subscription });
      return { socket, events };
    };
    const hall = await open({ period: '5min' });
    const other = await open({ period: '5min', symbol: 'btcusdt' });
    try {
      t.app.services.tradeFeed.emitSettled({ orderId: 2, side: 'sell', amount: 10_000_000n, total: 910n, price: 9_100n, at: new Date('2030-01-15T13:02:00Z') });
      await expect.poll(() => hall.events.length).toBe(1);
      expect(hall.events[0]).toMatchObject({ symbol: HALL_SYMBOL, period: '5min', time: seconds('2030-01-15T13:00:00Z'), close: '0.91', volume: '10' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(other.events).toEqual([]);
    } finally {
      hall.socket.disconnect();
      other.socket.disconnect();
    }
  });

});

describe('the simulated feed (the embedded default)', () => {
  test('the same instant gives the same quote, near its base, in cents, flagged simulated', () => {
    const at = Date.parse('2030-01-15T14:00:00.400Z');
    for (const { symbol, base } of SIMULATED_SYMBOLS) {
      const tick = simulatedTick(symbol, base, at);
      expect(simulatedTick(symbol, base, at + 500)).toEqual(tick);
      expect(tick).toMatchObject({ symbol, simulated: true, at: new Date('2030-01-15T14:00:00.000Z') });
      expect(tick.price).toMatch(/^\d+\.\d{2}$/);
      expect(Math.abs(Number(tick.price) / base - 1)).toBeLessThan(0.03);
      expect(Number(tick.volume)).toBeGreaterThan(0);
    }
    // The next second moves on.
    expect(simulatedTick('btcusdt', 65_000, at + 1000).price).not.toBe(simulatedTick('btcusdt', 65_000, at).price);
  });

  test('a round records a simulated candle of every symbol and publishes each to its kline room', async () => {
    const published: Array<{ room: string; candle: Candle }> = [];
    const feed = startSimulatedFeed(t.database.db, () => new Date('2030-01-15T15:00:07Z'), { publish: (room, _event, candle) => published.push({ room, candle: candle as Candle }) }, console, { everyMs: 3_600_000 });
    try {
      await feed.tickNow();
    } finally {
      feed.stop();
    }
    for (const { symbol } of SIMULATED_SYMBOLS) {
      const [candle] = (await history({ symbol, period: '1min', from: seconds('2030-01-15T15:00:00Z'), to: seconds('2030-01-15T15:00:00Z') })).body.data!;
      expect(candle).toMatchObject({ symbol, simulated: true });
      expect(published).toContainEqual({ room: `kline:${symbol}:1min`, candle: expect.objectContaining({ symbol, period: '1min', simulated: true }) });
    }
    expect(published).toHaveLength(SIMULATED_SYMBOLS.length * 9);
  });
});
