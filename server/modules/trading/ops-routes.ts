/**
 * The operator's merchant calls under /api/ops: the applications (support) and the decisions
 * (finance), each decision in one transaction with its audit row.
 */
import type { FastifyInstance } from 'fastify';
import { decidedMerchantApplicationSchema, merchantApplicationListSchema, operatorMerchantApplicationSchema } from '../../../src/domain/ops-wire';
import { pageSchemaOf, tradeOfferSchema, tradeOrderSchema } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { operatorDecision, recordIdInputSchema, rejectSchema, userRecordsRoute } from '../../http/operator-calls';

/** Under /api/ops. */
export async function tradingOpsModule(app: FastifyInstance): Promise<void> {
  const { trading } = app.services;

  apiRoute(app, {
    method: 'GET',
    url: '/merchants',
    tag: 'ops',
    summary: 'Applications to become a merchant, with their user (support), oldest first',
    auth: { operator: 'support' },
    query: merchantApplicationListSchema,
    reply: pageSchemaOf(operatorMerchantApplicationSchema),
    handler: ({ query }) => trading.applications(query),
  });

  userRecordsRoute(
    app,
    { url: '/users/orders', summary: "A user's trade orders, placed or matched with their offers, newest first, as their orders tab 'all' shows them (support)", item: tradeOrderSchema },
    (userId, page, pageSize) => trading.orders(userId, 'all', page, pageSize),
  );
  userRecordsRoute(app, { url: '/users/offers', summary: "A merchant's offers in the hall, newest first, as their offers screen shows them (support)", item: tradeOfferSchema }, trading.myOffers);

  operatorDecision(
    app,
    {
      url: '/merchants/approve',
      summary: 'Approve a pending merchant application: the user may trade in the hall (finance)',
      body: recordIdInputSchema,
      reply: decidedMerchantApplicationSchema,
    },
    (tx, input, actor) => trading.decide(tx, { id: input.id, approve: true, reason: null, ...actor }),
  );

  operatorDecision(
    app,
    {
      url: '/merchants/reject',
      summary: 'Reject a pending merchant application with a reason the user reads (finance)',
      body: rejectSchema,
      reply: decidedMerchantApplicationSchema,
    },
    (tx, input, actor) => trading.decide(tx, { id: input.id, approve: false, reason: input.reason, ...actor }),
  );
}
