/**
 * POST /wallet/list (the available balances), GET /wallet/movements (the fund record), GET
 * /wallet/legal_log (every posting) and GET /user/calc (totals), all read from the ledger.
 */
import type { FastifyInstance } from 'fastify';
import { movementsQuerySchema, pageQuerySchema } from '../../../src/domain/payments';
import { calcReplySchema, ledgerEntrySchema, movementSchema, pageSchemaOf, walletListReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { sendKept } from '../../http/kept-reply';

const LOG_PAGE = pageSchemaOf(ledgerEntrySchema);
const MOVEMENTS_PAGE = pageSchemaOf(movementSchema);

export async function recordsModule(app: FastifyInstance): Promise<void> {
  const { records } = app.services;

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/list',
    tag: 'wallet',
    summary: 'Available balances, full precision decimal strings',
    auth: 'required',
    body: noInput,
    reply: walletListReplySchema,
    handler: ({ request }) => records.balances(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/wallet/legal_log',
    tag: 'records',
    summary: "Every posting on the user's accounts, newest first, signed (Page<LedgerEntry>)",
    auth: 'required',
    query: pageQuerySchema,
    reply: LOG_PAGE,
    validators: true,
    handler: async ({ query, request, reply }) => {
      return sendKept(request, reply, await records.keptAssetLog(viewerOf(request).userId, query.page, query.pageSize), LOG_PAGE, true);
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/wallet/movements',
    tag: 'records',
    summary: "The fund record: the user's movements, newest first, each with its legs; of one asset when asked (Page<Movement>)",
    auth: 'required',
    query: movementsQuerySchema,
    reply: MOVEMENTS_PAGE,
    validators: true,
    handler: async ({ query, request, reply }) => {
      return sendKept(request, reply, await records.keptMovements(viewerOf(request).userId, query.page, query.pageSize, query.asset), MOVEMENTS_PAGE, true);
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/user/calc',
    tag: 'records',
    summary: 'Totals per asset: recharged, withdrawn, earned; available and held balances (CalcReply)',
    auth: 'required',
    query: noInput,
    reply: calcReplySchema,
    handler: ({ request }) => records.totals(viewerOf(request).userId),
  });
}
