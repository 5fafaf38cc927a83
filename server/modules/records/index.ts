/** The records module's public surface. */
export { recordsModule } from './routes';
export { createRecords } from './service';
