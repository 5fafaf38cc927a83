/** The withdrawals module's public surface: the plugins (users, operators). */
export { withdrawalsModule } from './routes';
export { withdrawalsOpsModule } from './ops-routes';
export { addressBookModule } from './address-book-routes';
export { createAddressBook } from './address-book';
export { createWithdrawals } from './service';
