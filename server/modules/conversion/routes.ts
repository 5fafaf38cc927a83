/** POST /transfer/quote and POST /transfer (Idempotency-Key header): converting between EUR and USDT. */
import type { FastifyInstance } from 'fastify';
import { quoteRequestSchema, transferSchema } from '../../../src/domain/payments';
import { conversionRecordSchema, quoteReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { NOT_FOUND, PAID_CALL } from '../../http/refusals';
import { viewerOf } from '../../http/auth';
import { payWithBody } from '../../http/paid-call';
import type { ExecutionReads } from './service';

export async function conversionModule(app: FastifyInstance): Promise<void> {
  const { conversions } = app.services;

  apiRoute(app, {
    method: 'POST',
    url: '/transfer/quote',
    refusals: { 400: ['amount.tooSmall', 'balance.insufficient'] },
    tag: 'conversion',
    summary: 'Quote a conversion between EUR and USDT: rate, fee and amount received, valid 30 s (QuoteReply)',
    auth: 'required',
    body: quoteRequestSchema,
    reply: quoteReplySchema,
    handler: ({ body, request }) => conversions.quote(viewerOf(request).userId, body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/transfer',
    refusals: [...PAID_CALL, NOT_FOUND, { 400: ['amount.tooSmall', 'balance.insufficient'], 409: ['transfer.quoteExpired', 'transfer.rateChanged'] }],
    tag: 'conversion',
    summary: 'Execute a quote (needs Idempotency-Key and the payment password); ConversionRecord',
    description:
      'Moves exactly the quoted numbers. 409 transfer.quoteExpired when the quote is older than 30 s or already used, ' +
      "409 transfer.rateChanged when the reference rate moved since; another user's quote answers 404 record.notFound.",
    auth: 'required',
    body: transferSchema,
    reply: conversionRecordSchema,
    handler: ({ body, request }) =>
      payWithBody(
        request,
        body,
        (tx, _userId, _input, reads: ExecutionReads) => conversions.execute(tx, reads),
        (tx, userId, { quoteId }, keyLock) => conversions.executionReads(tx, userId, quoteId, keyLock),
      ),
  });
}
