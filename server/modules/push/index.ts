/** Web Push's public surface. */
export { pushModule } from './routes';
export { createPush, endpointAllowed, type Push, type PushChannel, type PushMessage } from './service';
