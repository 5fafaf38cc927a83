/** GET /kf, /currency/rate, /currency/list: public, loaded by the app at start. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoute, noInput } from '../../http/api-route';
import type { Db } from '../../db/client';
import { createStartup } from './service';

const rateQuery = z.strictObject({ currency: z.enum(['EUR'], { error: 'request.invalid' }).optional() });

export function startupRoutes(app: FastifyInstance, db: Db): void {
  const startup = createStartup(db);

  apiRoute(app, {
    method: 'GET',
    url: '/kf',
    tag: 'startup',
    summary: 'The customer-support link',
    query: noInput,
    handler: () => startup.supportLink(),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/currency/rate',
    tag: 'startup',
    summary: 'EUR for one USDT, as [{ currency: "EUR", rate }]',
    query: rateQuery,
    handler: () => startup.rates(),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/currency/list',
    tag: 'startup',
    summary: 'Deposit options: USDT (TRC20 address_omni, ERC20 address_erc), BTC, ETH, bank card',
    query: noInput,
    handler: async () => ({ legal: await startup.depositOptions() }),
  });
}
