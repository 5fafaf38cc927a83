/**
 * Lockouts count per account, not per login text, and hold when several server processes share
 * one database (here: a second app on the same database, with its own in-process state).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorText } from '../../src/locales/errors';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { totpCode } from '../../server/security/totp';
import { hashPassword } from '../../server/security/passwords';
import { OTHER_PASSWORD, startTestApp, type TestApp } from './harness';

let t: TestApp;
/** A second server process of the same installation. */
let t2: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  t2 = await startTestApp({ sameInstallationAs: t });
});
afterAll(async () => {
  await t2?.close();
  await t?.close();
});

/** An account that can be named by its username, its e-mail address and its phone number. */
async function accountWithThreeTexts() {
  const user = await t.signedInUser();
  const phone = t.uniquePhone();
  expect((await t.post('/sms_send', { phone, purpose: 'bind' }, { token: user.token })).status).toBe(200);
  expect((await t.post('/safe/mobile', { phone, code: t.codeFromSms(phone) }, { token: user.token })).status).toBe(200);
  return { ...user, phone, texts: [user.username, user.email, phone] };
}

const login = (account: string, password: string) => t.post('/user/login', { account, password });

describe('login lockout per account', () => {
  test('5 wrong passwords spread over username, e-mail and phone lock the account under all three', async () => {
    const user = await accountWithThreeTexts();
    const [username, email, phone] = user.texts;
    const keys: string[] = [];
    for (const account of [username, email, phone, username, email]) keys.push((await login(account, OTHER_PASSWORD)).body.key!);
    expect(keys).toEqual(['login.failed', 'login.failed', 'login.failed', 'login.failed', 'login.locked']);

    // The 6th try, with the right password, by any of the three texts (any letter case).
    for (const account of [phone, username.toUpperCase(), email]) {
      const locked = await login(account, user.password);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({
        type: 'error',
        code: 0,
        key: 'login.locked',
        message: errorText('en', 'login.locked', { minutes: 15 }),
        data: { retryAfter: 900 },
      });
    }
    t.clock.advance(15 * 60);
    await t.login(phone, user.password);
  });

  test('a wrong current password typed while signed in counts against the same lock', async () => {
    const user = await accountWithThreeTexts();
    for (let i = 0; i < 4; i++) await login(user.texts[i % 3], OTHER_PASSWORD);
    const change = await t.post(
      '/safe/update_password',
      { oldPassword: '918273', password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      { token: user.token },
    );
    expect([change.status, change.body.key]).toEqual([429, 'login.locked']);
    expect((await login(user.email, user.password)).body.key).toBe('login.locked');
  });

  test('an unknown login text is counted and locked exactly like an account', async () => {
    const user = await accountWithThreeTexts();
    const ghosts = [t.uniqueUsername(), t.uniqueEmail(), t.uniquePhone()];
    const answers = async (texts: string[]) => {
      const replies = [];
      for (let i = 0; i < 6; i++) {
        const reply = await login(texts[i % texts.length], OTHER_PASSWORD);
        replies.push({ status: reply.status, body: reply.body });
      }
      return replies;
    };
    // One unknown text against one text of a real account: the same six answers.
    const ghostReplies = await answers([ghosts[0]]);
    expect(ghostReplies).toEqual(await answers([user.email]));
    expect(ghostReplies.map((r) => r.body.key)).toEqual([...Array(4).fill('login.failed'), 'login.locked', 'login.locked']);
    expect(ghostReplies[4]).toEqual({ status: 429, body: expect.objectContaining({ key: 'login.locked', data: { retryAfter: 900 } }) });
    // Each unknown text has its own count: the other two are not locked by the first.
    expect((await login(ghosts[1], OTHER_PASSWORD)).body.key).toBe('login.failed');
    expect((await login(ghosts[2], OTHER_PASSWORD)).body.key).toBe('login.failed');
  });

  test('parallel guesses over the three texts, through two processes, get no more than five checks', async () => {
    const user = await accountWithThreeTexts();
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? t2 : t).post('/user/login', { account: user.texts[i % 3], password: OTHER_PASSWORD })),
    );
    const keys = replies.map((r) => r.body.key).sort();
    expect(keys).toEqual([...Array(4).fill('login.failed'), ...Array(8).fill('login.locked')]);
    expect((await login(user.username, user.password)).body.key).toBe('login.locked');
  });
});

describe('operator login lockout', () => {
  test('per operator account; an unknown name gets the same answers', async () => {
    const username = `oplock${crypto.randomBytes(3).toString('hex')}`;
    const password = 'correct horse battery';
    const { secret } = await t.addOperator({ username, password, role: 'support' });
    const opsLogin = (name: string, pass: string) => t.post('/ops/login', { username: name, password: pass, totp: totpCode(secret, t.clock.now()), client: 'cli' });
    const answers = async (name: string) => {
      const replies = [];
      for (let i = 0; i < 6; i++) {
        const reply = await opsLogin(i % 2 ? name.toUpperCase() : name, 'wrong password');
        replies.push({ status: reply.status, body: reply.body });
      }
      return replies;
    };
    const real = await answers(username);
    expect(real.map((r) => r.body.key)).toEqual([...Array(4).fill('ops.loginFailed'), 'login.locked', 'login.locked']);
    expect(await answers(`ghost${crypto.randomBytes(3).toString('hex')}`)).toEqual(real);
    t.clock.advance(30);
    expect((await opsLogin(username, password)).status).toBe(429);
    t.clock.advance(15 * 60);
    expect((await opsLogin(username, password)).status).toBe(200);
  });
});

describe('payment-password lockout with two server processes', () => {
  const withdraw = (app: TestApp, user: { token: string }, payPassword: string) =>
    app.post(
      '/wallet/out',
      { method: 'crypto', network: 'TRC20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', amount: '30', payPassword },
      { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
  /** Ten requests at once, every other one through the second process. */
  const burst = (user: { token: string }, payPassword: string) =>
    Promise.all(Array.from({ length: 10 }, (_, i) => withdraw(i % 2 ? t2 : t, user, payPassword)));
  // The account is empty: a request whose payment password was accepted is refused for the balance.
  const ACCEPTED = 'balance.insufficient';

  test('the right payment password many times at once, from both, never locks', async () => {
    const user = await t.payingUser();
    const replies = await burst(user, user.payPassword);
    expect(replies.map((r) => r.body.key)).toEqual(Array(10).fill(ACCEPTED));
  });

  test('after four wrong ones, the right one many times at once is still accepted every time', async () => {
    const user = await t.payingUser();
    for (let i = 0; i < 4; i++) expect((await withdraw(i % 2 ? t2 : t, user, '999111')).body.key).toBe('payPassword.wrong');
    const replies = await burst(user, user.payPassword);
    expect(replies.map((r) => r.body.key)).toEqual(Array(10).fill(ACCEPTED));
    // The right one cleared the count: four more wrong ones do not lock.
    for (let i = 0; i < 4; i++) expect((await withdraw(t2, user, '999111')).body.key).toBe('payPassword.wrong');
  });

  test('a payment password kept from before (argon2id) still pays, and is then kept as a keyed hash that both processes verify', async () => {
    const user = await t.payingUser();
    const id = user.userId;
    await t.database.db.update(users).set({ payPasswordHash: await hashPassword(user.payPassword) }).where(eq(users.id, id));
    expect((await withdraw(t, user, '999111')).body.key).toBe('payPassword.wrong');
    expect((await withdraw(t, user, user.payPassword)).body.key).toBe(ACCEPTED);
    const [row] = await t.database.db.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, id));
    expect(row.hash).toMatch(/^hmac-sha256\$v1\$/);
    expect((await withdraw(t2, user, user.payPassword)).body.key).toBe(ACCEPTED);
    expect((await withdraw(t2, user, '999111')).body.key).toBe('payPassword.wrong');
  });

  test('wrong ones at once from both: exactly four wrong, then locked, the right one too', async () => {
    const user = await t.payingUser();
    const replies = await burst(user, '999111');
    const keys = replies.map((r) => r.body.key).sort();
    expect(keys).toEqual([...Array(6).fill('payPassword.locked'), ...Array(4).fill('payPassword.wrong')]);
    for (const app of [t, t2]) {
      const right = await withdraw(app, user, user.payPassword);
      expect(right.status).toBe(429);
      expect(right.body).toMatchObject({ key: 'payPassword.locked', data: { retryAfter: 900 } });
    }
    t.clock.advance(15 * 60);
    expect((await withdraw(t2, user, user.payPassword)).body.key).toBe(ACCEPTED);
  });
});
