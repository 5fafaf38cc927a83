/** The SMS provider's public surface. */
export { createSmsProvider, LogSmsProvider, type InfoLog, type SmsMessage, type SmsProvider } from './provider';
