/** The pledge module's public surface: the plugins, the service and its payout job. */
export { pledgeModule } from './routes';
export { pledgeOpsModule } from './ops-routes';
export { createPledge,  } from './service';
export { startPledgePayouts } from './job';
