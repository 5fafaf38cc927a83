/**
 * The simulated feed of the embedded default, which has no network: reference quotes for a few
 * coins, made up deterministically from the time (the same instant always gives the same price,
 * so tests and screenshots can rely on it) and flagged `simulated: true` in every candle, which
 * the API passes on and the app labels. It ticks once a second; on a real installation the
 * exchange's feed (exchange.ts) takes its place.
 */
import type { Clock } from '../../clock';
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
 * The simulated tick of `symbol` at the second holding `ms`: an hourly swing of 1.5 %, a
 * five-minute one of 0.5 % and a little noise around the base, in cents; a volume of 0.01–1.
 */
export function simulatedTick(symbol: string, base: number, ms: number): Tick {
  const second = Math.floor(ms / 1000);
  const phase = unitHash(symbol) * 2 * Math.PI;
  const swing = 0.015 * Math.sin((2 * Math.PI * second) / 3600 + phase) + 0.005 * Math.sin((2 * Math.PI * second) / 300 + 2 * phase);
  const noise = (unitHash(`${symbol}:${second}`) - 0.5) * 0.002;
  // Whole cents and ten-thousandths, written as decimals without going through a float's text.
  const cents = Math.round(base * 100 * (1 + swing + noise));
  const tenThousandths = 100 + Math.floor(unitHash(`${symbol}:${second}:volume`) * 9900);
  const price = decimalOf(cents, 2);
  const volume = decimalOf(tenThousandths, 4);
  return { symbol, price, volume, at: new Date(second * 1000), simulated: true };
}

/** A whole number of 10^-decimals units as decimal text: (123456, 2) → "1234.56". */
function decimalOf(units: number, decimals: number): string {
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
