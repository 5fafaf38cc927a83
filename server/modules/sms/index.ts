/** The SMS provider's public surface. */
export { createSmsProvider,  type InfoLog,  type SmsProvider } from './provider';
