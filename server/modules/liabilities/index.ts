/** Proof of liabilities (issue 38; docs/liabilities.md). */
export { createLiabilities } from './snapshots';
export { startLiabilitySnapshots } from './job';
export { liabilitiesModule } from './routes';
export { liabilitiesOpsModule } from './ops-routes';
