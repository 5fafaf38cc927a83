/**
 * Records belong to their user: a second user never sees or acts on the first user's deposits,
 * withdrawals or bank account. The customer calls of this area take no record id (lists and the
 * binding are always the session's own), so what is checked is that nothing of user A appears in
 * anything user B can call, and that B's money calls cannot reach A's account or balance.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BankBinding, CoinEntry, DepositRecord, Page, WithdrawalRecord, WithdrawInfoReply } from '../../src/domain/wire';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const key = () => ({ 'idempotency-key': crypto.randomUUID() });

const deposit = (token: string, coinId: number, amount: string) => t.requestDeposit(token, { coinId: String(coinId), amount });

describe("one user's money records are invisible to another", () => {
  test('deposits, withdrawals and the bank binding of A never show for B', async () => {
    const a = await t.payingUser();
    const b = await t.payingUser();
    const coins = (await t.get<{ legal: CoinEntry[] }>('/currency/list')).body.data!.legal;
    const usdt = coins.find((coin) => coin.name === 'USDT')!;
    const bankOption = coins.find((coin) => coin.kind === 'bank')!;

    await t.fund(a.userId, 'USDT', 100_000_000n);
    await t.fund(a.userId, 'EUR', 100_00n);
    const aBinding = await t.post<BankBinding>(
      '/user/cash_save',
      { firstName: 'Anna', lastName: 'Schmidt', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', bankName: 'Commerzbank', country: 'Germany', address: 'Frankfurt', payPassword: a.payPassword },
      { token: a.token, headers: key() },
    );
    expect(aBinding.status).toBe(200);
    const aDeposits = [await deposit(a.token, usdt.id, '100'), await deposit(a.token, bankOption.id, '50')];
    const aCrypto = await t.post<WithdrawalRecord>('/wallet/out', { method: 'crypto', network: 'TRC20', address: TRC20, amount: '30', payPassword: a.payPassword }, { token: a.token, headers: key() });
    const aBank = await t.post<WithdrawalRecord>('/wallet/out', { method: 'bank', amount: '20', payPassword: a.payPassword }, { token: a.token, headers: key() });
    expect([aCrypto.status, aBank.status]).toEqual([200, 200]);

    // A sees their own.
    expect((await t.get<Page<DepositRecord>>('/recharge/log', { token: a.token })).body.data!.total).toBe(2);
    expect((await t.get<Page<WithdrawalRecord>>('/user/withdraw/list', { token: a.token })).body.data!.total).toBe(2);

    // B sees none of it, on any page.
    const bDeposits = await t.get<Page<DepositRecord>>('/recharge/log', { token: b.token, query: { pageSize: '50' } });
    expect(bDeposits.body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 50 });
    const bWithdrawals = await t.get<Page<WithdrawalRecord>>('/user/withdraw/list', { token: b.token, query: { pageSize: '50' } });
    expect(bWithdrawals.body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 50 });
    expect((await t.post('/user/cash_info', {}, { token: b.token })).body.data).toBeNull();
    const bInfo = await t.post<WithdrawInfoReply>('/wallet/get_info', {}, { token: b.token });
    expect(bInfo.body.data!.bank).toBeNull();
    expect(bInfo.body.data!.methods.map((method) => method.available)).toEqual(['0.000000', '0.00']);

    // B's bank withdrawal does not find A's account, and B cannot spend A's balance.
    const bBank = await t.post('/wallet/out', { method: 'bank', amount: '20', payPassword: b.payPassword }, { token: b.token, headers: key() });
    expect(bBank.body.key).toBe('bank.required');
    const bCrypto = await t.post('/wallet/out', { method: 'crypto', network: 'TRC20', address: TRC20, amount: '30', payPassword: b.payPassword }, { token: b.token, headers: key() });
    expect(bCrypto.body.key).toBe('balance.insufficient');

    // B's deposit address for the bank option carries B's own payment reference, not A's.
    const aRef = aDeposits[1].reference;
    const bAddress = await t.post<{ reference: string }>('/wallet/get_in_address', { coinId: bankOption.id }, { token: b.token });
    expect(bAddress.body.data!.reference).toMatch(/^TSR-/);
    expect(bAddress.body.data!.reference).not.toBe(aRef);

    // Idempotency keys are per user: B reusing A's key is B's own new request, not A's reply.
    const sharedKey = crypto.randomUUID();
    const aFirst = await t.post<WithdrawalRecord>('/wallet/out', { method: 'crypto', network: 'TRC20', address: TRC20, amount: '10', payPassword: a.payPassword }, { token: a.token, headers: { 'idempotency-key': sharedKey } });
    expect(aFirst.status).toBe(200);
    const bSame = await t.post('/wallet/out', { method: 'crypto', network: 'TRC20', address: TRC20, amount: '10', payPassword: b.payPassword }, { token: b.token, headers: { 'idempotency-key': sharedKey } });
    expect(bSame.body.key).toBe('balance.insufficient');

    // And after all that, B still has nothing, A still has everything of theirs.
    expect((await t.get<Page<WithdrawalRecord>>('/user/withdraw/list', { token: b.token })).body.data!.total).toBe(0);
    expect((await t.get<Page<WithdrawalRecord>>('/user/withdraw/list', { token: a.token })).body.data!.total).toBe(3);
    expect((await t.post<BankBinding>('/user/cash_info', {}, { token: a.token })).body.data).toEqual(aBinding.body.data);
    await t.assertLedgerClean();
  });

  test('without a session none of the calls answers', async () => {
    const calls: Array<[string, 'GET' | 'POST']> = [
      ['/recharge/log', 'GET'],
      ['/user/withdraw/list', 'GET'],
      ['/user/user_level', 'GET'],
      ['/user/cash_info', 'POST'],
      ['/wallet/get_info', 'POST'],
      ['/wallet/get_in_address', 'POST'],
      ['/wallet/out', 'POST'],
      ['/user/cash_save', 'POST'],
      ['/wallet/charge_req', 'POST'],
    ];
    for (const [url, method] of calls) {
      const reply = method === 'GET' ? await t.get(url) : await t.post(url, {}, { headers: key() });
      expect(reply.status, url).toBe(401);
      expect(reply.body.type, url).toBe('999');
    }
  });
});
