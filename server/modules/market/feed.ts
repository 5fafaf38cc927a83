/**
 * Where reference quotes come from. A feed is a source of ticks: the simulated one of the embedded
 * default (simulated.ts), or an exchange's public trade stream (exchange.ts, MARKET_FEED_URL).
 * Ingestion (ingest.ts) records each tick in the candles and publishes what changed; a feed only
 * produces ticks and never touches the database, so one interface serves them all and the
 * trading hall's settled trades go through the same ingestion.
 */
import type { Tick } from './candles';

export interface TickFeed {
  /** A short name for logs and the status line: "simulated", "exchange". */
  readonly name: string;
  /** Starts producing ticks; `emit` is called for each, in the order they happened. */
  start(emit: (tick: Tick) => void): void;
  /** Stops for good: no tick is emitted after it returns; timers and sockets are released. */
  stop(): void;
}
