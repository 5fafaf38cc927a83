/** The records module's public surface. */
export { recordsModule } from './routes';
export { recordsOpsModule } from './ops-routes';
export { createRecords } from './service';
export { amountsText } from './totals';
