/**
 * The operator's pledge calls under /api/ops (finance): the products and a payout round on demand;
 * a user's pledge orders (support).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pledgeRunSchema } from '../../../src/domain/ops-wire';
import { pledgeOrderSchema, pledgeProductInputSchema, pledgeProductSchema } from '../../../src/domain/pledge';
import { apiRoute, noInput } from '../../http/api-route';
import { operatorOf } from '../../http/auth';
import { userRecordsRoute } from '../../http/operator-calls';

/** Under /api/ops. */
export async function pledgeOpsModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const pledge = app.services.pledge;
  const finance = { operator: 'finance' } as const;
  const actorOf = (request: FastifyRequest) => ({ operatorId: operatorOf(request).operatorId, at: clock() });

  apiRoute(app, {
    method: 'GET',
    url: '/pledge/products',
    tag: 'ops',
    summary: 'Every pledge product, inactive ones too (finance)',
    auth: finance,
    query: noInput,
    reply: pledgeProductSchema.array(),
    handler: () => pledge.allProducts(),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/pledge/products',
    refusals: { 400: ['amount.invalid', 'amount.tooLarge', 'pledge.rateInvalid'], 404: ['pledge.productNotFound'] },
    tag: 'ops',
    summary: 'Create a pledge product, or change one (with id): the terms apply to orders started afterwards (finance, audited)',
    auth: finance,
    body: pledgeProductInputSchema,
    reply: pledgeProductSchema,
    handler: ({ body, request }) => pledge.saveProduct(body, actorOf(request)),
  });

  userRecordsRoute(app, { url: '/users/pledges', summary: "A user's pledge orders, newest first, as their pledge records show them (support)", item: pledgeOrderSchema }, pledge.ordersOf);

  apiRoute(app, {
    method: 'POST',
    url: '/pledge/run',
    tag: 'ops',
    summary: 'Run the payout round now: every due day is paid once and matured orders return their principal (finance)',
    auth: finance,
    body: noInput,
    reply: pledgeRunSchema,
    handler: () => pledge.runDue(),
  });
}
