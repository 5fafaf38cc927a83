/** POST /wallet/list: the signed-in user's available USDT and EUR balances. */
import type { FastifyInstance } from 'fastify';
import { toDecimalString } from '../../../src/domain/money';
import type { WalletListReply } from '../../../src/domain/wire';
import type { Db } from '../../db/client';
import { apiRoute, noInput } from '../../http/api-route';
import { availableBalances } from '../../ledger/accounts';
import type { Services } from '../../services';
import { requireSession, viewerOf } from '../auth/guard';

export function walletRoutes(app: FastifyInstance, db: Db, services: Services): void {
  apiRoute(app, {
    method: 'POST',
    url: '/wallet/list',
    tag: 'wallet',
    summary: 'Available balances, full precision decimal strings',
    auth: 'required',
    body: noInput,
    preHandler: [requireSession(services.sessions)],
    handler: async ({ request }): Promise<WalletListReply> => {
      const balances = await availableBalances(db, viewerOf(request).userId);
      return {
        legal_wallet: {
          balance: balances.map(({ asset, balance }) => ({ currency_name: asset, legal_balance: toDecimalString(balance, asset) })),
        },
      };
    },
  });
}
