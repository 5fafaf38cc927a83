/** GET /kf, /currency/rate, /currency/list: public, loaded by the app at start. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { coinListReplySchema, kfReplySchema, rateItemSchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';

const rateQuery = z.strictObject({ currency: z.enum(['EUR'], { error: 'request.invalid' }).optional() });

export async function settingsModule(app: FastifyInstance): Promise<void> {
  const { settings } = app.services;

  apiRoute(app, {
    method: 'GET',
    url: '/kf',
    tag: 'startup',
    summary: 'The customer-support link',
    query: noInput,
    reply: kfReplySchema,
    handler: () => settings.supportLink(),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/currency/rate',
    tag: 'startup',
    summary: 'EUR for one USDT, as [{ currency: "EUR", rate }]',
    query: rateQuery,
    reply: z.array(rateItemSchema),
    handler: () => settings.rates(),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/currency/list',
    tag: 'startup',
    summary: 'Deposit options: USDT (TRC20 address_omni, ERC20 address_erc), BTC, ETH, bank card',
    query: noInput,
    reply: coinListReplySchema,
    handler: async () => ({ legal: await settings.depositOptions() }),
  });
}
