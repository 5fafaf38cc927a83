/**
 * Market data across two real server processes (`server/main.ts`, as `npm start` runs it) on one
 * PostgreSQL database and one Redis, with the exchange feed pointed at a local WebSocket server
 * speaking the exchange's format: only one process reads the stream at a time; a client of the
 * other process receives the klines all the same (socket.io's Redis adapter); when the reading
 * process stops, the other takes the stream over by itself.
 * Needs PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL, default 127.0.0.1:6379).
 */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Candle } from '../../src/domain/wire';
import { REDIS, servicesFor } from './redis';
import { clusterEnvironment, startServerProcess, type ServerProcess } from './server-process';

const serverUrl = process.env.TEST_DATABASE_URL;
const servicesUp = await servicesFor('the two-process market test', { postgres: true, redis: true });

/** A stand-in for the exchange: every 100 ms a BTCUSDT trade to each open connection, stamped now. */
function fakeExchange() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const open = new Set<WebSocket>();
  let connections = 0;
  let tradeId = 1;
  wss.on('connection', (socket) => {
    connections++;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  const timer = setInterval(() => {
    for (const socket of open) {
      const now = Date.now();
      const price = (64_000 + (tradeId % 50)).toFixed(2);
      socket.send(JSON.stringify({ stream: 'btcusdt@trade', data: { e: 'trade', E: now, s: 'BTCUSDT', t: tradeId++, p: price, q: '0.01000000', T: now, m: false, M: true } }));
    }
  }, 100);
  return {
    url: () => `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    get connections() {
      return connections;
    },
    get open() {
      return open.size;
    },
    close: async () => {
      clearInterval(timer);
      for (const socket of open) socket.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}

async function klineClient(url: string): Promise<{ socket: Socket; candles: Candle[] }> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'] });
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  const candles: Candle[] = [];
  socket.on('kline', (candle: Candle) => candles.push(candle));
  expect(await socket.timeout(5000).emitWithAck('subscribe', { channel: 'kline', period: '1min', symbol: 'btcusdt' })).toMatchObject({ ok: true });
  return { socket, candles };
}

async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!servicesUp)('market data on two server processes', () => {
  const exchange = fakeExchange();
  let first: ServerProcess;
  let second: ServerProcess;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const cluster = await clusterEnvironment(serverUrl!, 'market', REDIS.url);
    drop = cluster.drop;
    const env = { ...cluster.env, MARKET_FEED_URL: exchange.url(), MARKET_SYMBOLS: 'btcusdt' };
    first = await startServerProcess(env);
    // The first process takes the stream before the second exists: it is the one reading it.
    await until(() => exchange.open === 1, 15_000, 'the first process reads the stream');
    second = await startServerProcess(env);
  }, 150_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await exchange.close();
    await drop();
  });

  test('one process reads the stream; clients of both receive its klines; the other takes over when it stops', async () => {
    const onFirst = await klineClient(first.url);
    const onSecond = await klineClient(second.url);
    try {
      await until(() => onFirst.candles.length > 0 && onSecond.candles.length > 0, 10_000, 'klines on both processes');
      expect(onSecond.candles.at(-1)).toMatchObject({ symbol: 'btcusdt', period: '1min', simulated: false });
      // Still a single reader after both have run a while (the second retries the lock every 5 s).
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(exchange.connections).toBe(1);
      expect(exchange.open).toBe(1);

      await first.stop();
      await until(() => exchange.connections === 2 && exchange.open === 1, 20_000, 'the second process takes the stream over');
      const before = onSecond.candles.length;
      await until(() => onSecond.candles.length > before + 3, 10_000, 'klines again on the second process');
      // Its history has the trades of both readers.
      const now = Math.floor(Date.now() / 1000);
      const history = (await (await fetch(`${second.url}/api/currency/new_timeshar?symbol=btcusdt&period=1min&from=${now - 600}&to=${now}`)).json()) as { data: Candle[] };
      expect(history.data.length).toBeGreaterThan(0);
    } finally {
      onFirst.socket.disconnect();
      onSecond.socket.disconnect();
    }
  }, 90_000);
});
