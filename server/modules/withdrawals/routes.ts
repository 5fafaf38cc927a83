/** Withdrawals: what each method costs, the request († and payment password), the records. */
import type { FastifyInstance } from 'fastify';
import { pageQuerySchema, withdrawSchema } from '../../../src/domain/payments';
import { apiRoute, noInput } from '../../http/api-route';
import { idempotencyKeyOf } from '../../http/idempotency';
import { requireSession, viewerOf } from '../auth/guard';
import type { MoneyContext } from '../money';
import { placeWithdrawal, withdrawalsOf, withdrawInfo, type WithdrawalRequest } from './service';

export async function withdrawalRoutes(app: FastifyInstance, ctx: MoneyContext): Promise<void> {
  const { db, clock, services } = ctx;
  const signedIn = [requireSession(services.sessions)];

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/get_info',
    tag: 'withdrawals',
    summary: 'Withdrawal methods with minimum, fee and available balance; the bound bank account or null (WithdrawInfoReply)',
    auth: 'required',
    body: noInput,
    preHandler: signedIn,
    handler: ({ request }) => withdrawInfo(db, viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/out',
    tag: 'withdrawals',
    summary: 'Request a withdrawal; the amount includes the fee and is held at once (WithdrawalRecord, status processing)',
    description: 'Idempotency-Key header and payment password required. crypto: USDT to a TRC20 or ERC20 address; bank: EUR to the bound account.',
    auth: 'required',
    body: withdrawSchema,
    preHandler: signedIn,
    handler: async ({ body, request }) => {
      const { userId } = viewerOf(request);
      const key = idempotencyKeyOf(request);
      const { payPassword, ...withdrawal } = body;
      await services.accounts.checkPayPassword(userId, payPassword);
      const input = withdrawal as WithdrawalRequest;
      return services.idempotency.run({ userId, key, route: 'POST /api/wallet/out', input }, (tx) => placeWithdrawal(tx, userId, input, clock()));
    },
  });

  apiRoute(app, {
    method: 'GET',
    url: '/user/withdraw/list',
    tag: 'withdrawals',
    summary: "The user's withdrawals, newest first (Page<WithdrawalRecord>)",
    auth: 'required',
    query: pageQuerySchema,
    preHandler: signedIn,
    handler: ({ query, request }) => withdrawalsOf(db, viewerOf(request).userId, query.page, query.pageSize),
  });
}
