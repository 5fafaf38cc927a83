/**
 * Linking an e-mail address or a phone number to an account, and changing it (issue 37, point 1):
 * with a code of purpose `bind` sent to the new contact; a replaced contact and the new one are
 * told, in the account's language (the mails read from a real SMTP server, the texts from the
 * SMS outbox); another account's contact is refused; a wrong code changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { UserInfo } from '../../src/domain/wire';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const info = async (token: string) => (await t.get<UserInfo>('/user/info', { token })).body.data!;
/** The text messages to a number; spaces as plain spaces (ICU writes a narrow one before "AM"). */
const textsTo = (phone: string) => t.sms.outbox.filter((message) => message.to === phone).map((message) => message.text.replace(/\s/g, ' '));

async function askEmailCode(token: string, email: string) {
  const sent = await t.post('/sms_mail', { email, purpose: 'bind' }, { token });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return t.codeFromMail(email);
}

async function askPhoneCode(token: string, phone: string) {
  const sent = await t.post('/sms_send', { phone, purpose: 'bind' }, { token });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return t.codeFromSms(phone);
}

/** Mail arrives over SMTP after the reply: waits until `address` has received `count`. */
const mailsTo = async (address: string, count: number) => {
  await expect.poll(() => t.mailbox.to(address).length).toBe(count);
  return t.mailbox.to(address);
};

describe('linking a contact the account does not have', () => {
  test('a phone account links an e-mail address with a bind code and logs in with it; nothing was replaced, nobody else is told', async () => {
    const user = await t.registerByPhone();
    const token = await t.login(user.phone, user.password);
    const email = t.uniqueEmail();
    const linked = await t.post('/safe/email', { email, code: await askEmailCode(token, email) }, { token });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await info(token)).toMatchObject({ phone: user.phone, email });
    await t.login(email, user.password);
    // The code was the only mail; the phone heard nothing beyond its sign-up code.
    expect((await mailsTo(email, 1)).map((mail) => mail.subject)).toEqual(['Your Tessera verification code']);
    expect(textsTo(user.phone)).toHaveLength(1);
  });

  test('an e-mail account links a phone number the same way', async () => {
    const user = await t.signedInUser();
    const phone = t.uniquePhone();
    const linked = await t.post('/safe/mobile', { phone, code: await askPhoneCode(user.token, phone) }, { token: user.token });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(await info(user.token)).toMatchObject({ phone, email: user.email });
    expect(textsTo(phone)).toHaveLength(1);
  });
});

describe('changing a contact', () => {
  test('a new e-mail address: the previous one is told what it became and when, in the account’s language, and the new one too', async () => {
    const user = await t.signedInUser();
    expect((await t.post('/set/lang', { locale: 'de' }, { token: user.token })).status).toBe(200);
    const next = t.uniqueEmail();
    const changed = await t.post('/safe/email', { email: next, code: await askEmailCode(user.token, next) }, { token: user.token });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await info(user.token)).email).toBe(next);

    // The previous address: its sign-up code, then the notice, naming the new address masked.
    const [, notice] = await mailsTo(user.email, 2);
    expect(notice.subject).toBe('Die E-Mail-Adresse Ihres Tessera-Kontos wurde geändert');
    expect(notice.text).toContain(`in ${next[0]}…@example.com geändert`);
    expect(notice.text).not.toContain(next);
    expect(notice.text).toContain('15. Januar 2030');
    // The new address: its code, then the security alert (the account's address now) and its notice.
    const mails = await mailsTo(next, 3);
    const welcome = mails.find((mail) => mail.subject === 'Die E-Mail-Adresse Ihres Tessera-Kontos wurde geändert')!;
    expect(welcome.text).toContain('ist seit 15. Januar 2030');
    const alert = mails.find((mail) => mail.subject === 'Sicherheitsänderung an Ihrem Tessera-Konto')!;
    expect(alert.text).toContain('Die E-Mail-Adresse Ihres Kontos wurde geändert');
    // A replaced contact is a security change: withdrawals pause.
    expect((await t.get<{ withdrawalsPausedUntil: string | null }>('/safe/security', { token: user.token })).body.data!.withdrawalsPausedUntil).not.toBeNull();

    // Only the new address logs in now.
    expect((await t.post('/user/login', { account: user.email, password: user.password })).body.key).toBe('login.failed');
    await t.login(next, user.password);
  });

  test('a new phone number: the previous number and the new one get a text message', async () => {
    const user = await t.registerByPhone();
    const token = await t.login(user.phone, user.password);
    const next = t.uniquePhone();
    const changed = await t.post('/safe/mobile', { phone: next, code: await askPhoneCode(token, next) }, { token });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(textsTo(user.phone).at(-1)).toBe(`Tessera: the phone number of your account was changed to …${next.slice(-4)} on January 15, 2030 at 9:00 AM UTC. Not you? Contact support at once.`);
    expect(textsTo(next).at(-1)).toMatch(/^Tessera: this number is now the phone number of your account/);
    await t.login(next, user.password);
  });

  test('with a second factor, replacing a contact asks for it before the code is spent; linking a first one does not', async () => {
    const user = await t.signedInUser();
    const { secret } = await t.setUpTotp(user);
    const next = t.uniqueEmail();
    const code = await askEmailCode(user.token, next);
    const without = await t.post('/safe/email', { email: next, code }, { token: user.token });
    expect(without.status).toBe(403);
    expect(without.body.key).toBe('secondFactor.required');
    const withIt = await t.post('/safe/email', { email: next, code, secondFactor: t.nextTotp(secret) }, { token: user.token });
    expect(withIt.status, JSON.stringify(withIt.body)).toBe(200);
    // A first phone number is linked with its code alone.
    const phone = t.uniquePhone();
    expect((await t.post('/safe/mobile', { phone, code: await askPhoneCode(user.token, phone) }, { token: user.token })).status).toBe(200);
  });
});

describe('refused', () => {
  test("another account's address: 409 when the code is asked for, and at the link when it was taken meanwhile; nothing changes", async () => {
    const user = await t.signedInUser();
    const other = await t.registerByEmail();
    const taken = await t.post('/sms_mail', { email: other.email, purpose: 'bind' }, { token: user.token });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ key: 'account.exists', field: 'email' });

    // A code asked for a free address, which another person signs up with before it is used.
    const address = t.uniqueEmail();
    const code = await askEmailCode(user.token, address);
    await t.registerByEmail({ email: address });
    const late = await t.post('/safe/email', { email: address, code }, { token: user.token });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ key: 'account.exists', field: 'email' });
    expect((await info(user.token)).email).toBe(user.email);
    // The account's own address was told nothing: only its sign-up code is there.
    expect(t.mailbox.to(user.email)).toHaveLength(1);
  });

  test('a wrong code is refused and changes nothing, and nobody is told', async () => {
    const user = await t.signedInUser();
    const next = t.uniqueEmail();
    const code = await askEmailCode(user.token, next);
    const wrong = await t.post('/safe/email', { email: next, code: code === '000000' ? '111111' : '000000' }, { token: user.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: 'code.wrong', field: 'code' });
    // The right code for another address does not do either.
    const elsewhere = await t.post('/safe/email', { email: t.uniqueEmail(), code }, { token: user.token });
    expect(elsewhere.body.key).toBe('code.wrong');
    expect((await info(user.token)).email).toBe(user.email);
    expect(t.mailbox.to(user.email)).toHaveLength(1);
    expect(t.mailbox.to(next)).toHaveLength(1);
  });

  test('without a session nothing is linked', async () => {
    const reply = await t.post('/safe/email', { email: t.uniqueEmail(), code: '123456' });
    expect(reply.status).toBe(401);
  });
});
