/** Market data's public surface: the plugin, the candle store and the simulated feed. */
export { marketModule } from './routes';
export { candlesBetween, recordTick, type Tick } from './candles';
export { SIMULATED_SYMBOLS, simulatedTick, startSimulatedFeed, type SimulatedFeed } from './simulated';
