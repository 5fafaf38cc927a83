/** GET /wallet/legal_log (the asset log) and GET /user/calc (totals), both read from the ledger. */
import type { FastifyInstance } from 'fastify';
import { pageQuerySchema } from '../../../src/domain/payments';
import { calcReplySchema, ledgerEntrySchema, pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';

export async function recordsModule(app: FastifyInstance): Promise<void> {
  const { records } = app.services;

  apiRoute(app, {
    method: 'GET',
    url: '/wallet/legal_log',
    tag: 'records',
    summary: "Every posting on the user's accounts, newest first, signed (Page<LedgerEntry>)",
    auth: 'required',
    query: pageQuerySchema,
    reply: pageSchemaOf(ledgerEntrySchema),
    handler: ({ query, request }) => records.assetLog(viewerOf(request).userId, query.page, query.pageSize),
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
