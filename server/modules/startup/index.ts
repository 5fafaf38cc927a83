/** The startup module's public surface. */
export { startupModule } from './routes';
export { createStartup } from './service';
export * from './settings';
