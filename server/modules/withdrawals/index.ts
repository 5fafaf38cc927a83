/** The withdrawals module's public surface: the plugin and the operator's side of withdrawals. */
export { withdrawalsModule } from './routes';
export { approveWithdrawal, listWithdrawals, placeWithdrawal, rejectWithdrawal, type DecidedWithdrawal, type OperatorWithdrawalRecord } from './service';
