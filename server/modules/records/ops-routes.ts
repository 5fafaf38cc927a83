/**
 * The operator's ledger reads under /api/ops: a user's fund record and raw postings (support), the
 * totals of the whole ledger (support), and the ledger's verification — its last run (support)
 * and a run now (admin, audited).
 */
import type { FastifyInstance } from 'fastify';
import { lastVerificationSchema, ledgerReportSchema, platformTotalsSchema } from '../../../src/domain/ops-wire';
import { ledgerEntrySchema, movementSchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { operatorOf } from '../../http/auth';
import { userRecordsRoute } from '../../http/operator-calls';

/** Under /api/ops. */
export async function recordsOpsModule(app: FastifyInstance): Promise<void> {
  const { records, ops } = app.services;

  userRecordsRoute(
    app,
    { url: '/users/movements', summary: "A user's fund record: their movements, newest first, each with its legs, as the app shows it (support)", item: movementSchema },
    (userId, page, pageSize) => records.movements(userId, page, pageSize, undefined),
  );
  userRecordsRoute(
    app,
    { url: '/users/postings', summary: "Every posting on a user's accounts, newest first, signed: the raw ledger transfers where they are debit or credit owner (support)", item: ledgerEntrySchema },
    records.assetLog,
  );

  apiRoute(app, {
    method: 'GET',
    url: '/totals',
    tag: 'ops',
    summary: "What users hold per asset and account purpose, every platform account, today's deposits, withdrawals, conversions and trades, fees per day (support)",
    auth: { operator: 'support' },
    query: noInput,
    reply: platformTotalsSchema,
    handler: () => records.platformTotals(app.deps.clock()),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/ledger/verify',
    tag: 'ops',
    summary: 'The outcome of the last verification of the ledger an operator ran, or null (support)',
    auth: { operator: 'support' },
    query: noInput,
    reply: lastVerificationSchema,
    handler: async () => {
      const [last] = (await ops.audit({ action: 'ledger.verify', page: 1, pageSize: 1 })).list;
      if (!last) return null;
      const details = last.details as { ok: boolean; accounts: number; transfers: number; problemCount: number; problems: Array<{ check: string; detail: string }> };
      return { ranAt: last.createdAt, operator: last.operator, ...details };
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/ledger/verify',
    tag: 'ops',
    summary: "Verify the ledger now — npm run ledger:verify's checks: each asset sums to zero, every balance is its postings, no user account is negative, the holds match their records (admin, audited)",
    auth: { operator: 'admin' },
    body: noInput,
    reply: ledgerReportSchema,
    handler: ({ request }) => records.verifyLedger({ operatorId: operatorOf(request).operatorId, at: app.deps.clock() }),
  });
}
