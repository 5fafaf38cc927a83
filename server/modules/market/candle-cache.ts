/**
 * The closed candles a history read asked for, kept in memory with their reply: a closed candle
 * no longer changes as time goes on, so the same range is read from the database once, serialised
 * once, compressed once per encoding, and answered with an ETag a client can send back for a 304.
 *
 * "Closed" is not "final": a trade's tick can reach its candle late (the outbox delivers it after
 * a restart), and the simulated feed fills the history of the time it did not run. So every write
 * of candles says so: in this process at once (`changed`), in the others through a NOTIFY on
 * CANDLES_CHANGED sent in the writing statement (delivered once it commits), and each process
 * drops the ranges holding the changed candles. A range is kept only if nothing of its symbol
 * changed while it was read (a read that began before a write could hold the old candle). On
 * PostgreSQL nothing is kept while this process cannot hear the others (LISTEN connection down);
 * the embedded database has no other process, so its own writes are all there is to hear.
 */
import { CANDLE_PERIODS, candleStart, type CandlePeriod } from '../../../src/domain/market';
import type { Candle } from '../../../src/domain/wire';
import type { Listen } from '../../db/client';
import { KeptReply } from '../../http/kept-reply';

/** The NOTIFY channel; payload: "<symbol>|<epoch ms of the tick>", or "<symbol>|*" when any of its candles may have changed. */
export const CANDLES_CHANGED = 'tessera_candles_changed';
/** Ranges kept at most (each up to MAX_CANDLES candles and its compressed copies: about 150 KB). */
const MAX_RANGES = 64;

/** A kept range: its candles, and its reply (serialised, with its ETag, compressed as asked). */
export class CachedRange extends KeptReply {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly candles: Candle[],
  ) {
    super(candles);
  }

  /**
   * This range followed by the open candle as it is now (`current`, read each time), at most
   * `max` candles: the reply made for the last `current` is reused while that candle stays the
   * same, so a reply is serialised and compressed once per change of the open candle, not per read.
   */
  withCurrent(current: Candle[], to: number, max: number): CachedRange {
    const key = JSON.stringify(current);
    if (this.tail?.key !== key) this.tail = { key, range: new CachedRange(this.from, to, [...this.candles, ...current].slice(0, max)) };
    return this.tail.range;
  }

  private tail?: { key: string; range: CachedRange };
}

export interface CandleCache {
  /**
   * The closed candles of `symbol` and `period` from `from` to `to` (epoch seconds, both included;
   * `to` before the open candle): kept, or read by `read` and kept if nothing changed meanwhile.
   */
  closed(symbol: string, period: CandlePeriod, from: number, to: number, read: () => Promise<Candle[]>): Promise<CachedRange>;
  /** A write of this process changed `symbol`'s candles holding `at` (epoch ms), or any of them (null). */
  changed(symbol: string, at: number | null): void;
  close(): Promise<void>;
}

export async function createCandleCache(listen: Listen | undefined, onListenError: (error: unknown) => void): Promise<CandleCache> {
  const ranges = new Map<string, CachedRange>();
  /** Per symbol, the writes heard of: a read is kept only if its symbol's count did not move meanwhile. */
  const writes = new Map<string, number>();
  // Without LISTEN (the embedded database) every write is this process's own.
  let hearing = listen === undefined;

  const keyOf = (symbol: string, period: string, from: number, to: number) => `${symbol}|${period}|${from}|${to}`;
  const changed = (symbol: string, at: number | null) => {
    writes.set(symbol, (writes.get(symbol) ?? 0) + 1);
    const starts = at === null ? null : new Map(CANDLE_PERIODS.map((period) => [period, candleStart(period, at) / 1000]));
    for (const [key, range] of ranges) {
      const [rangeSymbol, period] = key.split('|');
      if (rangeSymbol !== symbol) continue;
      const start = starts?.get(period as CandlePeriod);
      if (start === undefined || (start >= range.from && start <= range.to)) ranges.delete(key);
    }
  };

  let stop: () => Promise<void> = async () => undefined;
  if (listen) {
    try {
      stop = await listen(
        CANDLES_CHANGED,
        (payload) => {
          const [symbol, at] = payload.split('|');
          if (symbol) changed(symbol, at === undefined || at === '*' ? null : Number(at));
        },
        (listening) => {
          // Writes made while not listening were not heard: nothing kept may be trusted.
          if (!listening) ranges.clear();
          hearing = listening;
        },
      );
    } catch (error) {
      onListenError(error);
    }
  }

  return {
    async closed(symbol, period, from, to, read) {
      const key = keyOf(symbol, period, from, to);
      const kept = ranges.get(key);
      if (kept && hearing) {
        // The most recently used last: the first is the one to drop.
        ranges.delete(key);
        ranges.set(key, kept);
        return kept;
      }
      const before = writes.get(symbol) ?? 0;
      const range = new CachedRange(from, to, await read());
      if (hearing && (writes.get(symbol) ?? 0) === before) {
        ranges.set(key, range);
        if (ranges.size > MAX_RANGES) ranges.delete(ranges.keys().next().value as string);
      }
      return range;
    },
    changed,
    close: () => stop(),
  };
}
