/** Web Push's public surface. */
export { pushModule } from './routes';
export { pushOpsModule } from './ops-routes';
export { createPush,     } from './service';
