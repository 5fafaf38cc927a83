/**
 * Market data: GET /currency/new_timeshar answers candles from the store; the trading hall's
 * settled trades become ticks of the USDT/EUR candles (HALL_SYMBOL) as they happen, and every
 * candle a tick changes is published as `kline` in its room (klineRoom: symbol and period).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HALL_SYMBOL, timesharQuerySchema } from '../../../src/domain/market';
import { toDecimalString } from '../../../src/domain/money';
import { priceText } from '../../../src/domain/trading';
import { candleSchema } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { klineRoom } from '../../realtime/socket';
import { candlesBetween, MAX_CANDLES, recordTick } from './candles';

export async function marketModule(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  apiRoute(app, {
    method: 'GET',
    url: '/currency/new_timeshar',
    tag: 'market',
    summary: `Candles of a symbol and period starting between from and to (epoch seconds, both included), oldest first, at most ${MAX_CANDLES} (Candle[])`,
    description: `The trading hall's own USDT/EUR candles have the symbol "${HALL_SYMBOL}".`,
    auth: 'none',
    query: timesharQuerySchema,
    reply: z.array(candleSchema),
    handler: ({ query }) => candlesBetween(db, query.symbol, query.period, query.from, query.to),
  });

  // Every settled trade is a tick of the hall's USDT/EUR candles: its price, its USDT as volume.
  // Each candle it changed goes to the subscribers of its symbol and period as a `kline` event.
  const stop = app.services.tradeFeed.onSettled((trade) => {
    recordTick(db, { symbol: HALL_SYMBOL, price: priceText(trade.price), volume: toDecimalString(trade.amount, 'USDT'), at: trade.at, simulated: false }).then(
      (candles) => {
        for (const candle of candles) app.realtime?.publish(klineRoom(candle.symbol, candle.period), 'kline', candle);
      },
      (error: unknown) => app.log.error({ err: error, orderId: trade.orderId }, 'market: a settled trade was not recorded in the candles'),
    );
  });
  app.addHook('onClose', async () => stop());
}
