/** The deposits module's public surface: the plugins (users, operators) and the proof store. */
export { depositsModule } from './routes';
export { depositsOpsModule } from './ops-routes';
export { proofStoreOf } from './proof-store';
export { createDeposits,  } from './service';
