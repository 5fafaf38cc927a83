/**
 * The operator's proof-of-liabilities calls under /api/ops (finance): every snapshot with why one
 * was not published, a snapshot now, a published snapshot's whole list of leaves (the file
 * `npm run liabilities:verify` checks), and the declaration of reserves.
 */
import type { FastifyInstance } from 'fastify';
import { leavesFileSchema } from '../../../src/domain/liabilities';
import { liabilitySnapshotQuerySchema, opsLiabilitySnapshotSchema, reserveDeclarationSchema } from '../../../src/domain/ops-wire';
import { declaredReserveSchema } from '../../../src/domain/wire-schemas';
import { parseAmount } from '../../../src/domain/money';
import { apiRoute, noInput } from '../../http/api-route';
import { operatorOf } from '../../http/auth';
import { Refusal } from '../../errors';

/** Under /api/ops. */
export async function liabilitiesOpsModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const liabilities = app.services.liabilities;
  const finance = { operator: 'finance' } as const;

  apiRoute(app, {
    method: 'GET',
    url: '/liabilities/snapshots',
    tag: 'ops',
    summary: 'Every snapshot, newest first (at most 60): unpublished ones with what did not agree (finance)',
    auth: finance,
    query: noInput,
    reply: opsLiabilitySnapshotSchema.array(),
    handler: () => liabilities.all(),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/liabilities/snapshot',
    tag: 'ops',
    summary: 'Take a snapshot now: every user’s balances at one ledger position, checked by the ledger’s own check, signed and published, or kept unpublished with why (finance, audited)',
    auth: finance,
    body: noInput,
    reply: opsLiabilitySnapshotSchema,
    handler: async ({ request }) => {
      const taken = await liabilities.take({ operatorId: operatorOf(request).operatorId });
      // Only the daily snapshot can be found already taken; an operator's is always made.
      if (!taken) throw new Error('an operator’s snapshot was not taken');
      return taken;
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/liabilities/leaves',
    refusals: { 404: ['liabilities.snapshotNotFound'] },
    tag: 'ops',
    summary: 'A published snapshot’s whole list of leaves (hashes and sums in the tree’s order) as the documented file, for `npm run liabilities:verify` (finance); the file itself, not the envelope',
    auth: finance,
    query: liabilitySnapshotQuerySchema,
    raw: { mediaTypes: ['application/json'], schema: leavesFileSchema },
    handler: async ({ query, reply }) => {
      const file = await liabilities.leavesOf(query.id);
      reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="tessera-liabilities-${query.id}-leaves.json"`).type('application/json; charset=utf-8');
      return JSON.stringify(file);
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/liabilities/reserves',
    refusals: { 400: ['amount.invalid', 'liabilities.evidenceRequired'] },
    tag: 'ops',
    summary: 'Declare the reserves held for an asset with their evidence (a wallet address, a bank statement reference); shown labelled as declared, not verified (finance, audited)',
    auth: finance,
    body: reserveDeclarationSchema,
    reply: declaredReserveSchema,
    handler: async ({ body, request }) => {
      const amount = parseAmount(body.amount, body.asset);
      if (amount === null) throw new Refusal('amount.invalid', 400, { field: 'amount', params: { decimals: body.asset === 'EUR' ? 2 : 6 } });
      return liabilities.declareReserve({ asset: body.asset, amount, evidence: body.evidence }, { operatorId: operatorOf(request).operatorId, at: clock() });
    },
  });
}
