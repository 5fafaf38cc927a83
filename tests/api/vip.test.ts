/** VIP levels: the table, the level rising with approved deposits, the gift of the level reached. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { UserLevelReply } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { approveDeposit, rejectDeposit } from '../../server/modules/deposits/decisions';
import { percentOfBps } from '../../server/modules/vip/service';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let operatorId: string;
let usdtCoinId: number;
beforeAll(async () => {
  t = await startTestApp();
  operatorId = await t.financeOperator();
  usdtCoinId = (await t.coins()).find((coin) => coin.name === 'USDT')!.id;
});
afterAll(() => t?.close());

const deposit = (token: string, amount: string) => t.requestDeposit(token, { coinId: String(usdtCoinId), amount });

const approve = (id: number) => inTransaction(t.database.db, (tx) => approveDeposit(tx, { id, operatorId, at: t.clock.now() }));
const level = async (token: string) => (await t.get<UserLevelReply>('/user/user_level', { token })).body.data!;

describe('VIP levels', () => {
  test('all levels are listed with upgrade amount, gift percent and daily orders', async () => {
    const { token } = await t.signedInUser();
    const reply = await t.get<UserLevelReply>('/user/user_level', { token });
    expect(reply.status).toBe(200);
    const levels = [
      { level: 0, upgradeAmount: '0.000000', giftPercent: '0', dailyOrders: 3 },
      { level: 1, upgradeAmount: '1000.000000', giftPercent: '1', dailyOrders: 5 },
      { level: 2, upgradeAmount: '5000.000000', giftPercent: '1.5', dailyOrders: 10 },
      { level: 3, upgradeAmount: '20000.000000', giftPercent: '2', dailyOrders: 20 },
      { level: 4, upgradeAmount: '100000.000000', giftPercent: '3', dailyOrders: 50 },
    ];
    expect(reply.body.data).toEqual({ level: 0, confirmedDeposits: '0.000000', next: levels[1], levels });
    expect((await t.get('/user/user_level')).status).toBe(401);
  });

  test('gift percents are decimal strings without trailing zeros', () => {
    expect([0, 5, 50, 100, 125, 150, 1000, 10000].map(percentOfBps)).toEqual(['0', '0.05', '0.5', '1', '1.25', '1.5', '10', '100']);
  });

  test('the level rises once approved deposits cross 1,000 USDT; each deposit earns the gift of the level it reaches', async () => {
    const user = await t.signedInUser();
    await approve((await deposit(user.token, '600')).id);
    expect(await level(user.token)).toMatchObject({ level: 0, confirmedDeposits: '600.000000', next: { level: 1 } });

    // Pending and rejected deposits do not count.
    const pending = await deposit(user.token, '5000');
    const rejected = await deposit(user.token, '5000');
    await inTransaction(t.database.db, (tx) => rejectDeposit(tx, { id: rejected.id, operatorId, reason: 'no transfer arrived', at: t.clock.now() }));
    expect((await level(user.token)).level).toBe(0);

    // 600 + 400 = 1000: level 1, and this deposit already earns level 1's 1 %.
    const crossing = await approve((await deposit(user.token, '400')).id);
    expect(crossing.bonus).toBe('4.000000');
    expect(await level(user.token)).toMatchObject({ level: 1, confirmedDeposits: '1000.000000', next: { level: 2, upgradeAmount: '5000.000000' } });
    const info = await t.get<{ vipLevel: number }>('/user/info', { token: user.token });
    expect(info.body.data!.vipLevel).toBe(1);

    // 1000 + 5000 = 6000 reaches level 2: 1.5 % of 5000, as a deposit_bonus transfer from the platform's bonus account.
    const gifted = await approve(pending.id);
    expect(gifted.bonus).toBe('75.000000');
    const [bonus] = await rowsOf<{ kind: string; amount: string; debit: string; credit: string }>(
      t.database.db,
      sql`SELECT t.kind, t.amount::text, d.purpose AS debit, c.purpose AS credit FROM ledger_transfers t
          JOIN ledger_accounts d ON d.id = t.debit_account_id JOIN ledger_accounts c ON c.id = t.credit_account_id
          WHERE t.reference = ${`deposit:${pending.id}`} AND t.kind = 'deposit_bonus'`,
    );
    expect(bonus).toEqual({ kind: 'deposit_bonus', amount: '75000000', debit: 'bonus', credit: 'available' });
    // 6000 USDT confirmed: level 2, with nothing skipped.
    expect(await level(user.token)).toMatchObject({ level: 2, confirmedDeposits: '6000.000000', next: { level: 3 } });
    await t.assertLedgerClean();
  });

  test('a deposit large enough jumps several levels; at the top there is no next level', async () => {
    const { token } = await t.signedInUser();
    await approve((await deposit(token, '100000')).id);
    expect(await level(token)).toMatchObject({ level: 4, confirmedDeposits: '100000.000000', next: null });
  });
});
