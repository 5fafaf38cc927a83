/** GET /wallet/legal_log (the asset log) and GET /user/calc (totals), both read from the ledger. */
import type { FastifyInstance } from 'fastify';
import { pageQuerySchema } from '../../../src/domain/payments';
import { apiRoute, noInput } from '../../http/api-route';
import { requireSession, viewerOf } from '../auth/guard';
import type { MoneyContext } from '../money';
import { createRecords } from './service';

export async function recordRoutes(app: FastifyInstance, ctx: MoneyContext): Promise<void> {
  const records = createRecords(ctx.db);
  const signedIn = [requireSession(ctx.services.sessions)];

  apiRoute(app, {
    method: 'GET',
    url: '/wallet/legal_log',
    tag: 'records',
    summary: "Every posting on the user's accounts, newest first, signed (Page<LedgerEntry>)",
    auth: 'required',
    query: pageQuerySchema,
    preHandler: signedIn,
    handler: ({ query, request }) => records.assetLog(viewerOf(request).userId, query.page, query.pageSize),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/user/calc',
    tag: 'records',
    summary: 'Totals per asset: recharged, withdrawn, earned; available and held balances (CalcReply)',
    auth: 'required',
    query: noInput,
    preHandler: signedIn,
    handler: ({ request }) => records.totals(viewerOf(request).userId),
  });
}
