/** POST /wallet/list: the signed-in user's available USDT and EUR balances. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ASSET_CODES, toDecimalString } from '../../../src/domain/money';
import type { WalletListReply } from '../../../src/domain/wire';
import { walletListReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { batchedRead, rowsPerAsker } from '../../db/batched-reads';
import { rowsOf } from '../../db/rows';

export async function walletModule(app: FastifyInstance): Promise<void> {
  // The balances of users' available accounts (as server/ledger/accounts.ts reads them), for every
  // user asking at once in one statement (prepared by the pool: db/named-statements.ts): the home screen asks for them on every visit.
  const availableBalances = batchedRead<string, WalletListReply>({
    keyOf: (userId) => userId,
    async answer(userIds) {
      const rows = await rowsOf<{ user_id: string; asset: string; balance: string }>(
        app.deps.db,
        sql`SELECT user_id::text, asset, balance::text FROM ledger_accounts
            WHERE owner_kind = 'user' AND purpose = 'available' AND user_id = ANY(string_to_array(${userIds.join(',')}, ',')::uuid[])`,
      );
      const perUser = rowsPerAsker(rows, (row) => row.user_id);
      return new Map(
        userIds.map((userId) => {
          const mine = perUser.get(userId) ?? [];
          // USDT first, then EUR: the order of ASSET_CODES, which the app shows.
          const balance = ASSET_CODES.flatMap((asset) => {
            const row = mine.find((candidate) => candidate.asset === asset);
            return row ? [{ currency_name: asset, legal_balance: toDecimalString(BigInt(row.balance), asset) }] : [];
          });
          return [userId, { legal_wallet: { balance } }];
        }),
      );
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/wallet/list',
    tag: 'wallet',
    summary: 'Available balances, full precision decimal strings',
    auth: 'required',
    body: noInput,
    reply: walletListReplySchema,
    handler: ({ request }) => availableBalances(viewerOf(request).userId),
  });
}
