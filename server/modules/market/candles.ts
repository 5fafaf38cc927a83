/**
 * Candles per symbol and period, kept up to date tick by tick: one statement per tick (or per
 * batch of a settled trades' ticks) upserts the candle of every period that holds it (open from the earliest tick, close from the latest, high,
 * low, volume added). History reads them back by time.
 */
import { sql } from 'drizzle-orm';
import { CANDLE_PERIODS, candleStart, type CandlePeriod } from '../../../src/domain/market';
import type { Candle } from '../../../src/domain/wire';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { CANDLES_CHANGED } from './candle-cache';

export interface Tick {
  symbol: string;
  /** Decimal text: the trade's or the quote's price. */
  price: string;
  /** Decimal text, in the base asset. */
  volume: string;
  at: Date;
  simulated: boolean;
}

/** A row as the statements read it: the candle's start as ISO text, numbers as numeric's text. */
type CandleRow = Omit<Candle, 'time'> & { open_time: string };

/** numeric's text without trailing zeros: "0.921500000000" → "0.9215", "12.000000000000" → "12". */
export function plainDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

function candleOf(row: CandleRow): Candle {
  return {
    symbol: row.symbol,
    period: row.period,
    time: Math.floor(Date.parse(row.open_time) / 1000),
    open: plainDecimal(row.open),
    high: plainDecimal(row.high),
    low: plainDecimal(row.low),
    close: plainDecimal(row.close),
    volume: plainDecimal(row.volume),
    simulated: row.simulated,
  };
}

const COLUMNS = sql`symbol, period, to_char(open_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS open_time,
  open::text, high::text, low::text, close::text, volume::text, simulated`;

/** Records a tick in the candles of every period; returns them as they now are. */
export function recordTick(db: Db | Tx, tick: Tick): Promise<Candle[]> {
  return recordTicks(db, [tick]);
}

/**
 * Records ticks in the candles of every period, in one statement: the ticks of one candle are
 * folded first (open from the earliest, close from the latest — of two at the same instant, the
 * later in the list, as one statement per tick in that order would leave it —, high, low, volume
 * added), then upserted as one tick would be. Returns the candles as they now are.
 */
export async function recordTicks(db: Db | Tx, ticks: readonly Tick[]): Promise<Candle[]> {
  if (ticks.length === 0) return [];
  const parts = ticks.flatMap((tick, n) =>
    CANDLE_PERIODS.map((period) => ({
      n,
      symbol: tick.symbol,
      period,
      open_time: new Date(candleStart(period, tick.at.getTime())).toISOString(),
      price: tick.price,
      volume: tick.volume,
      at: tick.at.toISOString(),
      simulated: tick.simulated,
    })),
  );
  // The other processes drop the kept ranges holding these candles once this commits (candle-cache.ts).
  const heard = [...new Set(ticks.map((tick) => `${tick.symbol}|${tick.at.getTime()}`))];
  const rows = await rowsOf<CandleRow>(
    db,
    sql`WITH t AS (
          SELECT * FROM json_to_recordset(${JSON.stringify(parts)}::json)
            AS t (n integer, symbol text, period text, open_time timestamptz, price numeric, volume numeric, at timestamptz, simulated boolean)
        ), folded AS (
          SELECT symbol, period, open_time,
                 (array_agg(price ORDER BY at, n))[1] AS open, max(price) AS high, min(price) AS low,
                 (array_agg(price ORDER BY at DESC, n DESC))[1] AS close, sum(volume) AS volume,
                 min(at) AS first_at, max(at) AS last_at, bool_and(simulated) AS simulated
          FROM t GROUP BY symbol, period, open_time
        ), c AS (INSERT INTO market_candles AS c (symbol, period, open_time, open, high, low, close, volume, first_at, last_at, simulated)
        SELECT symbol, period, open_time, open, high, low, close, volume, first_at, last_at, simulated FROM folded
        ON CONFLICT (symbol, period, open_time) DO UPDATE SET
          open = CASE WHEN excluded.first_at < c.first_at THEN excluded.open ELSE c.open END,
          first_at = least(c.first_at, excluded.first_at),
          high = greatest(c.high, excluded.high),
          low = least(c.low, excluded.low),
          close = CASE WHEN excluded.last_at >= c.last_at THEN excluded.close ELSE c.close END,
          last_at = greatest(c.last_at, excluded.last_at),
          volume = c.volume + excluded.volume,
          simulated = c.simulated AND excluded.simulated
        RETURNING ${COLUMNS})
        SELECT c.* FROM c CROSS JOIN (SELECT count(pg_notify(${CANDLES_CHANGED}, note)) FROM json_array_elements_text(${JSON.stringify(heard)}::json) AS note) AS heard`,
  );
  return rows.map(candleOf);
}

/** At most this many candles in one answer. */
export const MAX_CANDLES = 2000;

/** The candles of `symbol` and `period` that start between `from` and `to` (epoch seconds, both included), oldest first. */
export async function candlesBetween(db: Db | Tx, symbol: string, period: CandlePeriod, from: number, to: number): Promise<Candle[]> {
  const rows = await rowsOf<CandleRow>(
    db,
    sql`SELECT ${COLUMNS} FROM market_candles
        WHERE symbol = ${symbol} AND period = ${period}
          AND open_time >= to_timestamp(${from}::double precision) AND open_time <= to_timestamp(${to}::double precision)
        ORDER BY open_time LIMIT ${MAX_CANDLES}`,
  );
  return rows.map(candleOf);
}
