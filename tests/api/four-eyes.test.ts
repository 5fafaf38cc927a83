/**
 * Two operators on one item. "Taken by": when two decide one queue item at once, one decision
 * stands and the other is refused 409 naming who made it and when. Four eyes: a correction above
 * the admin's threshold is a proposal that posts only when another finance operator approves it.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Loan, LoanConfig } from '../../src/domain/loan';
import type { CoinEntry, DepositRecord, WithdrawalRecord } from '../../src/domain/wire';
import { errorText } from '../../src/locales/errors';
import { rowsOf } from '../../server/db/rows';
import { operators } from '../../server/db/schema';
import { balanceOf } from '../../server/ledger/accounts';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const coin: Record<string, CoinEntry> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const entry of await t.coins()) coin[entry.kind === 'bank' ? 'BANK' : entry.name] = entry;
});
afterAll(async () => {
  await t?.assertLedgerClean();
  await t?.close();
});

const USDT = (units: number) => BigInt(units) * 1_000_000n;
const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

interface Operator {
  id: string;
  username: string;
  token: string;
}

/** An operator written straight into the table, with a session: for decisions, not the sign-in. */
async function operator(role: 'support' | 'finance' | 'admin'): Promise<Operator> {
  const username = `${role}${crypto.randomBytes(3).toString('hex')}`;
  const [row] = await t.database.db
    .insert(operators)
    .values({ username, passwordHash: 'not-used-here', totpSecret: 'JBSWY3DPEHPK3PXP', role, createdAt: t.clock.now() })
    .returning({ id: operators.id });
  return { id: row.id, username, token: await t.operatorToken(row.id) };
}

interface Reply<T> {
  status: number;
  body: { data?: T | null; key?: string; message?: string };
}

/**
 * Two operators deciding at once: exactly one 200; the other 409 ops.alreadyDecided naming the
 * winner and the time, in its data and in its message (in German here). Returns the winner.
 */
async function race<T>(alice: Operator, bob: Operator, decide: (who: Operator) => Promise<Reply<T>>): Promise<{ winner: Operator; won: Reply<T> }> {
  const replies = await Promise.all([decide(alice), decide(bob)]);
  expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
  const wonAt = replies.findIndex((reply) => reply.status === 200);
  const [winner, won, lost] = [[alice, bob][wonAt], replies[wonAt], replies[1 - wonAt]];
  const data = lost.body.data as { operator: string; operatorId: string; decidedAt: string; status: string };
  expect(lost.body.key).toBe('ops.alreadyDecided');
  expect(data).toMatchObject({ operator: winner.username, operatorId: winner.id, decidedAt: t.clock.now().toISOString() });
  const time = `${t.clock.now().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  expect(lost.body.message).toBe(errorText('de', 'ops.alreadyDecided', { operator: winner.username, time }));
  expect(lost.body.message).toContain(winner.username);
  return { winner, won };
}

const german = (token: string) => ({ token, headers: { 'accept-language': 'de' } });

describe('taken by: the second of two operators is told who decided and when', () => {
  let alice: Operator;
  let bob: Operator;
  beforeAll(async () => {
    [alice, bob] = [await operator('finance'), await operator('finance')];
  });

  test('a deposit approved by two at once is credited once; the loser reads the winner', async () => {
    const user = await t.payingUser();
    const deposit = await t.requestDeposit(user.token, { coinId: String(coin.USDT.id), network: 'TRC20', amount: '100' });
    const { winner } = await race(alice, bob, (who) => t.post<DepositRecord>('/ops/deposits/approve', { id: deposit.id }, german(who.token)));
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(USDT(100));
    const [row] = await rowsOf<{ operator_id: string }>(t.database.db, sql`SELECT operator_id FROM deposits WHERE id = ${deposit.id}`);
    expect(row.operator_id).toBe(winner.id);
    // A rejection afterwards is refused the same way, naming the approver.
    const late = await t.post('/ops/deposits/reject', { id: deposit.id, reason: 'too late now' }, { token: (winner === alice ? bob : alice).token });
    expect(late.body).toMatchObject({ key: 'ops.alreadyDecided', data: { operator: winner.username, status: 'success' } });
  });

  test('a withdrawal approved by two at once is paid out once', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(50));
    const placed = await t.post<WithdrawalRecord>(
      '/wallet/out',
      { method: 'crypto', network: 'TRC20', address: TRC20, amount: '30', payPassword: user.payPassword },
      { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.data!.id;
    await race(alice, bob, (who) => t.post<WithdrawalRecord>('/ops/withdrawals/approve', { id, txReference: `0x${who.username}` }, german(who.token)));
    expect(await balanceOf(t.database.db, user.userId, 'USDT', 'held')).toBe(0n);
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(USDT(20));
  });

  test('a loan approved by two at once is paid out once; its repayment confirmed by two at once is taken once', async () => {
    const borrower = await t.payingUser();
    await t.fund(borrower.userId, 'USDT', USDT(100));
    const config = (await t.get<LoanConfig>('/loan/config', { token: borrower.token })).body.data!;
    const product = config.products.find((p) => p.type === 'credit' && p.days === 7 && p.asset === 'USDT')!;
    const applied = await t.post<Loan>(
      '/loan/apply',
      { productId: product.id, amount: '100', frontDocument: await t.identityImage(borrower.token), fullName: 'Mira Haddad', idType: 'passport', idNumber: 'X1234567', accepted: true },
      { token: borrower.token },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const id = applied.body.data!.id;
    await race(alice, bob, (who) => t.post<Loan>('/ops/loans/approve', { id }, german(who.token)));
    expect(await balanceOf(t.database.db, borrower.userId, 'USDT')).toBe(USDT(200));

    const repaying = await t.post<Loan>('/loan/repay', { id, payPassword: borrower.payPassword }, { token: borrower.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(repaying.body.data, JSON.stringify(repaying.body)).toMatchObject({ status: 'repaying' });
    const { won } = await race(alice, bob, (who) => t.post<Loan>('/ops/loans/repayment/confirm', { id }, german(who.token)));
    expect(won.body.data).toMatchObject({ status: 'repaid' });
    expect(await balanceOf(t.database.db, borrower.userId, 'USDT', 'held')).toBe(0n);
  });

  test('a news piece published by two at once is published once; withdrawing a draft is refused as not published', async () => {
    const draft = await t.post<{ id: number }>('/ops/news', { title: 'Maintenance', body: 'Tonight from 22:00.', locale: 'en' }, { token: alice.token });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const id = draft.body.data!.id;
    const notPublished = await t.post('/ops/news/withdraw', { id }, { token: bob.token });
    expect(notPublished).toMatchObject({ status: 409, body: { key: 'news.notPublished' } });
    await race(alice, bob, (who) => t.post('/ops/news/publish', { id }, german(who.token)));
  });
});
