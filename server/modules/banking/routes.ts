/** Bank binding: POST /user/cash_save († and payment password) and POST /user/cash_info. */
import type { FastifyInstance } from 'fastify';
import { bankBindingSchema } from '../../../src/domain/payments';
import { apiRoute, noInput } from '../../http/api-route';
import { idempotencyKeyOf } from '../../http/idempotency';
import { requireSession, viewerOf } from '../auth/guard';
import type { MoneyContext } from '../money';
import { bankBindingOf, saveBankBinding } from './service';

export async function bankingRoutes(app: FastifyInstance, ctx: MoneyContext): Promise<void> {
  const { db, clock, services } = ctx;
  const signedIn = [requireSession(services.sessions)];

  apiRoute(app, {
    method: 'POST',
    url: '/user/cash_save',
    tag: 'banking',
    summary: 'Bind the bank account for EUR withdrawals, replacing the one before (BankBinding)',
    description: 'Idempotency-Key header and payment password required. IBAN checked by ISO 13616 (mod 97), SWIFT/BIC by ISO 9362.',
    auth: 'required',
    body: bankBindingSchema,
    preHandler: signedIn,
    handler: async ({ body, request }) => {
      const { userId } = viewerOf(request);
      const key = idempotencyKeyOf(request);
      const { payPassword, ...details } = body;
      await services.accounts.checkPayPassword(userId, payPassword);
      return services.idempotency.run({ userId, key, route: 'POST /api/user/cash_save', input: details }, (tx) =>
        saveBankBinding(tx, userId, details, clock()),
      );
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/cash_info',
    tag: 'banking',
    summary: 'The bound bank account (BankBinding) or null',
    auth: 'required',
    body: noInput,
    preHandler: signedIn,
    handler: ({ request }) => bankBindingOf(db, viewerOf(request).userId),
  });
}
