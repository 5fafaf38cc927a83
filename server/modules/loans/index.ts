/** The loans module's public surface: the plugins, the service and the identity images' store. */
export { loansModule } from './routes';
export { loansOpsModule } from './ops-routes';
export { createLoans, loanDocumentStoreOf, createLoanWatch, startLoanWatch } from './service';
