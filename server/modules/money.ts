/**
 * The money modules of the API: each registers its own calls; the operator side lives under
 * /api/ops. They share the ledger (server/ledger) and the idempotency of money calls.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../services';
import type { Services } from '../services';
import { bankingRoutes } from './banking/routes';
import { conversionRoutes } from './conversion/routes';
import { depositRoutes } from './deposits/routes';
import { opsRoutes } from './ops/routes';
import { recordRoutes } from './records/routes';
import { vipRoutes } from './vip/routes';
import { withdrawalRoutes } from './withdrawals/routes';

export interface MoneyContext extends AppDeps {
  services: Services;
}

export async function moneyRoutes(api: FastifyInstance, ctx: MoneyContext): Promise<void> {
  await depositRoutes(api, ctx);
  await withdrawalRoutes(api, ctx);
  await bankingRoutes(api, ctx);
  await conversionRoutes(api, ctx);
  await recordRoutes(api, ctx);
  await vipRoutes(api, ctx);
  await api.register(async (ops) => opsRoutes(ops, ctx), { prefix: '/ops' });
}
