/** Login, lockout, logout, password change and reset, and what each does to sessions. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorText } from '../../src/locales/errors';
import { OTHER_PASSWORD, startTestApp, STRONG_PASSWORD, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const infoStatus = async (token: string) => {
  const reply = await t.get('/user/info', { token });
  return reply.status === 200 ? 'live' : reply.body.key;
};

describe('login', () => {
  test('by username in any case, by e-mail, with a Bearer token too', async () => {
    const { username, email, password } = await t.registerByEmail();
    const byName = await t.post<{ token: string; expiresAt: string }>('/user/login', { account: username.toUpperCase(), password });
    expect(byName.status).toBe(200);
    expect(byName.body.data!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // 720 hours from the (test) clock.
    expect(new Date(byName.body.data!.expiresAt).getTime() - t.clock.now().getTime()).toBe(720 * 3600 * 1000);
    const token = await t.login(` ${email.toUpperCase()} `, password);
    expect((await t.get('/user/info', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  test('a session ends at its expiry', async () => {
    const { token } = await t.signedInUser();
    t.clock.advance(720 * 3600 - 1);
    expect(await infoStatus(token)).toBe('live');
    t.clock.advance(1);
    const reply = await t.get('/user/info', { token });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ type: '999', code: 999, key: 'session.gone' });
  });

  test('no token or an unknown token: 401 session.required', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const reply = await t.get('/user/info', { token });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ type: '999', code: 999, message: errorText('en', 'session.required'), data: null, key: 'session.required' });
    }
  });
});

describe('lockout', () => {
  test('5 wrong passwords lock the login for 15 minutes, even the right password', async () => {
    const { username, password } = await t.registerByEmail();
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) keys.push((await t.post('/user/login', { account: username, password: OTHER_PASSWORD })).body.key!);
    expect(keys).toEqual(['login.failed', 'login.failed', 'login.failed', 'login.failed', 'login.locked']);

    const locked = await t.post('/user/login', { account: username, password });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ key: 'login.locked', data: { retryAfter: 900 } });
    expect(locked.body.message).toBe(errorText('en', 'login.locked', { minutes: 15 }));

    t.clock.advance(15 * 60);
    expect((await t.post('/user/login', { account: username, password })).status).toBe(200);
  });

  test('an unknown account gets exactly the same answers', async () => {
    const { username } = await t.registerByEmail();
    const ghost = t.uniqueUsername();
    const answers = async (account: string) => {
      const replies = [];
      for (let i = 0; i < 6; i++) {
        const reply = await t.post('/user/login', { account, password: OTHER_PASSWORD });
        replies.push([reply.status, reply.body.key, reply.body.message, reply.body.data]);
      }
      return replies;
    };
    expect(await answers(ghost)).toEqual(await answers(username));
  });

  test('parallel guesses get no more than five checks', async () => {
    const { username, password } = await t.registerByEmail();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => t.post('/user/login', { account: username, password: OTHER_PASSWORD })),
    );
    const keys = replies.map((r) => r.body.key).sort();
    expect(keys).toEqual([...Array(4).fill('login.failed'), ...Array(6).fill('login.locked')]);
    expect((await t.post('/user/login', { account: username, password })).body.key).toBe('login.locked');
  });

  test('failures far apart do not add up', async () => {
    const { username, password } = await t.registerByEmail();
    for (let i = 0; i < 4; i++) await t.post('/user/login', { account: username, password: OTHER_PASSWORD });
    t.clock.advance(16 * 60);
    expect((await t.post('/user/login', { account: username, password: OTHER_PASSWORD })).body.key).toBe('login.failed');
    expect((await t.post('/user/login', { account: username, password })).status).toBe(200);
  });
});

describe('sessions end', () => {
  test('logout revokes the token', async () => {
    const { token } = await t.signedInUser();
    expect((await t.get('/user/logout', { token })).body).toEqual({ type: 'ok', code: 1, message: '', data: null });
    expect(await infoStatus(token)).toBe('session.gone');
    expect((await t.get('/user/logout', { token })).status).toBe(401);
  });

  test('a password change ends the other sessions and keeps the current one', async () => {
    const user = await t.signedInUser();
    const other = await t.login(user.email, user.password);
    // Used once before: the process may remember it as live.
    expect(await infoStatus(other)).toBe('live');
    const change = await t.post(
      '/safe/update_password',
      { oldPassword: user.password, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD, lang: 'en' },
      { token: user.token },
    );
    expect(change.status).toBe(200);
    expect(await infoStatus(user.token)).toBe('live');
    expect(await infoStatus(other)).toBe('session.gone');
    expect((await t.post('/user/login', { account: user.username, password: user.password })).body.key).toBe('login.failed');
    await t.login(user.username, OTHER_PASSWORD);
  });

  test('a password change with a wrong current password is refused and changes nothing', async () => {
    const user = await t.signedInUser();
    const reply = await t.post(
      '/safe/update_password',
      { oldPassword: '918273', password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      { token: user.token },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ key: 'password.wrongOld', field: 'oldPassword' });
    await t.login(user.username, user.password);
  });

  test('forgot password: code by mail, new password, every session ended', async () => {
    const user = await t.signedInUser();
    const second = await t.login(user.username, user.password);
    t.clock.advance(60);
    expect((await t.post('/sms_mail', { email: user.email, purpose: 'reset' })).status).toBe(200);
    const reset = await t.post('/user/forget', {
      method: 'email',
      email: user.email,
      code: t.codeFromMail(user.email),
      password: OTHER_PASSWORD,
      confirmPassword: OTHER_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect([await infoStatus(user.token), await infoStatus(second)]).toEqual(['session.gone', 'session.gone']);
    await t.login(user.email, OTHER_PASSWORD);
  });

  test('forgot password by phone also lifts a lockout', async () => {
    const { phone } = await t.registerByPhone();
    for (let i = 0; i < 5; i++) await t.post('/user/login', { account: phone, password: OTHER_PASSWORD });
    expect((await t.post('/user/login', { account: phone, password: STRONG_PASSWORD })).body.key).toBe('login.locked');
    t.clock.advance(60);
    await t.post('/sms_send', { phone, purpose: 'reset' });
    const reset = await t.post('/user/forget', {
      method: 'phone',
      phone,
      code: t.codeFromSms(phone),
      password: OTHER_PASSWORD,
      confirmPassword: OTHER_PASSWORD,
    });
    expect(reset.status).toBe(200);
    await t.login(phone, OTHER_PASSWORD);
  });
});

describe('sessions ended by another process on the same database', () => {
  // t2 signs in and ends sessions (its own login allowance); t, which has just used them, must stop accepting them.
  let t2: TestApp;
  beforeAll(async () => {
    t2 = await startTestApp({ sameInstallationAs: t });
  });
  afterAll(() => t2?.close());

  /** What t answers for the token, waiting up to 2 s for the other process's word to arrive. */
  async function settles(token: string, expected: string): Promise<string> {
    const until = Date.now() + 2000;
    for (;;) {
      const status = await infoStatus(token);
      if (status === expected || Date.now() > until) return status ?? 'none';
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  test('a logout in one process ends the session in the other, which had just used it', async () => {
    const { token } = await t2.signedInUser();
    expect(await infoStatus(token)).toBe('live');
    expect((await t2.get('/user/logout', { token })).status).toBe(200);
    expect(await settles(token, 'session.gone')).toBe('session.gone');
  });

  test('a password change in one process ends the other sessions in the other', async () => {
    const user = await t2.signedInUser();
    const other = await t2.login(user.email, user.password);
    expect(await infoStatus(other)).toBe('live');
    const change = await t2.post('/safe/update_password', { oldPassword: user.password, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD }, { token: user.token });
    expect(change.status).toBe(200);
    expect(await settles(other, 'session.gone')).toBe('session.gone');
    expect(await infoStatus(user.token)).toBe('live');
  });
});
