/** Market data's public surface: the plugin, the market data service, the candle store and the feeds. */
export { marketModule, quotationOf } from './routes';
export { candlesBetween, recordTick, type Tick } from './candles';
export { changePercent, createMarketData, type MarketData, type MarketEvent } from './service';
export type { TickFeed } from './feed';
export { startMarketFeed } from './feeds';
export { leadOnce, MARKET_FEED_LOCK, type Leadership } from './leader';
export { fillSimulatedHistory, SIMULATED_SYMBOLS, simulatedFeed, simulatedHistory, simulatedTick } from './simulated';
