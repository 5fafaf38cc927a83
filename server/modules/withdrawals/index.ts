/** The withdrawals module's public surface: the plugins (users, operators). */
export { withdrawalsModule } from './routes';
export { withdrawalsOpsModule } from './ops-routes';
export { createWithdrawals,  } from './service';
