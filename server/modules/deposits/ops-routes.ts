/**
 * The operator's deposit calls under /api/ops: the queue (support), the proof image (support), what
 * an approval would post (finance) and the decisions (finance), each decision in one transaction with its audit row.
 */
import type { FastifyInstance } from 'fastify';
import {
  decidedDepositSchema,
  depositApproveSchema,
  depositListSchema,
  depositPreviewQuerySchema,
  depositPreviewSchema,
  operatorDepositSchema,
} from '../../../src/domain/operators';
import { depositRecordSchema, pageSchemaOf } from '../../../src/domain/wire-schemas';
import { AppError } from '../../../src/domain/errors';
import { apiRoute } from '../../http/api-route';
import { operatorDecision, recordIdInputSchema, rejectSchema, userRecordsRoute } from '../../http/operator-calls';
import { NOT_FOUND } from '../../http/refusals';
import { IMAGE_MEDIA_TYPES } from '../../storage/image-store';

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

  userRecordsRoute(app, { url: '/users/deposits', summary: "A user's deposits, newest first, as their deposit record shows them (support)", item: depositRecordSchema }, deposits.records);

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

  apiRoute(app, {
    method: 'GET',
    url: '/deposits/preview',
    tag: 'ops',
    summary: 'What approving a processing deposit (with this amount) would post now: amount, VIP gift, level (finance)',
    auth: { operator: 'finance' },
    query: depositPreviewQuerySchema,
    reply: depositPreviewSchema,
    refusals: [NOT_FOUND, { 400: ['amount.invalid', 'amount.tooLarge'], 409: ['ops.alreadyDecided'] }],
    handler: ({ query }) => deposits.preview(query),
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
