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
    .values({ username, passwordHash: 'not-used-here', role, createdAt: t.clock.now() })
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

  test("a decision sent again with its Idempotency-Key (a lost reply) gets the first reply, not 'already decided'", async () => {
    const user = await t.payingUser();
    const deposit = await t.requestDeposit(user.token, { coinId: String(coin.USDT.id), network: 'TRC20', amount: '40' });
    const key = { token: alice.token, headers: { 'idempotency-key': crypto.randomUUID() } };
    const first = await t.post<DepositRecord>('/ops/deposits/approve', { id: deposit.id }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await t.post<DepositRecord>('/ops/deposits/approve', { id: deposit.id }, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(USDT(40));
    // The same key for another decision is a mistake, not a replay; without a key the record is simply decided already.
    expect((await t.post('/ops/deposits/reject', { id: deposit.id, reason: 'not this one' }, key)).body).toMatchObject({ key: 'idempotency.keyReused' });
    expect((await t.post('/ops/deposits/approve', { id: deposit.id }, { token: alice.token })).body).toMatchObject({ key: 'ops.alreadyDecided', data: { operator: alice.username } });
    // A key for a record that does not exist: not found, nothing kept.
    expect((await t.post('/ops/deposits/approve', { id: 99_999_999 }, key)).status).toBe(404);
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

  test("a loan's decisions sent again with their Idempotency-Key get the first reply, naming the borrower; the loan is paid out once", async () => {
    const borrower = await t.payingUser();
    const config = (await t.get<LoanConfig>('/loan/config', { token: borrower.token })).body.data!;
    const product = config.products.find((p) => p.type === 'credit' && p.days === 7 && p.asset === 'USDT')!;
    const applied = await t.post<Loan>(
      '/loan/apply',
      { productId: product.id, amount: '100', frontDocument: await t.identityImage(borrower.token), fullName: 'Lena Ortiz', idType: 'passport', idNumber: 'Y7654321', accepted: true },
      { token: borrower.token },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const id = applied.body.data!.id;
    const key = { token: alice.token, headers: { 'idempotency-key': crypto.randomUUID() } };
    const first = await t.post<Loan & { userId: string }>('/ops/loans/approve', { id }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'approved', userId: borrower.userId });
    const again = await t.post<Loan>('/ops/loans/approve', { id }, key);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await balanceOf(t.database.db, borrower.userId, 'USDT')).toBe(USDT(100));
    // Without the key the loan is decided already; the key for another decision is refused as reused.
    expect((await t.post('/ops/loans/approve', { id }, { token: bob.token })).body).toMatchObject({ key: 'ops.alreadyDecided', data: { operator: alice.username } });
    expect((await t.post('/ops/loans/reject', { id, reason: 'not this one' }, key)).body).toMatchObject({ key: 'idempotency.keyReused' });
    // A key for a loan that does not exist: not found.
    expect((await t.post('/ops/loans/approve', { id: 99_999_999 }, { token: alice.token, headers: { 'idempotency-key': crypto.randomUUID() } })).body).toMatchObject({ key: 'loan.notFound' });

    // The repayment's confirmation, the same way: principal and interest taken once.
    await t.fund(borrower.userId, 'USDT', USDT(10));
    const repaying = await t.post<Loan>('/loan/repay', { id, payPassword: borrower.payPassword }, { token: borrower.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(repaying.body.data, JSON.stringify(repaying.body)).toMatchObject({ status: 'repaying' });
    const confirmKey = { token: bob.token, headers: { 'idempotency-key': crypto.randomUUID() } };
    const confirmed = await t.post<Loan>('/ops/loans/repayment/confirm', { id }, confirmKey);
    expect(confirmed.body.data, JSON.stringify(confirmed.body)).toMatchObject({ status: 'repaid', userId: borrower.userId });
    const afterConfirm = await balanceOf(t.database.db, borrower.userId, 'USDT');
    expect((await t.post<Loan>('/ops/loans/repayment/confirm', { id }, confirmKey)).body.data).toEqual(confirmed.body.data);
    expect(await balanceOf(t.database.db, borrower.userId, 'USDT')).toBe(afterConfirm);
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

// ---- four eyes ------------------------------------------------------------------------------------

interface Proposal {
  id: number;
  userId: string;
  asset: string;
  amount: string;
  status: 'pending' | 'approved' | 'refused';
  maker: string;
  makerId: string;
  checker: string | null;
  checkerId: string | null;
  decisionReason: string | null;
  transferId: number | null;
}
type Correction = { outcome: 'posted'; transferId: number; amount: string; balance: string } | { outcome: 'proposed'; threshold: string; proposal: Proposal };

describe('corrections with four eyes', () => {
  let maker: Operator;
  let checker: Operator;
  let third: Operator;
  let support: Operator;
  let admin: Operator;
  beforeAll(async () => {
    [maker, checker, third, support, admin] = [await operator('finance'), await operator('finance'), await operator('finance'), await operator('support'), await operator('admin')];
  });

  const correct = (who: Operator, body: { userId: string; asset: 'USDT' | 'EUR'; amount: string; reason?: string }, key: string = crypto.randomUUID()) =>
    t.post<Correction>('/ops/adjustments', { reason: 'Missed deposit', ...body }, { token: who.token, headers: { 'idempotency-key': key } });
  const approve = (who: Operator, id: number, lang = 'en') =>
    t.post<{ proposal: Proposal; posted: { transferId: number; balance: string } }>('/ops/adjustments/proposals/approve', { id }, { token: who.token, headers: { 'accept-language': lang } });
  const refuse = (who: Operator, id: number, reason: string) => t.post<Proposal>('/ops/adjustments/proposals/refuse', { id, reason }, { token: who.token });
  const available = (userId: string, asset: 'USDT' | 'EUR' = 'USDT') => balanceOf(t.database.db, userId, asset);
  const auditOf = (subject: string) =>
    rowsOf<{ action: string; operator_id: string; reason: string }>(t.database.db, sql`SELECT action, operator_id, reason FROM audit_log WHERE subject = ${subject} ORDER BY id`);

  /** A proposal of `amount` by the maker, checked to be pending with nothing posted. */
  async function propose(userId: string, amount: string, asset: 'USDT' | 'EUR' = 'USDT'): Promise<Proposal> {
    const before = await available(userId, asset);
    const reply = await correct(maker, { userId, asset, amount });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ outcome: 'proposed', threshold: asset === 'USDT' ? '1000.000000' : '1000.00', proposal: { status: 'pending', maker: maker.username } });
    expect(await available(userId, asset)).toBe(before);
    return (reply.body.data as Extract<Correction, { outcome: 'proposed' }>).proposal;
  }

  test('at or below the threshold a correction posts at once; above it, it is proposed and nothing moves', async () => {
    const user = await t.payingUser();
    const posted = await correct(maker, { userId: user.userId, asset: 'EUR', amount: '1000.00' });
    expect(posted.body.data).toMatchObject({ outcome: 'posted', amount: '1000.00', balance: '1000.00' });
    expect(await available(user.userId, 'EUR')).toBe(100_000n);

    const proposal = await propose(user.userId, '-1000.01', 'EUR');
    expect(proposal).toMatchObject({ userId: user.userId, asset: 'EUR', amount: '-1000.01', makerId: maker.id, checker: null, transferId: null });
    expect(await auditOf(`adjustment_proposal:${proposal.id}`)).toEqual([{ action: 'ledger.adjust.propose', operator_id: maker.id, reason: 'Missed deposit' }]);

    // Listed for support, oldest first, by status.
    const pending = await t.get<{ list: Proposal[] }>('/ops/adjustments/proposals', { token: support.token, query: { status: 'pending', pageSize: '50' } });
    expect(pending.status).toBe(200);
    expect(pending.body.data!.list.map((p) => p.id)).toContain(proposal.id);
    expect(pending.body.data!.list.every((p) => p.status === 'pending')).toBe(true);
    const ids = pending.body.data!.list.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  test('the same Idempotency-Key proposes once and answers the same proposal', async () => {
    const user = await t.payingUser();
    const key = crypto.randomUUID();
    const body = { userId: user.userId, asset: 'USDT' as const, amount: '5000' };
    const first = await correct(maker, body, key);
    const again = await correct(maker, body, key);
    expect(again.body.data).toEqual(first.body.data);
    const [{ n }] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM adjustment_proposals WHERE user_id = ${user.userId}`);
    expect(n).toBe(1);
  });

  test('the maker cannot approve their own, support cannot approve; another finance operator posts it exactly once', async () => {
    const user = await t.payingUser();
    const proposal = await propose(user.userId, '+2500');

    const own = await approve(maker, proposal.id, 'de');
    expect(own).toMatchObject({ status: 403, body: { key: 'ops.ownProposal', message: errorText('de', 'ops.ownProposal') } });
    expect((await approve(support, proposal.id)).body.key).toBe('ops.roleForbidden');
    expect(await available(user.userId)).toBe(0n);

    const approved = await approve(checker, proposal.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data!.proposal).toMatchObject({ status: 'approved', checker: checker.username, checkerId: checker.id, transferId: approved.body.data!.posted.transferId });
    expect(approved.body.data!.posted).toMatchObject({ outcome: 'posted', amount: '2500.000000', balance: '2500.000000' });
    expect(await available(user.userId)).toBe(USDT(2500));

    // The posting carries the checker and the maker's reason; both are in the audit.
    const [transfer] = await rowsOf<{ kind: string; operator_id: string; reason: string }>(
      t.database.db,
      sql`SELECT kind, operator_id, reason FROM ledger_transfers WHERE id = ${approved.body.data!.posted.transferId}`,
    );
    expect(transfer).toEqual({ kind: 'adjustment', operator_id: checker.id, reason: 'Missed deposit' });
    expect(await auditOf(`adjustment_proposal:${proposal.id}`)).toEqual([
      { action: 'ledger.adjust.propose', operator_id: maker.id, reason: 'Missed deposit' },
      { action: 'ledger.adjust.approve', operator_id: checker.id, reason: 'Missed deposit' },
    ]);

    // Once decided, a second approval (even by a third operator) posts nothing and names the checker.
    const late = await approve(third, proposal.id);
    expect(late.body).toMatchObject({ key: 'ops.alreadyDecided', data: { operator: checker.username, status: 'approved' } });
    expect(await available(user.userId)).toBe(USDT(2500));
    await t.assertLedgerClean();
  });

  test('two approvals at once: one posts, the other is refused naming the winner', async () => {
    const user = await t.payingUser();
    const proposal = await propose(user.userId, '1500');
    const { won } = await race(checker, third, (who) => approve(who, proposal.id, 'de'));
    expect(won.body.data!.proposal.status).toBe('approved');
    expect(await available(user.userId)).toBe(USDT(1500));
    const [{ n }] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE credit_user_id = ${user.userId}`);
    expect(n).toBe(1);
    await t.assertLedgerClean();
  });

  test('a refused proposal posts nothing; the maker may withdraw their own; approving it afterwards is refused', async () => {
    const user = await t.payingUser();
    const proposal = await propose(user.userId, '1200');
    expect((await refuse(checker, proposal.id, 'no')).body.key).toBe('ops.reasonRequired');
    const refused = await refuse(checker, proposal.id, 'No missed deposit found');
    expect(refused.body.data).toMatchObject({ status: 'refused', checker: checker.username, decisionReason: 'No missed deposit found', transferId: null });
    const late = await approve(third, proposal.id);
    expect(late).toMatchObject({ status: 409, body: { key: 'ops.alreadyDecided', data: { operator: checker.username, status: 'refused' } } });
    expect(await available(user.userId)).toBe(0n);

    const mine = await propose(user.userId, '1300');
    expect((await refuse(maker, mine.id, 'Typed the wrong amount')).body.data).toMatchObject({ status: 'refused', checker: maker.username });
    expect(await auditOf(`adjustment_proposal:${mine.id}`)).toEqual([
      { action: 'ledger.adjust.propose', operator_id: maker.id, reason: 'Missed deposit' },
      { action: 'ledger.adjust.refuse', operator_id: maker.id, reason: 'Typed the wrong amount' },
    ]);
    expect((await approve(checker, 987_654_321)).body.key).toBe('record.notFound');
  });

  test('a debit the balance no longer covers at approval is refused and stays pending', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(2000));
    const proposal = await propose(user.userId, '-1500');
    // Meanwhile the user spends: a correction below the threshold takes 900.
    expect((await correct(maker, { userId: user.userId, asset: 'USDT', amount: '-900' })).body.data).toMatchObject({ outcome: 'posted', balance: '1100.000000' });
    const short = await approve(checker, proposal.id);
    expect(short).toMatchObject({ status: 400, body: { key: 'balance.insufficient' } });
    const listed = await t.get<{ list: Proposal[] }>('/ops/adjustments/proposals', { token: support.token, query: { status: 'pending', pageSize: '50' } });
    expect(listed.body.data!.list.find((p) => p.id === proposal.id)).toMatchObject({ status: 'pending', checker: null });
    expect(await available(user.userId)).toBe(USDT(1100));

    await t.fund(user.userId, 'USDT', USDT(400));
    expect((await approve(checker, proposal.id)).body.data!.posted).toMatchObject({ balance: '0.000000' });
    await t.assertLedgerClean();
  });

  test('the thresholds are settings only an admin changes, checked like an amount of their asset', async () => {
    const change = (who: Operator, key: string, value: string) => t.post('/ops/settings', { key, value, reason: 'Tighter control' }, { token: who.token });
    expect((await change(maker, 'adjustment_four_eyes_usdt', '50')).body.key).toBe('ops.roleForbidden');
    for (const value of ['-1', '1.0000001', 'lots', '1000000000.01']) expect((await change(admin, 'adjustment_four_eyes_usdt', value)).body.key, value).toBe('ops.settingInvalid');
    expect((await change(admin, 'adjustment_four_eyes_eur', '1.001')).body.key).toBe('ops.settingInvalid');
    const settings = await t.get<{ key: string; value: string }[]>('/ops/settings', { token: support.token });
    expect(settings.body.data!.filter((entry) => entry.key.startsWith('adjustment_four_eyes_'))).toMatchObject([
      { key: 'adjustment_four_eyes_usdt', value: '1000' },
      { key: 'adjustment_four_eyes_eur', value: '1000' },
    ]);

    expect((await change(admin, 'adjustment_four_eyes_usdt', '50')).status).toBe(200);
    try {
      const user = await t.payingUser();
      expect((await correct(maker, { userId: user.userId, asset: 'USDT', amount: '50' })).body.data).toMatchObject({ outcome: 'posted' });
      expect((await correct(maker, { userId: user.userId, asset: 'USDT', amount: '50.000001' })).body.data).toMatchObject({ outcome: 'proposed', threshold: '50.000000' });
      // The other asset keeps its own.
      expect((await correct(maker, { userId: user.userId, asset: 'EUR', amount: '999' })).body.data).toMatchObject({ outcome: 'posted' });
    } finally {
      expect((await change(admin, 'adjustment_four_eyes_usdt', '1000')).status).toBe(200);
    }
  });
});
