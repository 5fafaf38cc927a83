/** The trading hall's public surface: the plugins (users; operators deciding merchant applications), the service, what a transaction tells through the outbox and the scheduled sweep. */
export { tradingModule } from './routes';
export { tradingOpsModule } from './ops-routes';
export { createTrading,   } from './service';
export { TradeNotices, type OrderPushPayload, type TradeTickPayload } from './outbox';
export { startTradeSweeps } from './job';
export { seedDemoHall } from './demo';
