/** The VIP module's public surface: the plugin and the level table other modules read. */
export { vipModule } from './routes';
export { confirmedDepositsOf, createVip, percentOfBps, vipLevelTable } from './service';
