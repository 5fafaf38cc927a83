/**
 * Every module of the API, in the order they are registered under /api. Each is a Fastify plugin
 * with one signature, `(app) => Promise<void>`, that reads its services from the app
 * (`app.services`, `app.deps`, `app.realtime`) and declares its routes with apiRoute. A module
 * whose records operators decide has a second plugin, registered under /api/ops.
 */
import type { FastifyInstance } from 'fastify';
import { authModule, authOpsModule, devicesModule } from './auth';
import { bankingModule } from './banking';
import { codesModule } from './codes';
import { conversionModule } from './conversion';
import { depositsModule, depositsOpsModule } from './deposits';
import { healthModule } from './health';
import { marketModule } from './market';
import { newsModule, newsOpsModule } from './news';
import { liabilitiesModule, liabilitiesOpsModule } from './liabilities';
import { loansModule, loansOpsModule } from './loans';
import { pledgeModule, pledgeOpsModule } from './pledge';
import { pushModule, pushOpsModule } from './push';
import { opsModule, opsSessionModule } from './ops';
import { recordsModule, recordsOpsModule } from './records';
import { passkeysModule, securityModule, securityOpsModule } from './security';
import { settingsModule } from './settings';
import { tradingModule, tradingOpsModule } from './trading';
import { userModule, userOpsModule } from './user';
import { vipModule } from './vip';
import { addressBookModule, withdrawalsModule, withdrawalsOpsModule } from './withdrawals';

export interface ApiModule {
  plugin: (app: FastifyInstance) => Promise<void>;
  /** Under /api; the operator API lives under /api/ops. */
  prefix?: string;
}

export const API_MODULES: readonly ApiModule[] = [
  { plugin: healthModule },
  { plugin: codesModule },
  { plugin: authModule },
  { plugin: securityModule },
  { plugin: passkeysModule },
  { plugin: devicesModule },
  { plugin: userModule },
  { plugin: settingsModule },
  { plugin: depositsModule },
  { plugin: withdrawalsModule },
  { plugin: addressBookModule },
  { plugin: bankingModule },
  { plugin: conversionModule },
  { plugin: recordsModule },
  { plugin: vipModule },
  { plugin: tradingModule },
  { plugin: pledgeModule },
  { plugin: loansModule },
  { plugin: marketModule },
  { plugin: newsModule },
  { plugin: pushModule },
  { plugin: liabilitiesModule },
  { plugin: opsSessionModule, prefix: '/ops' },
  { plugin: opsModule, prefix: '/ops' },
  { plugin: depositsOpsModule, prefix: '/ops' },
  { plugin: withdrawalsOpsModule, prefix: '/ops' },
  { plugin: tradingOpsModule, prefix: '/ops' },
  { plugin: newsOpsModule, prefix: '/ops' },
  { plugin: pledgeOpsModule, prefix: '/ops' },
  { plugin: loansOpsModule, prefix: '/ops' },
  { plugin: userOpsModule, prefix: '/ops' },
  { plugin: authOpsModule, prefix: '/ops' },
  { plugin: securityOpsModule, prefix: '/ops' },
  { plugin: recordsOpsModule, prefix: '/ops' },
  { plugin: pushOpsModule, prefix: '/ops' },
  { plugin: liabilitiesOpsModule, prefix: '/ops' },
];
