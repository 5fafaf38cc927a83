/**
 * `npm run bench -- market`: how the market data reaches its subscribers and how fast its history
 * is read. One line per figure, each naming what it measured and ending with its unit or ratio:
 *
 *  socket.io fan-out  the project's own real-time server (attachRealtime on a plain node:http
 *                     server, in this process and nothing else in it) with 5,000 socket.io-client
 *                     clients (websocket transport only, one connection each, no reconnection),
 *                     all subscribed to one kline room (`subscribe` { channel: 'kline', period:
 *                     '1min', symbol: 'btcusdt' }, acknowledged with room kline:btcusdt:1min);
 *                     the server publishes 2 ticks a second for 30 s into it, as the market module
 *                     does (io.to(room).emit('kline', candle)), each a Candle carrying its number
 *                     and its send time (performance.timeOrigin + performance.now()). The clients
 *                     run in child processes of their own (2 by default, half the clients each),
 *                     connected 200 handshakes at a time; the ticks start once every client has
 *                     its subscription acknowledged, after 2 warm-up ticks (1 s, not counted:
 *                     WARM_UP_TICKS), and the counting ends 2 s after the last tick. Each client
 *                     notes each tick once (a repeat is counted apart) with its latency: the
 *                     time its handler has the candle in hand (the same clock:
 *                     performance.timeOrigin + performance.now(), one machine) minus the send
 *                     time. Figures: clients connected and subscribed, messages expected (all
 *                     5,000 clients × ticks: a client that never connected counts as dropping
 *                     its share), received, dropped, p50 and p99 of the latency, the server's
 *                     time to emit one tick to the room (p99), and the messages delivered per
 *                     second: received over the time from the first tick's send to the last
 *                     message's arrival.
 *  bare ws            the same with a bare `ws` WebSocketServer sending the same candle as JSON
 *                     text to 5,000 bare `ws` clients (the ceiling of a WebSocket fan-out in
 *                     Node), same rate, duration, processes and figures.
 *  ratio              socket.io's delivered messages per second over bare ws's. At 2 ticks a
 *                     second both are offered the same 10,000 messages a second: the ratio falls
 *                     below 1 only when socket.io drops messages or falls behind.
 *  history            GET /api/currency/new_timeshar for 1,000 consecutive 1min candles of
 *                     btcusdt (written into market_candles with one INSERT … SELECT
 *                     generate_series on a throwaway PostgreSQL database), answered by the
 *                     compiled server in its own process (as the trading bench starts it: load
 *                     shedding off), asked by autocannon on 50 connections for 10 s after 2 s of
 *                     warm-up, accepting br and gzip as the app's browsers do (a reply of 1,000
 *                     candles is compressed). One reply is checked first to hold the 1,000
 *                     candles. Figures: p99 and requests/s; any refusal, error or timeout fails.
 *
 * Targets: socket.io p99 < 250 ms, 0 messages dropped, ratio ≥ 0.5. Each is printed with PASS or
 * FAIL on its line, then the targets missed, and the bench exits non-zero when one is missed.
 *
 * 5,000 clients hold 5,000 sockets in the client processes and 5,000 in the server's: the bench
 * raises its soft limit of open files (ulimit -n) when the hard limit allows and fails with a
 * message when it does not. BENCH_DATABASE_URL picks the PostgreSQL server (default
 * postgres://postgres@127.0.0.1:5432/postgres); BENCH_SECONDS shortens the fan-out (default 30;
 * the history runs for the smaller of it and 10 s); BENCH_MARKET_CLIENTS (default 5000) and
 * BENCH_MARKET_CLIENT_PROCESSES (default 2) change the clients; BENCH_MARKET_PARTS=socket.io,ws,history
 * runs only the parts named (the ratio needs the first two).
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { io as connectSocketIo } from 'socket.io-client';
import { WebSocket, WebSocketServer } from 'ws';
import type { Candle } from '../../src/domain/wire';
import { openDatabase } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { attachRealtime, klineRoom } from '../../server/realtime/socket';
import { BENCH_SERVER_URL, requireBenchServer, withThrowawayDatabase } from './database';
import { startBenchServer } from './server';
import { benchTargets } from './targets';

const SELF = fileURLToPath(import.meta.url);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT_ROLE = 'market-clients';

const CLIENTS = Number(process.env.BENCH_MARKET_CLIENTS ?? 5_000);
const CLIENT_PROCESSES = Number(process.env.BENCH_MARKET_CLIENT_PROCESSES ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const TICKS_PER_SECOND = 2;
const TICKS = SECONDS * TICKS_PER_SECOND;
/**
 * Ticks published before the measured ones and not counted: the first emits run code V8 has not
 * compiled yet (twice as slow), and at 60 ticks one tick is 1.7 % of the messages, enough to make
 * the p99 that of a server just started rather than of one that has been publishing for hours.
 */
const WARM_UP_TICKS = 2;
/** Handshakes under way at once, over all client processes. */
const HANDSHAKES_AT_ONCE = 200;
/** How long the clients may take to connect and subscribe, all of them. */
const CONNECT_WITHIN_MS = 5 * 60_000;
/** After the last tick, the time left for the messages on their way. */
const SETTLE_MS = 2_000;
/** Open files besides the sockets: modules, pipes, the database… */
const SPARE_FILES = 1_024;

const SYMBOL = 'btcusdt';
const PERIOD = '1min';
const ROOM = klineRoom(SYMBOL, PERIOD);

const HISTORY_CANDLES = 1_000;
const HISTORY_CONNECTIONS = 50;
const HISTORY_SECONDS = Math.min(10, SECONDS);
const HISTORY_WARM_UP_SECONDS = 2;
/** 2024-01-01T00:00:00Z: the first candle, far from any candle a live feed could write. */
const HISTORY_FROM = 1_704_067_200;

const TARGET = { p99Ms: 250, dropped: 0, ratio: 0.5, historyP99Ms: 100 };

type Transport = 'socket.io' | 'ws';
const PARTS = process.env.BENCH_MARKET_PARTS?.split(',') ?? ['socket.io', 'ws', 'history'];

/** What the server publishes: a candle, its number in the run and when it was sent. */
interface Tick extends Candle {
  seq: number;
  /** performance.timeOrigin + performance.now() when it was handed to the emitting call. */
  sentAt: number;
}

type ToClients = { kind: 'connect'; transport: Transport; url: string; count: number; atOnce: number; ticks: number } | { kind: 'report' } | { kind: 'close' };

type FromClients =
  | { kind: 'ready'; connected: number; firstError: string | null }
  | { kind: 'report'; received: number; repeated: number; disconnects: number; lastAt: number; latencies: Float64Array };

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The client processes: each connects its share of the clients and notes what they receive.

function clientProcess(): void {
  const closers: Array<() => void> = [];
  const latencies: number[] = [];
  let seen = new Uint8Array(0);
  let ticks = 0;
  let received = 0;
  let repeated = 0;
  let disconnects = 0;
  let lastAt = 0;
  let closing = false;

  const note = (client: number, tick: Tick, at: number) => {
    if (tick.seq < 0) return; // a warm-up tick
    const slot = client * ticks + tick.seq;
    if (seen[slot] === 1) {
      repeated++;
      return;
    }
    seen[slot] = 1;
    received++;
    lastAt = at;
    latencies.push(at - tick.sentAt);
  };

  /** One client, connected and subscribed: null, or why not. */
  const openSocketIo = (url: string, client: number) =>
    new Promise<string | null>((resolve) => {
      const socket = connectSocketIo(url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 60_000 });
      socket.on('kline', (tick: Tick) => note(client, tick, now()));
      socket.on('disconnect', () => {
        if (!closing) disconnects++;
      });
      socket.once('connect_error', (error) => {
        socket.close();
        resolve(`connect_error: ${error.message}`);
      });
      socket.once('connect', () => {
        socket
          .timeout(60_000)
          .emit('subscribe', { channel: 'kline', period: PERIOD, symbol: SYMBOL }, (error: Error | null, answer?: { ok: boolean; room?: string }) => {
            if (error) return resolve(`no answer to subscribe: ${error.message}`);
            if (!answer?.ok || answer.room !== ROOM) return resolve(`subscribe answered ${JSON.stringify(answer)}`);
            closers.push(() => socket.close());
            resolve(null);
          });
      });
    });

  const openWs = (url: string, client: number) =>
    new Promise<string | null>((resolve) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      socket.on('message', (data: Buffer) => {
        const tick = JSON.parse(data.toString()) as Tick;
        note(client, tick, now());
      });
      socket.once('error', (error) => resolve(`error: ${error.message}`));
      socket.once('open', () => {
        socket.on('close', () => {
          if (!closing) disconnects++;
        });
        closers.push(() => socket.close());
        resolve(null);
      });
    });

  // The bench gone (killed, failed): so are its clients.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: ToClients) => {
    if (message.kind === 'connect') {
      ticks = message.ticks;
      seen = new Uint8Array(message.count * ticks);
      void (async () => {
        let connected = 0;
        let firstError: string | null = null;
        const open = message.transport === 'socket.io' ? openSocketIo : openWs;
        for (let start = 0; start < message.count; start += message.atOnce) {
          const batch = Array.from({ length: Math.min(message.atOnce, message.count - start) }, (_, index) => open(message.url, start + index));
          for (const error of await Promise.all(batch)) {
            if (error === null) connected++;
            else firstError ??= error;
          }
        }
        process.send?.({ kind: 'ready', connected, firstError } satisfies FromClients);
      })();
    } else if (message.kind === 'report') {
      const report: FromClients = { kind: 'report', received, repeated, disconnects, lastAt, latencies: Float64Array.from(latencies) };
      process.send?.(report);
    } else {
      closing = true;
      for (const close of closers) close();
      // The close frames on their way, then out.
      setTimeout(() => process.exit(0), 1_000);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The server side of the fan-out.

/** The next message of `kind` from `child`; a rejection when it exits first or takes longer than `withinMs`. */
function nextMessage<K extends FromClients['kind']>(child: ChildProcess, kind: K, withinMs: number): Promise<Extract<FromClients, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: FromClients) => {
      if (message.kind !== kind) return;
      cleanup();
      resolve(message as Extract<FromClients, { kind: K }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`a client process exited (${code}) before its ${kind}`));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`a client process sent no ${kind} within ${withinMs / 1000} s`));
    }, withinMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function candleOf(seq: number, minute: number): Candle {
  const cents = 6_500_000 + (seq % 40) * 25;
  const price = (value: number) => (value / 100).toFixed(2);
  return {
    symbol: SYMBOL,
    period: PERIOD,
    time: minute,
    open: '65000.00',
    high: price(Math.max(cents, 6_500_000) + 500),
    low: price(Math.min(cents, 6_500_000) - 500),
    close: price(cents),
    volume: (1.5 + seq * 0.0125).toFixed(6),
    simulated: false,
  };
}

/** The nearest-rank `p`-th percentile (0–100) of the sorted `values`. */
function percentileOfSorted(values: Float64Array, p: number): number {
  if (values.length === 0) return Number.NaN;
  return values[Math.max(0, Math.ceil((p / 100) * values.length) - 1)];
}

interface FanOut {
  connected: number;
  firstError: string | null;
  expected: number;
  received: number;
  dropped: number;
  repeated: number;
  disconnects: number;
  /** Sorted, milliseconds. */
  latencies: Float64Array;
  /** Sorted, milliseconds: the server's time to emit each tick. */
  emitMs: Float64Array;
  perSecond: number;
}

async function fanOut(transport: Transport): Promise<FanOut> {
  const server = http.createServer((_request, response) => void response.writeHead(404).end());
  let publish: (tick: Tick) => void;
  let audience: () => number;
  let close: () => Promise<void>;
  if (transport === 'socket.io') {
    const io = attachRealtime(server, { allowedOrigins: [], maxPerAddress: 100_000, trustProxy: false });
    publish = (tick) => void io.to(ROOM).emit('kline', tick);
    audience = () => io.sockets.adapter.rooms.get(ROOM)?.size ?? 0;
    close = () => new Promise<void>((resolve) => void io.close(() => resolve()));
  } else {
    const wss = new WebSocketServer({ server, perMessageDeflate: false });
    publish = (tick) => {
      const text = JSON.stringify(tick);
      for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(text);
    };
    audience = () => wss.clients.size;
    close = async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    };
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = transport === 'socket.io' ? `http://127.0.0.1:${port}` : `ws://127.0.0.1:${port}`;

  const children: ChildProcess[] = [];
  try {
    const shares = Array.from({ length: CLIENT_PROCESSES }, (_, index) => Math.floor(CLIENTS / CLIENT_PROCESSES) + (index < CLIENTS % CLIENT_PROCESSES ? 1 : 0));
    const atOnce = Math.max(1, Math.floor(HANDSHAKES_AT_ONCE / CLIENT_PROCESSES));
    for (const count of shares) {
      const child = fork(SELF, [CLIENT_ROLE], { cwd: ROOT, execArgv: ['--import', 'tsx'], serialization: 'advanced' });
      children.push(child);
      child.send({ kind: 'connect', transport, url, count, atOnce, ticks: TICKS } satisfies ToClients);
    }
    const ready = await Promise.all(children.map((child) => nextMessage(child, 'ready', CONNECT_WITHIN_MS)));
    const connected = ready.reduce((sum, r) => sum + r.connected, 0);
    const firstError = ready.find((r) => r.firstError !== null)?.firstError ?? null;
    // Every acknowledged subscription is in the room before the first tick.
    if (audience() !== connected) throw new Error(`${connected} clients subscribed, ${audience()} in the room`);

    const emitMs: number[] = [];
    const minute = Math.floor(Date.now() / 60_000) * 60;
    const start = performance.now() + 100 + (WARM_UP_TICKS * 1_000) / TICKS_PER_SECOND;
    let firstSentAt = 0;
    // The warm-up ticks first (negative numbers, not counted), then the measured ones.
    for (let seq = -WARM_UP_TICKS; seq < TICKS; seq++) {
      const wait = start + (seq * 1_000) / TICKS_PER_SECOND - performance.now();
      if (wait > 0) await sleep(wait);
      const began = performance.now();
      const sentAt = performance.timeOrigin + began;
      if (seq === 0) firstSentAt = sentAt;
      publish({ ...candleOf(seq + WARM_UP_TICKS, minute), seq, sentAt });
      if (seq >= 0) emitMs.push(performance.now() - began);
    }
    await sleep(SETTLE_MS);

    const reports = await Promise.all(
      children.map((child) => {
        const report = nextMessage(child, 'report', 60_000);
        child.send({ kind: 'report' } satisfies ToClients);
        return report;
      }),
    );
    const received = reports.reduce((sum, r) => sum + r.received, 0);
    const lastAt = Math.max(...reports.map((r) => r.lastAt));
    const latencies = new Float64Array(received);
    let offset = 0;
    for (const report of reports) {
      latencies.set(report.latencies, offset);
      offset += report.latencies.length;
    }
    latencies.sort();
    const expected = CLIENTS * TICKS;
    return {
      connected,
      firstError,
      expected,
      received,
      dropped: expected - received,
      repeated: reports.reduce((sum, r) => sum + r.repeated, 0),
      disconnects: reports.reduce((sum, r) => sum + r.disconnects, 0),
      latencies,
      emitMs: Float64Array.from(emitMs).sort(),
      perSecond: received > 0 ? received / ((lastAt - firstSentAt) / 1_000) : 0,
    };
  } finally {
    const exits = children.filter((child) => child.exitCode === null && child.signalCode === null).map((child) => new Promise((resolve) => child.once('exit', resolve)));
    for (const child of children) if (child.connected) child.send({ kind: 'close' } satisfies ToClients);
    await Promise.race([Promise.all(exits), sleep(30_000)]);
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await close();
  }
}

// ---------------------------------------------------------------------------------------------
// History: the candles read back over HTTP.

const HISTORY_PATH = `/api/currency/new_timeshar?symbol=${SYMBOL}&period=${PERIOD}&from=${HISTORY_FROM}&to=${HISTORY_FROM + (HISTORY_CANDLES - 1) * 60}`;
const HISTORY_HEADERS = { 'accept-encoding': 'br, gzip' };

/** A symbol no feed writes: its last 1,000 candles end with the open one, written by the bench. */
const OPEN_SYMBOL = 'benchusdt';

interface HistoryResults {
  /** 1,000 closed candles (2024): the kept reply. */
  closed: Result;
  /** The last 1,000 candles, up to the open one: the closed ones kept, the open one read each time. */
  open: Result;
  /** The closed range again, each request naming the copy it has (If-None-Match): 304s. */
  revalidated: Result;
}

async function benchHistory(url: string): Promise<HistoryResults> {
  const database = await openDatabase({ kind: 'postgres', url });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-market-'));
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    // Migrated here as the server would, so that the candles can be written before it starts.
    await migrate(database.sql);
    const write = (symbol: string, from: number) =>
      database.db.execute(sql`
        INSERT INTO market_candles (symbol, period, open_time, open, high, low, close, volume, first_at, last_at, simulated)
        SELECT ${symbol}, ${PERIOD}, t, 65000 + g % 50, 65000 + g % 50 + 5, 65000 + g % 50 - 5, 65000 + (g + 1) % 50, 1.5 + g % 7,
               t, t + interval '59 seconds', false
        FROM generate_series(0, ${HISTORY_CANDLES - 1}) AS g, LATERAL (SELECT to_timestamp(${from}) + g * interval '1 minute' AS t) AS at`);
    await write(SYMBOL, HISTORY_FROM);
    // Ten minutes of room: the open candle stays within the range for the whole run.
    const openFrom = Math.floor(Date.now() / 60_000) * 60 - (HISTORY_CANDLES - 11) * 60;
    await write(OPEN_SYMBOL, openFrom);
    await database.db.execute(sql`ANALYZE market_candles`);
    server = await startBenchServer(url, dataDir, crypto.randomBytes(32).toString('base64url'));

    const reply = await fetch(`${server.url}${HISTORY_PATH}`, { headers: HISTORY_HEADERS });
    const candles = ((await reply.json()) as { data?: Candle[] }).data;
    if (reply.status !== 200 || candles?.length !== HISTORY_CANDLES) {
      throw new Error(`${HISTORY_PATH} answered ${reply.status} with ${candles?.length ?? 'no'} candles, not ${HISTORY_CANDLES}`);
    }
    if (candles[0].time !== HISTORY_FROM || candles[HISTORY_CANDLES - 1].time !== HISTORY_FROM + (HISTORY_CANDLES - 1) * 60) {
      throw new Error(`${HISTORY_PATH} answered candles from ${candles[0].time} to ${candles[HISTORY_CANDLES - 1].time}`);
    }
    const etag = reply.headers.get('etag');
    if (!etag) throw new Error(`${HISTORY_PATH} answered without an ETag`);
    const openPath = `/api/currency/new_timeshar?symbol=${OPEN_SYMBOL}&period=${PERIOD}&from=${openFrom}&to=${openFrom + (HISTORY_CANDLES + 20) * 60}`;
    const openReply = await fetch(`${server.url}${openPath}`, { headers: HISTORY_HEADERS });
    const openCandles = ((await openReply.json()) as { data?: Candle[] }).data;
    if (openReply.status !== 200 || openCandles?.length !== HISTORY_CANDLES) throw new Error(`${openPath} answered ${openReply.status} with ${openCandles?.length ?? 'no'} candles`);

    const base = server.url;
    const load = (route: string, seconds: number, headers: Record<string, string> = HISTORY_HEADERS) =>
      autocannon({ url: `${base}${route}`, connections: HISTORY_CONNECTIONS, duration: seconds, headers });
    const measured = async (route: string, headers?: Record<string, string>, expected: 'ok' | 'not modified' = 'ok') => {
      await load(route, HISTORY_WARM_UP_SECONDS, headers);
      const result = await load(route, HISTORY_SECONDS, headers);
      const wrong = expected === 'ok' ? result.non2xx : result['2xx'] + result.non2xx - (result.statusCodeStats?.['304']?.count ?? 0);
      if (wrong + result.errors + result.timeouts > 0) throw new Error(`${route}: ${wrong} unexpected answers, ${result.errors} errors, ${result.timeouts} timeouts`);
      return result;
    };
    const closed = await measured(HISTORY_PATH);
    const open = await measured(openPath);
    const revalidated = await measured(HISTORY_PATH, { ...HISTORY_HEADERS, 'if-none-match': etag }, 'not modified');
    return { closed, open, revalidated };
  } finally {
    await server?.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

/** This process's limit of open files (soft and hard), from /proc; null where there is none. */
function openFilesLimit(): { soft: number; hard: number } | null {
  try {
    const match = /^Max open files\s+(\S+)\s+(\S+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'));
    if (!match) return null;
    const value = (text: string) => (text === 'unlimited' ? Number.POSITIVE_INFINITY : Number(text));
    return { soft: value(match[1]), hard: value(match[2]) };
  } catch {
    return null;
  }
}

/**
 * Node raises its soft limit to the hard one as it starts (on Linux) and has no call to raise it
 * later: should the soft limit still be too low while the hard one allows, the bench runs itself
 * again under `ulimit -n` (the client processes inherit it) and passes on that run's exit code.
 */
function ensureOpenFiles(): void {
  const needed = CLIENTS + SPARE_FILES;
  const limit = openFilesLimit();
  if (!limit || limit.soft >= needed) return;
  if (limit.hard < needed || process.env.BENCH_MARKET_RAISED_LIMIT === '1') {
    console.error(
      `market fan-out needs ${needed} open files per process (${CLIENTS} sockets and spare), the hard limit is ${limit.hard} (soft ${limit.soft}): ` +
        'raise the hard limit (ulimit -Hn as root, LimitNOFILE, /etc/security/limits.conf) or set BENCH_MARKET_CLIENTS lower',
    );
    process.exit(1);
  }
  console.log(`raising the soft limit of open files from ${limit.soft} to ${needed} (hard limit ${limit.hard})`);
  const again = spawnSync('/bin/sh', ['-c', 'ulimit -n "$0" && exec "$@"', String(needed), process.execPath, ...process.execArgv, SELF, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_MARKET_RAISED_LIMIT: '1' },
  });
  process.exit(again.status ?? 1);
}

async function main(): Promise<void> {
  ensureOpenFiles();
  const history = PARTS.includes('history');
  if (history) await requireBenchServer();
  const fanOuts = (['socket.io', 'ws'] as const).filter((transport) => PARTS.includes(transport));
  console.log(
    `Market data on ${os.cpus().length} cores: ` +
      [
        fanOuts.length > 0
          ? `kline fan-out (${fanOuts.join(', ')}) to ${CLIENTS} clients in ${CLIENT_PROCESSES} client processes (the server alone in this one), ` +
            `${TICKS_PER_SECOND} ticks/s for ${SECONDS} s`
          : '',
        history ? `history: ${HISTORY_CANDLES} candles read by ${HISTORY_CONNECTIONS} connections for ${HISTORY_SECONDS} s on ${new URL(BENCH_SERVER_URL).host}` : '',
      ]
        .filter(Boolean)
        .join('; '),
  );
  const { verdict, finish } = benchTargets('market');
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const results = new Map<Transport, FanOut>();

  for (const transport of fanOuts) {
    const r = await fanOut(transport);
    results.set(transport, r);
    const name = transport === 'socket.io' ? 'socket.io' : 'bare ws';
    const label = `market ${name} fan-out ${CLIENTS} clients ${TICKS_PER_SECOND} ticks/s ${SECONDS} s`;
    const targeted = transport === 'socket.io';
    const p50 = percentileOfSorted(r.latencies, 50);
    const p99 = percentileOfSorted(r.latencies, 99);
    if (r.firstError) console.error(`  ${name}: ${CLIENTS - r.connected} clients not subscribed, the first: ${r.firstError}`);
    if (r.disconnects > 0) console.error(`  ${name}: ${r.disconnects} clients disconnected during the run`);
    if (r.repeated > 0) console.error(`  ${name}: ${r.repeated} messages arrived twice (counted once)`);
    console.log(`${label}: connected and subscribed ${r.connected} clients`);
    console.log(`${label}: expected ${r.expected} messages`);
    console.log(`${label}: received ${r.received} messages`);
    console.log(`${label}${targeted ? ` ${verdict(r.dropped <= TARGET.dropped, `${TARGET.dropped} dropped`, `${r.dropped} dropped`)}` : ''}: dropped ${r.dropped} messages`);
    console.log(`${label}: p50 ${ms(p50)}`);
    console.log(`${label}${targeted ? ` ${verdict(p99 < TARGET.p99Ms, `p99 < ${TARGET.p99Ms} ms`, `p99 ${ms(p99)}`)}` : ''}: p99 ${ms(p99)}`);
    console.log(`${label}: server time to emit one tick to all, p99 ${ms(percentileOfSorted(r.emitMs, 99))}`);
    console.log(`${label}: delivered ${Math.round(r.perSecond)} msg/s`);
  }
  const socketIo = results.get('socket.io');
  const ws = results.get('ws');
  if (socketIo && ws) {
    const ratio = socketIo.perSecond / ws.perSecond;
    console.log(`market socket.io delivered rate vs bare ws ${verdict(ratio >= TARGET.ratio, `≥ ${TARGET.ratio}`, `${ratio.toFixed(2)}`)}: ${ratio.toFixed(2)} ratio`);
  }

  if (history) {
    const results = await withThrowawayDatabase('market', benchHistory);
    const figures: [string, Result, number][] = [
      ['closed (kept reply)', results.closed, results.closed['2xx']],
      ['up to the open candle', results.open, results.open['2xx']],
      ['closed, revalidated by ETag (304)', results.revalidated, results.revalidated.statusCodeStats?.['304']?.count ?? 0],
    ];
    for (const [what, result, answered] of figures) {
      const label = `market new_timeshar ${HISTORY_CANDLES} candles ${HISTORY_CONNECTIONS} concurrent, ${what}`;
      const p99 = result.latency.p99;
      console.log(`${label} ${verdict(p99 < TARGET.historyP99Ms, `p99 < ${TARGET.historyP99Ms} ms`, `p99 ${p99} ms`)}: p99 ${p99} ms`);
      console.log(`${label}: ${Math.round(answered / result.duration)} req/s`);
    }
  }

  finish();
}

if (process.argv[2] === CLIENT_ROLE) {
  clientProcess();
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
