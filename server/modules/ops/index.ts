/** The operator module's public surface: the plugin, the operator accounts and the demo operator the seed creates. */
export { opsModule } from './routes';
export { operatorQueues } from './queues';
export { opsSessionModule } from './session-routes';
export { createOps,  } from './service';
export { bootstrapAdmin, createOperators, hasActiveAdmin, seedDemoOperator,   } from './operators';
export { openOperatorSecret, sealPlainOperatorSecrets } from './operator-secrets';
export { DEMO_OPERATOR } from './demo';
export { secondsLeftInStep, totpCode } from '../../security/totp';
