/** The banking module's public surface: the plugin and the bound account withdrawals pay out to. */
export { bankingModule } from './routes';
export { bankBindingOf, bankDestinationOf, createBanking,  } from './service';
