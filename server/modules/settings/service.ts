/** The settings the app loads at start (docs/api.md): support link, EUR rate, deposit options. */
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { formatDecimalString } from '../../../src/domain/money';
import type { CoinEntry, KfReply, RateItem } from '../../../src/domain/wire';
import type { Db } from '../../db/client';
import { coins } from '../../db/schema';
import { readSetting, SETTING_KEYS } from './settings';

/** The rate is shown with 4 decimals, cut, like balances. */
const RATE_DECIMALS = 4;

export function createSettings(db: Db) {
  async function required(key: (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS]): Promise<string> {
    const value = await readSetting(db, key);
    // Seeded at every start; missing means the database was changed by hand.
    if (value === null) throw new AppError('server.error', 500);
    return value;
  }

  return {
    async supportLink(): Promise<KfReply> {
      return { kf: await required(SETTING_KEYS.supportUrl) };
    },

    async rates(): Promise<RateItem[]> {
      const rate = await required(SETTING_KEYS.usdtEurRate);
      return [{ currency: 'EUR', rate: formatDecimalString(rate, RATE_DECIMALS) }];
    },

    async depositOptions(): Promise<CoinEntry[]> {
      const rows = await db.select().from(coins).where(eq(coins.enabled, true)).orderBy(asc(coins.sortOrder), asc(coins.id));
      return rows.map((coin) => ({
        id: coin.id,
        name: coin.name,
        kind: coin.kind,
        network: coin.network,
        address: coin.address,
        ...(coin.addressOmni ? { address_omni: coin.addressOmni } : {}),
        ...(coin.addressErc ? { address_erc: coin.addressErc } : {}),
        ...(coin.kind === 'bank' ? { bank: coin.bank } : {}),
      }));
    },
  };
}
