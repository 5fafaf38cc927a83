/**
 * Market data: candles built tick by tick (one upsert per tick for every period), read back by
 * time with both ends included, the simulated flag, and the trading hall's settled trades
 * becoming USDT/EUR candles.
 */
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { candleStart as candleStartOf, HALL_SYMBOL } from '../../src/domain/market';
import type { Candle, DayMarket, Quotation } from '../../src/domain/wire';
import { changePercent, fillSimulatedHistory, recordTick, recordTicks, SIMULATED_SYMBOLS, simulatedFeed, simulatedTick, type MarketEvent, type Tick } from '../../server/modules/market';
import { SETTING_KEYS, writeSetting } from '../../server/modules/settings';
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

  test('ticks recorded together (a delivery of settled trades) make exactly the candles they make one by one, ties at one instant in their order', async () => {
    const ticks = (symbol: string): Tick[] =>
      (
        [
          ['2030-01-16T09:00:30Z', '1.5', '1', false],
          ['2030-01-16T09:00:10Z', '1.0', '2', true],
          ['2030-01-16T09:00:50Z', '1.2', '1', false],
          ['2030-01-16T09:00:50Z', '1.3', '0.5', false],
          ['2030-01-16T09:00:10Z', '0.8', '1', false],
          ['2030-01-16T09:04:59Z', '2.0', '1', false],
          ['2030-01-16T09:05:00Z', '2.1', '1', false],
        ] as const
      ).map(([at, price, volume, simulated]) => ({ symbol, price, volume, at: new Date(at), simulated }));
    // A candle already there before: the batch folds into it as single ticks would.
    for (const symbol of ['onebyone', 'together']) await tick(symbol, '2030-01-16T09:00:20Z', '1.1', '1');
    for (const one of ticks('onebyone')) await recordTick(t.database.db, one);
    const together = await recordTicks(t.database.db, ticks('together'));
    const read = async (symbol: string, period: string) =>
      (await history({ symbol, period, from: seconds('2030-01-16T09:00:00Z'), to: seconds('2030-01-16T09:05:00Z') })).body.data!.map(({ symbol: _symbol, ...candle }) => candle);
    for (const period of ['1min', '5min', '1day']) expect(await read('together', period)).toEqual(await read('onebyone', period));
    // Folded: one minute candle open 1.0 (the first of the two at :10), close 1.3 (the later of the two at :50).
    expect(await read('together', '1min')).toEqual([
      { period: '1min', time: seconds('2030-01-16T09:00:00Z'), open: '1', high: '1.5', low: '0.8', close: '1.3', volume: '6.5', simulated: false },
      { period: '1min', time: seconds('2030-01-16T09:04:00Z'), open: '2', high: '2', low: '2', close: '2', volume: '1', simulated: false },
      { period: '1min', time: seconds('2030-01-16T09:05:00Z'), open: '2.1', high: '2.1', low: '2.1', close: '2.1', volume: '1', simulated: false },
    ]);
    // What the statement answers is each candle once, as it now is.
    expect(together.filter((candle) => candle.period === '1min').map((candle) => candle.close).sort()).toEqual(['1.3', '2', '2.1']);
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
    await t.throughOutbox([{ topic: 'trade.tick', payload: { orderId: 1, amount: '25000000', price: '9320', at: '2030-01-15T12:00:05Z' } }]);
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
      await t.throughOutbox([{ topic: 'trade.tick', payload: { orderId: 2, amount: '10000000', price: '9100', at: '2030-01-15T13:02:00Z' } }]);
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

describe('the closed candles kept in memory', () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const range = { symbol: 'ltcusdt', period: '1min', from: seconds('2030-01-14T08:00:00Z'), to: seconds('2030-01-14T08:02:00Z') };
  const read = (headers: Record<string, string> = {}, app = t.app) =>
    app.inject({ method: 'GET', url: '/api/currency/new_timeshar', query: Object.fromEntries(Object.entries(range).map(([k, v]) => [k, String(v)])), headers });
  const ingest = (app: TestApp, at: string, price: string) => app.app.services.market.ingest({ symbol: 'ltcusdt', price, volume: '1', at: new Date(at), simulated: false });
  const closes = (body: string) => (JSON.parse(body) as { data: Candle[] }).data.map((candle) => [candle.time, candle.close]);

  test('a range of closed candles answers with an ETag, 304 to a client that has it, the same candles compressed, and the new candles after a late tick', async () => {
    await ingest(t, '2030-01-14T08:00:10Z', '5');
    const first = await read();
    expect(first.statusCode).toBe(200);
    expect(closes(first.body)).toEqual([[seconds('2030-01-14T08:00:00Z'), '5']]);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const kept = await read({ 'if-none-match': etag });
    expect(kept.statusCode).toBe(304);
    expect(kept.body).toBe('');
    const compressed = await read({ 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(first.body);
    expect((await read({ 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');

    // A tick of a closed candle (a feed's, late): the kept range goes.
    await ingest(t, '2030-01-14T08:01:40Z', '6');
    const changed = await read({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(closes(changed.body)).toEqual([
      [seconds('2030-01-14T08:00:00Z'), '5'],
      [seconds('2030-01-14T08:01:00Z'), '6'],
    ]);
    expect(changed.headers.etag).not.toBe(etag);
  });

  test("the hall's closed candles, kept while empty, show a trade's tick that the outbox delivers late", async () => {
    const hall = { symbol: HALL_SYMBOL, period: '1min', from: String(seconds('2030-01-14T07:00:00Z')), to: String(seconds('2030-01-14T07:02:00Z')) };
    expect((await t.get<Candle[]>('/currency/new_timeshar', { query: hall })).body.data).toEqual([]);
    await t.throughOutbox([{ topic: 'trade.tick', payload: { orderId: 90, amount: '1000000', price: '9000', at: '2030-01-14T07:01:30Z' } }]);
    await expect.poll(async () => (await t.get<Candle[]>('/currency/new_timeshar', { query: hall })).body.data!.map((candle) => candle.close)).toEqual(['0.9']);
  });

  test('a range reaching the open candle takes the closed ones from memory and the open one as it is now, with an ETag of its own', async () => {
    const around = { ...range, from: seconds('2030-01-15T08:59:00Z'), to: seconds('2030-01-15T09:00:00Z') };
    const readAround = () => t.get<Candle[]>('/currency/new_timeshar', { query: Object.fromEntries(Object.entries(around).map(([k, v]) => [k, String(v)])) });
    await ingest(t, '2030-01-15T08:59:30Z', '7');
    await ingest(t, '2030-01-15T09:00:00Z', '8');
    const before = await readAround();
    expect(before.body.data!.map((candle) => candle.close)).toEqual(['7', '8']);
    // The same reply while the open candle stays as it is…
    expect((await readAround()).headers.etag).toBe(before.headers.etag);
    await ingest(t, '2030-01-15T09:00:20Z', '9');
    const now = await readAround();
    expect(now.body.data!.map((candle) => candle.close)).toEqual(['7', '9']);
    // …and another once it moved.
    expect(now.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(now.headers.etag).not.toBe(before.headers.etag);
  });

  test.skipIf(!onPostgres)('a candle written by another process reaches this one: its kept range goes once the write commits', async () => {
    const other = await startTestApp({ sameInstallationAs: t });
    try {
      const before = await read();
      expect(before.statusCode).toBe(200);
      await ingest(other, '2030-01-14T08:02:05Z', '4');
      await expect.poll(async () => closes((await read()).body).length, { timeout: 5000 }).toBe(3);
      expect(closes((await read()).body)[2]).toEqual([seconds('2030-01-14T08:02:00Z'), '4']);
    } finally {
      await other.close();
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

  test('the feed ticks every simulated coin each round and nothing after it stopped', async () => {
    const ticks: Tick[] = [];
    const feed = simulatedFeed(() => new Date('2030-01-15T15:00:07Z'), ['btcusdt', 'ethusdt', 'dogeusdt'], { everyMs: 20 });
    feed.start((tick) => ticks.push(tick));
    await expect.poll(() => ticks.length).toBeGreaterThanOrEqual(4);
    feed.stop();
    const seen = ticks.length;
    // Only the configured coins the simulation knows; each tick flagged.
    expect(new Set(ticks.map((tick) => tick.symbol))).toEqual(new Set(['btcusdt', 'ethusdt']));
    expect(ticks.every((tick) => tick.simulated)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(ticks.length).toBe(seen);
  });

  test('its ticks, ingested, are simulated candles of every period, each announced as a kline event', async () => {
    const events: MarketEvent[] = [];
    const stop = t.app.services.market.onEvent((event) => events.push(event));
    try {
      for (const { symbol, base } of SIMULATED_SYMBOLS) await t.app.services.market.ingest(simulatedTick(symbol, base, Date.parse('2030-01-15T15:00:07Z')));
    } finally {
      stop();
    }
    for (const { symbol } of SIMULATED_SYMBOLS) {
      const [candle] = (await history({ symbol, period: '1min', from: seconds('2030-01-15T15:00:00Z'), to: seconds('2030-01-15T15:00:00Z') })).body.data!;
      expect(candle).toMatchObject({ symbol, simulated: true });
      expect(events).toContainEqual({ kind: 'kline', candle: expect.objectContaining({ symbol, period: '1min', simulated: true }) });
    }
    expect(events.filter((event) => event.kind === 'kline')).toHaveLength(SIMULATED_SYMBOLS.length * 9);
  });
});

describe('quotations and the daymarket channel', () => {
  let q: TestApp;
  beforeAll(async () => {
    // Symbols of its own, so that the other tests' ticks do not count here.
    q = await startTestApp({ env: { MARKET_SYMBOLS: 'adausdt,xrpusdt' } });
  });
  afterAll(() => q?.close());
  const at = (iso: string, symbol: string, price: string, volume: string) =>
    q.app.services.market.ingest({ symbol, price, volume, at: new Date(iso), simulated: false });

  test("the hall's USDT/EUR first, then each symbol: last price, and high, low, volume and change over the last 24 hours; the logo on the site's origin", async () => {
    // The clock reads 2030-01-15T09:00: the tick of the day before at 08:30 is older than 24 hours.
    await at('2030-01-14T08:30:00Z', 'adausdt', '0.5', '1000');
    await at('2030-01-14T09:30:00Z', 'adausdt', '0.40', '100');
    await at('2030-01-15T08:00:00Z', 'adausdt', '0.45', '50');
    await at('2030-01-15T08:59:30Z', 'adausdt', '0.42', '10');
    const reply = await q.get<Quotation[]>('/currency/quotation_new', { headers: { host: 'wallet.example.com' } });
    expect(reply.status).toBe(200);
    expect(reply.body.data!.map((quote) => quote.symbol)).toEqual([HALL_SYMBOL, 'adausdt', 'xrpusdt']);
    const [hall, ada, xrp] = reply.body.data!;
    expect(hall).toMatchObject({ name: 'USDT', legal: 'EUR', category: 1, logo: 'http://wallet.example.com/h5/coins/usdt.svg' });
    // The hall has not traded: its price is the conversion's reference rate, and says so.
    expect(hall).toMatchObject({ price: '0.92', reference: true, time: null, change24h: null, volume24h: '0' });
    expect(ada).toEqual({
      symbol: 'adausdt',
      name: 'ADA',
      legal: 'USDT',
      category: 1,
      logo: 'http://wallet.example.com/h5/coins/coin.svg',
      price: '0.42',
      high24h: '0.45',
      low24h: '0.4',
      volume24h: '160',
      change24h: '5.00',
      time: seconds('2030-01-15T08:59:30Z'),
      simulated: false,
      reference: false,
    });
    // No tick yet: no price, no change, nothing traded.
    expect(xrp).toMatchObject({ price: null, change24h: null, volume24h: '0', time: null, high24h: null, reference: false });
  });

  test("the hall's USDT/EUR follows the operators' reference rate until its first trade, then shows the last trade's price and time", async () => {
    const hall = async () => (await q.get<Quotation[]>('/currency/quotation_new')).body.data!.find((quote) => quote.symbol === HALL_SYMBOL)!;
    await writeSetting(q.database.db, SETTING_KEYS.usdtEurRate, '0.9150', true);
    expect(await hall()).toMatchObject({ price: '0.915', reference: true, time: null });
    await q.throughOutbox([{ topic: 'trade.tick', payload: { orderId: 7, amount: '10000000', price: '9310', at: '2030-01-15T08:59:00Z' } }]);
    await expect.poll(async () => (await hall()).reference, { timeout: 3000 }).toBe(false);
    expect(await hall()).toMatchObject({ price: '0.931', reference: false, time: seconds('2030-01-15T08:59:00Z'), volume24h: '10' });
  });

  test('the change is rounded half away from zero to two decimals, never through a float', () => {
    expect(changePercent('3', '2')).toBe('-33.33');
    expect(changePercent('0.40', '0.42')).toBe('5.00');
    expect(changePercent('8', '8.0001')).toBe('0.00');
    expect(changePercent('2', '2.00005')).toBe('0.00');
    expect(changePercent('1', '1.00005')).toBe('0.01');
    expect(changePercent('1', '0.99995')).toBe('-0.01');
    expect(changePercent('0', '1')).toBeNull();
  });

  test('a subscriber of daymarket gets the figures of a symbol once a second at most, and nothing after unsubscribing', async () => {
    await q.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(`http://127.0.0.1:${(q.app.server.address() as AddressInfo).port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    try {
      await new Promise((resolve, reject) => {
        socket.on('connect', () => resolve(undefined));
        socket.on('connect_error', reject);
      });
      const days: DayMarket[] = [];
      socket.on('daymarket', (day: DayMarket) => day.symbol === 'xrpusdt' && days.push(day));
      expect(await socket.timeout(5000).emitWithAck('subscribe', { channel: 'daymarket' })).toEqual({ ok: true, room: 'daymarket' });
      await at('2030-01-15T08:59:40Z', 'xrpusdt', '0.60', '5');
      await at('2030-01-15T08:59:41Z', 'xrpusdt', '0.62', '5');
      await expect.poll(() => days.length, { timeout: 3000 }).toBe(1);
      expect(days[0]).toMatchObject({ symbol: 'xrpusdt', price: '0.62', volume24h: '10', change24h: '3.33', simulated: false });
      // Both ticks came within one second: one event, not two.
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect(days).toHaveLength(1);

      expect(await socket.timeout(5000).emitWithAck('unsubscribe', { channel: 'daymarket' })).toEqual({ ok: true, room: 'daymarket' });
      await at('2030-01-15T08:59:50Z', 'xrpusdt', '0.61', '1');
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect(days).toHaveLength(1);
    } finally {
      socket.disconnect();
    }
  });
});

describe('the simulated history', () => {
  test('is made of the candles its ticks would have made live, and a second fill adds only what is new', async () => {
    const symbol = 'bnbusdt';
    const { base } = SIMULATED_SYMBOLS.find((entry) => entry.symbol === symbol)!;
    const start = Date.parse('2031-03-03T10:00:00Z');
    const end = start + 20 * 60_000;
    // Live: the same ticks, one upsert each, under another symbol.
    for (let at = start; at < end; at += 20_000) {
      const tick = simulatedTick(symbol, base, at);
      await recordTick(t.database.db, { ...tick, symbol: 'bnbcheck' });
    }
    const written = await fillSimulatedHistory(t.database.db, end, [symbol]);
    expect(written).toBeGreaterThan(0);
    for (const period of ['1min', '5min', '15min', '60min'] as const) {
      const from = seconds('2031-03-03T00:00:00Z');
      const to = seconds('2031-03-03T23:59:00Z');
      const filled = (await history({ symbol, period, from, to })).body.data!;
      const live = (await history({ symbol: 'bnbcheck', period, from, to })).body.data!;
      const inWindow = (candles: Candle[]) => candles.filter((c) => c.time * 1000 >= candleStartOf(period, start));
      expect(inWindow(filled).map(({ symbol: _s, ...rest }) => rest), period).toEqual(inWindow(live).map(({ symbol: _s, ...rest }) => rest));
    }
    // Nothing is missing any more: a fill a minute later writes only that minute's candles.
    expect(await fillSimulatedHistory(t.database.db, end + 60_000, [symbol])).toBeLessThanOrEqual(9);
  });
});

describe('aggregation across every period boundary', () => {
  // For each period: the last second of a candle and the first of the next (UTC; weeks from Monday, months from the 1st).
  const EDGES: Record<string, { before: string; start: string; boundary: string }> = {
    '1min': { before: '2032-05-17T09:00:59Z', start: '2032-05-17T09:00:00Z', boundary: '2032-05-17T09:01:00Z' },
    '5min': { before: '2032-05-17T09:04:59Z', start: '2032-05-17T09:00:00Z', boundary: '2032-05-17T09:05:00Z' },
    '15min': { before: '2032-05-17T09:14:59Z', start: '2032-05-17T09:00:00Z', boundary: '2032-05-17T09:15:00Z' },
    '30min': { before: '2032-05-17T09:29:59Z', start: '2032-05-17T09:00:00Z', boundary: '2032-05-17T09:30:00Z' },
    '60min': { before: '2032-05-17T09:59:59Z', start: '2032-05-17T09:00:00Z', boundary: '2032-05-17T10:00:00Z' },
    '4hour': { before: '2032-05-17T11:59:59Z', start: '2032-05-17T08:00:00Z', boundary: '2032-05-17T12:00:00Z' },
    '1day': { before: '2032-05-17T23:59:59Z', start: '2032-05-17T00:00:00Z', boundary: '2032-05-18T00:00:00Z' },
    // 2032-05-23 is a Sunday; Monday the 24th starts a week.
    '1week': { before: '2032-05-23T23:59:59Z', start: '2032-05-17T00:00:00Z', boundary: '2032-05-24T00:00:00Z' },
    '1mon': { before: '2032-05-31T23:59:59Z', start: '2032-05-01T00:00:00Z', boundary: '2032-06-01T00:00:00Z' },
  };

  test.each(Object.keys(EDGES))('%s: a tick in the last second and one at the boundary make two candles, each from its own ticks', async (period) => {
    const { before, start, boundary } = EDGES[period];
    const symbol = `edge${period.replace(/\W/g, '')}`;
    await tick(symbol, start, '10', '1');
    await tick(symbol, before, '11', '2');
    await tick(symbol, boundary, '12', '4');
    const candles = (await history({ symbol, period, from: seconds(start), to: seconds(boundary) })).body.data!;
    expect(candles.map(({ time, open, high, low, close, volume }) => ({ time, open, high, low, close, volume }))).toEqual([
      { time: seconds(start), open: '10', high: '11', low: '10', close: '11', volume: '3' },
      { time: seconds(boundary), open: '12', high: '12', low: '12', close: '12', volume: '4' },
    ]);
  });
});
