/**
 * Starts the reference-quote feed the configuration names (MARKET_FEED): the exchange's trade
 * stream, the simulated one, or none. It runs in one process of a cluster at a time (leader.ts),
 * and its ticks go through the app's market data (service.ts), which records and publishes them.
 */
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import { exchangeFeed } from './exchange';
import type { TickFeed } from './feed';
import { leadOnce, MARKET_FEED_LOCK, type Leadership } from './leader';
import { fillSimulatedHistory, simulatedFeed } from './simulated';

export function startMarketFeed(app: FastifyInstance, clock: Clock, { retryMs }: { retryMs?: number } = {}): Leadership | null {
  const { config } = app.deps;
  const { feed, feedUrl, symbols } = config.market;
  if (feed === 'off') return null;
  const make = (): TickFeed =>
    feed === 'exchange' ? exchangeFeed({ url: feedUrl!, symbols, log: app.log }) : simulatedFeed(clock, symbols);
  return leadOnce({
    url: config.databaseUrl,
    lockKey: MARKET_FEED_LOCK,
    log: app.log,
    retryMs,
    start: () => {
      const running = make();
      let stopped = false;
      const begin = () => {
        if (stopped) return;
        app.log.info({ feed: running.name, symbols }, 'market: reference quotes feed started');
        running.start((tick) => void app.services.market.ingest(tick));
      };
      if (feed === 'simulated') {
        // The history of the time it did not run first: the live candles then go on from it.
        fillSimulatedHistory(app.deps.db, clock().getTime(), symbols).then(
          async (written) => {
            if (written > 0) {
              app.log.info({ written }, 'market: simulated history written');
              await app.services.market
                .historyWritten(symbols)
                .catch((error: unknown) => app.log.error({ err: error }, 'market: the kept history could not be told of the written candles'));
            }
            begin();
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'market: the simulated history could not be written');
            begin();
          },
        );
      } else {
        begin();
      }
      return () => {
        stopped = true;
        running.stop();
      };
    },
  });
}
