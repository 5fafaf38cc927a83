/**
 * Pledge calls (docs/pledge.md): the overview a user decides on, starting and redeeming an order
 * and moving interest to available (Idempotency-Key header and payment password), the records.
 * The operator's calls are in ops-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  interestTransferSchema,
  pledgeInterestSchema,
  pledgeOrderSchema,
  pledgeOrdersQuerySchema,
  pledgeOverviewSchema,
  pledgeRedeemSchema,
  pledgeStartSchema,
} from '../../../src/domain/pledge';
import { pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { NOT_FOUND, PAID_CALL } from '../../http/refusals';
import { viewerOf } from '../../http/auth';
import { payWithBody } from '../../http/paid-call';

export async function pledgeModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const pledge = app.services.pledge;

  apiRoute(app, {
    method: 'GET',
    url: '/pledge/overview',
    tag: 'pledge',
    summary: "The products, the user's available balances and interest wallet, the running order and the totals (PledgeOverview)",
    auth: 'required',
    query: noInput,
    reply: pledgeOverviewSchema,
    handler: ({ request }) => pledge.overview(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/pledge/start',
    refusals: [...PAID_CALL, { 400: ['amount.invalid', 'amount.tooLarge', 'balance.insufficient', 'pledge.belowMinimum'], 404: ['pledge.productNotFound'], 409: ['pledge.orderOpen'] }],
    tag: 'pledge',
    summary: 'Start a pledge order: the amount moves from available to pledged until the order ends (PledgeOrder)',
    description: 'Idempotency-Key header and payment password required. One running order per user (pledge.orderOpen).',
    auth: 'required',
    body: pledgeStartSchema,
    reply: pledgeOrderSchema,
    handler: ({ body, request }) => payWithBody(request, body, (tx, userId, input) => pledge.start(tx, userId, input, clock())),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/pledge/redeem',
    refusals: [...PAID_CALL, NOT_FOUND, { 409: ['pledge.notActive'] }],
    tag: 'pledge',
    summary: "Redeem the user's running order early: the principal less the penalty the overview showed returns to available; no later day is paid (PledgeOrder)",
    description: 'Idempotency-Key header and payment password required.',
    auth: 'required',
    body: pledgeRedeemSchema,
    reply: pledgeOrderSchema,
    handler: ({ body, request }) => payWithBody(request, body, (tx, userId, input) => pledge.redeem(tx, userId, input.id, clock())),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/pledge/interest/transfer',
    refusals: [...PAID_CALL, { 400: ['amount.invalid', 'amount.tooLarge', 'pledge.interestInsufficient'] }],
    tag: 'pledge',
    summary: 'Move interest from the interest wallet to available ({ asset, amount, transferId }: the ledger transfer that moved it)',
    description: 'Idempotency-Key header and payment password required.',
    auth: 'required',
    body: interestTransferSchema,
    reply: z.object({ asset: z.enum(['USDT', 'EUR']), amount: z.string(), transferId: z.number().int() }),
    handler: ({ body, request }) => payWithBody(request, body, (tx, userId, input) => pledge.transferInterest(tx, userId, input, clock())),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/pledge/orders',
    tag: 'pledge',
    summary: "The user's pledge orders, newest first: start, end, earnings, status (Page<PledgeOrder>)",
    auth: 'required',
    query: pledgeOrdersQuerySchema,
    reply: pageSchemaOf(pledgeOrderSchema),
    handler: ({ query, request }) => pledge.ordersOf(viewerOf(request).userId, query.page, query.pageSize),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/pledge/interest',
    tag: 'pledge',
    summary: "The interest record: one row per order and day paid, newest first (Page<PledgeInterest>)",
    auth: 'required',
    query: pledgeOrdersQuerySchema,
    reply: pageSchemaOf(pledgeInterestSchema),
    handler: ({ query, request }) => pledge.interestOf(viewerOf(request).userId, query.page, query.pageSize),
  });
}
