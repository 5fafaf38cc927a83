/**
 * The operators' reads (issue 36): the queues' lengths, finding a user, one user's page and its
 * records, what the whole ledger holds and did today, the ledger's verification; and the two
 * actions on a user's access (ending sessions, lifting a lockout), each audited. Every figure is
 * checked against what a user did through the API in this test.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseAmount, toDecimalString, type Asset } from '../../src/domain/money';
import type { CoinEntry, DepositRecord, LedgerEntry, Movement, Page, WithdrawalRecord } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { operators } from '../../server/db/schema';
import { OTHER_PASSWORD, startTestApp, type TestApp } from './harness';

let t: TestApp;
let usdt: CoinEntry;
const token: Record<'support' | 'finance' | 'admin', string> = {} as never;
const operatorId: Record<'support' | 'finance' | 'admin', string> = {} as never;

beforeAll(async () => {
  t = await startTestApp();
  usdt = (await t.coins()).find((coin) => coin.name === 'USDT')!;
  for (const role of ['support', 'finance', 'admin'] as const) {
    const [row] = await t.database.db
      .insert(operators)
      .values({ username: `reads-${role}`, passwordHash: 'not-used-here', role, createdAt: t.clock.now() })
      .returning({ id: operators.id });
    operatorId[role] = row.id;
    token[role] = await t.operatorToken(row.id);
  }
});
afterAll(() => t?.close());

const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

interface QueueLength {
  queue: string;
  count: number;
  oldestAt: string | null;
}

interface UserRow {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  vipLevel: number;
  isMerchant: boolean;
  merchantApplication: string | null;
  loginLockedUntil: string | null;
  payPasswordLockedUntil: string | null;
}

type PerAsset<K extends string> = Record<Asset, Record<K, string>>;

interface UserDetail extends UserRow {
  hasPayPassword: boolean;
  locale: string;
  balances: PerAsset<'available' | 'held' | 'trading' | 'pledged' | 'interest' | 'collateral'>;
}

interface Totals {
  users: PerAsset<'available' | 'held'>;
  platform: PerAsset<'fees' | 'deposits' | 'withdrawals'>;
  today: { day: string } & Record<'depositsApproved' | 'withdrawalsPaid' | 'conversions' | 'tradesSettled', Record<Asset, { count: number; amount: string }>>;
  feesPerDay: Array<{ day: string } & Record<Asset, string>>;
}

const asSupport = <T>(url: string, query: Record<string, string> = {}) => t.get<T>(`/ops${url}`, { token: token.support, query });

async function read<T>(url: string, query: Record<string, string> = {}): Promise<T> {
  const reply = await asSupport<T>(url, query);
  expect(reply.status, `${url} ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body.data as T;
}

const queues = async () => Object.fromEntries((await read<QueueLength[]>('/queues')).map((q) => [q.queue, q])) as Record<string, QueueLength>;
/** A signed decimal of USDT in minor units (platform accounts go below zero). */
const minor = (text: string) => (text.startsWith('-') ? -1n : 1n) * parseAmount(text.replace(/^-/, ''), 'USDT')!;
const plus = (a: string, b: string) => toDecimalString(minor(a) + minor(b), 'USDT');

async function withdraw(user: { token: string; payPassword: string }, amount: string): Promise<WithdrawalRecord> {
  const reply = await t.post<WithdrawalRecord>(
    '/wallet/out',
    { method: 'crypto', network: 'TRC20', address: TRC20, amount, payPassword: user.payPassword },
    { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
}

interface AuditRow {
  action: string;
  subject: string;
  operator_id: string;
  user_id: string;
  reason: string;
  details: Record<string, unknown>;
}
const auditOf = (subject: string) =>
  rowsOf<AuditRow>(t.database.db, sql`SELECT action, subject, operator_id, user_id, reason, details FROM audit_log WHERE subject = ${subject} ORDER BY id`);

describe('who may read', () => {
  test("a user's token is refused by every read and action; support reads but cannot verify the ledger; an admin can", async () => {
    const user = await t.signedInUser();
    const userId = await t.userIdOf(user.token);
    for (const url of ['/queues', '/users?q=a', `/users/detail?id=${userId}`, `/users/movements?id=${userId}`, '/totals', '/ledger/verify']) {
      const refused = await t.get(`/ops${url}`, { token: user.token });
      expect(refused.status, url).toBe(401);
    }
    for (const url of ['/users/sessions/end', '/users/lockout/lift', '/ledger/verify']) {
      expect((await t.post(`/ops${url}`, { id: userId, reason: 'my own account' }, { token: user.token })).status, url).toBe(401);
    }

    expect(await read('/ledger/verify')).toBeNull();
    const refused = await t.post('/ops/ledger/verify', {}, { token: token.support });
    expect(refused.status).toBe(403);
    expect(refused.body.key).toBe('ops.roleForbidden');
    expect((await t.post('/ops/ledger/verify', {}, { token: token.finance })).status).toBe(403);

    const run = await t.post<{ ok: boolean; accounts: number; transfers: number; problems: unknown[] }>('/ops/ledger/verify', {}, { token: token.admin });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data).toMatchObject({ ok: true, problems: [] });
    const [{ accounts }] = await rowsOf<{ accounts: number }>(t.database.db, sql`SELECT count(*)::int AS accounts FROM ledger_accounts`);
    expect(run.body.data!.accounts).toBe(Number(accounts));
    // The last run, as support reads it: who ran it, when, and its outcome.
    expect(await read('/ledger/verify')).toEqual({
      ranAt: t.clock.now().toISOString(),
      operator: 'reads-admin',
      ok: true,
      accounts: run.body.data!.accounts,
      transfers: run.body.data!.transfers,
      problemCount: 0,
      problems: [],
    });
    const [row] = await auditOf('ledger');
    expect(row).toMatchObject({ action: 'ledger.verify', operator_id: operatorId.admin });
  });
});

describe('queues', () => {
  test('each queue counts what waits and since when; the lists behind them are paged oldest first by status, for support', async () => {
    const before = await queues();
    expect(Object.keys(before)).toEqual(['deposits', 'withdrawals', 'merchants', 'loans', 'repayments', 'adjustments']);

    const user = await t.payingUser();
    const first = await t.requestDeposit(user.token, { coinId: String(usdt.id), network: 'TRC20', amount: '10' });
    t.clock.advance(60);
    const second = await t.requestDeposit(user.token, { coinId: String(usdt.id), network: 'TRC20', amount: '20' });
    await t.fund(user.userId, 'USDT', 50_000_000n);
    const withdrawal = await withdraw(user, '15');
    expect((await t.post('/merchant/apply', {}, { token: user.token })).status).toBe(200);

    const after = await queues();
    expect(after.deposits.count).toBe(before.deposits.count + 2);
    expect(after.deposits.oldestAt).toBe(before.deposits.oldestAt ?? first.createdAt);
    expect(after.withdrawals.count).toBe(before.withdrawals.count + 1);
    expect(after.withdrawals.oldestAt).toBe(before.withdrawals.oldestAt ?? withdrawal.createdAt);
    expect(after.merchants.count).toBe(before.merchants.count + 1);
    expect(after.loans).toEqual(before.loans);
    expect(after.repayments).toEqual(before.repayments);

    // The deposits list behind the count: only those waiting, oldest first, a page at a time.
    const page = await read<Page<DepositRecord>>('/deposits', { status: 'processing', pageSize: '50' });
    expect(page.total).toBe(after.deposits.count);
    const mine = page.list.filter((d) => d.id === first.id || d.id === second.id).map((d) => d.id);
    expect(mine).toEqual([first.id, second.id]);
    const ids = page.list.map((d) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await read<Page<unknown>>('/withdrawals', { status: 'processing' })).total).toBe(after.withdrawals.count);
    expect((await read<Page<unknown>>('/merchants', { status: 'pending' })).total).toBe(after.merchants.count);
    // Loans are a support read too (their repayments under review by when each was asked for).
    expect((await read<Page<unknown>>('/loans', { status: 'pending' })).total).toBe(after.loans.count);
    expect((await read<Page<unknown>>('/loans', { status: 'repaying' })).total).toBe(after.repayments.count);

    // Decided, they leave the queue.
    expect((await t.post('/ops/deposits/reject', { id: first.id, reason: 'nothing arrived' }, { token: token.finance })).status).toBe(200);
    expect((await t.post('/ops/deposits/reject', { id: second.id, reason: 'nothing arrived' }, { token: token.finance })).status).toBe(200);
    expect((await queues()).deposits).toEqual(before.deposits);
  });
});

describe('finding a user', () => {
  test('by id, username, e-mail or phone in any of the ways support types it; never a password hash', async () => {
    const national = String(crypto.randomInt(10_000_000, 100_000_000));
    const byPhone = await t.registerByPhone({ phone: `+49176${national}` });
    const byMail = await t.registerByEmail();
    const phoneUserId = await t.userIdOf(await t.login(byPhone.phone, byPhone.password));
    const mailUserId = await t.userIdOf(await t.login(byMail.email, byMail.password));

    const found = async (q: string) => (await read<Page<UserRow>>('/users', { q })).list.map((row) => row.id);
    for (const q of [byPhone.phone, `+49 176 ${national}`, `0049-176-${national}`, `49176${national}`, `0176 ${national}`, `(0176) ${national.slice(0, 4)} ${national.slice(4)}`]) {
      expect(await found(q), q).toEqual([phoneUserId]);
    }
    expect(await found(byMail.email.toUpperCase())).toEqual([mailUserId]);
    expect(await found(byMail.username.toUpperCase())).toEqual([mailUserId]);
    expect(await found(mailUserId.toUpperCase())).toEqual([mailUserId]);
    expect(await found(`no-such-${crypto.randomUUID()}`)).toEqual([]);

    // A beginning finds too, the exact match first.
    const stem = `stem${crypto.randomBytes(3).toString('hex')}`;
    const longer = await t.registerByEmail({ username: `${stem}x` });
    const exact = await t.registerByEmail({ username: stem });
    const rows = (await read<Page<UserRow>>('/users', { q: stem })).list;
    expect(rows.map((row) => row.username)).toEqual([exact.username, longer.username]);

    const reply = await asSupport<Page<UserRow>>('/users', { q: byMail.email });
    expect(reply.body.data!.list[0]).toMatchObject({
      id: mailUserId,
      username: byMail.username,
      email: byMail.email,
      phone: null,
      vipLevel: 0,
      isMerchant: false,
      merchantApplication: null,
      loginLockedUntil: null,
      payPasswordLockedUntil: null,
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/argon2|hash/i);

    expect((await asSupport('/users', { q: ' ' })).status).toBe(400);
    expect((await asSupport('/users/detail', { id: 'not-a-uuid' })).status).toBe(400);
    const unknown = await asSupport('/users/detail', { id: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.key).toBe('record.notFound');
  });
});

describe("a user's page and the totals", () => {
  test('a deposit and a withdrawal show in the balances per purpose, the records, the postings and the day’s totals, to the cent', async () => {
    const totalsBefore = await read<Totals>('/totals');
    const user = await t.payingUser();

    const deposit = await t.requestDeposit(user.token, { coinId: String(usdt.id), network: 'TRC20', amount: '100' });
    const approved = await t.post<DepositRecord>('/ops/deposits/approve', { id: deposit.id }, { token: token.finance });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const gift = approved.body.data!.bonus ?? '0';
    const withdrawal = await withdraw(user, '30');

    const detail = await read<UserDetail>('/users/detail', { id: user.userId });
    expect(detail).toMatchObject({ id: user.userId, username: user.username, hasPayPassword: true, locale: 'en', isMerchant: false });
    expect(detail.balances.USDT).toEqual({
      available: toDecimalString(minor('100') + minor(gift) - minor('30'), 'USDT'),
      held: '30.000000',
      trading: '0.000000',
      pledged: '0.000000',
      interest: '0.000000',
      collateral: '0.000000',
    });
    expect(detail.balances.EUR.available).toBe('0.00');
    expect(JSON.stringify(detail)).not.toMatch(/argon2|hash/i);

    // The records the user sees, read by the operator for that user: the same answers.
    const deposits = await read<Page<DepositRecord>>('/users/deposits', { id: user.userId });
    expect(deposits.list).toEqual((await t.get<Page<DepositRecord>>('/recharge/log', { token: user.token })).body.data!.list);
    expect(deposits.list.map((d) => [d.id, d.status])).toEqual([[deposit.id, 'success']]);
    const withdrawals = await read<Page<WithdrawalRecord>>('/users/withdrawals', { id: user.userId });
    expect(withdrawals.list.map((w) => [w.id, w.amount, w.status])).toEqual([[withdrawal.id, '30.000000', 'processing']]);
    const movements = await read<Page<Movement>>('/users/movements', { id: user.userId });
    expect(movements).toEqual((await t.get<Page<Movement>>('/wallet/movements', { token: user.token })).body.data);
    const postings = await read<Page<LedgerEntry>>('/users/postings', { id: user.userId, pageSize: '50' });
    expect(postings).toEqual((await t.get<Page<LedgerEntry>>('/wallet/legal_log', { token: user.token, query: { pageSize: '50' } })).body.data);
    expect(postings.list.map((p) => p.amount)).toEqual(expect.arrayContaining(['+100.000000', '-30.000000', '+30.000000']));
    for (const part of ['orders', 'offers', 'pledges', 'loans', 'devices']) {
      expect(await read<Page<unknown>>(`/users/${part}`, { id: user.userId }), part).toMatchObject({ list: [], total: 0 });
    }

    // The operator pays the withdrawal: the day's totals count exactly this user's business.
    expect((await t.post('/ops/withdrawals/approve', { id: withdrawal.id, txReference: 'tx-reads-1' }, { token: token.finance })).status).toBe(200);
    const after = await read<Totals>('/totals');
    const delta = (a: string, b: string) => toDecimalString(minor(a) - minor(b), 'USDT');
    expect(after.today.day).toBe(t.clock.now().toISOString().slice(0, 10));
    expect(after.today.depositsApproved.USDT).toEqual({
      count: totalsBefore.today.depositsApproved.USDT.count + 1,
      amount: plus(totalsBefore.today.depositsApproved.USDT.amount, '100'),
    });
    expect(after.today.withdrawalsPaid.USDT).toEqual({
      count: totalsBefore.today.withdrawalsPaid.USDT.count + 1,
      amount: plus(totalsBefore.today.withdrawalsPaid.USDT.amount, withdrawal.net),
    });
    expect(after.today.depositsApproved.EUR).toEqual(totalsBefore.today.depositsApproved.EUR);
    expect(delta(after.users.USDT.available, totalsBefore.users.USDT.available)).toBe(toDecimalString(minor('70') + minor(gift), 'USDT'));
    expect(after.users.USDT.held).toBe(totalsBefore.users.USDT.held);
    expect(delta(after.platform.USDT.fees, totalsBefore.platform.USDT.fees)).toBe(withdrawal.fee);
    expect(delta(after.platform.USDT.deposits, totalsBefore.platform.USDT.deposits)).toBe('-100.000000');
    expect(after.feesPerDay).toHaveLength(14);
    expect(after.feesPerDay.at(-1)!.day).toBe(after.today.day);
    expect(delta(after.feesPerDay.at(-1)!.USDT, totalsBefore.feesPerDay.at(-1)!.USDT)).toBe(withdrawal.fee);
    await t.assertLedgerClean();
  });
});

describe("acting on a user's access", () => {
  test("ending one session, then all: those tokens answer 401 at once; each ending audited with the operator and reason", async () => {
    const user = await t.signedInUser();
    const userId = await t.userIdOf(user.token);
    const second = await t.login(user.username, user.password);

    const sessions = await read<Page<{ id: number; live: boolean; revokedAt: string | null }>>('/users/sessions', { id: userId });
    expect(sessions.total).toBe(2);
    expect(sessions.list.every((s) => s.live && s.revokedAt === null)).toBe(true);
    const [newest] = sessions.list;

    const noReason = await t.post('/ops/users/sessions/end', { id: userId, sessionId: newest.id }, { token: token.support });
    expect(noReason.body).toMatchObject({ key: 'ops.reasonRequired', field: 'reason' });
    const one = await t.post('/ops/users/sessions/end', { id: userId, sessionId: newest.id, reason: 'phone stolen' }, { token: token.support });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toEqual({ userId, ended: 1 });
    expect((await t.get('/user/info', { token: second })).status).toBe(401);
    expect((await t.get('/user/info', { token: user.token })).status).toBe(200);
    const reread = await read<Page<{ id: number; live: boolean; revokedAt: string | null }>>('/users/sessions', { id: userId });
    expect(reread.list.map((s) => s.live)).toEqual([false, true]);

    const all = await t.post('/ops/users/sessions/end', { id: userId, reason: 'the user asked' }, { token: token.support });
    expect(all.body.data).toEqual({ userId, ended: 1 });
    expect((await t.get('/user/info', { token: user.token })).status).toBe(401);
    expect((await t.post('/ops/users/sessions/end', { id: crypto.randomUUID(), reason: 'the user asked' }, { token: token.support })).status).toBe(404);

    expect(await auditOf(`user:${userId}`)).toMatchObject([
      { action: 'user.endSessions', operator_id: operatorId.support, user_id: userId, reason: 'phone stolen', details: { sessionId: newest.id, ended: 1 } },
      { action: 'user.endSessions', operator_id: operatorId.support, user_id: userId, reason: 'the user asked', details: { sessionId: 'all', ended: 1 } },
    ]);
  });

  test('lifting a lockout lets the user log in again at once; the audit read of that user shows it', async () => {
    const user = await t.registerByEmail();
    const userId = await t.userIdOf(await t.login(user.username, user.password));
    for (let i = 0; i < 5; i++) await t.post('/user/login', { account: user.email, password: OTHER_PASSWORD });
    const locked = await t.post('/user/login', { account: user.username, password: user.password });
    expect(locked.status).toBe(429);
    expect(locked.body.key).toBe('login.locked');

    const [row] = (await read<Page<UserRow>>('/users', { q: user.email })).list;
    const until = new Date(t.clock.now().getTime() + 15 * 60_000).toISOString();
    expect(row.loginLockedUntil).toBe(until);
    expect((await read<UserDetail>('/users/detail', { id: userId })).loginLockedUntil).toBe(until);

    const noReason = await t.post('/ops/users/lockout/lift', { id: userId }, { token: token.support });
    expect(noReason.body.key).toBe('ops.reasonRequired');
    const lifted = await t.post('/ops/users/lockout/lift', { id: userId, reason: 'identity checked by phone' }, { token: token.support });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    expect(lifted.body.data).toEqual({ userId, loginLockedUntil: until, payPasswordLockedUntil: null });
    await t.login(user.username, user.password);
    expect((await read<UserDetail>('/users/detail', { id: userId })).loginLockedUntil).toBeNull();

    const audit = await read<Page<{ action: string; subject: string; operator: string; reason: string; userId: string }>>('/audit', { userId });
    expect(audit.list).toMatchObject([{ action: 'user.liftLockout', subject: `user:${userId}`, operator: 'reads-support', reason: 'identity checked by phone', userId }]);
  });
});

describe("the embedded database's copy", () => {
  test('an admin receives the data folder as a gzip tar, audited; support and finance are refused; on PostgreSQL it is pg_dump’s', async () => {
    for (const role of ['support', 'finance'] as const) {
      const refused = await t.post('/ops/backup', {}, { token: token[role] });
      expect(refused.status, role).toBe(403);
      expect(refused.body.key).toBe('ops.roleForbidden');
    }
    const copy = await t.app.inject({ method: 'POST', url: '/api/ops/backup', headers: { authorization: token.admin, 'content-type': 'application/json' }, payload: {} });
    const [audit] = await rowsOf<{ action: string; operator_id: string; details: { bytes?: number } }>(
      t.database.db,
      sql`SELECT action, operator_id, details FROM audit_log WHERE action = 'database.backup' ORDER BY id DESC LIMIT 1`,
    );
    if (t.database.sql.kind === 'postgres') {
      expect(copy.statusCode).toBe(409);
      expect(copy.json()).toMatchObject({ key: 'ops.backupOnPostgres', message: expect.stringContaining('pg_dump') });
      expect(audit).toBeUndefined();
      return;
    }
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('application/gzip');
    expect(copy.headers['content-disposition']).toMatch(/^attachment; filename="tessera-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar\.gz"$/);
    expect(copy.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(copy.rawPayload.byteLength).toBeGreaterThan(1_000_000);
    expect(audit).toMatchObject({ action: 'database.backup', operator_id: operatorId.admin, details: { bytes: copy.rawPayload.byteLength } });
  });
});

describe('the command line (npm run ops)', () => {
  /** Runs scripts/ops.ts as `npm run ops` does, against this app on a loopback port, signed in as `role`. */
  function cli(dataDir: string, url: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/ops.ts', ...args, '--url', url],
        { env: { ...process.env, DATA_DIR: dataDir }, timeout: 30_000 },
        (error, out, err) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out, err }),
      );
    });
  }

  test('queues, users search, user ID [part], end-sessions, lift-lockout, totals; ledger verify is refused to support', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ops-reads-cli-'));
    try {
      fs.writeFileSync(path.join(dataDir, 'ops-session.json'), JSON.stringify({ url, username: 'reads-support', token: token.support, expiresAt: '2999-01-01T00:00:00Z' }), { mode: 0o600 });
      const user = await t.payingUser();
      const run = async (...args: string[]) => {
        const result = await cli(dataDir, url, args);
        expect(result.code, `${args.join(' ')}: ${result.err}`).toBe(0);
        return result.out;
      };

      expect(await run('queues')).toMatch(/^deposits\s+\d+/m);
      expect(await run('users', 'search', user.email)).toMatch(new RegExp(`^${user.userId}\\s+${user.username}\\s+${user.email.replace(/[.]/g, '\\.')}`, 'm'));
      const page = await run('user', user.userId);
      expect(page).toContain(`${user.username} (${user.userId})`);
      expect(page).toMatch(/^USDT\s+0\.000000\s+0\.000000/m);
      expect(await run('user', user.userId, 'sessions')).toMatch(/^\d+\s+.*\s+yes\s/m);
      expect(await run('user', user.userId, 'deposits')).toContain('no deposits');
      expect(await run('user', 'end-sessions', user.userId, '--reason', 'asked by phone')).toContain(`1 session(s) of ${user.userId} ended`);
      expect((await t.get('/user/info', { token: user.token })).status).toBe(401);
      expect(await run('user', 'lift-lockout', user.userId, '--reason', 'asked by phone')).toContain('was not locked');
      const totals = await run('totals');
      expect(totals).toContain('what users hold');
      expect(totals).toMatch(/^depositsApproved\s+\d+ · /m);

      const noReason = await cli(dataDir, url, ['user', 'end-sessions', user.userId]);
      expect(noReason.code).toBe(1);
      expect(noReason.err).toContain('--reason');
      const verify = await cli(dataDir, url, ['ledger', 'verify']);
      expect(verify.code).toBe(1);
      expect(verify.err).toContain('[ops.roleForbidden]');
      expect(await run('help')).toContain('user lift-lockout ID --reason TEXT');

      // Resetting a second factor is an admin's.
      const bySupport = await cli(dataDir, url, ['user', 'reset-second-factor', user.userId, '--reason', 'lost phone, identity checked']);
      expect(bySupport.code).toBe(1);
      expect(bySupport.err).toContain('[ops.roleForbidden]');
      fs.writeFileSync(path.join(dataDir, 'ops-session.json'), JSON.stringify({ url, username: 'reads-admin', token: token.admin, expiresAt: '2999-01-01T00:00:00Z' }), { mode: 0o600 });
      const signedIn = await t.login(user.username, user.password);
      expect(await run('user', 'reset-second-factor', user.userId, '--reason', 'lost phone, identity checked')).toContain(`${user.userId} had no authenticator`);
      expect((await t.get('/user/info', { token: signedIn })).status).toBe(401);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
