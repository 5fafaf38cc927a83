/** POST /wallet/list: the signed-in user's available USDT and EUR balances. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ASSET_CODES, toDecimalString } from '../../../src/domain/money';
import { walletListReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { namedRowsOf } from '../../db/rows';

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
      // The balances of the user's available accounts (as server/ledger/accounts.ts reads them),
      // as a named statement: the home screen asks for them on every visit.
      const rows = await namedRowsOf<{ asset: string; balance: string }>(
        app.deps.db,
        'wallet_available_balances',
        sql`SELECT asset, balance::text FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = ${viewerOf(request).userId} AND purpose = 'available'`,
      );
      // USDT first, then EUR: the order of ASSET_CODES, which the app shows.
      const balance = ASSET_CODES.flatMap((asset) => {
        const row = rows.find((candidate) => candidate.asset === asset);
        return row ? [{ currency_name: asset, legal_balance: toDecimalString(BigInt(row.balance), asset) }] : [];
      });
      return { legal_wallet: { balance } };
    },
  });
}
