/**
 * Market data's rules, shared by the app and the server: the candle periods and where each
 * period's candles begin. Every time is UTC: a day starts at midnight, a week on Monday, a month
 * on its first day — the boundaries exchanges use, so a candle here and one elsewhere cover the
 * same minutes.
 */
import { z } from 'zod';

export const CANDLE_PERIODS = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];

export function isCandlePeriod(value: unknown): value is CandlePeriod {
  return typeof value === 'string' && (CANDLE_PERIODS as readonly string[]).includes(value);
}

const MINUTE = 60_000;
const FIXED_MS: Partial<Record<CandlePeriod, number>> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': 60 * MINUTE,
  '4hour': 240 * MINUTE,
  '1day': 1440 * MINUTE,
};

/** 1970-01-01 was a Thursday: Monday 1970-01-05 starts the first whole week. */
const FIRST_MONDAY_MS = 4 * 1440 * MINUTE;
const WEEK_MS = 7 * 1440 * MINUTE;

/** The start (epoch milliseconds, UTC) of the candle of `period` that holds the instant `ms`. */
export function candleStart(period: CandlePeriod, ms: number): number {
  const fixed = FIXED_MS[period];
  if (fixed !== undefined) return Math.floor(ms / fixed) * fixed;
  if (period === '1week') return Math.floor((ms - FIRST_MONDAY_MS) / WEEK_MS) * WEEK_MS + FIRST_MONDAY_MS;
  const at = new Date(ms);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
}

/** The start of the candle after the one that begins at `start`. */
export function nextCandleStart(period: CandlePeriod, start: number): number {
  const fixed = FIXED_MS[period];
  if (fixed !== undefined) return start + fixed;
  if (period === '1week') return start + WEEK_MS;
  const at = new Date(start);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
}

/** The symbol of the USDT/EUR candles built from the trading hall's settled trades. */
export const HALL_SYMBOL = 'usdteur';

/** GET /currency/new_timeshar: candles of a symbol and period between two instants (epoch seconds, both included). */
export const timesharQuerySchema = z
  .strictObject({
    symbol: z.string({ error: 'request.invalid' }).trim().toLowerCase().regex(/^[a-z0-9]{2,20}$/, 'request.invalid'),
    period: z.enum(CANDLE_PERIODS, { error: 'request.invalid' }),
    from: z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(0, 'request.invalid').max(4_102_444_800, 'request.invalid'),
    to: z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(0, 'request.invalid').max(4_102_444_800, 'request.invalid'),
  })
  .refine((query) => query.from <= query.to, { message: 'request.invalid', path: ['to'] });

/** The assets a symbol may be priced in, longest first so that "usdt" wins over a shorter match. */
const QUOTE_ASSETS = ['usdt', 'usdc', 'eur', 'usd', 'btc', 'eth'] as const;

/** A symbol's base asset and the asset it is priced in: "btcusdt" → BTC / USDT, "usdteur" → USDT / EUR. */
export function symbolParts(symbol: string): { name: string; legal: string } {
  const lower = symbol.toLowerCase();
  const quote = QUOTE_ASSETS.find((asset) => lower.endsWith(asset) && lower.length > asset.length);
  if (!quote) return { name: lower.toUpperCase(), legal: '' };
  return { name: lower.slice(0, -quote.length).toUpperCase(), legal: quote.toUpperCase() };
}

/** Coins with a logo of their own under /h5/coins/; any other shows the generic one. */
export const COIN_LOGOS = ['btc', 'eth', 'bnb', 'sol', 'usdt'] as const;

/** The path of a base asset's logo, under the PWA's base. */
export function coinLogoPath(name: string): string {
  const lower = name.toLowerCase();
  return `/h5/coins/${(COIN_LOGOS as readonly string[]).includes(lower) ? lower : 'coin'}.svg`;
}
