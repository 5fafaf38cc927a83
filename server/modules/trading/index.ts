/** The trading hall's public surface: the plugins (users; operators deciding merchant applications), the service, the trade feed and the scheduled sweep. */
export { tradingModule } from './routes';
export { tradingOpsModule } from './ops-routes';
export { createTrading,   } from './service';
export { createTradeFeed, Outbox, type SettledTrade,  } from './outbox';
export { startTradeSweeps } from './job';
export { seedDemoHall } from './demo';
