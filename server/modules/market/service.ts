/**
 * Market data of one server: ticks in (from a feed, or the trading hall's settled trades, which come
 * through the outbox), candles and 24-hour figures out. A feed's ticks are recorded one after
 * another, in the order they arrived (one upsert per tick, candles.ts); every candle a tick changed is announced as a `kline` event, and
 * the symbol's 24-hour figures as a `daymarket` event at most once a second per symbol. Whoever
 * listens (the market plugin) publishes them on the socket. Until the hall has traded, its USDT/EUR
 * figures carry the conversion's reference rate as their price, marked as such (`reference`).
 */
import { sql } from 'drizzle-orm';
import { HALL_SYMBOL, candleStart, type CandlePeriod } from '../../../src/domain/market';
import type { Candle, DayMarket } from '../../../src/domain/wire';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { withCommit } from '../../db/transaction';
import { readSetting, SETTING_KEYS } from '../settings';
import { CANDLES_CHANGED, type CachedRange, type CandleCache } from './candle-cache';
import { MAX_CANDLES, candlesBetween, plainDecimal, recordTick, recordTicks, type Tick } from './candles';

export type MarketEvent = { kind: 'kline'; candle: Candle } | { kind: 'daymarket'; day: DayMarket };

/** The daymarket event of a symbol goes out at most this often. */
const DAY_EVERY_MS = 1000;
/** More ticks than this waiting to be recorded is worth a warning: the database falls behind the feed. */
const BACKLOG_WARNING = 1000;

interface DayRow {
  symbol: string;
  price: string | null;
  open: string | null;
  high: string | null;
  low: string | null;
  volume: string | null;
  last_time: string | null;
  simulated: boolean | null;
}

function dayOf(row: DayRow): DayMarket {
  const price = row.price === null ? null : plainDecimal(row.price);
  return {
    symbol: row.symbol,
    price,
    high24h: row.high === null ? null : plainDecimal(row.high),
    low24h: row.low === null ? null : plainDecimal(row.low),
    volume24h: row.volume === null ? '0' : plainDecimal(row.volume),
    change24h: row.open === null || row.price === null ? null : changePercent(row.open, row.price),
    time: row.last_time === null ? null : Math.floor(Date.parse(row.last_time) / 1000),
    simulated: row.simulated ?? false,
    reference: false,
  };
}

/**
 * The hall's USDT/EUR before its first trade: no trade has made a price yet, so the conversion's
 * reference rate (the operators' EUR per USDT, the rate Convert quotes from) stands in for it,
 * marked `reference` so the app says which it is. Once a trade has settled its price is the last
 * trade's, with its time, however long ago that was.
 */
function withReference(day: DayMarket, rate: string | null): DayMarket {
  if (day.symbol !== HALL_SYMBOL || day.price !== null || rate === null) return day;
  return { ...day, price: plainDecimal(rate), reference: true };
}

/** Decimal text to a scaled integer (12 decimals, numeric(38,12)'s scale): exact, no float. */
function scaled(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(12, '0').slice(0, 12));
}

/** (price − open) / open in percent, rounded half away from zero to two decimals, as text: "-1.25". */
export function changePercent(open: string, price: string): string | null {
  const from = scaled(open);
  if (from === 0n) return null;
  const hundredths = ((scaled(price) - from) * 10_000n * 2n) / from;
  const rounded = (hundredths + (hundredths >= 0n ? 1n : -1n)) / 2n;
  const negative = rounded < 0n;
  const magnitude = negative ? -rounded : rounded;
  const text = `${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

export interface MarketDataOptions {
  db: Db;
  clock: Clock;
  /** The symbols quoted besides the hall's own (MARKET_SYMBOLS). */
  symbols: readonly string[];
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** The closed candles read before (none: every read goes to the database). */
  cache?: CandleCache;
}

/** A history read: the closed candles' kept reply when the range holds nothing else, or the candles. */
export type CandleHistory = { range: CachedRange; candles?: undefined } | { range?: undefined; candles: Candle[] };

export function createMarketData({ db, clock, symbols, log, cache }: MarketDataOptions) {
  const listeners = new Set<(event: MarketEvent) => void>();
  const quoted = [HALL_SYMBOL, ...symbols.filter((symbol) => symbol !== HALL_SYMBOL)];
  let queue: Promise<void> = Promise.resolve();
  let backlog = 0;
  const dayTimers = new Map<string, NodeJS.Timeout>();
  let closed = false;

  const emit = (event: MarketEvent) => {
    for (const listener of listeners) listener(event);
  };

  /** The 24-hour figures of `only` (or of every quoted symbol), from the 1-minute candles. */
  async function days(only?: readonly string[]): Promise<DayMarket[]> {
    const wanted = only ?? quoted;
    const since = new Date(clock().getTime() - 24 * 3600_000).toISOString();
    const rows = await rowsOf<DayRow>(
      db,
      sql`SELECT s.symbol, last.close::text AS price, day.open::text AS open, day.high::text AS high, day.low::text AS low,
                 day.volume::text AS volume, to_char(last.last_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_time,
                 last.simulated
          FROM unnest(${`{${wanted.join(',')}}`}::text[]) WITH ORDINALITY AS s (symbol, place)
          LEFT JOIN LATERAL (
            SELECT close, last_at, simulated FROM market_candles c
            WHERE c.symbol = s.symbol AND c.period = '1min' ORDER BY c.open_time DESC LIMIT 1
          ) last ON true
          LEFT JOIN LATERAL (
            SELECT (array_agg(open ORDER BY open_time))[1] AS open, max(high) AS high, min(low) AS low, sum(volume) AS volume
            FROM market_candles c
            WHERE c.symbol = s.symbol AND c.period = '1min' AND c.open_time >= ${since}::timestamptz
          ) day ON true
          ORDER BY s.place`,
    );
    const list = rows.map(dayOf);
    const untraded = list.some((day) => day.symbol === HALL_SYMBOL && day.price === null);
    const rate = untraded ? await readSetting(db, SETTING_KEYS.usdtEurRate) : null;
    return list.map((day) => withReference(day, rate));
  }

  function scheduleDay(symbol: string): void {
    if (closed || dayTimers.has(symbol)) return;
    const timer = setTimeout(() => {
      dayTimers.delete(symbol);
      days([symbol]).then(
        ([day]) => day && emit({ kind: 'daymarket', day }),
        (error: unknown) => log.error({ err: error, symbol }, 'market: the 24-hour figures could not be read'),
      );
    }, DAY_EVERY_MS);
    timer.unref();
    dayTimers.set(symbol, timer);
  }

  /** Every candle a tick changed as a kline event; the symbol's 24-hour figures soon after. */
  function announce(symbol: string, candles: Candle[]): void {
    for (const candle of candles) emit({ kind: 'kline', candle });
    scheduleDay(symbol);
  }

  return {
    /** The symbols of the quotation list, the hall's first. */
    quoted,
    /**
     * GET /currency/new_timeshar through the cache: the closed candles from memory (read once),
     * the open one (the current period's) from the database each time; a kept reply either way.
     */
    async history(symbol: string, period: CandlePeriod, from: number, to: number): Promise<CandleHistory> {
      const open = candleStart(period, clock().getTime()) / 1000;
      if (!cache || from >= open) return { candles: await candlesBetween(db, symbol, period, from, to) };
      const closedTo = Math.min(to, open - 1);
      const closed = cache.closed(symbol, period, from, closedTo, () => candlesBetween(db, symbol, period, from, closedTo));
      if (to < open) return { range: await closed };
      const [range, current] = await Promise.all([closed, candlesBetween(db, symbol, period, open, to)]);
      return { range: range.withCurrent(current, to, MAX_CANDLES) };
    },
    /** The simulated feed wrote past candles of `symbols` (fillSimulatedHistory): what was kept of them goes, here and in every process. */
    async historyWritten(symbols: readonly string[]): Promise<void> {
      for (const symbol of symbols) {
        cache?.changed(symbol, null);
        await db.execute(sql`SELECT pg_notify(${CANDLES_CHANGED}, ${`${symbol}|*`})`);
      }
    },
    /**
     * Records a tick after those before it and announces what changed. Never rejects: a tick
     * that cannot be recorded is logged and lost (the next one carries the price on).
     */
    ingest(tick: Tick): Promise<void> {
      backlog++;
      if (backlog === BACKLOG_WARNING) log.warn({ backlog }, 'market: ticks arrive faster than the database records them');
      const done = queue.then(async () => {
        try {
          const candles = await recordTick(db, tick);
          cache?.changed(tick.symbol, tick.at.getTime());
          announce(tick.symbol, candles);
        } catch (error) {
          log.error({ err: error, symbol: tick.symbol }, 'market: a tick was not recorded');
        } finally {
          backlog--;
        }
      });
      queue = done;
      return done;
    },
    /**
     * Records ticks in `tx` in one statement (settled trades', delivered from the outbox in the
     * transaction that deletes their rows: server/outbox.ts), sent with its COMMIT (withCommit: an
     * upsert fails only in PostgreSQL, and then nothing commits); returns what announces the
     * changed candles once it has committed.
     */
    recordIn(tx: Tx, ticks: readonly Tick[]): () => Promise<void> {
      let recorded: Promise<Candle[]> = Promise.resolve([]);
      withCommit(tx, (t) => (recorded = recordTicks(t, ticks)));
      return async () => {
        const candles = await recorded;
        for (const tick of ticks) cache?.changed(tick.symbol, tick.at.getTime());
        for (const symbol of new Set(ticks.map((tick) => tick.symbol))) {
          announce(
            symbol,
            candles.filter((candle) => candle.symbol === symbol),
          );
        }
      };
    },
    days,
    /** Listens to kline and daymarket events; returns the way to stop. */
    onEvent(listener: (event: MarketEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Stops the pending daymarket timers (the app closes). */
    close(): void {
      closed = true;
      for (const timer of dayTimers.values()) clearTimeout(timer);
      dayTimers.clear();
    },
  };
}

