/**
 * The exchange's feed against a local stand-in for the exchange: a WebSocket server on 127.0.0.1
 * that replays recorded Binance trade frames (tests/fixtures/exchange-trades.jsonl), drops
 * connections, refuses them, or stays silent. Back-off and silence limits are tens of
 * milliseconds here, so every case takes well under a second.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer, type ClientOptions } from 'ws';
import type { Tick } from '../../server/modules/market/candles';
import { exchangeFeed, type ExchangeFeed, type ExchangeFeedOptions } from '../../server/modules/market/exchange';

/** The recorded frames: trades of btcusdt and ethusdt, and a few the feed must skip. */
const lines = readFileSync(new URL('../fixtures/exchange-trades.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.length > 0);

/**
 * The lines that give no tick: a subscription reply, a solusdt trade, an aggTrade, a cut-off line,
 * a price of zero, a quantity in exponent notation, a bnbusdt trade.
 */
const SKIPPED_LINES = [0, 5, 8, 11, 16, 19, 25];

/** The ticks of the other lines, in order (a combined frame carries the trade in `data`, a raw frame is it). */
const expectedTicks: Tick[] = lines.flatMap((line, index) => {
  if (SKIPPED_LINES.includes(index)) return [];
  const frame = JSON.parse(line);
  const trade = frame.data ?? frame;
  return [{ symbol: trade.s.toLowerCase(), price: trade.p, volume: trade.q, at: new Date(trade.T), simulated: false }];
});

interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string;
}

/** A logger that keeps what it is told. */
function recordingLog() {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (obj: object, msg: string) => void entries.push({ level, obj: obj as Record<string, unknown>, msg });
  return { entries, log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

const ofLevel = (entries: LogEntry[], level: LogEntry['level']) => entries.filter((entry) => entry.level === level);

/** Polls `condition` every few milliseconds until it holds, or fails after `timeoutMs`. */
async function waitFor(what: string, condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

interface Connection {
  socket: WebSocket;
  path: string;
  openedAt: number;
  closedAt?: number;
  closeCode?: number;
}

/** The stand-in exchange: every connection it accepts is handed to `onConnection`. */
interface TestExchange {
  port: number;
  connections: Connection[];
  close(): Promise<void>;
}

const servers: { close(): Promise<void> }[] = [];
const feeds: ExchangeFeed[] = [];

afterEach(async () => {
  for (const feed of feeds.splice(0)) feed.stop();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function startExchange(onConnection: (socket: WebSocket, index: number) => void, port = 0): Promise<TestExchange> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const connections: Connection[] = [];
  wss.on('connection', (socket, request) => {
    const connection: Connection = { socket, path: request.url ?? '', openedAt: Date.now() };
    connections.push(connection);
    socket.on('close', (code) => {
      connection.closedAt = Date.now();
      connection.closeCode = code;
    });
    onConnection(socket, connections.length - 1);
  });
  let closed = false;
  const exchange: TestExchange = {
    port: (wss.address() as { port: number }).port,
    connections,
    close: async () => {
      if (closed) return;
      closed = true;
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  servers.push(exchange);
  return exchange;
}

/** Starts a feed on the local exchange with test-sized timings; returns it with the ticks it emits and its log. */
function startFeed(port: number, overrides: Partial<ExchangeFeedOptions> = {}) {
  const ticks: Tick[] = [];
  const { entries, log } = recordingLog();
  const feed = exchangeFeed({
    url: `ws://127.0.0.1:${port}`,
    symbols: ['btcusdt', 'ethusdt'],
    log,
    backoff: { initialMs: 20, maxMs: 200 },
    staleMs: 2000,
    ...overrides,
  });
  feeds.push(feed);
  feed.start((tick) => ticks.push(tick));
  return { feed, ticks, entries };
}

/** A WebSocket client that notes the time of each connection attempt. */
function countingSocket() {
  const attempts: number[] = [];
  class CountingSocket extends WebSocket {
    constructor(url: string, options: ClientOptions) {
      super(url, options);
      attempts.push(Date.now());
    }
  }
  return { attempts, CountingSocket };
}

describe('the exchange feed', () => {
  it('has the recorded frames the tests rely on', () => {
    expect(lines).toHaveLength(30);
    expect(expectedTicks).toHaveLength(23);
    expect(expectedTicks[0]).toEqual({ symbol: 'btcusdt', price: '62013.78000000', volume: '0.02689000', at: new Date(1728043200247), simulated: false });
    expect(expectedTicks.at(-1)).toEqual({ symbol: 'ethusdt', price: '2394.99000000', volume: '0.02960000', at: new Date(1728043202491), simulated: false });
  });

  it('turns each trade of a quoted symbol into a tick, in order, and skips every other frame', async () => {
    const exchange = await startExchange((socket) => {
      for (const line of lines) socket.send(line);
    });
    const { feed, ticks, entries } = startFeed(exchange.port);

    await waitFor('every recorded trade', () => ticks.length === expectedTicks.length && feed.skipped === SKIPPED_LINES.length);
    expect(ticks).toEqual(expectedTicks);
    expect(ticks.every((tick) => tick.simulated === false && tick.symbol !== 'solusdt' && tick.symbol !== 'bnbusdt')).toBe(true);
    expect(exchange.connections.map((connection) => connection.path)).toEqual(['/stream?streams=btcusdt@trade/ethusdt@trade']);
    expect(feed.connected).toBe(true);
    expect(feed.reconnects).toBe(0);
    expect(feed.name).toBe('exchange');
    // One line per connection at most: connected, and the first skipped frame.
    expect(ofLevel(entries, 'info')).toHaveLength(1);
    expect(ofLevel(entries, 'info')[0].obj).toMatchObject({ attempt: 1 });
    expect(ofLevel(entries, 'debug')).toHaveLength(1);
    expect(ofLevel(entries, 'warn')).toHaveLength(0);
  });

  it('uses a URL that names its streams as is, and takes raw trade frames', async () => {
    const exchange = await startExchange((socket) => {
      for (const line of lines.slice(1, 8)) socket.send(JSON.stringify(JSON.parse(line).data));
    });
    const { ticks } = startFeed(exchange.port, { url: `ws://127.0.0.1:${exchange.port}/ws/btcusdt@trade`, symbols: ['BTCUSDT'] });

    const btc = expectedTicks.filter((tick) => tick.symbol === 'btcusdt').slice(0, 4);
    await waitFor('the btcusdt trades', () => ticks.length === btc.length);
    expect(ticks).toEqual(btc);
    expect(exchange.connections[0].path).toBe('/ws/btcusdt@trade');
  });

  it('refuses a configuration it cannot use', () => {
    const { log } = recordingLog();
    expect(() => exchangeFeed({ url: 'https://example.test', symbols: ['btcusdt'], log })).toThrow(/ws:\/\/ or wss:\/\//);
    expect(() => exchangeFeed({ url: 'ws://127.0.0.1:1', symbols: [], log })).toThrow(/at least one symbol/);
    expect(() => exchangeFeed({ url: 'ws://127.0.0.1:1', symbols: ['btc/usdt'], log })).toThrow(/not a symbol/);
  });

  it('keeps going when the receiver throws, and says so once per connection', async () => {
    const exchange = await startExchange((socket) => {
      for (const line of lines) socket.send(line);
    });
    const { entries, log } = recordingLog();
    const feed = exchangeFeed({ url: `ws://127.0.0.1:${exchange.port}`, symbols: ['btcusdt', 'ethusdt'], log });
    feeds.push(feed);
    let calls = 0;
    feed.start(() => {
      calls += 1;
      throw new Error('the database is away');
    });

    await waitFor('every recorded trade', () => calls === expectedTicks.length);
    expect(ofLevel(entries, 'error')).toHaveLength(1);
    expect(feed.connected).toBe(true);
  });

  it('reconnects by itself when the exchange drops the connection midway, and goes on', async () => {
    // The exchange sends the first 12 lines, is dropped by the test, and sends the rest to the next connection.
    let next = 0;
    const sendFrom = (socket: WebSocket, count: number) => {
      for (const line of lines.slice(next, next + count)) socket.send(line);
      next = Math.min(lines.length, next + count);
    };
    const exchange = await startExchange((socket, index) => sendFrom(socket, index === 0 ? 12 : lines.length));
    const { feed, ticks, entries } = startFeed(exchange.port);

    await waitFor('the first part', () => ticks.length === 8 && feed.skipped === 4);
    exchange.connections[0].socket.terminate();

    await waitFor('the rest after reconnecting', () => ticks.length === expectedTicks.length);
    expect(ticks).toEqual(expectedTicks);
    expect(feed.skipped).toBe(SKIPPED_LINES.length);
    expect(feed.reconnects).toBe(1);
    expect(feed.connected).toBe(true);
    expect(exchange.connections).toHaveLength(2);
    const warnings = ofLevel(entries, 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toMatch(/disconnected/);
    expect(warnings[0].obj).toMatchObject({ attempt: 1, inARow: 1, ticks: 8, skipped: 4 });
    expect(warnings[0].obj.delayMs).toBeGreaterThanOrEqual(0);
    expect(warnings[0].obj.delayMs).toBeLessThan(20);
    expect(ofLevel(entries, 'info').map((entry) => entry.obj.attempt)).toEqual([1, 2]);
  });

  it('waits longer after each refused connection, connects once the exchange is back, and starts the back-off over after a good connection', async () => {
    const probe = await startExchange(() => {});
    const port = probe.port;
    await probe.close();
    const { attempts, CountingSocket } = countingSocket();
    // The jitter at the top of its range, so each wait is the back-off's ceiling.
    const { feed, ticks, entries } = startFeed(port, {
      backoff: { initialMs: 20, maxMs: 100, resetAfterMs: 50 },
      random: () => 0.999,
      WebSocketImpl: CountingSocket,
    });

    await waitFor('five refused attempts', () => ofLevel(entries, 'warn').length >= 5);
    const refused = ofLevel(entries, 'warn').slice(0, 5);
    expect(refused.map((entry) => entry.obj.delayMs)).toEqual([19, 39, 79, 99, 99]);
    expect(refused.map((entry) => entry.obj.inARow)).toEqual([1, 2, 3, 4, 5]);
    expect(refused.map((entry) => entry.obj.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(refused.every((entry) => /could not connect/.test(entry.msg) && typeof entry.obj.error === 'string')).toBe(true);
    // The attempts really are that far apart (give or take a timer's millisecond or two).
    for (let i = 0; i < 4; i++) expect(attempts[i + 1] - attempts[i]).toBeGreaterThanOrEqual((refused[i].obj.delayMs as number) - 2);
    expect(feed.connected).toBe(false);

    const back = await startExchange((socket) => socket.send(lines[1]), port);
    await waitFor('the connection to the exchange once it is back', () => feed.connected && ticks.length === 1);
    expect(back.connections).toHaveLength(1);
    expect(feed.reconnects).toBe(attempts.length - 1);
    expect(ofLevel(entries, 'info').map((entry) => entry.obj.attempt)).toEqual([attempts.length]);

    // That connection brought data and stays open past resetAfterMs: when it drops, the back-off starts over.
    await waitFor('the connection to last', () => Date.now() - back.connections[0].openedAt >= 80);
    const warned = ofLevel(entries, 'warn').length;
    back.connections[0].socket.terminate();
    await waitFor('the drop to be seen', () => ofLevel(entries, 'warn').length === warned + 1);
    expect(ofLevel(entries, 'warn').at(-1)?.obj).toMatchObject({ inARow: 1, delayMs: 19, ticks: 1 });
    await waitFor('the next connection', () => back.connections.length === 2 && feed.connected);
  });

  it('drops a connection that stays silent for staleMs and connects again', async () => {
    // The first connection hears nothing; the second gets one trade.
    const exchange = await startExchange((socket, index) => {
      if (index > 0) socket.send(lines[1]);
    });
    const { feed, ticks, entries } = startFeed(exchange.port, { staleMs: 150 });

    await waitFor('a tick from the second connection', () => ticks.length === 1);
    expect(ticks[0]).toEqual(expectedTicks[0]);
    expect(exchange.connections).toHaveLength(2);
    const silent = exchange.connections[0];
    expect(silent.closedAt).toBeDefined();
    expect((silent.closedAt ?? 0) - silent.openedAt).toBeGreaterThanOrEqual(120);
    expect(feed.reconnects).toBe(1);
    const warnings = ofLevel(entries, 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].obj).toMatchObject({ stale: true, attempt: 1, ticks: 0 });
  });

  it('keeps a connection that goes on talking, however long it lasts', async () => {
    const trades = lines.filter((_, index) => !SKIPPED_LINES.includes(index));
    const exchange = await startExchange((socket) => {
      let sent = 0;
      const timer = setInterval(() => socket.send(trades[sent++ % trades.length]), 30);
      socket.on('close', () => clearInterval(timer));
    });
    const { feed, ticks } = startFeed(exchange.port, { staleMs: 120 });

    await waitFor('trades for several times staleMs', () => ticks.length >= 15);
    expect(feed.reconnects).toBe(0);
    expect(exchange.connections).toHaveLength(1);
  });

  it('emits nothing and reconnects no more once stopped', async () => {
    const trades = lines.filter((_, index) => !SKIPPED_LINES.includes(index));
    const exchange = await startExchange((socket) => {
      let sent = 0;
      const timer = setInterval(() => socket.send(trades[sent++ % trades.length]), 10);
      socket.on('close', () => clearInterval(timer));
    });
    const { feed, ticks, entries } = startFeed(exchange.port);

    await waitFor('a few ticks', () => ticks.length >= 3);
    feed.stop();
    const emitted = ticks.length;
    expect(feed.connected).toBe(false);
    await waitFor('the exchange to see the close', () => exchange.connections[0].closeCode !== undefined);
    expect(exchange.connections[0].closeCode).toBe(1000);
    // Several back-off periods: a reconnect, or a late tick, would show by now.
    await sleep(150);
    expect(ticks).toHaveLength(emitted);
    expect(exchange.connections).toHaveLength(1);
    expect(ofLevel(entries, 'warn')).toHaveLength(0);

    feed.start((tick) => ticks.push(tick));
    await sleep(50);
    expect(exchange.connections).toHaveLength(1);
  });

  it('emits nothing after stop() even for frames already received', async () => {
    // All the frames arrive together; the receiver stops the feed at the third tick, with the rest still to be read.
    const exchange = await startExchange((socket) => {
      for (const line of lines) socket.send(line);
    });
    const ticks: Tick[] = [];
    const { log } = recordingLog();
    const feed = exchangeFeed({ url: `ws://127.0.0.1:${exchange.port}`, symbols: ['btcusdt', 'ethusdt'], log, backoff: { initialMs: 20 } });
    feeds.push(feed);
    feed.start((tick) => {
      ticks.push(tick);
      if (ticks.length === 3) feed.stop();
    });

    await waitFor('the exchange to see the close', () => exchange.connections[0]?.closeCode !== undefined);
    await sleep(50);
    expect(ticks).toEqual(expectedTicks.slice(0, 3));
    expect(exchange.connections).toHaveLength(1);
  });

  it('gives up a connection still opening when stopped', async () => {
    // A server that accepts the TCP connection and never answers the WebSocket handshake.
    const opened: net.Socket[] = [];
    let released = 0;
    const server = net.createServer((socket) => {
      opened.push(socket);
      socket.resume(); // reads (and ignores) the handshake, so the client's leaving is seen
      socket.on('error', () => {});
      socket.on('close', () => (released += 1));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push({
      close: () =>
        new Promise<void>((resolve) => {
          for (const socket of opened) socket.destroy();
          server.close(() => resolve());
        }),
    });
    const { feed, entries } = startFeed((server.address() as net.AddressInfo).port);

    await waitFor('the connection to be opening', () => opened.length === 1);
    expect(feed.connected).toBe(false);
    feed.stop();
    await waitFor('the opening connection to be released', () => released === 1);
    await sleep(150);
    expect(opened).toHaveLength(1);
    expect(ofLevel(entries, 'warn')).toHaveLength(0);
    expect(ofLevel(entries, 'info')).toHaveLength(0);
  });

  it('makes no further attempt when stopped while waiting to reconnect', async () => {
    const probe = await startExchange(() => {});
    const port = probe.port;
    await probe.close();
    const { attempts, CountingSocket } = countingSocket();
    const { feed, entries } = startFeed(port, { random: () => 0.999, WebSocketImpl: CountingSocket });

    await waitFor('the first refusal', () => ofLevel(entries, 'warn').length === 1);
    feed.stop();
    await sleep(150);
    expect(attempts).toHaveLength(1);
    expect(ofLevel(entries, 'warn')).toHaveLength(1);
    expect(feed.reconnects).toBe(0);
  });
});
