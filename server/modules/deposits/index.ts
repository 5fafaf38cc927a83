/** The deposits module's public surface: the plugin, the proof store and the operator's side of deposits. */
export { depositsModule } from './routes';
export { proofStoreOf } from './proof-store';
export {
  approveDeposit,
  listDeposits,
  rejectDeposit,
  type DecidedDeposit,
  type OperatorDepositRecord,
} from './service';
