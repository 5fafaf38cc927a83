/** Bank binding: POST /user/cash_save (Idempotency-Key header and payment password) and POST /user/cash_info. */
import type { FastifyInstance } from 'fastify';
import { bankBindingSchema } from '../../../src/domain/payments';
import { bankBindingReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { PAID_CALL, SECOND_FACTOR } from '../../http/refusals';
import { viewerOf } from '../../http/auth';
import { payWithSecondFactor } from '../../http/paid-call';

export async function bankingModule(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const { banking } = app.services;

  apiRoute(app, {
    method: 'POST',
    url: '/user/cash_save',
    refusals: [...PAID_CALL, SECOND_FACTOR],
    tag: 'banking',
    summary: 'Bind the bank account for EUR withdrawals, replacing the one before (BankBinding)',
    description: 'Idempotency-Key header and payment password required, and the second factor once the account has one. IBAN checked by ISO 13616 (mod 97), SWIFT/BIC by ISO 9362.',
    auth: 'required',
    body: bankBindingSchema,
    reply: bankBindingReplySchema,
    handler: ({ body, request }) => payWithSecondFactor(request, body, (tx, userId, details) => banking.save(tx, userId, details, clock())),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/cash_info',
    tag: 'banking',
    summary: 'The bound bank account (BankBinding) or null',
    auth: 'required',
    body: noInput,
    reply: bankBindingReplySchema.nullable(),
    handler: ({ request }) => banking.binding(viewerOf(request).userId),
  });
}
