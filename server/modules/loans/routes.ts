/**
 * Loan calls (docs/loans.md): the terms and the wallet balance, an identity image at a time, the
 * application, the user's loans and one of them, its identity images (to its owner only), "repay
 * now" (Idempotency-Key header and payment password). The operator's calls are in ops-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  LOAN_DOCUMENT_MAX_BYTES,
  LOAN_PENDING_DOCUMENTS_MAX,
  loanApplySchema,
  loanConfigSchema,
  loanDocumentQuerySchema,
  loanDocumentReplySchema,
  loanIdSchema,
  loanListQuerySchema,
  loanRepaySchema,
  loanAmountCallSchema,
  loanSchema,
} from '../../../src/domain/loan';
import { pageSchemaOf } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { PAID_CALL } from '../../http/refusals';
import { viewerOf } from '../../http/auth';
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
    summary: "The loan terms on offer (type, days, daily rate, APR, amounts), the wallet balance, the loan not yet ended and a principal loan's reference rate and LTV thresholds (LoanConfig)",
    auth: 'required',
    query: noInput,
    reply: loanConfigSchema,
    handler: ({ request }) => loans.config(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/loan/document',
    refusals: { 400: ['loan.documentRequired'], 409: ['loan.documentsPending'] },
    tag: 'loans',
    summary: 'Upload one identity image (front or back of an ID): its id, for the application',
    description:
      'Multipart with the file `file`: JPG, PNG or HEIC by content, at most 2 MB (upload.wrongType 415, upload.tooLarge 413). Without a file: loan.documentRequired. ' +
      `At most ${LOAN_PENDING_DOCUMENTS_MAX} of the user's images not yet taken by an application at a time: 409 loan.documentsPending ({max}).`,
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
    refusals: { 400: ['amount.invalid', 'amount.tooLarge', 'balance.insufficient', 'loan.amountOutOfRange', 'loan.collateralRequired', 'loan.collateralRange', 'loan.backRequired', 'loan.documentInvalid'], 404: ['loan.configNotFound'], 409: ['loan.openExists'] },
    tag: 'loans',
    summary: 'Apply for a loan with the identity images uploaded before (Loan, status pending)',
    description:
      'A loan between the product minimum and maximum (loan.amountOutOfRange). A principal loan names collateralAsset (the other asset than the loan\'s) and collateral ' +
      '(without them, or the same asset: loan.collateralRequired): an LTV of 10–80 % at the reference rate (loan.collateralRange) held in the available balance (balance.insufficient); ' +
      'an ID card needs its back (loan.backRequired); the images must be the caller’s, unused (loan.documentInvalid); the disclaimer accepted. ' +
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
    refusals: [...PAID_CALL, { 400: ['balance.insufficient'], 404: ['loan.notFound'], 409: ['loan.notRepayable', 'loan.liquidated'] }],
    tag: 'loans',
    summary: 'Repay now: the total (principal and interest) is held from the balance and waits for review (Loan, status repaying); an old principal loan is ended at once without interest (Loan, status repaid)',
    description:
      'Idempotency-Key header and payment password required. Only an approved loan or one whose repayment failed (loan.notRepayable); a loan the LTV watch liquidated: loan.liquidated. ' +
      'An old principal loan (oldRule: its collateral the payout itself) is ended at once, approved, failed or repaying: no interest, the payout back from its collateral to the platform, ' +
      'nothing taken from the balance and a repayment under review returned in full (status repaid, repayInterest 0).',
    auth: 'required',
    body: loanRepaySchema,
    reply: loanSchema,
    handler: ({ body, request }) => payWithBody(request, body, (tx, userId, input) => loans.repay(tx, userId, input.id, clock())),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/loan/repay/part',
    refusals: [...PAID_CALL, { 400: ['amount.invalid', 'amount.tooLarge', 'balance.insufficient', 'loan.partTooLarge'], 404: ['loan.notFound'], 409: ['loan.partNotRepayable', 'loan.liquidated'] }],
    tag: 'loans',
    summary: 'Repay part of a loan across assets: the interest so far and `amount` of the principal, in the loan\'s asset, taken from the available balance at once; interest then runs on the principal left (Loan)',
    description:
      'Idempotency-Key header and payment password required. Only a loan across assets that is paid out and not under a repayment\'s review (loan.partNotRepayable); a loan the LTV watch liquidated: loan.liquidated. ' +
      'The interest so far: every started day since the payout, at most the period, not yet paid for by a partial repayment, on the principal left. ' +
      '`amount` less than the principal left (loan.partTooLarge with {left} and {asset}); principal and interest in the available balance (balance.insufficient). ' +
      'The Loan says principalLeft, interestRepaid, interestDaysPaid and interestFrom, and the LTV it lowers (ltvBp; a margin call under way ends below its threshold).',
    auth: 'required',
    body: loanAmountCallSchema,
    reply: loanSchema,
    handler: ({ body, request }) => payWithBody(request, body, (tx, userId, input) => loans.repayPart(tx, userId, input.id, input.amount, clock())),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/loan/collateral/add',
    refusals: [...PAID_CALL, { 400: ['amount.invalid', 'amount.tooLarge', 'balance.insufficient'], 404: ['loan.notFound'], 409: ['loan.collateralNotAddable', 'loan.liquidated'] }],
    tag: 'loans',
    summary: 'Add collateral to a loan across assets: moved from the available balance in the collateral\'s asset, lowering the LTV (Loan)',
    description: 'Idempotency-Key header and payment password required. Only a loan across assets that is paid out and not under a repayment\'s review (loan.collateralNotAddable); a loan the LTV watch liquidated: loan.liquidated.',
    auth: 'required',
    body: loanAmountCallSchema,
    reply: loanSchema,
    handler: ({ body, request }) => payWithBody(request, body, (tx, userId, input) => loans.addCollateral(tx, userId, input.id, input.amount, clock())),
  });
}
