/** The loans module's public surface: the plugins, the service and the identity images' store. */
export { loansModule, loansOpsModule } from './routes';
export { createLoans, loanDocumentStoreOf, type Loans } from './service';
