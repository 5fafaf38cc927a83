/**
 * The operator's loan calls under /api/ops (finance; the identity images: support): the list, the
 * decisions and the repayment's review, each with its audit row.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loanDecisionSchema, loanDocumentQuerySchema, loanSchema } from '../../../src/domain/loan';
import { decidedLoanSchema, loanWatchSchema, operatorLoanSchema, opsLoanListSchema } from '../../../src/domain/ops-wire';
import { pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { operatorOf } from '../../http/auth';
import { decideOnce, userRecordsRoute } from '../../http/operator-calls';
import { IDEMPOTENT } from '../../http/refusals';
import type { Tx } from '../../db/client';
import type { AuditActor } from '../../ledger/audit';
import type { DecidedLoan } from './decisions';
import { IMAGE_MEDIA_TYPES } from '../../storage/image-store';

/** Under /api/ops. */
export async function loansOpsModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const { loans } = app.services;
  const finance = { operator: 'finance' } as const;
  const actorOf = (request: FastifyRequest) => ({ operatorId: operatorOf(request).operatorId, at: clock() });

  apiRoute(app, {
    method: 'GET',
    url: '/loans',
    tag: 'ops',
    summary: 'Loans by status (all when absent), oldest first (repayments under review: by when each was asked for), with the borrower (support)',
    auth: { operator: 'support' },
    query: opsLoanListSchema,
    reply: pageSchemaOf(operatorLoanSchema),
    handler: ({ query }) => loans.list(query),
  });

  userRecordsRoute(app, { url: '/users/loans', summary: "A user's loans, newest first, as their loan list shows them (support)", item: loanSchema }, (userId, page, pageSize) =>
    loans.loansOf(userId, undefined, page, pageSize),
  );

  apiRoute(app, {
    method: 'GET',
    url: '/loans/watch',
    tag: 'ops',
    summary: 'The LTV watch: the rate and thresholds now, each open loan across assets with its LTV and margin calls, the liquidations made and the shortfalls (finance)',
    auth: finance,
    reply: loanWatchSchema,
    handler: () => loans.watchView(),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/loans/document',
    refusals: { 404: ['loan.notFound'] },
    tag: 'ops',
    summary: "An identity image of a loan (support); the image itself, never cached",
    auth: { operator: 'support' },
    query: loanDocumentQuerySchema,
    raw: { mediaTypes: IMAGE_MEDIA_TYPES },
    handler: async ({ query, reply }) => {
      const image = await loans.document(query.id, query.side);
      reply.header('cache-control', 'no-store').type(image.mime);
      return image.bytes;
    },
  });

  /**
   * A decision on a loan (the application or its repayment), once per Idempotency-Key like every
   * operator decision (decideOnce); the reply names the borrower, whose phone hears of it.
   */
  const decision = (url: string, summary: string, decide: (tx: Tx, input: { id: number; reason?: string }, actor: AuditActor) => Promise<DecidedLoan>) =>
    apiRoute(app, {
      method: 'POST',
      url,
      tag: 'ops',
      summary,
      description: 'Takes an optional Idempotency-Key: a retry with the same key and body gets the first reply.',
      auth: finance,
      body: loanDecisionSchema,
      refusals: [IDEMPOTENT, { 400: ['ops.reasonRequired'], 404: ['loan.notFound'], 409: ['ops.alreadyDecided', 'loan.collateralShort', 'loan.rateMoved'] }],
      reply: decidedLoanSchema,
      handler: ({ body, request }) => {
        const actor = actorOf(request);
        return decideOnce(app, request, { table: 'loans', id: body.id, route: `POST /api/ops${url}`, input: body, notFound: 'loan.notFound' }, (tx) => decide(tx, body, actor));
      },
    });

  decision('/loans/approve', 'Approve a pending application: a principal loan\'s collateral taken from the borrower\'s own available balance (refused with loan.collateralShort, nothing moved, when it no longer holds it), then paid out from the loans account (finance, audited)', (tx, input, actor) =>
    loans.approve(tx, input.id, actor),
  );
  decision('/loans/reject', 'Reject a pending application, with the reason the user reads or none (finance, audited)', (tx, input, actor) =>
    loans.reject(tx, input.id, input.reason, actor),
  );
  decision('/loans/repayment/confirm', 'Confirm a repayment under review: principal and interest taken, collateral released (finance, audited)', (tx, input, actor) =>
    loans.confirmRepayment(tx, input.id, actor),
  );
  decision('/loans/repayment/refuse', 'Refuse a repayment under review with a reason: its hold returns, the loan shows repayment failed (finance, audited)', (tx, input, actor) =>
    loans.refuseRepayment(tx, input.id, input.reason, actor),
  );
}
