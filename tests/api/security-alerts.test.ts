/**
 * Alerts and the anti-phishing code (docs/security.md), on PGlite and PostgreSQL: every security
 * change, every withdrawal and the anti-phishing code's setting reach the user by e-mail (read from
 * the test's SMTP server), once; every e-mail to the user starts with the anti-phishing code; an
 * operator resets a second factor only as an admin, with a reason, audited, as a security change.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { operators } from '../../server/db/schema';
import { startTestApp, USDT, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** Waits for the mails an address should get (alerts are sent after the reply). */
async function mailsTo(address: string, count: number) {
  for (let i = 0; i < 100 && t.mailbox.to(address).length < count; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return t.mailbox.to(address);
}

async function operatorToken(role: 'admin' | 'support' | 'finance'): Promise<string> {
  const [operator] = await t.database.db
    .insert(operators)
    .values({ username: `${role}-${crypto.randomBytes(3).toString('hex')}`, passwordHash: 'not-used-here', role, createdAt: t.clock.now() })
    .returning({ id: operators.id });
  return t.operatorToken(operator.id);
}

describe('the anti-phishing code', () => {
  test('is set with the login password, shown in the security centre, and starts every e-mail to the user after', async () => {
    const user = await t.signedInUser();
    const invalid = await t.post('/safe/anti-phishing', { code: 'ab', password: user.password }, { token: user.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.key).toBe('antiPhishing.invalid');
    const wrongPassword = await t.post('/safe/anti-phishing', { code: 'Kiwi2026', password: '000000' }, { token: user.token });
    expect(wrongPassword.body.key).toBe('password.wrongOld');

    const before = t.mailbox.to(user.email).length;
    expect((await t.post('/safe/anti-phishing', { code: 'Kiwi2026', password: user.password }, { token: user.token })).status).toBe(200);
    expect((await t.get<{ antiPhishingCode: string }>('/safe/security', { token: user.token })).body.data!.antiPhishingCode).toBe('Kiwi2026');
    const [notice] = (await mailsTo(user.email, before + 1)).slice(before);
    expect(notice.subject).toBe('Your anti-phishing code was set');
    expect(notice.text.split('\n')[0]).toBe('Your anti-phishing code: Kiwi2026');

    // A code mail (a password reset) carries it too, above the code.
    expect((await t.post('/sms_mail', { email: user.email, purpose: 'reset' })).status).toBe(200);
    const codeMail = t.mailbox.lastTo(user.email)!;
    expect(codeMail.text.split('\n')[0]).toBe('Your anti-phishing code: Kiwi2026');
    expect(codeMail.text).toMatch(/\b\d{6}\b/);
  });
});

describe('alerts', () => {
  test('a security change is told by e-mail once, with what changed and until when withdrawals pause', async () => {
    const user = await t.signedInUser();
    const before = t.mailbox.to(user.email).length;
    const changed = await t.post('/safe/update_password', { oldPassword: user.password, password: '517284', confirmPassword: '517284' }, { token: user.token });
    expect(changed.status).toBe(200);
    const mails = (await mailsTo(user.email, before + 1)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Security change on your Tessera account');
    expect(mails[0].text).toContain('Your login password was changed');
    const pausedUntil = new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(mails[0].text).toContain(`withdrawals are paused until ${pausedUntil} (UTC)`);
  });

  test('a withdrawal is told by e-mail with its amount and destination, and a replay tells nothing more', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', USDT(100));
    const before = t.mailbox.to(user.email).length;
    const key = crypto.randomUUID();
    const body = { method: 'crypto', network: 'TRC20', address: TRC20, amount: '30', payPassword: user.payPassword };
    expect((await t.post('/wallet/out', body, { token: user.token, headers: { 'idempotency-key': key } })).status).toBe(200);
    expect((await t.post('/wallet/out', body, { token: user.token, headers: { 'idempotency-key': key } })).status).toBe(200);
    const mails = (await mailsTo(user.email, before + 1)).slice(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mailbox.to(user.email).slice(before)).toHaveLength(1);
    expect(mails[0].subject).toBe('Withdrawal requested: 30 USDT');
    expect(mails[0].text).toContain(TRC20);
  });
});

describe('sign-ins', () => {
  const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
  const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const signIn = (account: string, password: string, userAgent: string) => t.post('/user/login', { account, password }, { headers: { 'user-agent': userAgent } });

  test('a sign-in from a device new to the account is told once, naming the device; the same device again is not', async () => {
    const user = await t.registerByEmail();
    expect((await signIn(user.username, user.password, PHONE)).status).toBe(200);
    const before = t.mailbox.to(user.email).length;
    expect((await signIn(user.username, user.password, PHONE)).status).toBe(200);
    expect((await signIn(user.username, user.password, LAPTOP)).status).toBe(200);
    const mails = (await mailsTo(user.email, before + 1)).slice(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.mailbox.to(user.email).slice(before)).toHaveLength(1);
    expect(mails[0].subject).toBe('New sign-in to your Tessera account');
    expect(mails[0].text).toContain('Chrome');
    expect(mails[0].text).toContain('Windows');
  });
});

describe("an operator's reset of a second factor", () => {
  test('needs an admin and a reason; ends every session, pauses withdrawals, is audited, and the password alone signs in again', async () => {
    const user = await t.signedInUser();
    const userId = await t.userIdOf(user.token);
    await t.setUpTotp(user);
    const support = await operatorToken('support');
    const admin = await operatorToken('admin');

    const bySupport = await t.post('/ops/users/second-factor/reset', { id: userId, reason: 'lost phone, identity checked by video call' }, { token: support });
    expect(bySupport.status).toBe(403);
    const noReason = await t.post('/ops/users/second-factor/reset', { id: userId }, { token: admin });
    expect(noReason.status).toBe(400);
    const unknown = await t.post('/ops/users/second-factor/reset', { id: crypto.randomUUID(), reason: 'lost phone, identity checked by video call' }, { token: admin });
    expect(unknown.status).toBe(404);

    const reset = await t.post<{ hadSecondFactor: boolean }>('/ops/users/second-factor/reset', { id: userId, reason: 'lost phone, identity checked by video call' }, { token: admin });
    expect(reset.status).toBe(200);
    expect(reset.body.data!.hadSecondFactor).toBe(true);
    expect((await t.get('/user/info', { token: user.token })).status).toBe(401);
    const login = await t.post<{ token?: string }>('/user/login', { account: user.username, password: user.password });
    expect(login.body.data?.token).toBeTruthy();
    const overview = await t.get<{ withdrawalsPausedUntil: string | null; changes: Array<{ kind: string }> }>('/safe/security', { token: login.body.data!.token });
    expect(overview.body.data!.withdrawalsPausedUntil).not.toBeNull();
    expect(overview.body.data!.changes[0].kind).toBe('operatorReset');
    const audit = await rowsOf<{ action: string; reason: string }>(t.database.db, sql`SELECT action, reason FROM audit_log WHERE subject = ${`user:${userId}`}`);
    expect(audit).toContainEqual({ action: 'user.resetSecondFactor', reason: 'lost phone, identity checked by video call' });
  });
});
