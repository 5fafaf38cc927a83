/** Market data's public surface: the plugin and the candle store. */
export { marketModule } from './routes';
export { candlesBetween, recordTick, type Tick } from './candles';
