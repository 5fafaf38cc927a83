import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, STRONG_PASSWORD, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('sign-up by e-mail', () => {
  test('code by mail, account created, login works, info and empty wallet', async () => {
    const email = t.uniqueEmail();
    const username = t.uniqueUsername();
    const sent = await t.post('/sms_mail', { email, purpose: 'register', lang: 'de' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ type: 'ok', code: 1, message: '', data: { retryAfter: 60 } });

    const mail = t.mailbox.lastTo(email)!;
    // The mail speaks the request's language.
    expect(mail.subject).toBe('Ihr Tessera-Registrierungscode');
    expect(mail.text).toMatch(/lautet \d{6}\./);

    const registered = await t.post('/user/register', {
      method: 'email',
      email: email.toUpperCase(),
      code: t.codeFromMail(email),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      username,
      agreed: true,
      lang: 'de',
    });
    expect(registered.status).toBe(200);
    expect(registered.body.data).toEqual({ username });

    const token = await t.login(email, STRONG_PASSWORD);
    const info = await t.get<Record<string, unknown>>('/user/info', { token });
    expect(info.body.data).toMatchObject({
      username,
      nickname: username,
      email,
      phone: null,
      avatar: null,
      isMerchant: false,
      hasPayPassword: false,
      locale: 'de',
      vipLevel: 0,
    });
    expect(info.body.data!.inviteCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });

  test('the same code cannot register twice', async () => {
    const email = t.uniqueEmail();
    await t.post('/sms_mail', { email, purpose: 'register' });
    const code = t.codeFromMail(email);
    const body = { method: 'email', email, code, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, agreed: true };
    expect((await t.post('/user/register', { ...body, username: t.uniqueUsername() })).status).toBe(200);
    const again = await t.post('/user/register', { ...body, email, username: t.uniqueUsername() });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe('account.exists');
  });
});

describe('sign-up by phone', () => {
  test('code by text message, account created, login by phone number', async () => {
    const phone = t.uniquePhone();
    const username = t.uniqueUsername();
    expect((await t.post('/sms_send', { phone, purpose: 'register' })).status).toBe(200);
    const registered = await t.post('/user/register', {
      method: 'phone',
      phone,
      code: t.codeFromSms(phone),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      username,
      agreed: true,
    });
    expect(registered.status).toBe(200);
    const token = await t.login(phone, STRONG_PASSWORD);
    const info = await t.get<{ phone: string; email: string | null }>('/user/info', { token });
    expect(info.body.data).toMatchObject({ phone, email: null });
  });

  test('an invalid phone number is refused before anything is sent', async () => {
    const reply = await t.post('/sms_send', { phone: '+49123', purpose: 'register' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ type: 'error', code: 0, key: 'phone.invalid', field: 'phone' });
  });
});

describe('refusals of sign-up', () => {
  test('a code for an address that already has an account is refused with account.exists', async () => {
    const { email } = await t.registerByEmail();
    const reply = await t.post('/sms_mail', { email, purpose: 'register' });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ key: 'account.exists', field: 'email' });
  });

  test('a username is unique whatever its case, and the code is not spent by that refusal', async () => {
    const { username } = await t.registerByEmail();
    const email = t.uniqueEmail();
    await t.post('/sms_mail', { email, purpose: 'register' });
    const code = t.codeFromMail(email);
    const body = { method: 'email', email, code, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, agreed: true };
    const taken = await t.post('/user/register', { ...body, username: username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ key: 'username.taken', field: 'username' });
    expect((await t.post('/user/register', { ...body, username: t.uniqueUsername() })).status).toBe(200);
  });

  test('an invitation code must exist; a real one links the new account to its inviter', async () => {
    const inviter = await t.signedInUser();
    const inviterInfo = await t.get<{ inviteCode: string }>('/user/info', { token: inviter.token });
    const email = t.uniqueEmail();
    await t.post('/sms_mail', { email, purpose: 'register' });
    const body = {
      method: 'email',
      email,
      code: t.codeFromMail(email),
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      username: t.uniqueUsername(),
      agreed: true,
    };
    const wrong = await t.post('/user/register', { ...body, inviteCode: 'NOSUCH99' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: 'invite.invalid', field: 'inviteCode' });
    const right = await t.post('/user/register', { ...body, inviteCode: inviterInfo.body.data!.inviteCode.toLowerCase() });
    expect(right.status).toBe(200);
    const rows = await t.database.sql.exclusive(0, (conn) =>
      conn.query<{ inviter: string }>(
        'SELECT i.username AS inviter FROM users u JOIN users i ON i.id = u.invited_by WHERE u.email = $1',
        [email],
      ),
    );
    expect(rows).toEqual([{ inviter: inviter.username }]);
  });

  test('the agreement must be accepted', async () => {
    const email = t.uniqueEmail();
    const reply = await t.post('/user/register', {
      method: 'email',
      email,
      code: '123456',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      username: t.uniqueUsername(),
      agreed: false,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ key: 'agreement.required', field: 'agreed' });
  });

  test('unknown fields are refused, lang is not one of them', async () => {
    const reply = await t.post('/sms_mail', { email: t.uniqueEmail(), purpose: 'register', lang: 'en', isMerchant: true });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ key: 'request.unknownField', message: 'The request contains an unexpected field: isMerchant.' });
  });

  test('a wrong code is refused and no account is made', async () => {
    const email = t.uniqueEmail();
    await t.post('/sms_mail', { email, purpose: 'register' });
    const wrong = String((Number(t.codeFromMail(email)) + 1) % 1_000_000).padStart(6, '0');
    const username = t.uniqueUsername();
    const reply = await t.post('/user/register', {
      method: 'email',
      email,
      code: wrong,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      username,
      agreed: true,
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ key: 'code.wrong', field: 'code' });
    const login = await t.post('/user/login', { account: username, password: STRONG_PASSWORD });
    expect(login.body.key).toBe('login.failed');
  });
});
