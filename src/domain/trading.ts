/**
 * The trading hall's rules, shared by the PWA and the server (docs/trading.md): merchants post
 * offers to sell or buy USDT for EUR at a unit price; a merchant's order to buy or sell an amount
 * is paired with the best fitting offer of another merchant and settles on the ledger when its
 * user confirms. Prices are EUR for one USDT with four decimals, kept as ten-thousandths.
 */
import { z } from 'zod';
import { ASSETS, parseAmount, toDecimalString, type Asset } from './money';
import { amountProblem, amountTextSchema, assetAmount, atLeast, payPasswordCheckSchema, plainDecimal } from './payments';

/** The product's promise: a request finds a merchant within this time, or ends by itself. */
export const MATCHING_MINUTES = 60;
/** A matched order's price and total hold this long; unconfirmed by then, it ends and releases all. */
export const CONFIRM_MINUTES = 15;
/** More cancelled matched orders than this in one day (UTC) block new orders until the day ends. */
export const CANCEL_LIMIT = 3;
/** The smallest amount of an order, and of an offer's per-order minimum: 1 USDT. */
export const TRADE_MIN_USDT = 1_000_000n;
/** The placeholders of trade.amountTooSmall and trade.limitsInvalid: the smallest amount, "1". */
export const TRADE_MIN_PARAMS = { min: plainDecimal(toDecimalString(TRADE_MIN_USDT, 'USDT')) };
/** Completed orders and the completion rate shown beside a merchant count this many days. */
export const MERCHANT_STATS_DAYS = 30;

/** Decimals of a unit price (EUR for one USDT). */
export const PRICE_DECIMALS = 4;
const PRICE_UNIT = 10n ** BigInt(PRICE_DECIMALS);
/** A unit price from 0.0100 to 100.0000 EUR, in ten-thousandths. */
export const PRICE_RANGE = { min: 100n, max: 1_000_000n } as const;

export const TRADE_SIDES = ['buy', 'sell'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];

export const ORDER_STATUSES = ['matching', 'matched', 'completed', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The orders screen's tabs: under review is everything not yet ended. */
export const ORDER_TABS = ['all', 'review', 'expired', 'completed'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export const ORDER_TAB_STATUSES: Record<OrderTab, readonly OrderStatus[] | null> = {
  all: null,
  review: ['matching', 'matched'],
  expired: ['expired', 'cancelled'],
  completed: ['completed'],
};

export const MERCHANT_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type MerchantApplicationStatus = (typeof MERCHANT_APPLICATION_STATUSES)[number];

/** The side an order meets: a buy order is filled by a sell offer, and the other way round. */
export const offerSideFor = (orderSide: TradeSide): TradeSide => (orderSide === 'buy' ? 'sell' : 'buy');

/** What a side gives away, and so holds: a seller gives USDT, a buyer EUR. */
export const givenAsset = (side: TradeSide): Asset => (side === 'sell' ? 'USDT' : 'EUR');

/** A unit price in ten-thousandths, or null when it is not a price of at most four decimals in PRICE_RANGE. */
export function parsePrice(text: string): bigint | null {
  const match = /^(\d{1,4})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const units = BigInt(match[1]) * PRICE_UNIT + BigInt((match[2] ?? '').padEnd(PRICE_DECIMALS, '0'));
  return units >= PRICE_RANGE.min && units <= PRICE_RANGE.max ? units : null;
}

export function priceText(units: bigint): string {
  return `${units / PRICE_UNIT}.${(units % PRICE_UNIT).toString().padStart(PRICE_DECIMALS, '0')}`;
}

/** EUR minor units per (USDT minor unit × price unit): 10^(6 + 4 − 2). */
const TOTAL_DIVISOR = 10n ** BigInt(ASSETS.USDT.scale + PRICE_DECIMALS - ASSETS.EUR.scale);

/**
 * The EUR total of `amount` USDT (minor units) at `price`, rounded down to the cent. The same
 * rounding everywhere means an offer's EUR hold of its whole quantity always covers the totals of
 * the orders its quantity is split into (the sum of the parts rounded down is never more).
 */
export function totalOf(amount: bigint, price: bigint): bigint {
  return (amount * price) / TOTAL_DIVISOR;
}

/** A fee in hundredths of a percent of `amount`, rounded down (the user never pays more than the rate). */
export function feeOf(amount: bigint, feeHundredthsPercent: bigint): bigint {
  return (amount * feeHundredthsPercent) / 10_000n;
}

/** What an order holds when placed: a buy its total at the limit price, a sell its amount. */
export function orderHoldOf(side: TradeSide, amount: bigint, limitPrice: bigint): bigint {
  return side === 'buy' ? totalOf(amount, limitPrice) : amount;
}

/** What an offer must hold for `quantity` still to trade: a sell offer the USDT, a buy offer their EUR total. */
export function offerHoldOf(side: TradeSide, quantity: bigint, price: bigint): bigint {
  return side === 'sell' ? quantity : totalOf(quantity, price);
}

/** The start of the UTC day `at` falls in, and the start of the next: the day of the daily counts. */
export function utcDayOf(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return { start, end: new Date(start.getTime() + 24 * 3600 * 1000) };
}

// ---- input ----------------------------------------------------------------------------------

export const priceTextSchema = z
  .string({ error: 'trade.priceInvalid' })
  .trim()
  .refine((value) => parsePrice(value) !== null, 'trade.priceInvalid');

const tradeSideSchema = z.enum(TRADE_SIDES, { error: 'request.invalid' });

/** Posting an offer (`/market/sell` and its buy twin). */
export const offerInputSchema = z.strictObject({
  side: tradeSideSchema,
  quantity: amountTextSchema,
  price: priceTextSchema,
  minAmount: amountTextSchema,
  maxAmount: amountTextSchema,
  payPassword: payPasswordCheckSchema,
});
export type OfferInput = z.output<typeof offerInputSchema>;

const idSchema = z.coerce.number({ error: 'record.notFound' }).int('record.notFound').positive('record.notFound').max(2 ** 53 - 1, 'record.notFound');

/** Changing an open offer: what is left to trade, its price and limits. */
export const offerEditSchema = z.strictObject({
  id: idSchema,
  quantity: amountTextSchema,
  price: priceTextSchema,
  minAmount: amountTextSchema,
  maxAmount: amountTextSchema,
  payPassword: payPasswordCheckSchema,
});
export type OfferEditInput = z.output<typeof offerEditSchema>;

/** Withdrawing an offer, cancelling or confirming an order: the record by id. */
export const tradeRecordSchema = z.strictObject({ id: idSchema });

/** Confirming a matched order (it settles: the payment password is asked again). */
export const orderConfirmSchema = z.strictObject({ id: idSchema, payPassword: payPasswordCheckSchema });

/** Placing an order: buy or sell `amount` USDT at `price` or better. */
export const orderInputSchema = z.strictObject({
  side: tradeSideSchema,
  amount: amountTextSchema,
  price: priceTextSchema,
  payPassword: payPasswordCheckSchema,
});
export type OrderInput = z.output<typeof orderInputSchema>;

/** The hall's order form: at least TRADE_MIN_USDT, at a price in PRICE_RANGE (the payment password comes later, in the sheet). */
export const orderFormSchema = z.object({
  amount: assetAmount('USDT', atLeast(TRADE_MIN_USDT, 'trade.amountTooSmall', TRADE_MIN_PARAMS)),
  price: priceTextSchema,
});

/**
 * The offer form: the quantity, the unit price and the limits per order — the minimum at least
 * TRADE_MIN_USDT and not above the quantity, the maximum (the quantity when left empty) not below
 * the minimum. Sent with the maximum filled in.
 */
export const offerFormSchema = z
  .object({
    side: tradeSideSchema,
    quantity: assetAmount('USDT'),
    price: priceTextSchema,
    minAmount: assetAmount('USDT', atLeast(TRADE_MIN_USDT, 'trade.limitsInvalid', TRADE_MIN_PARAMS)),
    maxAmount: z.string().trim(),
  })
  .transform((offer) => ({ ...offer, maxAmount: offer.maxAmount || offer.quantity }))
  .superRefine((offer, ctx) => {
    const [quantity, min] = [parseAmount(offer.quantity, 'USDT')!, parseAmount(offer.minAmount, 'USDT')!];
    if (min > quantity) ctx.addIssue({ code: 'custom', message: 'trade.minAboveQuantity', path: ['minAmount'] });
    const problem = amountProblem(offer.maxAmount, 'USDT');
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params, path: ['maxAmount'] });
    else if (parseAmount(offer.maxAmount, 'USDT')! < min) ctx.addIssue({ code: 'custom', message: 'trade.maxBelowMin', path: ['maxAmount'] });
  });

export const hallQuerySchema = z.strictObject({
  /** The user's side: 'buy' lists sell offers, cheapest first; 'sell' lists buy offers, dearest first. */
  side: tradeSideSchema.default('buy'),
  /** Only offers that would take this amount (USDT), within their limits. */
  amount: z
    .string()
    .trim()
    .max(24, 'amount.invalid')
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export const orderListSchema = z.strictObject({
  tab: z.enum(ORDER_TABS, { error: 'request.invalid' }).default('all'),
  page: z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(1, 'request.invalid').max(100_000, 'request.invalid').default(1),
  pageSize: z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(1, 'request.invalid').max(50, 'request.invalid').default(10),
});
