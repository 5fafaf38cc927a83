/**
 * The exchange's feed: reference quotes from an exchange's public trade stream over WebSocket, in
 * Binance's format. Every trade of a quoted symbol becomes a tick flagged `simulated: false`;
 * anything else on the stream (subscription replies, other events, unreadable or implausible
 * frames, symbols not quoted) is skipped and counted. The feed keeps its connection up by itself:
 * when it drops, is refused or goes silent, it is opened again after an exponential back-off with
 * full jitter. It connects only to the URL it is given (MARKET_FEED_URL): there is no default
 * exchange.
 */
import WebSocket from 'ws';
import type { Tick } from './candles';
import type { TickFeed } from './feed';

/** Where the feed reports its connections (Fastify's logger fits). */
export interface ExchangeFeedLog {
  /** Skipped frames: the first one of each connection, with the reason. */
  debug?(obj: object, msg: string): void;
  /** Each connection opened. */
  info(obj: object, msg: string): void;
  /** Each connection lost or refused, with the wait before the next attempt. */
  warn(obj: object, msg: string): void;
  /** A tick the receiver could not take: the first one of each connection. */
  error(obj: object, msg: string): void;
}

export interface ExchangeFeedOptions {
  /**
   * MARKET_FEED_URL: the exchange's WebSocket base (`wss://host:port`), to which the combined trade
   * streams of `symbols` are added; a URL that already names its streams (`…/stream?…`, `…/ws…`)
   * is used as is.
   */
  url: string;
  /** The symbols quoted, like "btcusdt": the streams asked for, and the only trades kept. */
  symbols: readonly string[];
  log: ExchangeFeedLog;
  /**
   * The wait before reconnecting: a random time up to `initialMs` doubled for each attempt in a
   * row that did not last, at most `maxMs` (1 s and 60 s by default). A connection that brought
   * data and stayed open `resetAfterMs` (10 s by default) starts the doubling over.
   */
  backoff?: { initialMs?: number; maxMs?: number; resetAfterMs?: number };
  /** A connection that brings no message for this long (or does not open in it) is dropped and opened again: 30 s by default. */
  staleMs?: number;
  /** The WebSocket client to use (tests); `ws`'s by default. */
  WebSocketImpl?: new (url: string, options: WebSocket.ClientOptions) => WebSocket;
  /** Where the jitter comes from, a number in [0, 1) (tests); Math.random by default. */
  random?: () => number;
}

/** A tick feed that also tells how its connection is doing (status line, tests). */
export interface ExchangeFeed extends TickFeed {
  /** Whether a connection to the exchange is open now. */
  readonly connected: boolean;
  /** How many connections were attempted after the first one: after a drop, a refusal or silence. */
  readonly reconnects: number;
  /** How many frames were skipped: not a trade, unreadable, implausible, or of a symbol not quoted. */
  readonly skipped: number;
}

/** A price or a quantity as the exchange writes it: decimal text, greater than zero. */
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const isPositiveDecimal = (value: unknown): value is string => typeof value === 'string' && DECIMAL.test(value) && /[1-9]/.test(value);

/** A symbol as the streams name it: "btcusdt". */
const SYMBOL = /^[a-z0-9]{2,30}$/;

/** A trade frame is a few hundred bytes: anything far larger is not one. */
const MAX_FRAME_BYTES = 1 << 20;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The URL to connect to: `url` as is when it names its streams, else `<url>/stream?streams=<symbol>@trade/…`. */
function streamUrl(url: string, symbols: readonly string[]): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') throw new Error(`market: the exchange feed URL must be ws:// or wss://, not ${parsed.protocol}`);
  if (url.includes('/stream?') || url.includes('/ws')) return url;
  return `${url.replace(/\/+$/, '')}/stream?streams=${symbols.map((symbol) => `${symbol}@trade`).join('/')}`;
}

/**
 * The tick of one frame, or why it is skipped. A combined-stream frame carries the trade in
 * `data` ({"stream":"btcusdt@trade","data":{"e":"trade",…}}); a raw stream's frame is the trade.
 */
function tickOfFrame(text: string, symbols: ReadonlySet<string>): Tick | string {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return 'unreadable';
  }
  if (!isRecord(frame)) return 'unreadable';
  const trade = isRecord(frame.data) ? frame.data : frame;
  if (trade.e !== 'trade') return 'not a trade';
  if (typeof trade.s !== 'string') return 'no symbol';
  const symbol = trade.s.toLowerCase();
  if (!symbols.has(symbol)) return 'symbol not quoted';
  if (!isPositiveDecimal(trade.p) || !isPositiveDecimal(trade.q)) return 'implausible price or quantity';
  const at = typeof trade.T === 'number' && Number.isSafeInteger(trade.T) && trade.T > 0 ? new Date(trade.T) : undefined;
  if (!at || Number.isNaN(at.getTime())) return 'implausible time';
  return { symbol, price: trade.p, volume: trade.q, at, simulated: false };
}

/** A frame's payload as text. */
function textOf(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** What one connection did, for its log lines. */
interface Session {
  openedAt: number | undefined;
  messages: number;
  ticks: number;
  skipped: number;
  error: string | undefined;
  stale: boolean;
  emitFailed: boolean;
}

/** The feed of the exchange's trades of `symbols`, connecting to `url` once started. */
export function exchangeFeed(options: ExchangeFeedOptions): ExchangeFeed {
  const { log } = options;
  const symbols = new Set(options.symbols.map((symbol) => symbol.toLowerCase()));
  if (symbols.size === 0) throw new Error('market: the exchange feed needs at least one symbol');
  for (const symbol of symbols) if (!SYMBOL.test(symbol)) throw new Error(`market: "${symbol}" is not a symbol of the exchange feed`);
  const url = streamUrl(options.url, [...symbols]);
  const initialMs = options.backoff?.initialMs ?? 1000;
  const maxMs = options.backoff?.maxMs ?? 60_000;
  const resetAfterMs = options.backoff?.resetAfterMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const Socket = options.WebSocketImpl ?? WebSocket;
  const random = options.random ?? Math.random;

  let state: 'idle' | 'running' | 'stopped' = 'idle';
  let emit: ((tick: Tick) => void) | undefined;
  let socket: WebSocket | undefined;
  let staleTimer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let connected = false;
  /** Connection attempts so far, the first one included. */
  let attempt = 0;
  /** Attempts in a row that did not last: what the back-off doubles on. */
  let failures = 0;
  let skipped = 0;

  const clearTimers = () => {
    clearTimeout(staleTimer);
    clearTimeout(retryTimer);
    staleTimer = undefined;
    retryTimer = undefined;
  };

  /** After a connection ended (or could not be made): one warning, and the next attempt after the back-off. */
  const retry = (session: Session, wasOpen: boolean, code: number | undefined, reason: string | undefined) => {
    clearTimers();
    socket = undefined;
    connected = false;
    if (state !== 'running') return;
    const lasted = session.openedAt !== undefined && session.messages > 0 && Date.now() - session.openedAt >= resetAfterMs;
    failures = lasted ? 1 : failures + 1;
    const delayMs = Math.floor(random() * Math.min(maxMs, initialMs * 2 ** Math.min(failures - 1, 40)));
    log.warn(
      {
        feed: 'exchange',
        attempt,
        inARow: failures,
        delayMs,
        code,
        reason: reason || undefined,
        error: session.error,
        stale: session.stale,
        ticks: session.ticks,
        skipped: session.skipped,
      },
      wasOpen ? 'market: the exchange feed disconnected; reconnecting' : 'market: could not connect to the exchange feed; retrying',
    );
    retryTimer = setTimeout(connect, delayMs);
    retryTimer.unref();
  };

  const receive = (session: Session, data: WebSocket.RawData) => {
    session.messages += 1;
    const tick = tickOfFrame(textOf(data), symbols);
    if (typeof tick === 'string') {
      skipped += 1;
      session.skipped += 1;
      if (session.skipped === 1) log.debug?.({ feed: 'exchange', attempt, reason: tick }, 'market: skipped a frame of the exchange feed');
      return;
    }
    session.ticks += 1;
    try {
      emit?.(tick);
    } catch (error) {
      if (!session.emitFailed) log.error({ feed: 'exchange', err: error }, 'market: a tick of the exchange feed could not be taken');
      session.emitFailed = true;
    }
  };

  function connect() {
    retryTimer = undefined;
    if (state !== 'running') return;
    attempt += 1;
    const session: Session = { openedAt: undefined, messages: 0, ticks: 0, skipped: 0, error: undefined, stale: false, emitFailed: false };
    let current: WebSocket;
    try {
      current = new Socket(url, { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
    } catch (error) {
      session.error = error instanceof Error ? error.message : String(error);
      retry(session, false, undefined, undefined);
      return;
    }
    socket = current;
    // Silence from the start: a handshake that never finishes counts too. Every message rearms it.
    staleTimer = setTimeout(() => {
      if (socket !== current) return;
      session.stale = true;
      current.terminate();
    }, staleMs);
    staleTimer.unref();
    current.on('open', () => {
      if (socket !== current || state !== 'running') return;
      connected = true;
      session.openedAt = Date.now();
      log.info({ feed: 'exchange', url, attempt }, 'market: connected to the exchange feed');
    });
    current.on('message', (data) => {
      if (socket !== current || state !== 'running') return;
      staleTimer?.refresh();
      try {
        receive(session, data);
      } catch {
        skipped += 1;
        session.skipped += 1;
      }
    });
    // Always listened to: `ws` throws an 'error' nobody listens to. The 'close' that follows reports it.
    current.on('error', (error) => {
      session.error ??= error.message;
    });
    current.on('close', (code, reason) => {
      if (socket !== current) return;
      retry(session, session.openedAt !== undefined, code, reason.toString('utf8'));
    });
  }

  return {
    name: 'exchange',
    get connected() {
      return connected;
    },
    get reconnects() {
      return Math.max(0, attempt - 1);
    },
    get skipped() {
      return skipped;
    },
    /** Connects; a second call, or one after stop(), does nothing. */
    start(onTick) {
      if (state !== 'idle') return;
      state = 'running';
      emit = onTick;
      connect();
    },
    stop() {
      if (state === 'stopped') return;
      state = 'stopped';
      emit = undefined;
      clearTimers();
      const current = socket;
      socket = undefined;
      connected = false;
      if (current?.readyState === WebSocket.OPEN) current.close(1000, 'stopped');
      else current?.terminate();
    },
  };
}
