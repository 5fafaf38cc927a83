/** The trading hall's public surface: the plugin, the service, the trade feed, the scheduled sweep and the operator's side of merchant applications. */
export { tradingModule } from './routes';
export { createTrading, TRADE_JOB_LOCK, type Trading } from './service';
export { createTradeFeed, Outbox, type SettledTrade, type TradeFeed } from './outbox';
export { startTradeSweeps } from './job';
export { decideMerchantApplication, listMerchantApplications, type DecidedMerchantApplication, type OperatorMerchantApplication } from './merchants';
export { seedDemoHall } from './demo';
