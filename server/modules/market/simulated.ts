/**
 * The simulated feed of the embedded default, which has no network: reference quotes for a few
 * coins, made up deterministically from the time (the same instant always gives the same price,
 * so tests and screenshots can rely on it) and flagged `simulated: true` in every candle, which
 * the API passes on and the app labels. It ticks once a second; on a real installation the
 * exchange's feed (exchange.ts) takes its place. So that a chart has something to show from the
 * first start, fillSimulatedHistory writes the candles of the last three days (or of the time the
 * feed was stopped) as the same ticks every 20 s would have made them.
 */
import { sql } from 'drizzle-orm';
import { CANDLE_PERIODS, candleStart, type CandlePeriod } from '../../../src/domain/market';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Tick } from './candles';
import type { TickFeed } from './feed';

/** The coins quoted, each around a base price in USDT. */
export const SIMULATED_SYMBOLS = [
  { symbol: 'btcusdt', base: 65_000 },
  { symbol: 'ethusdt', base: 3_200 },
  { symbol: 'bnbusdt', base: 580 },
  { symbol: 'solusdt', base: 150 },
] as const;

/** A number in [0, 1) from a text, the same every time (FNV-1a). */
function unitHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 2 ** 32;
}

/**
 * Swings of the simulated price: periods that share no rhythm, each larger the slower it is (as a
 * market's moves grow with the time they take), so a minute's candle moves a little, a day's a few
 * percent, and no two hours look alike.
 */
const SWINGS = [
  { seconds: 3 * 86_400 + 7_411, share: 0.03 },
  { seconds: 37_003, share: 0.014 },
  { seconds: 7_919, share: 0.006 },
  { seconds: 1_531, share: 0.0025 },
  { seconds: 307, share: 0.001 },
] as const;

/**
 * The simulated tick of `symbol` at the second holding `ms`: the base moved by SWINGS (each with
 * a phase of its own per symbol) and a noise of ±0.03 %, in cents; a volume of 0.01–1.
 */
export function simulatedTick(symbol: string, base: number, ms: number): Tick {
  const second = Math.floor(ms / 1000);
  let swing = 0;
  for (const [index, { seconds, share }] of SWINGS.entries()) {
    const phase = unitHash(`${symbol}:${index}`) * 2 * Math.PI;
    swing += share * Math.sin((2 * Math.PI * second) / seconds + phase);
  }
  const noise = (unitHash(`${symbol}:${second}`) - 0.5) * 0.0006;
  // Whole cents and ten-thousandths, written as decimals without going through a float's text.
  const cents = Math.round(base * 100 * (1 + swing + noise));
  const tenThousandths = 100 + Math.floor(unitHash(`${symbol}:${second}:volume`) * 9900);
  const price = decimalOf(cents, 2);
  const volume = decimalOf(tenThousandths, 4);
  return { symbol, price, volume, at: new Date(second * 1000), simulated: true };
}

/** A whole number of 10^-decimals units as decimal text: (123456, 2) → "1234.56". */
function decimalOf(units: number | bigint, decimals: number): string {
  const text = String(units).padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/**
 * The simulated feed: every `everyMs`, one tick of each simulated coin among `symbols` (all of
 * them when omitted), at the clock's current second.
 */
export function simulatedFeed(clock: Clock, symbols?: readonly string[], { everyMs = 1000 } = {}): TickFeed {
  const quoted = SIMULATED_SYMBOLS.filter(({ symbol }) => !symbols || symbols.includes(symbol));
  let timer: NodeJS.Timeout | null = null;
  return {
    name: 'simulated',
    start(emit) {
      if (timer) return;
      timer = setInterval(() => {
        const now = clock().getTime();
        for (const { symbol, base } of quoted) emit(simulatedTick(symbol, base, now));
      }, everyMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** How far back the simulated history reaches, and how often it ticks there. */
const HISTORY_MS = 3 * 24 * 3600_000;
const HISTORY_EVERY_MS = 20_000;
/** Candles written per statement; the server answers requests between two of them. */
const HISTORY_ROWS_PER_STATEMENT = 250;

interface Aggregate {
  symbol: string;
  period: CandlePeriod;
  open_time: string;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: bigint;
  first_at: string;
  last_at: string;
}

/** Decimal text with `decimals` places to whole units: ("65000.12", 2) → 6500012n. */
const unitsOf = (text: string, decimals: number) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0'));
};

/**
 * The candles of every period that the simulated feed's ticks every 20 s from `fromMs` to
 * `toMs` (excluded) would have made: the history a chart shows when the embedded default starts
 * for the first time, or again after it was stopped.
 */
export function simulatedHistory(symbol: string, base: number, fromMs: number, toMs: number): Aggregate[] {
  const candles = new Map<string, Aggregate>();
  for (let at = Math.ceil(fromMs / HISTORY_EVERY_MS) * HISTORY_EVERY_MS; at < toMs; at += HISTORY_EVERY_MS) {
    const tick = simulatedTick(symbol, base, at);
    const price = unitsOf(tick.price, 2);
    const volume = unitsOf(tick.volume, 4);
    const when = tick.at.toISOString();
    for (const period of CANDLE_PERIODS) {
      const open_time = new Date(candleStart(period, at)).toISOString();
      const key = `${period}:${open_time}`;
      const candle = candles.get(key);
      if (!candle) {
        candles.set(key, { symbol, period, open_time, open: price, high: price, low: price, close: price, volume, first_at: when, last_at: when });
        continue;
      }
      if (price > candle.high) candle.high = price;
      if (price < candle.low) candle.low = price;
      candle.close = price;
      candle.volume += volume;
      candle.last_at = when;
    }
  }
  return [...candles.values()];
}

/**
 * Fills the simulated candles of the time the feed did not run: from its last 1-minute candle
 * (at most HISTORY_MS ago) to now. Candles that exist are kept as they are; a candle the live
 * ticks go on from takes them as every tick does. Returns how many candles it wrote.
 */
export async function fillSimulatedHistory(db: Db, now: number, symbols?: readonly string[]): Promise<number> {
  let written = 0;
  for (const { symbol, base } of SIMULATED_SYMBOLS.filter((entry) => !symbols || symbols.includes(entry.symbol))) {
    const [last] = await rowsOf<{ last_at: string | null }>(
      db,
      sql`SELECT max(last_at)::text AS last_at FROM market_candles WHERE symbol = ${symbol} AND period = '1min' AND simulated`,
    );
    const from = Math.max(now - HISTORY_MS, last?.last_at ? Date.parse(last.last_at) + 1 : 0);
    const to = candleStart('1min', now);
    if (to - from < HISTORY_EVERY_MS) continue;
    const rows = simulatedHistory(symbol, base, from, to).map((candle) => ({
      ...candle,
      open: decimalOf(candle.open, 2),
      high: decimalOf(candle.high, 2),
      low: decimalOf(candle.low, 2),
      close: decimalOf(candle.close, 2),
      volume: decimalOf(candle.volume, 4),
    }));
    for (let i = 0; i < rows.length; i += HISTORY_ROWS_PER_STATEMENT) {
      // The embedded database works on the server's own thread: requests go first between two parts.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const part = JSON.stringify(rows.slice(i, i + HISTORY_ROWS_PER_STATEMENT));
      const inserted = await rowsOf<{ n: number }>(
        db,
        sql`WITH added AS (
              INSERT INTO market_candles (symbol, period, open_time, open, high, low, close, volume, first_at, last_at, simulated)
              SELECT symbol, period, open_time, open, high, low, close, volume, first_at, last_at, true
              FROM json_to_recordset(${part}::json) AS r (symbol text, period text, open_time timestamptz, open numeric, high numeric,
                   low numeric, close numeric, volume numeric, first_at timestamptz, last_at timestamptz)
              ON CONFLICT (symbol, period, open_time) DO NOTHING
              RETURNING 1)
            SELECT count(*)::int AS n FROM added`,
      );
      written += inserted[0]?.n ?? 0;
    }
  }
  return written;
}
