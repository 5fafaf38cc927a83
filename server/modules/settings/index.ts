/** The settings module's public surface: the plugin (what the app reads at start), its service, and the operator settings every module reads. */
export { settingsModule } from './routes';
export { createSettings } from './service';
export * from './settings';
