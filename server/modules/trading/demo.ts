/**
 * The hall of a demo installation (the embedded default, or SEED_DEMO=true): the two demo
 * merchants get demo funds (an operator-style correction from the platform's adjustments
 * account, named as such in their fund records) and post offers both ways around the reference
 * price, so a newcomer signed in as a merchant sees a trade happen at once. Runs once: a hall
 * that has ever had an offer is left alone.
 */
import { sql } from 'drizzle-orm';
import { parseRate, type Asset } from '../../../src/domain/money';
import { priceText } from '../../../src/domain/trading';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { postTransfer } from '../../ledger/transfers';
import { readSettings, SETTING_KEYS } from '../settings';
import { TradeNotices } from './outbox';
import { createTrading } from './service';

interface DemoMerchant {
  username: string;
  funds: Record<Asset, bigint>;
  /** Offers: side, quantity in USDT, price as ten-thousandths above (+) or below (−) the reference. */
  offers: Array<{ side: 'sell' | 'buy'; quantity: string; spread: bigint; min: string; max: string }>;
}

const DEMO_HALL: DemoMerchant[] = [
  {
    username: 'merchant',
    funds: { USDT: 5_000_000_000n, EUR: 500_000n },
    offers: [
      { side: 'sell', quantity: '2000', spread: 80n, min: '10', max: '1000' },
      { side: 'buy', quantity: '1500', spread: -80n, min: '10', max: '500' },
    ],
  },
  {
    username: 'trader',
    funds: { USDT: 3_000_000_000n, EUR: 300_000n },
    offers: [
      { side: 'sell', quantity: '1000', spread: 120n, min: '5', max: '300' },
      { side: 'buy', quantity: '800', spread: -120n, min: '5', max: '300' },
    ],
  },
];

export async function seedDemoHall(db: Db): Promise<void> {
  const [{ offers }] = await rowsOf<{ offers: number }>(db, sql`SELECT count(*)::int AS offers FROM trade_offers`);
  if (Number(offers) > 0) return;
  const [rate] = await readSettings(db, [SETTING_KEYS.usdtEurRate]);
  const micro = rate === null ? null : parseRate(rate);
  if (micro === null) return;
  const reference = micro / 100n;
  const trading = createTrading(db, () => new Date());
  for (const merchant of DEMO_HALL) {
    const [user] = await rowsOf<{ id: string }>(db, sql`SELECT id FROM users WHERE lower(username) = ${merchant.username} AND is_merchant`);
    if (!user) continue;
    for (const asset of ['USDT', 'EUR'] as const) {
      const key = `demo-funds:${merchant.username}:${asset}`;
      // A start that stopped halfway through has funded already: the funds are posted once.
      const [funded] = await rowsOf<{ id: string }>(db, sql`SELECT id::text FROM ledger_transfers WHERE idempotency_key = ${key}`);
      if (funded) continue;
      await inTransaction(db, (tx) =>
        postTransfer(tx, {
          debit: { platform: 'adjustments' },
          credit: { userId: user.id, purpose: 'available' },
          asset,
          amount: merchant.funds[asset],
          kind: 'adjustment',
          reference: `demo:${merchant.username}`,
          idempotencyKey: key,
          reason: 'Demo funds',
          at: new Date(),
        }),
      );
    }
    for (const offer of merchant.offers) {
      const price = priceText(reference + offer.spread);
      await inTransaction(db, (tx) =>
        trading.postOffer(tx, user.id, { side: offer.side, quantity: offer.quantity, price, minAmount: offer.min, maxAmount: offer.max }, new TradeNotices()),
      );
    }
  }
}
