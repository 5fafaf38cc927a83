/** Market data's public surface: the plugin, the market data service, the candle store and its cache, and the feeds. */
export { marketModule } from './routes';
export { recordTick, recordTicks, type Tick } from './candles';
export { changePercent, createMarketData, type MarketEvent } from './service';
export { createCandleCache, type CandleCache } from './candle-cache';
export { startMarketFeed } from './feeds';
export { fillSimulatedHistory, SIMULATED_SYMBOLS, simulatedFeed, simulatedTick } from './simulated';
