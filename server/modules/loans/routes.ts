/**
 * Loan calls (docs/loans.md): the terms and the wallet balance, an identity image at a time, the
 * application, the user's loans and one of them, its identity images (to its owner only), "repay
 * now" (Idempotency-Key header and payment password); under /api/ops the review of applications
 * and repayments (finance) and the identity images (support).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LOAN_DOCUMENT_MAX_BYTES,
  loanApplySchema,
  loanConfigSchema,
  loanDecisionSchema,
  loanDocumentQuerySchema,
  loanDocumentReplySchema,
  loanIdSchema,
  loanListQuerySchema,
  loanRepaySchema,
  loanSchema,
} from '../../../src/domain/loan';
import { pageSchemaOf } from '../../../src/domain/wire-schemas';
import { z } from 'zod';
import { apiRoute, noInput } from '../../http/api-route';
import { PAID_CALL } from '../../http/refusals';
import { operatorOf, viewerOf } from '../../http/auth';
import { payWithBody } from '../../http/paid-call';
import { Refusal } from '../../errors';
import { readUploadForm } from '../../http/uploads';
import { IMAGE_MEDIA_TYPES } from '../../storage/image-store';

export async function loansModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const { loans, loanDocuments } = app.services;

  apiRoute(app, {
    method: 'GET',
    url: '/loan/config',
    refusals: { 404: ['loan.configNotFound'] },
    tag: 'loans',
    summary: "The loan terms on offer (type, days, daily rate, APR, amounts), the wallet balance, the principal loan's 10–80 % and the loan not yet ended (LoanConfig)",
    auth: 'required',
    query: noInput,
    reply: loanConfigSchema,
    handler: ({ request }) => loans.config(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/loan/document',
    refusals: { 400: ['loan.documentRequired'] },
    tag: 'loans',
    summary: 'Upload one identity image (front or back of an ID): its id, for the application',
    description: 'Multipart with the file `file`: JPG, PNG or HEIC by content, at most 2 MB (upload.wrongType 415, upload.tooLarge 413). Without a file: loan.documentRequired.',
    auth: 'required',
    upload: { field: 'file', mediaTypes: loanDocuments.mediaTypes },
    reply: loanDocumentReplySchema,
    handler: async ({ request }) => {
      const { userId } = viewerOf(request);
      if (!request.isMultipart()) throw new Refusal('loan.documentRequired', 400, { field: 'file' });
      const form = await readUploadForm(request, { fileField: 'file', maxBytes: LOAN_DOCUMENT_MAX_BYTES });
      if (!form.file || form.file.length === 0) throw new Refusal('loan.documentRequired', 400, { field: 'file' });
      return loans.addDocument(userId, await loanDocuments.check(form.file));
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/loan/apply',
    refusals: { 400: ['amount.invalid', 'amount.tooLarge', 'balance.insufficient', 'loan.amountOutOfRange', 'loan.principalRange', 'loan.backRequired', 'loan.documentInvalid'], 404: ['loan.configNotFound'], 409: ['loan.openExists'] },
    tag: 'loans',
    summary: 'Apply for a loan with the identity images uploaded before (Loan, status pending)',
    description:
      'A credit loan between the product minimum and maximum (loan.amountOutOfRange); a principal loan between 10 % and 80 % of the wallet balance (loan.principalRange) ' +
      'which must suffice; an ID card needs its back (loan.backRequired); the images must be the caller’s, unused (loan.documentInvalid); the disclaimer accepted. ' +
      'One loan not yet ended at a time (loan.openExists); an unknown product: loan.configNotFound.',
    auth: 'required',
    body: loanApplySchema,
    reply: loanSchema,
    handler: ({ body, request }) => loans.apply(viewerOf(request).userId, body),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/loan/list',
    tag: 'loans',
    summary: "The user's loans, newest first, all or of one status (Page<Loan>)",
    auth: 'required',
    query: loanListQuerySchema,
    reply: pageSchemaOf(loanSchema),
    handler: ({ query, request }) => loans.loansOf(viewerOf(request).userId, query.status, query.page, query.pageSize),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/loan/detail',
    refusals: { 404: ['loan.notFound'] },
    tag: 'loans',
    summary: "One of the user's loans (Loan); another user's or an unknown id: loan.notFound",
    auth: 'required',
    query: loanIdSchema,
    reply: loanSchema,
    handler: ({ query, request }) => loans.loanOf(viewerOf(request).userId, query.id),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/loan/document',
    refusals: { 404: ['loan.notFound'] },
    tag: 'loans',
    summary: "An identity image of the user's own loan; the image itself, never cached",
    auth: 'required',
    query: loanDocumentQuerySchema,
    raw: { mediaTypes: IMAGE_MEDIA_TYPES },
    handler: async ({ query, request, reply }) => {
      const image = await loans.document(query.id, query.side, viewerOf(request).userId);
      reply.header('cache-control', 'no-store').type(image.mime);
      return image.bytes;
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/loan/repay',
    refusals: [...PAID_CALL, { 400: ['balance.insufficient'], 404: ['loan.notFound'], 409: ['loan.notRepayable'] }],
    tag: 'loans',
    summary: 'Repay now: the total (principal and interest) is held from the balance and waits for review (Loan, status repaying)',
    description: 'Idempotency-Key header and payment password required. Only an approved loan or one whose repayment failed (loan.notRepayable).',
    auth: 'required',
    body: loanRepaySchema,
    reply: loanSchema,
    handler: ({ body, request }) => payWithBody(request, body, (tx, userId, input) => loans.repay(tx, userId, input.id, clock())),
  });
}

const operatorLoanSchema = loanSchema.extend({ userId: z.string(), username: z.string() });

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
    summary: 'Loans by status (all when absent), oldest first, with the borrower (finance)',
    auth: finance,
    query: loanListQuerySchema,
    reply: pageSchemaOf(operatorLoanSchema),
    handler: ({ query }) => loans.list(query.status, query.page, query.pageSize),
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

  const decision = (url: string, summary: string, decide: (input: { id: number; reason?: string }, request: FastifyRequest) => Promise<unknown>) =>
    apiRoute(app, {
      method: 'POST',
      url,
      tag: 'ops',
      summary,
      auth: finance,
      body: loanDecisionSchema,
      refusals: { 400: ['ops.reasonRequired'], 404: ['loan.notFound'], 409: ['ops.alreadyDecided'] },
      reply: loanSchema,
      handler: ({ body, request }) => decide(body, request) as never,
    });

  decision('/loans/approve', 'Approve a pending application: paid out from the loans account; a principal loan holds its collateral (finance, audited)', (input, request) =>
    loans.approve(input.id, actorOf(request)),
  );
  decision('/loans/reject', 'Reject a pending application, with the reason the user reads or none (finance, audited)', (input, request) =>
    loans.reject(input.id, input.reason, actorOf(request)),
  );
  decision('/loans/repayment/confirm', 'Confirm a repayment under review: principal and interest taken, collateral released (finance, audited)', (input, request) =>
    loans.confirmRepayment(input.id, actorOf(request)),
  );
  decision('/loans/repayment/refuse', 'Refuse a repayment under review with a reason: its hold returns, the loan shows repayment failed (finance, audited)', (input, request) =>
    loans.refuseRepayment(input.id, input.reason, actorOf(request)),
  );
}
