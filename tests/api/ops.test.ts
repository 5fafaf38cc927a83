/**
 * The operator side: TOTP against the RFC test vectors, sign-in with password and a current
 * code (each code once), operator sessions apart from user sessions, roles, deposit and
 * withdrawal decisions through /api/ops with their audit rows, balance corrections, settings,
 * VIP levels, deposit addresses, the audit log and operator accounts.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CoinEntry, DepositRecord, Page, UserLevelReply, WithdrawalRecord, WithdrawInfoReply } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { balanceOf } from '../../server/ledger/accounts';
import { DEMO_OPERATOR } from '../../server/modules/ops/demo';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingStep,
  newTotpSecret,
  otpauthUrl,
  totpCode,
  totpStep,
} from '../../server/security/totp';
import { PNG, roundTripsOf, startTestApp, type TestApp } from './harness';

// ---- TOTP as pure functions -------------------------------------------------------------------

describe('TOTP (RFC 6238) and base32 (RFC 4648)', () => {
  const rfcSecret = Buffer.from('12345678901234567890', 'ascii');
  const rfcSecretBase32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  test('base32 of the RFC 4648 test vectors, both ways', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY======'],
      ['fo', 'MZXQ===='],
      ['foo', 'MZXW6==='],
      ['foob', 'MZXW6YQ='],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI======'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(base32Encode(Buffer.from(plain))).toBe(encoded);
      expect(base32Decode(encoded).toString()).toBe(plain);
    }
    expect(base32Encode(rfcSecret)).toBe(rfcSecretBase32);
    // Typed from a screen: lower case, groups and no padding still decode.
    expect(base32Decode('mzxw 6ytb-oi').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow();
    expect(() => base32Decode('MY')).not.toThrow();
    expect(() => base32Decode('MZ')).toThrow();
  });

  test('the RFC 6238 SHA1 vectors, truncated to 6 digits', () => {
    const vectors: [number, string][] = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
      [20000000000, '353130'],
    ];
    for (const [seconds, code] of vectors) {
      const at = new Date(seconds * 1000);
      expect(hotp(rfcSecret, totpStep(at))).toBe(code);
      expect(totpCode(rfcSecretBase32, at)).toBe(code);
    }
    // The 8-digit value of RFC 6238's table for T=59.
    expect(hotp(rfcSecret, 1, 8)).toBe('94287082');
  });

  test('a code matches its step and the neighbours, only after the last step used', () => {
    const at = new Date(1111111109 * 1000);
    const step = totpStep(at);
    expect(matchingStep(rfcSecretBase32, '081804', at, 0)).toBe(step);
    // 30 s later or earlier it is still accepted (one step of tolerance), two steps later not.
    expect(matchingStep(rfcSecretBase32, '081804', new Date(at.getTime() + 30_000), 0)).toBe(step);
    expect(matchingStep(rfcSecretBase32, '081804', new Date(at.getTime() - 30_000), 0)).toBe(step);
    expect(matchingStep(rfcSecretBase32, '081804', new Date(at.getTime() + 60_000), 0)).toBeNull();
    // Used once: not again, nor after a newer code was used.
    expect(matchingStep(rfcSecretBase32, '081804', at, step)).toBeNull();
    expect(matchingStep(rfcSecretBase32, '081804', at, step + 1)).toBeNull();
    expect(matchingStep(rfcSecretBase32, '81804', at, 0)).toBeNull();
    expect(matchingStep(rfcSecretBase32, '08180a', at, 0)).toBeNull();
  });

  test('new secrets are 160 random bits; the otpauth URL names issuer, account and parameters', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
    const url = new URL(otpauthUrl('Tessera', 'anna', secret));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Tessera:anna');
    expect(Object.fromEntries(url.searchParams)).toEqual({ secret, issuer: 'Tessera', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});

// ---- the API ----------------------------------------------------------------------------------

let t: TestApp;
const coin: Record<string, CoinEntry> = {};

beforeAll(async () => {
  t = await startTestApp();
  const list = await t.get<{ legal: CoinEntry[] }>('/currency/list');
  for (const entry of list.body.data!.legal) coin[entry.kind === 'bank' ? 'BANK' : entry.name] = entry;
});
afterAll(() => t?.close());

const USDT = (units: number) => BigInt(units) * 1_000_000n;
const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

interface Credentials {
  username: string;
  password: string;
  secret: string;
}
const demo: Credentials = { username: DEMO_OPERATOR.username, password: DEMO_OPERATOR.password, secret: DEMO_OPERATOR.totpSecret };

/** The code an authenticator app shows now (by the test clock). */
const codeNow = (secret: string) => totpCode(secret, t.clock.now());

/** Signs in with the current code, another code, or (null) none. */
function opsLogin(who: Credentials, totp: string | null = codeNow(who.secret), password = who.password) {
  return t.post<{ token: string; expiresAt: string }>('/ops/login', { username: who.username, password, client: 'cli', ...(totp === null ? {} : { totp }) });
}

/**
 * A fresh operator session. The clock moves to the next 30 s step first, since a code is
 * accepted once and the step of the previous sign-in is used up.
 */
async function signIn(who: Credentials): Promise<string> {
  t.clock.advance(30);
  const reply = await opsLogin(who);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!.token;
}

let adminToken: string;
const operatorsByRole: Record<'support' | 'finance', Credentials & { token: string; id: string }> = {} as never;

async function createOperator(role: 'support' | 'finance' | 'admin', token = adminToken): Promise<Credentials & { id: string }> {
  const username = `op${role}${crypto.randomBytes(3).toString('hex')}`;
  const password = 'correct horse battery';
  const reply = await t.post<{ id: string; totpSecret: string; otpauthUrl: string }>('/ops/operators', { username, password, role }, { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { username, password, secret: reply.body.data!.totpSecret, id: reply.body.data!.id };
}

interface AuditRow {
  action: string;
  subject: string;
  operator_id: string;
  user_id: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  created_at: Date | string;
}
const auditOf = (subject: string) =>
  rowsOf<AuditRow>(t.database.db, sql`SELECT action, subject, operator_id, user_id, reason, details, created_at FROM audit_log WHERE subject = ${subject} ORDER BY id`);
const auditCount = async () => Number((await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log`))[0].n);

const requestDeposit = (token: string, fields: Record<string, string>) => t.requestDeposit(token, fields);

async function requestWithdrawal(user: { token: string; payPassword: string }, amount: string): Promise<WithdrawalRecord> {
  const reply = await t.post<WithdrawalRecord>(
    '/wallet/out',
    { method: 'crypto', network: 'TRC20', address: TRC20, amount, payPassword: user.payPassword },
    { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
}

describe('operator sign-in', () => {
  test('needs the password and a current code: no code, wrong password, unknown name, wrong code', async () => {
    const noCode = await opsLogin(demo, null);
    expect(noCode.status).toBe(400);
    expect(noCode.body.key).toBe('ops.totpRequired');
    expect((await opsLogin(demo, '')).body.key).toBe('ops.totpRequired');

    const wrongPassword = await opsLogin(demo, codeNow(demo.secret), 'not the password');
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.key).toBe('ops.loginFailed');
    const unknown = await opsLogin({ ...demo, username: 'nobody-here' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ key: 'ops.loginFailed', message: wrongPassword.body.message });

    const current = codeNow(demo.secret);
    const wrongCode = await opsLogin(demo, current === '000000' ? '111111' : '000000');
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body.key).toBe('ops.totpWrong');

    const ok = await opsLogin(demo);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data!.token).toMatch(/^[\w-]{43}$/);
    expect(new Date(ok.body.data!.expiresAt).getTime() - t.clock.now().getTime()).toBe(8 * 3600 * 1000);
    adminToken = ok.body.data!.token;
  });

  test('a code is accepted once, even by the right password, and not after a newer one', async () => {
    // Its own operator: the demo one's sign-ins also count against the per-name rate limit.
    const op = await createOperator('support');
    t.clock.advance(30);
    const code = codeNow(op.secret);
    expect((await opsLogin(op, code)).status).toBe(200);
    const replay = await opsLogin(op, code);
    expect(replay.status).toBe(401);
    expect(replay.body.key).toBe('ops.totpWrong');
    // Still shown by a slow app 30 s later: refused, its step is used.
    t.clock.advance(30);
    expect((await opsLogin(op, code)).body.key).toBe('ops.totpWrong');
    // The code of the step before, not yet used, passes (one step of tolerance); then the older one cannot.
    t.clock.advance(30);
    const earlier = totpCode(op.secret, new Date(t.clock.now().getTime() - 30_000));
    expect((await opsLogin(op, earlier)).status).toBe(200);
    // Two steps old: refused however unused.
    t.clock.advance(90);
    const stale = totpCode(op.secret, new Date(t.clock.now().getTime() - 60_000));
    if (stale !== codeNow(op.secret)) expect((await opsLogin(op, stale)).body.key).toBe('ops.totpWrong');
  });

  test('two sign-ins racing with one code: exactly one gets a session', async () => {
    const op = await createOperator('support');
    t.clock.advance(30);
    const code = codeNow(op.secret);
    const replies = await Promise.all([opsLogin(op, code), opsLogin(op, code), opsLogin(op, code)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 401, 401]);
  });

  test('five failures lock the name for 15 minutes; the right password and code are refused meanwhile', async () => {
    const victim = await createOperator('support');
    for (let i = 0; i < 4; i++) expect((await opsLogin(victim, codeNow(victim.secret), 'wrong password')).body.key).toBe('ops.loginFailed');
    const fifth = await opsLogin(victim, codeNow(victim.secret), 'wrong password');
    expect(fifth.status).toBe(429);
    expect(fifth.body.key).toBe('login.locked');
    expect(fifth.body.data).toMatchObject({ retryAfter: 900 });
    t.clock.advance(30);
    expect((await opsLogin(victim)).status).toBe(429);
    t.clock.advance(15 * 60);
    expect((await opsLogin(victim)).status).toBe(200);
  });

  test('wrong codes count towards the lock too, so the code cannot be guessed', async () => {
    const victim = await createOperator('support');
    const wrong = codeNow(victim.secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) expect((await opsLogin(victim, wrong)).body.key).toBe('ops.totpWrong');
    expect((await opsLogin(victim, wrong)).status).toBe(429);
    expect((await opsLogin(victim)).status).toBe(429);
  });

  test('user tokens open nothing under /api/ops, operator tokens nothing of the user API', async () => {
    const user = await t.signedInUser();
    const refused = await t.get('/ops/deposits', { token: user.token });
    expect(refused.status).toBe(401);
    expect(refused.body.key).toBe('session.required');
    expect((await t.get('/ops/deposits')).status).toBe(401);
    expect((await t.post('/ops/adjustments', {}, { token: user.token })).status).toBe(401);
    expect((await t.get('/user/info', { token: adminToken })).status).toBe(401);
  });

  test('a session ends on logout and after 8 hours', async () => {
    const token = await signIn(demo);
    expect((await t.get('/ops/settings', { token })).status).toBe(200);
    expect((await t.post('/ops/logout', {}, { token })).status).toBe(200);
    const after = await t.get('/ops/settings', { token });
    expect(after.status).toBe(401);
    expect(after.body.key).toBe('session.gone');

    // Kept busy (a request every 25 minutes, under the idle timeout) up to its end.
    const short = await signIn(demo);
    for (let step = 0; step < 19; step++) {
      t.clock.advance(25 * 60);
      expect((await t.get('/ops/settings', { token: short })).status).toBe(200);
    }
    t.clock.advance(8 * 3600 - 31 - 19 * 25 * 60);
    expect((await t.get('/ops/settings', { token: short })).status).toBe(200);
    t.clock.advance(31);
    expect((await t.get('/ops/settings', { token: short })).body.key).toBe('session.gone');
    adminToken = await signIn(demo);
  });
});

describe('operator accounts and roles', () => {
  test('an admin creates operators; the TOTP secret is shown once and signs in', async () => {
    const reply = await t.post<{ id: string; username: string; role: string; totpSecret: string; otpauthUrl: string }>(
      '/ops/operators',
      { username: 'anna.finance', password: 'a long finance password', role: 'finance' },
      { token: adminToken },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const created = reply.body.data!;
    expect(created).toMatchObject({ username: 'anna.finance', role: 'finance' });
    expect(created.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(created.otpauthUrl).toContain(`secret=${created.totpSecret}`);
    const [row] = await rowsOf<{ password_hash: string }>(t.database.db, sql`SELECT password_hash FROM operators WHERE id = ${created.id}`);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await auditOf(`operator:${created.id}`)).toMatchObject([{ action: 'operator.create', details: { username: 'anna.finance', role: 'finance' } }]);

    const finance = { username: 'anna.finance', password: 'a long finance password', secret: created.totpSecret };
    operatorsByRole.finance = { ...finance, id: created.id, token: await signIn(finance) };
    const support = await createOperator('support');
    operatorsByRole.support = { ...support, token: await signIn(support) };

    const taken = await t.post('/ops/operators', { username: 'Anna.Finance', password: 'another long password', role: 'support' }, { token: adminToken });
    expect(taken.status).toBe(409);
    expect(taken.body.key).toBe('username.taken');
    const short = await t.post('/ops/operators', { username: 'shorty', password: 'short', role: 'support' }, { token: adminToken });
    expect(short.body).toMatchObject({ key: 'password.tooShort', field: 'password' });
    const badRole = await t.post('/ops/operators', { username: 'rooty', password: 'a long enough password', role: 'root' }, { token: adminToken });
    expect(badRole.status).toBe(400);
  });

  test('support reads; finance decides but cannot change settings or operators', async () => {
    const { support, finance } = operatorsByRole;
    expect((await t.get('/ops/deposits', { token: support.token })).status).toBe(200);
    expect((await t.get('/ops/withdrawals', { token: support.token })).status).toBe(200);
    expect((await t.get('/ops/audit', { token: support.token })).status).toBe(200);
    for (const [url, body] of [
      ['/ops/deposits/approve', { id: 1 }],
      ['/ops/deposits/reject', { id: 1, reason: 'not paid' }],
      ['/ops/withdrawals/approve', { id: 1, txReference: 'abc' }],
      ['/ops/withdrawals/reject', { id: 1, reason: 'not allowed' }],
      ['/ops/adjustments', { userId: crypto.randomUUID(), asset: 'USDT', amount: '1', reason: 'testing' }],
    ] as const) {
      const refused = await t.post(url, body, { token: support.token, headers: { 'idempotency-key': crypto.randomUUID() } });
      expect(refused.status, url).toBe(403);
      expect(refused.body.key).toBe('ops.roleForbidden');
    }
    for (const [url, body] of [
      ['/ops/settings', { key: 'withdraw_fee_usdt', value: '2', reason: 'new fee' }],
      ['/ops/operators', { username: 'sneaky', password: 'a long enough password', role: 'admin' }],
      ['/ops/vip_levels', { level: 1, upgradeAmount: '1000', giftPercent: '1', dailyOrders: 5, reason: 'testing' }],
      ['/ops/coins', { code: 'USDT', address: TRC20, reason: 'testing' }],
    ] as const) {
      const refused = await t.post(url, body, { token: finance.token });
      expect(refused.status, url).toBe(403);
      expect(refused.body.key).toBe('ops.roleForbidden');
    }
  });
});

describe('deciding deposits', () => {
  test('approve (with a different amount and its reason) and reject through /api/ops; the audit log holds both', async () => {
    const { finance } = operatorsByRole;
    const user = await t.payingUser();
    const first = await requestDeposit(user.token, { coinId: String(coin.USDT.id), network: 'TRC20', amount: '100' });
    const second = await requestDeposit(user.token, { coinId: String(coin.BTC.id), amount: '50' });
    const third = await requestDeposit(user.token, { coinId: String(coin.USDT.id), amount: '25' });

    const queue = await t.get<Page<DepositRecord & { userId: string; username: string }>>('/ops/deposits', {
      token: finance.token,
      query: { status: 'processing', pageSize: '50' },
    });
    expect(queue.status).toBe(200);
    const mine = queue.body.data!.list.filter((row) => row.userId === user.userId);
    expect(mine.map((row) => row.id)).toEqual([first.id, second.id, third.id]);
    expect(mine[0]).toMatchObject({ username: user.username, amount: '100.000000', status: 'processing' });

    const proof = await t.app.inject({ method: 'GET', url: `/api/ops/deposits/proof?id=${first.id}`, headers: { authorization: finance.token } });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(proof.headers['cache-control']).toBe('no-store');
    expect(proof.rawPayload.equals(PNG)).toBe(true);

    const approvedAt = t.clock.now().toISOString();
    const approved = await t.post<DepositRecord>('/ops/deposits/approve', { id: first.id }, { token: finance.token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ id: first.id, status: 'success', amount: '100.000000', decidedAt: approvedAt });
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(USDT(100));

    // A different amount needs a reason; too many decimals for the asset is refused.
    const noReason = await t.post('/ops/deposits/approve', { id: second.id, amount: '48.5' }, { token: finance.token });
    expect(noReason.body).toMatchObject({ key: 'ops.reasonRequired', field: 'reason' });
    const tooFine = await t.post('/ops/deposits/approve', { id: second.id, amount: '1.0000001', reason: 'what arrived' }, { token: finance.token });
    expect(tooFine.body.key).toBe('amount.invalid');
    t.clock.advance(60);
    const partial = await t.post<DepositRecord>(
      '/ops/deposits/approve',
      { id: second.id, amount: '48.5', reason: 'BTC worth 48.5 USDT arrived' },
      { token: finance.token },
    );
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    expect(partial.body.data).toMatchObject({ amount: '48.500000', reason: 'BTC worth 48.5 USDT arrived' });

    const shortReason = await t.post('/ops/deposits/reject', { id: third.id, reason: ' no' }, { token: finance.token });
    expect(shortReason.status).toBe(400);
    expect(shortReason.body.key).toBe('ops.reasonRequired');
    const missingReason = await t.post('/ops/deposits/reject', { id: third.id }, { token: finance.token });
    expect(missingReason.body.key).toBe('ops.reasonRequired');
    t.clock.advance(60);
    const rejectedAt = t.clock.now();
    const rejected = await t.post<DepositRecord>('/ops/deposits/reject', { id: third.id, reason: 'No payment arrived' }, { token: finance.token });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'failed', reason: 'No payment arrived' });

    // Decided once; an unknown id is 404.
    const again = await t.post('/ops/deposits/approve', { id: third.id }, { token: finance.token });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('ops.alreadyDecided');
    expect((await t.post('/ops/deposits/reject', { id: first.id, reason: 'changed my mind' }, { token: finance.token })).status).toBe(409);
    expect((await t.post('/ops/deposits/approve', { id: 99_999_999 }, { token: finance.token })).body.key).toBe('record.notFound');

    // The user reads the reasons in their records.
    const log = await t.get<Page<DepositRecord>>('/recharge/log', { token: user.token });
    expect(log.body.data!.list.find((row) => row.id === third.id)).toMatchObject({ status: 'failed', reason: 'No payment arrived' });

    // Every decision in the audit log: operator, user, reason, time.
    expect(await auditOf(`deposit:${first.id}`)).toMatchObject([{ action: 'deposit.approve', operator_id: finance.id, user_id: user.userId }]);
    expect(await auditOf(`deposit:${second.id}`)).toMatchObject([
      { action: 'deposit.approve', operator_id: finance.id, reason: 'BTC worth 48.5 USDT arrived', details: { amount: '48.500000', requestedAmount: '50.000000' } },
    ]);
    const [rejection] = await auditOf(`deposit:${third.id}`);
    expect(rejection).toMatchObject({ action: 'deposit.reject', operator_id: finance.id, user_id: user.userId, reason: 'No payment arrived' });
    expect(new Date(rejection.created_at).toISOString()).toBe(rejectedAt.toISOString());

    // And through the API, newest first, with the names.
    const audit = await t.get<Page<{ action: string; subject: string; operator: string; username: string | null; reason: string | null }>>('/ops/audit', {
      token: operatorsByRole.support.token,
      query: { userId: user.userId },
    });
    expect(audit.body.data!.list.map((entry) => [entry.action, entry.subject])).toEqual([
      ['deposit.reject', `deposit:${third.id}`],
      ['deposit.approve', `deposit:${second.id}`],
      ['deposit.approve', `deposit:${first.id}`],
    ]);
    expect(audit.body.data!.list[0]).toMatchObject({ operator: finance.username, username: user.username, reason: 'No payment arrived' });
  });

  test('list filters are checked', async () => {
    const bad = await t.get('/ops/deposits', { token: adminToken, query: { status: 'pending' } });
    expect(bad.status).toBe(400);
    expect((await t.get('/ops/withdrawals', { token: adminToken, query: { page: '0' } })).status).toBe(400);
    expect((await t.get('/ops/audit', { token: adminToken, query: { extra: '1' } })).body.key).toBe('request.unknownField');
  });
});

describe('deciding withdrawals', () => {
  test('approve with the payout reference, reject with a reason; money moves and the audit log holds both', async () => {
    const { finance } = operatorsByRole;
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    const paid = await requestWithdrawal(user, '30');
    const cancelled = await requestWithdrawal(user, '20');
    expect(await balanceOf(t.database.db, user.userId, 'USDT', 'held')).toBe(USDT(50));

    const queue = await t.get<Page<WithdrawalRecord & { userId: string; username: string }>>('/ops/withdrawals', {
      token: operatorsByRole.support.token,
      query: { status: 'processing', pageSize: '50' },
    });
    expect(queue.body.data!.list.filter((row) => row.userId === user.userId).map((row) => row.id)).toEqual([paid.id, cancelled.id]);

    const noReference = await t.post('/ops/withdrawals/approve', { id: paid.id }, { token: finance.token });
    expect(noReference.status).toBe(400);
    expect(noReference.body.key).toBe('ops.referenceRequired');
    expect((await t.post('/ops/withdrawals/approve', { id: paid.id, txReference: '  ' }, { token: finance.token })).body.key).toBe('ops.referenceRequired');

    const approved = await t.post<WithdrawalRecord>('/ops/withdrawals/approve', { id: paid.id, txReference: '0xfeedbeef' }, { token: finance.token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'completed', txReference: '0xfeedbeef' });

    expect((await t.post('/ops/withdrawals/reject', { id: cancelled.id, reason: 'x' }, { token: finance.token })).body.key).toBe('ops.reasonRequired');
    const rejected = await t.post<WithdrawalRecord>(
      '/ops/withdrawals/reject',
      { id: cancelled.id, reason: 'Address on a sanctions list' },
      { token: finance.token },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'cancelled', reason: 'Address on a sanctions list' });
    expect((await t.post('/ops/withdrawals/reject', { id: paid.id, reason: 'too late now' }, { token: finance.token })).body.key).toBe('ops.alreadyDecided');

    expect(await balanceOf(t.database.db, user.userId, 'USDT', 'held')).toBe(0n);
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(USDT(70));

    expect(await auditOf(`withdrawal:${paid.id}`)).toMatchObject([
      { action: 'withdrawal.approve', operator_id: finance.id, user_id: user.userId, details: { txReference: '0xfeedbeef' } },
    ]);
    expect(await auditOf(`withdrawal:${cancelled.id}`)).toMatchObject([
      { action: 'withdrawal.reject', operator_id: finance.id, user_id: user.userId, reason: 'Address on a sanctions list' },
    ]);
  });
});

describe('balance corrections', () => {
  const keyed = (token: string, key: string = crypto.randomUUID()) => ({ token, headers: { 'idempotency-key': key } });

  test.runIf(Boolean(process.env.TEST_DATABASE_URL))('a correction makes five round trips to PostgreSQL', async () => {
    const { finance } = operatorsByRole;
    const user = await t.payingUser();
    const corrected = await roundTripsOf(() => t.post('/ops/adjustments', { userId: user.userId, asset: 'USDT', amount: '1', reason: 'Counted round trips' }, keyed(finance.token)));
    expect(corrected.result.status, JSON.stringify(corrected.result.body)).toBe(200);
    // The operator's session; the user with the asset's four-eyes threshold (two before); BEGIN with
    // the key's claim; the posting with the balance after it; the key's reply, the audit row and COMMIT.
    expect(corrected.trips).toBe(5);
  });

  test('credits and debits move money through the ledger, each audited; a debit beyond the balance is refused', async () => {
    const { finance } = operatorsByRole;
    const user = await t.payingUser();
    const credit = await t.post<{ transferId: number; amount: string; balance: string }>(
      '/ops/adjustments',
      { userId: user.userId, asset: 'USDT', amount: '+50.25', reason: 'Missed deposit of 2030-01-10' },
      keyed(finance.token),
    );
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    expect(credit.body.data).toMatchObject({ amount: '50.250000', balance: '50.250000' });
    const debit = await t.post<{ transferId: number; amount: string; balance: string }>(
      '/ops/adjustments',
      { userId: user.userId, asset: 'USDT', amount: '-20', reason: 'Double credit reversed' },
      keyed(finance.token),
    );
    expect(debit.body.data).toMatchObject({ amount: '-20.000000', balance: '30.250000' });
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(30_250_000n);

    const before = await auditCount();
    const tooMuch = await t.post('/ops/adjustments', { userId: user.userId, asset: 'USDT', amount: '-30.250001', reason: 'Too much' }, keyed(finance.token));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.key).toBe('balance.insufficient');
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(30_250_000n);
    expect(await auditCount()).toBe(before);

    for (const [body, key] of [
      [{ amount: '0' }, 'amount.invalid'],
      [{ amount: '1.001', asset: 'EUR' }, 'amount.invalid'],
      [{ amount: 'ten' }, 'amount.invalid'],
      [{ reason: 'no' }, 'ops.reasonRequired'],
      [{ userId: crypto.randomUUID() }, 'record.notFound'],
      [{ balance: '100' }, 'request.unknownField'],
    ] as const) {
      const refused = await t.post('/ops/adjustments', { ...{ userId: user.userId, asset: 'USDT', amount: '1', reason: 'testing' }, ...body }, keyed(finance.token));
      expect(refused.body.key, JSON.stringify(body)).toBe(key);
    }
    expect(await auditCount()).toBe(before);

    const transfers = await rowsOf<{ kind: string; amount: string; reason: string; operator_id: string }>(
      t.database.db,
      sql`SELECT kind, amount::text, reason, operator_id FROM ledger_transfers WHERE id IN (${credit.body.data!.transferId}, ${debit.body.data!.transferId}) ORDER BY id`,
    );
    expect(transfers).toEqual([
      { kind: 'adjustment', amount: '50250000', reason: 'Missed deposit of 2030-01-10', operator_id: finance.id },
      { kind: 'adjustment', amount: '20000000', reason: 'Double credit reversed', operator_id: finance.id },
    ]);
    expect(await auditOf(`transfer:${debit.body.data!.transferId}`)).toMatchObject([
      { action: 'ledger.adjust', operator_id: finance.id, user_id: user.userId, reason: 'Double credit reversed', details: { asset: 'USDT', amount: '-20.000000' } },
    ]);
  });

  test('a correction is a money call: it needs a key, and a retry with the key posts once', async () => {
    const { finance } = operatorsByRole;
    const user = await t.payingUser();
    const body = { userId: user.userId, asset: 'EUR', amount: '12.34', reason: 'Goodwill credit' };
    const ledgerRows = async () => (await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ledger_transfers`))[0].n;
    const before = { transfers: await ledgerRows(), audit: await auditCount() };

    const missing = await t.post('/ops/adjustments', body, { token: finance.token });
    expect(missing.status).toBe(400);
    expect(missing.body.key).toBe('idempotency.keyRequired');

    const key = crypto.randomUUID();
    const first = await t.post<{ transferId: number; balance: string }>('/ops/adjustments', body, keyed(finance.token, key));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await t.post<{ transferId: number; balance: string }>('/ops/adjustments', body, keyed(finance.token, key));
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(12_34n);

    const changed = await t.post('/ops/adjustments', { ...body, amount: '43.21' }, keyed(finance.token, key));
    expect(changed.status).toBe(422);
    expect(changed.body.key).toBe('idempotency.keyReused');

    // Another operator's key is theirs: the same text is a new correction.
    const other = await t.post<{ balance: string }>('/ops/adjustments', body, keyed(adminToken, key));
    expect(other.status).toBe(200);
    expect(other.body.data!.balance).toBe('24.68');

    expect(await ledgerRows()).toBe(before.transfers + 2);
    expect(await auditCount()).toBe(before.audit + 2);
    await t.assertLedgerClean();
  });

  test("a user's key cannot block an operator's: their keys live apart", async () => {
    const { finance } = operatorsByRole;
    const user = await t.payingUser();
    const key = crypto.randomUUID();
    // Before, an operator's key K was kept as "ops:<operator>:K" among the user's own keys.
    const bound = await t.post(
      '/user/cash_save',
      { payPassword: user.payPassword, firstName: 'Ann', lastName: 'Lee', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', bankName: 'Commerzbank', country: 'Germany', address: 'Kaiserstraße 16, Frankfurt' },
      { token: user.token, headers: { 'idempotency-key': `ops:${finance.id}:${key}` } },
    );
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    const body = { userId: user.userId, asset: 'EUR', amount: '0.01', reason: 'Goodwill credit' };
    const corrected = await t.post('/ops/adjustments', body, keyed(finance.token, key));
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(1n);
    // And the operator's key is still one correction: a retry posts nothing more.
    expect((await t.post('/ops/adjustments', body, keyed(finance.token, key))).status).toBe(200);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(1n);
    await t.assertLedgerClean();
  });
});

describe('settings, VIP levels and deposit addresses', () => {
  test('settings are listed, checked by their rule, changed and audited with old and new value', async () => {
    const list = await t.get<{ key: string; value: string | null }[]>('/ops/settings', { token: operatorsByRole.support.token });
    expect(list.body.data!.map((entry) => entry.key)).toEqual(expect.arrayContaining(['withdraw_fee_usdt', 'usdt_eur_rate', 'transfer_fee_percent']));
    expect(list.body.data!.find((entry) => entry.key === 'withdraw_fee_usdt')!.value).toBe('1');

    for (const body of [
      { key: 'withdraw_fee_usdt', value: '-1' },
      { key: 'withdraw_fee_usdt', value: '1.0000001' },
      { key: 'transfer_fee_percent', value: '150' },
      { key: 'support_url', value: 'javascript:alert(1)' },
      { key: 'balance_of_anna', value: '1000000' },
    ]) {
      const refused = await t.post('/ops/settings', { ...body, reason: 'testing' }, { token: adminToken });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.key).toBe('ops.settingInvalid');
    }
    expect((await t.post('/ops/settings', { key: 'withdraw_fee_usdt', value: '2' }, { token: adminToken })).body.key).toBe('ops.reasonRequired');

    const changed = await t.post('/ops/settings', { key: 'withdraw_fee_usdt', value: '2.5', reason: 'Network fees went up' }, { token: adminToken });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ key: 'withdraw_fee_usdt', value: '2.5' });
    // Users see the new fee.
    const user = await t.signedInUser();
    const info = await t.post<WithdrawInfoReply>('/wallet/get_info', {}, { token: user.token });
    expect(info.body.data!.methods.find((method) => method.asset === 'USDT')!.fee).toBe('2.500000');
    const [audit] = await auditOf('setting:withdraw_fee_usdt');
    expect(audit).toMatchObject({ action: 'setting.change', reason: 'Network fees went up', details: { old: '1', new: '2.5' } });
  });

  test('VIP levels change as a ladder and are audited', async () => {
    const table = await t.get<{ level: number }[]>('/ops/vip_levels', { token: operatorsByRole.support.token });
    expect(table.body.data!.map((entry) => entry.level)).toEqual([0, 1, 2, 3, 4]);
    const change = { level: 1, upgradeAmount: '800', giftPercent: '1.25', dailyOrders: 6, reason: 'Spring promotion' };
    for (const wrong of [
      { upgradeAmount: '6000' }, // above level 2
      { level: 0, upgradeAmount: '1' },
      { level: 7 }, // skips 5 and 6
      { giftPercent: '100.01' },
      { giftPercent: '-1' },
    ]) {
      const refused = await t.post('/ops/vip_levels', { ...change, ...wrong }, { token: adminToken });
      expect(refused.body.key, JSON.stringify(wrong)).toBe('ops.settingInvalid');
    }
    const saved = await t.post('/ops/vip_levels', change, { token: adminToken });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ level: 1, upgradeAmount: '800.000000', giftPercent: '1.25', dailyOrders: 6 });
    const added = await t.post('/ops/vip_levels', { level: 5, upgradeAmount: '500000', giftPercent: '4', dailyOrders: 80, reason: 'A new top level' }, { token: adminToken });
    expect(added.status).toBe(200);

    const user = await t.signedInUser();
    const level = await t.get<UserLevelReply>('/user/user_level', { token: user.token });
    expect(level.body.data!.levels[1]).toEqual({ level: 1, upgradeAmount: '800.000000', giftPercent: '1.25', dailyOrders: 6 });
    expect(level.body.data!.levels).toHaveLength(6);
    expect(await auditOf('vip_level:1')).toMatchObject([
      { action: 'vip.change', reason: 'Spring promotion', details: { old: { upgradeAmount: '1000.000000', giftPercent: '1' }, new: { upgradeAmount: '800.000000', giftPercent: '1.25' } } },
    ]);
  });

  test('deposit addresses change only to valid ones, are audited, and users see them', async () => {
    const newTrc = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    const newErc = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
    for (const wrong of [
      { address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' }, // an ERC20 address as the TRC20 one
      { addressErc: 'T-not-an-address' },
      {},
      { bank: { holder: 'A', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'B' } },
    ]) {
      const refused = await t.post('/ops/coins', { code: 'USDT', reason: 'testing', ...wrong }, { token: adminToken });
      expect(refused.body.key, JSON.stringify(wrong)).toBe('ops.settingInvalid');
    }
    expect((await t.post('/ops/coins', { code: 'DOGE', address: 'x', reason: 'testing' }, { token: adminToken })).body.key).toBe('coin.invalid');
    expect(
      (await t.post('/ops/coins', { code: 'BANK', bank: { holder: 'Tessera Ltd', iban: 'DE00 1234', bic: 'COBADEFFXXX', bankName: 'Commerzbank' }, reason: 'testing' }, { token: adminToken })).body.key,
    ).toBe('ops.settingInvalid');

    const saved = await t.post('/ops/coins', { code: 'USDT', address: newTrc, addressErc: newErc, reason: 'New hot wallet' }, { token: adminToken });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const bank = await t.post(
      '/ops/coins',
      { code: 'BANK', bank: { holder: 'Tessera Ltd', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx', bankName: 'Commerzbank' }, reason: 'New bank' },
      { token: adminToken },
    );
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);

    const list = await t.get<{ legal: CoinEntry[] }>('/currency/list');
    const usdt = list.body.data!.legal.find((entry) => entry.name === 'USDT')!;
    expect(usdt).toMatchObject({ address: newTrc, address_omni: newTrc, address_erc: newErc });
    expect(list.body.data!.legal.find((entry) => entry.kind === 'bank')!.bank).toEqual({
      holder: 'Tessera Ltd',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      bankName: 'Commerzbank',
    });
    const [audit] = await auditOf('coin:USDT');
    expect(audit).toMatchObject({ action: 'coin.change', reason: 'New hot wallet', details: { old: { address: coin.USDT.address }, new: { address: newTrc, addressErc: newErc } } });
    const coins = await t.get<{ code: string; addressErc: string | null }[]>('/ops/coins', { token: operatorsByRole.support.token });
    expect(coins.body.data!.find((entry) => entry.code === 'USDT')!.addressErc).toBe(newErc);
  });
});

describe('the command line (npm run ops)', () => {
  /** Runs scripts/ops.ts as `npm run ops` does, against this app listening on a loopback port. */
  function cli(dataDir: string, url: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/ops.ts', ...args, '--url', url],
        { env: { ...process.env, DATA_DIR: dataDir, OPS_PASSWORD: '', OPS_TOTP_SECRET: '' }, timeout: 30_000 },
        (error, out, err) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out, err }),
      );
    });
  }

  test('signs in with a code, keeps the session private, lists and decides; refusals exit 1 with the message', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ops-cli-'));
    try {
      const { finance } = operatorsByRole;
      const user = await t.payingUser();
      const deposit = await requestDeposit(user.token, { coinId: String(coin.USDT.id), network: 'TRC20', amount: '12.5' });

      t.clock.advance(30);
      const login = await cli(dataDir, url, ['login', '--user', finance.username, '--password', finance.password, '--totp', codeNow(finance.secret)]);
      expect(login.code, login.err).toBe(0);
      expect(login.out).toContain(`signed in as ${finance.username}`);
      const sessionFile = path.join(dataDir, 'ops-session.json');
      expect(fs.statSync(sessionFile).mode & 0o777).toBe(0o600);

      const list = await cli(dataDir, url, ['deposits']);
      expect(list.code, list.err).toBe(0);
      expect(list.out).toMatch(new RegExp(`^${deposit.id}\\s+${deposit.orderNo}\\s+${user.username}\\s+${user.userId}\\s+USDT/TRC20\\s+12\\.500000 USDT\\s+processing`, 'm'));

      const noReason = await cli(dataDir, url, ['deposit', 'reject', String(deposit.id), '--reason', 'no']);
      expect(noReason.code).toBe(1);
      expect(noReason.err).toContain('Please give a reason (at least 3 characters).');

      const approved = await cli(dataDir, url, ['deposit', 'approve', String(deposit.id)]);
      expect(approved.code, approved.err).toBe(0);
      expect(approved.out).toContain(`approved deposit ${deposit.id}`);
      expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(12_500_000n);

      const adjust = await cli(dataDir, url, ['adjust', user.userId, 'USDT', '-2.5', '--reason', 'Fee refund reversed']);
      expect(adjust.code, adjust.err).toBe(0);
      expect(adjust.out).toContain('available now 10.000000 USDT');
      // Run again with the key it printed (as after a lost answer): posted once.
      const usedKey = /\[key (\S+)\]/.exec(adjust.out)![1];
      const retried = await cli(dataDir, url, ['adjust', user.userId, 'USDT', '-2.5', '--reason', 'Fee refund reversed', '--key', usedKey]);
      expect(retried.code, retried.err).toBe(0);
      expect(retried.out).toContain('available now 10.000000 USDT');
      expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(10_000_000n);
      const tooMuch = await cli(dataDir, url, ['adjust', user.userId, 'USDT', '-100', '--reason', 'Too much']);
      expect(tooMuch.code).toBe(1);
      expect(tooMuch.err).toContain('[balance.insufficient]');

      // Above the four-eyes threshold (1,000 USDT): proposed, not posted; its maker cannot approve it.
      const large = await cli(dataDir, url, ['adjust', user.userId, 'USDT', '1500', '--reason', 'Large goodwill']);
      expect(large.code, large.err).toBe(0);
      expect(large.out).toContain('proposed, NOT posted: 1500.000000 USDT');
      const proposalId = /proposal (\d+) waits/.exec(large.out)![1];
      expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(10_000_000n);
      const proposals = await cli(dataDir, url, ['proposals']);
      expect(proposals.out).toMatch(new RegExp(`^${proposalId}\\s+${user.username}\\s+${user.userId}\\s+1500\\.000000 USDT\\s+Large goodwill\\s+${finance.username}`, 'm'));
      const own = await cli(dataDir, url, ['proposal', 'approve', proposalId]);
      expect(own.code).toBe(1);
      expect(own.err).toContain('[ops.ownProposal]');
      const withdrawn = await cli(dataDir, url, ['proposal', 'refuse', proposalId, '--reason', 'Wrong user']);
      expect(withdrawn.code, withdrawn.err).toBe(0);
      expect(withdrawn.out).toContain(`proposal ${proposalId} (1500.000000 USDT for ${user.username}) refused, nothing posted`);

      // Finance may not change settings: the server's answer, exit code 1.
      const set = await cli(dataDir, url, ['set', 'withdraw_fee_usdt', '3', '--reason', 'trying']);
      expect(set.code).toBe(1);
      expect(set.err).toContain('[ops.roleForbidden]');

      const logout = await cli(dataDir, url, ['logout']);
      expect(logout.code).toBe(0);
      expect(fs.existsSync(sessionFile)).toBe(false);
      expect((await cli(dataDir, url, ['deposits'])).code).toBe(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('loans and the pledge from the command line: list, approve, repaid, a document saved; products and a payout round', async () => {
    const address = t.app.server.address();
    const url = address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ops-cli-'));
    try {
      const { finance } = operatorsByRole;
      const borrower = await t.payingUser();
      // The interest is paid from the user's own money: 1 USDT beside the 60 lent.
      await t.fund(borrower.userId, 'USDT', 1_000_000n);
      const frontDocument = await t.identityImage(borrower.token);
      const terms = await t.get<{ products: Array<{ id: number; type: string; days: number }> }>('/loan/config', { token: borrower.token });
      const credit = terms.body.data!.products.find((p) => p.type === 'credit' && p.days === 7)!;
      const applied = await t.post<{ id: number; loanNo: string }>(
        '/loan/apply',
        { productId: credit.id, amount: '60', fullName: 'Mira Haddad', idType: 'passport', idNumber: 'X1234567', frontDocument, accepted: true },
        { token: borrower.token },
      );
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      const loan = applied.body.data!;

      t.clock.advance(30);
      expect((await cli(dataDir, url, ['login', '--user', finance.username, '--password', finance.password, '--totp', codeNow(finance.secret)])).code).toBe(0);
      const list = await cli(dataDir, url, ['loans']);
      expect(list.code, list.err).toBe(0);
      expect(list.out).toMatch(new RegExp(`^${loan.id}\\s+${loan.loanNo}\\s+${borrower.username}\\s+credit\\s+60\\.000000 USDT\\s+7\\s+60\\.210000 USDT\\s+pending`, 'm'));
      const out = path.join(dataDir, 'front.png');
      const saved = await cli(dataDir, url, ['loan', 'document', String(loan.id), 'front', '--out', out]);
      expect(saved.code, saved.err).toBe(0);
      expect(fs.readFileSync(out).equals(PNG)).toBe(true);
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);

      const approved = await cli(dataDir, url, ['loan', 'approve', String(loan.id)]);
      expect(approved.code, approved.err).toBe(0);
      expect(approved.out).toContain(`loan ${loan.id} (${loan.loanNo}): 60.000000 USDT for 7 days, total 60.210000 USDT, status approved`);
      const repay = await t.post('/loan/repay', { id: loan.id, payPassword: borrower.payPassword }, { token: borrower.token, headers: { 'idempotency-key': crypto.randomUUID() } });
      expect(repay.status, JSON.stringify(repay.body)).toBe(200);
      expect((await cli(dataDir, url, ['loan', 'refuse', String(loan.id)])).err).toContain('--reason');
      const repaid = await cli(dataDir, url, ['loan', 'repaid', String(loan.id)]);
      expect(repaid.out).toContain('status repaid');
      // The LTV watch: the rate and thresholds, the open loans across assets and the liquidations (none here).
      const watch = await cli(dataDir, url, ['loan', 'watch']);
      expect(watch.code, watch.err).toBe(0);
      expect(watch.out).toMatch(/^rate \d+\.\d{6} EUR\/USDT; margin call at 85 %, liquidation at 90 % \(fee 1 %\)$/m);
      expect(watch.out).toContain('liquidations');

      const products = await cli(dataDir, url, ['pledge', 'products']);
      expect(products.code, products.err).toBe(0);
      expect(products.out).toMatch(/USDT\s+30\s+0\.03\s+100\.000000\s+2\s+yes/);
      const run = await cli(dataDir, url, ['pledge', 'run']);
      expect(run.code, run.err).toBe(0);
      expect(run.out).toMatch(/^pledge payout: \d+ days paid \(\d+ payments\), \d+ orders matured/m);
      await t.assertLedgerClean();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('totp prints the code of a secret', async () => {
    const out = await cli(os.tmpdir(), 'http://127.0.0.1:9', ['totp', '--secret', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ']);
    expect(out.code).toBe(0);
    // The real clock: one of the codes around now.
    const now = Date.now();
    const around = [-30_000, 0, 30_000].map((offset) => totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', new Date(now + offset)));
    expect(around).toContain(out.out.slice(0, 6));
  });
});

describe('the audit log and disabling operators', () => {
  test('the audit log pages newest first', async () => {
    const first = await t.get<Page<{ id: number }>>('/ops/audit', { token: adminToken, query: { pageSize: '3' } });
    const second = await t.get<Page<{ id: number }>>('/ops/audit', { token: adminToken, query: { pageSize: '3', page: '2' } });
    const ids = [...first.body.data!.list, ...second.body.data!.list].map((entry) => entry.id);
    expect(ids).toHaveLength(6);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(first.body.data!.total).toBe(await auditCount());
    const byAction = await t.get<Page<{ action: string }>>('/ops/audit', { token: adminToken, query: { action: 'ledger.adjust' } });
    expect(byAction.body.data!.list.every((entry) => entry.action === 'ledger.adjust')).toBe(true);
    const [adjustments] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'ledger.adjust'`);
    expect(byAction.body.data!.total).toBe(Number(adjustments.n));
    expect(byAction.body.data!.total).toBeGreaterThanOrEqual(2);
  });

  test('the audit log filters by operator and period, and exports the same rows as CSV with formulas defused', async () => {
    const finance = operatorsByRole.finance;
    const today = t.clock.now().toISOString().slice(0, 10);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const byFinance = await t.get<Page<{ operator: string }>>('/ops/audit', { token: adminToken, query: { operatorId: finance.id, pageSize: '50' } });
    expect(byFinance.body.data!.total).toBeGreaterThan(0);
    expect(byFinance.body.data!.list.every((entry) => entry.operator === finance.username)).toBe(true);
    const [{ n: ofFinance }] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE operator_id = ${finance.id}`);
    expect(byFinance.body.data!.total).toBe(Number(ofFinance));
    expect((await t.get<Page<unknown>>('/ops/audit', { token: adminToken, query: { to: today } })).body.data!.total).toBe(0);
    expect((await t.get<Page<unknown>>('/ops/audit', { token: adminToken, query: { from: tomorrow } })).body.data!.total).toBe(0);
    expect((await t.get('/ops/audit', { token: adminToken, query: { from: 'yesterday' } })).status).toBe(400);

    // A reason that would run as a formula in a spreadsheet.
    const user = await t.payingUser();
    await t.post('/ops/adjustments', { userId: user.userId, asset: 'USDT', amount: '1', reason: '=HYPERLINK("http://x","y")' }, { token: finance.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    const csv = await t.app.inject({ method: 'GET', url: `/api/ops/audit/export?operatorId=${finance.id}`, headers: { authorization: finance.token } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="tessera-audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,createdAt,operator,action,subject,userId,username,reason,details');
    expect(lines).toHaveLength(Number(ofFinance) + 1 + 1);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csv.body).not.toMatch(/,=HYPERLINK/);
  });

  test('operators are listed for everyone at the desk; admins change a role with a reason; the change is audited', async () => {
    const listed = await t.get<Array<{ username: string; role: string; disabled: boolean; openSessions: number }>>('/ops/operators', { token: adminToken });
    expect(listed.status).toBe(200);
    expect(listed.body.data!.find((entry) => entry.username === demo.username)).toMatchObject({ role: 'admin', disabled: false });
    expect((await t.post('/ops/operators/role', { username: demo.username, role: 'admin', reason: 'Not mine to say' }, { token: operatorsByRole.finance.token })).body.key).toBe('ops.roleForbidden');
    const someone = await createOperator('support');
    const changed = await t.post<{ role: string }>('/ops/operators/role', { username: someone.username, role: 'finance', reason: 'Joins the finance desk' }, { token: adminToken });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data!.role).toBe('finance');
    const audit = await auditOf(`operator:${someone.id}`);
    expect(audit.at(-1)).toMatchObject({ action: 'operator.role', reason: 'Joins the finance desk', details: { from: 'support', to: 'finance' } });
    expect((await t.post('/ops/operators/role', { username: 'nobody.here', role: 'finance', reason: 'No such one' }, { token: adminToken })).status).toBe(404);
  });

  test('a disabled operator cannot sign in and its sessions end; the last admin stays', async () => {
    const support = operatorsByRole.support;
    const disabled = await t.post('/ops/operators/disable', { username: support.username, reason: 'Left the company' }, { token: adminToken });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect((await t.get('/ops/deposits', { token: support.token })).body.key).toBe('session.gone');
    t.clock.advance(30);
    expect((await opsLogin(support)).body.key).toBe('ops.loginFailed');
    expect((await t.post('/ops/operators/disable', { username: support.username, reason: 'again' }, { token: adminToken })).status).toBe(404);

    const lastAdmin = await t.post('/ops/operators/disable', { username: demo.username, reason: 'Demo credential' }, { token: adminToken });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body.key).toBe('ops.lastAdmin');
    // Nor can it lose the role.
    const demoted = await t.post('/ops/operators/role', { username: demo.username, role: 'finance', reason: 'Not an admin' }, { token: adminToken });
    expect(demoted.body.key).toBe('ops.lastAdmin');
    // With a real admin in place the demo operator can go.
    const real = await createOperator('admin');
    const realToken = await signIn(real);
    expect((await t.post('/ops/operators/disable', { username: demo.username, reason: 'Demo credential' }, { token: realToken })).status).toBe(200);
    expect((await t.get('/ops/settings', { token: adminToken })).body.key).toBe('session.gone');
  });

  test('the ledger is consistent after all of it', async () => {
    await t.assertLedgerClean();
  });
});
