/** Web Push's public surface. */
export { pushModule } from './routes';
export { createPush,     } from './service';
