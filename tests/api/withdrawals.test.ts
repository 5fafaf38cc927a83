/**
 * Withdrawals: the info screen, every refusal with its key, the hold at request, the operator's
 * payout and cancellation, and money that cannot be spent twice however many requests race.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorText } from '../../src/locales/errors';
import type { Page, WithdrawalRecord, WithdrawInfoReply } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { balanceOf } from '../../server/ledger/accounts';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from '../../server/modules/withdrawals/decisions';
import { placeWithdrawal, withdrawalReads } from '../../server/modules/withdrawals/requests';
import { startTestApp, USDT, type TestApp } from './harness';

let t: TestApp;
let operatorId: string;
beforeAll(async () => {
  t = await startTestApp();
  operatorId = await t.financeOperator();
});
afterAll(() => t?.close());

const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

type PayingUser = Awaited<ReturnType<TestApp['payingUser']>>;

const key = () => crypto.randomUUID();

function withdraw(user: { token: string; payPassword?: string }, body: Record<string, unknown>, idempotencyKey: string | null = key()) {
  return t.post<WithdrawalRecord>(
    '/wallet/out',
    { payPassword: user.payPassword, ...body },
    { token: user.token, headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey } },
  );
}

const crypto30 = { method: 'crypto', network: 'TRC20', address: TRC20, amount: '30' };

const balances = async (userId: string, asset: 'USDT' | 'EUR' = 'USDT') => ({
  available: await balanceOf(t.database.db, userId, asset, 'available'),
  held: await balanceOf(t.database.db, userId, asset, 'held'),
});


async function records(token: string) {
  const reply = await t.get<Page<WithdrawalRecord>>('/user/withdraw/list', { token });
  expect(reply.status).toBe(200);
  return reply.body.data!;
}

const bank = {
  firstName: 'Anna',
  lastName: 'Schmidt',
  iban: 'DE89 3704 0044 0532 0130 00',
  swift: 'COBADEFFXXX',
  bankName: 'Commerzbank',
  country: 'Germany',
  address: 'Kaiserstraße 16, Frankfurt',
};

async function bindBank(user: PayingUser) {
  const reply = await t.post('/user/cash_save', { ...bank, payPassword: user.payPassword }, { token: user.token, headers: { 'idempotency-key': key() } });
  expect(reply.status).toBe(200);
}

async function setSetting(name: string, value: string) {
  await t.database.db.execute(sql`UPDATE settings SET value = ${value} WHERE key = ${name}`);
}

describe('what the withdrawal screen shows', () => {
  test('both methods with minimum, fee and available balance; the bound bank once there is one', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(55));
    await t.fund(user.userId, 'EUR', 1234n);
    const before = await t.post<WithdrawInfoReply>('/wallet/get_info', {}, { token: user.token });
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      methods: [
        { method: 'crypto', asset: 'USDT', networks: ['TRC20', 'ERC20'], minimum: '10.000000', fee: '1.000000', available: '55.000000' },
        { method: 'bank', asset: 'EUR', networks: [], minimum: '10.00', fee: '1.00', available: '12.34' },
      ],
      bank: null,
    });
    await bindBank(user);
    const after = await t.post<WithdrawInfoReply>('/wallet/get_info', {}, { token: user.token });
    expect(after.body.data!.bank).toMatchObject({ firstName: 'Anna', lastName: 'Schmidt', iban: 'DE89370400440532013000' });
  });
});

describe('a withdrawal request', () => {
  test('crypto: the whole amount is held at once; the record shows fee and net', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    const reply = await withdraw(user, { ...crypto30, network: 'ERC20', address: ERC20 });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      method: 'crypto',
      asset: 'USDT',
      network: 'ERC20',
      destination: ERC20,
      amount: '30.000000',
      fee: '1.000000',
      net: '29.000000',
      status: 'processing',
      txReference: null,
      reason: null,
      decidedAt: null,
    });
    expect(reply.body.data!.orderNo).toMatch(/^W\d{10}$/);
    expect(await balances(user.userId)).toEqual({ available: USDT(70), held: USDT(30) });
    const list = await records(user.token);
    expect(list.total).toBe(1);
    expect(list.list[0]).toEqual(reply.body.data);
    await t.assertLedgerClean();
  });

  test('bank: EUR to the bound account, named as it was at the time', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'EUR', 50_00n);
    await bindBank(user);
    const reply = await withdraw(user, { method: 'bank', amount: '20.50' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      method: 'bank',
      asset: 'EUR',
      network: null,
      destination: 'DE89370400440532013000 (Anna Schmidt)',
      amount: '20.50',
      fee: '1.00',
      net: '19.50',
    });
    expect(await balances(user.userId, 'EUR')).toEqual({ available: 29_50n, held: 20_50n });
    // Binding another account later does not rewrite where this one goes.
    const rebound = await t.post('/user/cash_save', { ...bank, firstName: 'Berta', payPassword: user.payPassword }, { token: user.token, headers: { 'idempotency-key': key() } });
    expect(rebound.status).toBe(200);
    expect((await records(user.token)).list[0].destination).toBe('DE89370400440532013000 (Anna Schmidt)');
  });

  test('every refusal has its key, and none of them keeps anything', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(40));
    await t.fund(user.userId, 'EUR', 40_00n);

    const below = await withdraw(user, { ...crypto30, amount: '9.999999' });
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({ key: 'withdraw.belowMinimum', field: 'amount', message: 'The minimum withdrawal is 10 USDT.' });

    const aboveBalance = await withdraw(user, { ...crypto30, amount: '40.000001' });
    expect(aboveBalance.status).toBe(400);
    expect(aboveBalance.body).toMatchObject({ key: 'balance.insufficient', message: errorText('en', 'balance.insufficient') });

    const noBank = await withdraw(user, { method: 'bank', amount: '20' });
    expect(noBank.status).toBe(400);
    expect(noBank.body.key).toBe('bank.required');

    const badTron = await withdraw(user, { ...crypto30, address: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect(badTron.status).toBe(400);
    expect(badTron.body).toMatchObject({ key: 'address.invalid', field: 'address' });
    const badTronChecksumChar = await withdraw(user, { ...crypto30, address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU0' });
    expect(badTronChecksumChar.body.key).toBe('address.invalid');
    const badEthereum = await withdraw(user, { ...crypto30, network: 'ERC20', address: TRC20 });
    expect(badEthereum.status).toBe(400);
    expect(badEthereum.body).toMatchObject({ key: 'address.invalid', field: 'address' });
    const noAddress = await withdraw(user, { ...crypto30, address: '' });
    expect(noAddress.body.key).toBe('address.required');

    const badAmount = await withdraw(user, { ...crypto30, amount: '12.1234567' });
    expect(badAmount.body).toMatchObject({ key: 'amount.invalid', field: 'amount' });
    const badEuroAmount = await withdraw(user, { method: 'bank', amount: '12.345' });
    expect(badEuroAmount.body.key).toBe('amount.invalid');

    const wrongPassword = await withdraw({ ...user, payPassword: '111111' }, crypto30);
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.key).toBe('payPassword.wrong');

    const noKey = await withdraw(user, crypto30, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.key).toBe('idempotency.keyRequired');
    const badKey = await withdraw(user, crypto30, 'has spaces in it');
    expect(badKey.body.key).toBe('idempotency.keyInvalid');

    expect((await records(user.token)).total).toBe(0);
    expect(await balances(user.userId)).toEqual({ available: USDT(40), held: 0n });
    expect(await balances(user.userId, 'EUR')).toEqual({ available: 40_00n, held: 0n });
    await t.assertLedgerClean();
  });

  test('the amount must be more than the fee', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    await setSetting('withdraw_fee_usdt', '12.5');
    try {
      const atFee = await withdraw(user, { ...crypto30, amount: '12.5' });
      expect(atFee.status).toBe(400);
      expect(atFee.body).toMatchObject({ key: 'withdraw.notAboveFee', field: 'amount', message: 'The amount must be more than the fee of 12.5 USDT.' });
      const above = await withdraw(user, { ...crypto30, amount: '12.500001' });
      expect(above.status).toBe(200);
      expect(above.body.data).toMatchObject({ fee: '12.500000', net: '0.000001' });
    } finally {
      await setSetting('withdraw_fee_usdt', '1');
    }
  });

  test('without a payment password nothing can be withdrawn', async () => {
    const user = await t.signedInUser();
    await t.fund(await t.userIdOf(user.token), 'USDT', USDT(100));
    const reply = await withdraw({ token: user.token, payPassword: '250917' }, crypto30);
    expect(reply.status).toBe(400);
    expect(reply.body.key).toBe('payPassword.notSet');
  });

  test('a replayed key returns the first reply and moves nothing; another request under it is refused', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    const k = key();
    const first = await withdraw(user, crypto30, k);
    const again = await withdraw(user, crypto30, k);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const other = await withdraw(user, { ...crypto30, amount: '31' }, k);
    expect(other.status).toBe(422);
    expect(other.body.key).toBe('idempotency.keyReused');
    expect((await records(user.token)).total).toBe(1);
    expect(await balances(user.userId)).toEqual({ available: USDT(70), held: USDT(30) });
  });
});

describe('the operator decides', () => {
  async function placed(user: PayingUser, body = crypto30) {
    const reply = await withdraw(user, body);
    expect(reply.status).toBe(200);
    return reply.body.data!;
  }

  test('approval: completed with the payout reference; the fee goes to the platform fees', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    const record = await placed(user);
    const feesBefore = await t.platformBalance('fees', 'USDT');
    const paidBefore = await t.platformBalance('withdrawals', 'USDT');
    t.clock.advance(60);
    const decided = await inTransaction(t.database.db, (tx) =>
      approveWithdrawal(tx, { id: record.id, operatorId, txReference: ' 0xabc123 ', at: t.clock.now() }),
    );
    expect(decided).toMatchObject({ id: record.id, userId: user.userId, status: 'completed', txReference: '0xabc123', decidedAt: t.clock.now().toISOString() });
    expect(await t.platformBalance('fees', 'USDT')).toBe(feesBefore + USDT(1));
    expect(await t.platformBalance('withdrawals', 'USDT')).toBe(paidBefore + USDT(29));
    expect(await balances(user.userId)).toEqual({ available: USDT(70), held: 0n });
    const [shown] = (await records(user.token)).list;
    expect(shown).toMatchObject({ status: 'completed', txReference: '0xabc123' });
    const audit = await rowsOf<{ action: string; operator_id: string; user_id: string }>(
      t.database.db,
      sql`SELECT action, operator_id, user_id FROM audit_log WHERE subject = ${`withdrawal:${record.id}`}`,
    );
    expect(audit).toEqual([{ action: 'withdrawal.approve', operator_id: operatorId, user_id: user.userId }]);
    const transfers = await rowsOf<{ kind: string; amount: string; operator_id: string }>(
      t.database.db,
      sql`SELECT kind, amount::text, operator_id FROM ledger_transfers WHERE reference = ${`withdrawal:${record.id}`} ORDER BY id`,
    );
    expect(transfers).toEqual([
      { kind: 'withdrawal_hold', amount: '30000000', operator_id: null },
      { kind: 'withdrawal_payout', amount: '29000000', operator_id: operatorId },
      { kind: 'withdrawal_fee', amount: '1000000', operator_id: operatorId },
    ]);

    const twice = inTransaction(t.database.db, (tx) => rejectWithdrawal(tx, { id: record.id, operatorId, reason: 'changed my mind', at: t.clock.now() }));
    await expect(twice).rejects.toMatchObject({ key: 'ops.alreadyDecided', status: 409 });
    await t.assertLedgerClean();
  });

  test('rejection: the money is back on available and the user reads the reason', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    const record = await placed(user);
    const decided = await inTransaction(t.database.db, (tx) =>
      rejectWithdrawal(tx, { id: record.id, operatorId, reason: 'Address is on a sanctions list', at: t.clock.now() }),
    );
    expect(decided).toMatchObject({ status: 'cancelled', reason: 'Address is on a sanctions list', userId: user.userId });
    expect(await balances(user.userId)).toEqual({ available: USDT(100), held: 0n });
    expect((await records(user.token)).list[0]).toMatchObject({ status: 'cancelled', reason: 'Address is on a sanctions list' });
    const [release] = await rowsOf<{ reason: string; operator_id: string }>(
      t.database.db,
      sql`SELECT reason, operator_id FROM ledger_transfers WHERE idempotency_key = ${`withdrawal:${record.id}:release`}`,
    );
    expect(release).toEqual({ reason: 'Address is on a sanctions list', operator_id: operatorId });
    const twice = inTransaction(t.database.db, (tx) => approveWithdrawal(tx, { id: record.id, operatorId, txReference: '0x1', at: t.clock.now() }));
    await expect(twice).rejects.toMatchObject({ key: 'ops.alreadyDecided' });
    await t.assertLedgerClean();
  });

  test('an unknown id, a missing reason or reference are refused', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    const record = await placed(user);
    const decide = (work: Parameters<typeof inTransaction>[1]) => inTransaction(t.database.db, work);
    await expect(decide((tx) => approveWithdrawal(tx, { id: 987654, operatorId, txReference: '0x1', at: t.clock.now() }))).rejects.toMatchObject({
      key: 'record.notFound',
      status: 404,
    });
    await expect(decide((tx) => rejectWithdrawal(tx, { id: record.id, operatorId, reason: '  ', at: t.clock.now() }))).rejects.toMatchObject({
      key: 'ops.reasonRequired',
    });
    await expect(decide((tx) => approveWithdrawal(tx, { id: record.id, operatorId, txReference: '', at: t.clock.now() }))).rejects.toMatchObject({
      key: 'ops.referenceRequired',
    });
    expect((await records(user.token)).list[0].status).toBe('processing');
  });

  test('the operators list shows whose request it is, by status', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    const record = await placed(user);
    const processing = await listWithdrawals(t.database.db, { status: 'processing', page: 1, pageSize: 50 });
    const entry = processing.list.find((row) => row.id === record.id);
    expect(entry).toMatchObject({ ...record, userId: user.userId, username: user.username });
    expect(processing.list.every((row) => row.status === 'processing')).toBe(true);
    const completed = await listWithdrawals(t.database.db, { status: 'completed', page: 1, pageSize: 50 });
    expect(completed.list.some((row) => row.id === record.id)).toBe(false);
  });
});

describe('racing requests cannot spend the same money twice', () => {
  test(
    '100 requests for the whole balance at once: exactly one is accepted',
    async () => {
      const user = await t.payingUser();
      const whole = USDT(250);
      await t.fund(user.userId, 'USDT', whole);
      const replies = await Promise.all(Array.from({ length: 100 }, () => withdraw(user, { ...crypto30, amount: '250' })));
      const accepted = replies.filter((reply) => reply.status === 200);
      const refused = replies.filter((reply) => reply.status !== 200);
      expect(accepted).toHaveLength(1);
      expect(refused).toHaveLength(99);
      expect(new Set(refused.map((reply) => reply.body.key))).toEqual(new Set(['balance.insufficient']));
      expect(await balances(user.userId)).toEqual({ available: 0n, held: whole });
      expect((await records(user.token)).total).toBe(1);
      await t.assertLedgerClean();
    },
    120_000,
  );

  test(
    '50 requests of 30 on a balance of 100: exactly three are accepted',
    async () => {
      const user = await t.payingUser();
      await t.fund(user.userId, 'USDT', USDT(100));
      const replies = await Promise.all(Array.from({ length: 50 }, () => withdraw(user, crypto30)));
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
      expect(replies.filter((reply) => reply.status !== 200).map((reply) => reply.body.key)).toEqual(Array(47).fill('balance.insufficient'));
      expect(await balances(user.userId)).toEqual({ available: USDT(10), held: USDT(90) });
      await t.assertLedgerClean();
    },
    120_000,
  );

  test(
    'the hold itself, without the payment-password check in front: 100 placements at once, one succeeds',
    async () => {
      // Payment-password checks of one user run one after another; this races the transactions alone.
      const user = await t.payingUser();
      await t.fund(user.userId, 'USDT', USDT(250));
      const input = { method: 'crypto' as const, network: 'TRC20' as const, address: TRC20, amount: '250' };
      const outcomes = await Promise.allSettled(
        Array.from({ length: 100 }, () => inTransaction(t.database.db, async (tx) => placeWithdrawal(tx, user.userId, input, t.clock.now(), await withdrawalReads(tx, user.userId, input, async () => undefined)))),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const reasons = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as { key?: string }).key] : []));
      expect(reasons).toEqual(Array(99).fill('balance.insufficient'));
      expect(await balances(user.userId)).toEqual({ available: 0n, held: USDT(250) });
      expect((await records(user.token)).total).toBe(1);
      await t.assertLedgerClean();
    },
    60_000,
  );

  test(
    '10 replays of one key at once: the money moves once',
    async () => {
      const user = await t.payingUser();
      await t.fund(user.userId, 'USDT', USDT(100));
      const k = key();
      const replies = await Promise.all(Array.from({ length: 10 }, () => withdraw(user, crypto30, k)));
      const ok = replies.filter((reply) => reply.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((reply) => reply.body.data!.id)).size).toBe(1);
      for (const reply of replies.filter((r) => r.status !== 200)) {
        expect(reply.status).toBe(409);
        expect(reply.body.key).toBe('idempotency.inProgress');
      }
      expect((await records(user.token)).total).toBe(1);
      expect(await balances(user.userId)).toEqual({ available: USDT(70), held: USDT(30) });
      await t.assertLedgerClean();
    },
    60_000,
  );
});

describe('two operators deciding one withdrawal at once', () => {
  const financeToken = () => t.operatorToken(operatorId);

  test(
    'approve and reject racing: exactly one wins, the other is told in its language it was already decided; the money follows the winner',
    async () => {
      const [approver, rejecter] = [await financeToken(), await financeToken()];
      const user = await t.payingUser();
      await t.fund(user.userId, 'USDT', USDT(100));
      const winners: string[] = [];
      // Five rounds, so both orders of arrival get their chance on PostgreSQL.
      for (let round = 0; round < 5; round++) {
        const placed = await withdraw(user, { ...crypto30, amount: '10' });
        expect(placed.status).toBe(200);
        const id = placed.body.data!.id;
        const feesBefore = await t.platformBalance('fees', 'USDT');
        const paidBefore = await t.platformBalance('withdrawals', 'USDT');
        const before = await balances(user.userId);
        const approve = () => t.post<WithdrawalRecord>('/ops/withdrawals/approve', { id, txReference: `0xround${round}` }, { token: approver, headers: { 'accept-language': 'de' } });
        const reject = () => t.post<WithdrawalRecord>('/ops/withdrawals/reject', { id, reason: 'Address on a sanctions list' }, { token: rejecter, headers: { 'accept-language': 'de' } });
        const [approved, rejected] = round % 2 === 0 ? await Promise.all([approve(), reject()]) : (await Promise.all([reject(), approve()])).reverse();

        expect([approved.status, rejected.status].sort()).toEqual([200, 409]);
        const [won, lost] = approved.status === 200 ? [approved, rejected] : [rejected, approved];
        // Both sessions are one operator's here: the refusal names them, at the test clock's minute.
        const time = `${t.clock.now().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
        expect(lost.body).toMatchObject({ key: 'ops.alreadyDecided', message: errorText('de', 'ops.alreadyDecided', { operator: 'finance1', time }), data: { operator: 'finance1' } });
        const outcome = approved.status === 200 ? 'completed' : 'cancelled';
        winners.push(outcome);
        expect(won.body.data).toMatchObject({ id, status: outcome });
        expect((await records(user.token)).list.find((r) => r.id === id)).toMatchObject({ status: outcome });

        // Held 10 either leaves as 9 paid out + 1 fee, or goes back to available; never both.
        const after = await balances(user.userId);
        expect(after.held).toBe(before.held - USDT(10));
        expect(after.available).toBe(outcome === 'completed' ? before.available : before.available + USDT(10));
        expect(await t.platformBalance('withdrawals', 'USDT')).toBe(paidBefore + (outcome === 'completed' ? USDT(9) : 0n));
        expect(await t.platformBalance('fees', 'USDT')).toBe(feesBefore + (outcome === 'completed' ? USDT(1) : 0n));
        const kinds = await rowsOf<{ kind: string }>(t.database.db, sql`SELECT kind FROM ledger_transfers WHERE reference = ${`withdrawal:${id}`} ORDER BY id`);
        expect(kinds.map((k) => k.kind)).toEqual(
          outcome === 'completed' ? ['withdrawal_hold', 'withdrawal_payout', 'withdrawal_fee'] : ['withdrawal_hold', 'withdrawal_release'],
        );
        const audit = await rowsOf<{ action: string }>(t.database.db, sql`SELECT action FROM audit_log WHERE subject = ${`withdrawal:${id}`}`);
        expect(audit.map((a) => a.action)).toEqual([outcome === 'completed' ? 'withdrawal.approve' : 'withdrawal.reject']);
      }
      const paidOut = winners.filter((w) => w === 'completed').length;
      expect(await balances(user.userId)).toEqual({ available: USDT(100) - USDT(10) * BigInt(paidOut), held: 0n });
      await t.assertLedgerClean();
    },
    60_000,
  );
});
