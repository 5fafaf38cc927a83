/** POST /wallet/list: the signed-in user's available USDT and EUR balances. */
import type { FastifyInstance } from 'fastify';
import { toDecimalString } from '../../../src/domain/money';
import { walletListReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { availableBalances } from '../../ledger/accounts';

export async function walletModule(app: FastifyInstance): Promise<void> {
  apiRoute(app, {
    method: 'POST',
    url: '/wallet/list',
    tag: 'wallet',
    summary: 'Available balances, full precision decimal strings',
    auth: 'required',
    body: noInput,
    reply: walletListReplySchema,
    handler: async ({ request }) => {
      const balances = await availableBalances(app.deps.db, viewerOf(request).userId);
      return {
        legal_wallet: {
          balance: balances.map(({ asset, balance }) => ({ currency_name: asset, legal_balance: toDecimalString(balance, asset) })),
        },
      };
    },
  });
}
