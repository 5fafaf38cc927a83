/**
 * The operator's deposit calls under /api/ops: the queue (support), the proof image (support) and
 * the decisions (finance), each decision in one transaction with its audit row.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEPOSIT_STATUSES } from '../../../src/domain/ledger';
import { amountTextSchema, pageQuerySchema } from '../../../src/domain/payments';
import { depositRecordSchema, pageSchemaOf } from '../../../src/domain/wire-schemas';
import { AppError } from '../../../src/domain/errors';
import { apiRoute } from '../../http/api-route';
import { operatorDecision, reasonSchema, recordIdInputSchema, recordIdSchema, rejectSchema } from '../../http/operator-calls';
import { NOT_FOUND } from '../../http/refusals';
import { IMAGE_MEDIA_TYPES } from '../../storage/image-store';

const depositListSchema = z.strictObject({ ...pageQuerySchema.shape, status: z.enum(DEPOSIT_STATUSES, { error: 'request.invalid' }).optional() });

const depositApproveSchema = z.strictObject({
  id: recordIdSchema,
  /** The amount to credit when it differs from the request (e.g. what arrived for BTC). */
  amount: amountTextSchema.optional(),
  reason: reasonSchema.optional(),
});

const operatorDepositSchema = depositRecordSchema.extend({
  userId: z.string(),
  username: z.string(),
  proof: z.string().describe('Stored name of the proof image (GET /ops/deposits/proof)'),
  usdtValue: z.string().describe('Decimal string, full precision of the asset').nullable().describe('USDT value counted towards VIP levels, fixed at approval'),
  operatorId: z.string().nullable(),
});

const decidedDepositSchema = depositRecordSchema.extend({ userId: z.string() });

/** Under /api/ops. */
export async function depositsOpsModule(app: FastifyInstance): Promise<void> {
  const { proofs, deposits } = app.services;
  const support = { operator: 'support' } as const;

  apiRoute(app, {
    method: 'GET',
    url: '/deposits',
    tag: 'ops',
    summary: 'Deposit requests with their user (support), oldest first',
    auth: support,
    query: depositListSchema,
    reply: pageSchemaOf(operatorDepositSchema),
    handler: ({ query }) => deposits.queue(query),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/deposits/proof',
    tag: 'ops',
    summary: 'The payment proof image of a deposit (support); the image itself, not the envelope',
    auth: support,
    query: recordIdInputSchema,
    raw: { mediaTypes: IMAGE_MEDIA_TYPES },
    refusals: NOT_FOUND,
    handler: async ({ query, reply }) => {
      const name = await deposits.proofName(query.id);
      const image = name === null ? null : await proofs.read(name);
      if (!image) throw new AppError('record.notFound', 404);
      // Someone's bank or wallet details: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-store').type(image.mime);
      return image.bytes;
    },
  });

  operatorDecision(
    app,
    {
      url: '/deposits/approve',
      summary: 'Approve a processing deposit, optionally crediting a different amount with a reason (finance)',
      body: depositApproveSchema,
      reply: decidedDepositSchema,
      refusals: { 400: ['amount.invalid', 'amount.tooLarge'] },
    },
    (tx, input, actor) => deposits.approve(tx, input, actor),
  );

  operatorDecision(
    app,
    { url: '/deposits/reject', summary: 'Reject a processing deposit with a reason the user reads (finance)', body: rejectSchema, reply: decidedDepositSchema },
    (tx, input, actor) => deposits.reject(tx, { ...input, ...actor }),
  );
}
