/**
 * The operator's withdrawal calls under /api/ops: the queue (support) and the decisions (finance),
 * each decision in one transaction with its audit row.
 */
import type { FastifyInstance } from 'fastify';
import { decidedWithdrawalSchema, operatorWithdrawalSchema, withdrawalApproveSchema, withdrawalListSchema } from '../../../src/domain/ops-wire';
import { pageSchemaOf, withdrawalRecordSchema } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { operatorDecision, rejectSchema, userRecordsRoute } from '../../http/operator-calls';

/** Under /api/ops. */
export async function withdrawalsOpsModule(app: FastifyInstance): Promise<void> {
  const { withdrawals } = app.services;

  apiRoute(app, {
    method: 'GET',
    url: '/withdrawals',
    tag: 'ops',
    summary: 'Withdrawal requests with their user (support), oldest first',
    auth: { operator: 'support' },
    query: withdrawalListSchema,
    reply: pageSchemaOf(operatorWithdrawalSchema),
    handler: ({ query }) => withdrawals.queue(query),
  });

  userRecordsRoute(
    app,
    { url: '/users/withdrawals', summary: "A user's withdrawals, newest first, as their withdrawal record shows them (support)", item: withdrawalRecordSchema },
    withdrawals.records,
  );

  operatorDecision(
    app,
    {
      url: '/withdrawals/approve',
      summary: 'Mark a processing withdrawal paid, with the payout transaction reference (finance)',
      body: withdrawalApproveSchema,
      reply: decidedWithdrawalSchema,
      refusals: { 400: ['ops.referenceRequired'] },
    },
    (tx, input, actor) => withdrawals.approve(tx, { ...input, ...actor }),
  );

  operatorDecision(
    app,
    {
      url: '/withdrawals/reject',
      summary: 'Cancel a processing withdrawal, releasing the held amount, with a reason (finance)',
      body: rejectSchema,
      reply: decidedWithdrawalSchema,
    },
    (tx, input, actor) => withdrawals.reject(tx, { ...input, ...actor }),
  );
}
