/**
 * Market data's calls and events: GET /currency/new_timeshar answers candles from the store,
 * GET /currency/quotation_new the quoted symbols with their 24-hour figures. The trading hall's
 * settled trades become ticks of the USDT/EUR candles (HALL_SYMBOL) through the outbox; every candle
 * a tick changes is published as `kline` in its room (symbol and period), and each symbol's
 * 24-hour figures as `daymarket` (at most once a second per symbol).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { coinLogoPath, HALL_SYMBOL, symbolParts, timesharQuerySchema } from '../../../src/domain/market';
import { toDecimalString } from '../../../src/domain/money';
import { priceText } from '../../../src/domain/trading';
import type { DayMarket, Quotation } from '../../../src/domain/wire';
import { candleSchema, quotationSchema } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { klineRoom } from '../../realtime/socket';
import type { TradeTickPayload } from '../trading';
import { sendKept } from '../../http/kept-reply';
import { MAX_CANDLES } from './candles';

/** A history read's reply. */
const CANDLES = z.array(candleSchema);

/** The category of coins shown in the app's market list (the only one the app keeps). */
const QUOTED_CATEGORY = 1;

/** This site's origin as the client reached it (behind a trusted proxy, its forwarded host and scheme). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function quotationOf(day: DayMarket, origin: string): Quotation {
  const { name, legal } = symbolParts(day.symbol);
  return { ...day, name, legal, category: QUOTED_CATEGORY, logo: origin + coinLogoPath(name) };
}

export async function marketModule(app: FastifyInstance): Promise<void> {
  const { market } = app.services;

  apiRoute(app, {
    method: 'GET',
    url: '/currency/new_timeshar',
    tag: 'market',
    summary: `Candles of a symbol and period starting between from and to (epoch seconds, both included), oldest first, at most ${MAX_CANDLES} (Candle[])`,
    description: `The trading hall's own USDT/EUR candles have the symbol "${HALL_SYMBOL}".`,
    auth: 'none',
    query: timesharQuerySchema,
    reply: CANDLES,
    validators: true,
    handler: async ({ query, request, reply }) => {
      const history = await market.history(query.symbol, query.period, query.from, query.to);
      if (!history.range) return history.candles;
      // A kept reply, serialised and compressed once, that a client can keep and name by its ETag.
      return sendKept(request, reply, history.range, CANDLES);
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/currency/quotation_new',
    tag: 'market',
    summary: "The quoted symbols, the trading hall's USDT/EUR first: last price, 24-hour high, low, volume and change, logo (Quotation[])",
    description: 'Figures come from the 1-minute candles of the last 24 hours; a symbol without any tick yet has a null price.',
    auth: 'none',
    reply: z.array(quotationSchema),
    handler: async ({ request }) => (await market.days()).map((day) => quotationOf(day, originOf(request))),
  });

  // Every settled trade is a tick of the hall's USDT/EUR candles: its price, its USDT as volume;
  // recorded in the transaction that takes it out of the outbox, so exactly once (server/outbox.ts),
  // the ticks of a delivery in one statement.
  app.services.outbox.handle('trade.tick', {
    kind: 'write',
    run: (tx, payloads) =>
      market.recordIn(
        tx,
        payloads.map((payload) => {
          const trade = payload as unknown as TradeTickPayload;
          return { symbol: HALL_SYMBOL, price: priceText(BigInt(trade.price)), volume: toDecimalString(BigInt(trade.amount), 'USDT'), at: new Date(trade.at), simulated: false };
        }),
      ),
  });
  // What changed goes to the subscribers of its room.
  const stopEvents = market.onEvent((event) => {
    if (event.kind === 'kline') app.realtime?.publish(klineRoom(event.candle.symbol, event.candle.period), 'kline', event.candle);
    else app.realtime?.publish('daymarket', 'daymarket', event.day);
  });
  app.addHook('onClose', async () => {
    stopEvents();
    market.close();
  });
}
