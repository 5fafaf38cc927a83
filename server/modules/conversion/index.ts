/** The conversion module's public surface. */
export { conversionModule } from './routes';
export { createConversions } from './service';
