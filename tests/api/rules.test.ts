/**
 * Every password and username rule (src/domain/validation.ts) is refused by the server with its catalogue key
 * and the text of the request's language, chosen by `lang` or by Accept-Language.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ErrorKey } from '../../src/domain/errors';
import type { Locale } from '../../src/domain/locales';
import { errorText } from '../../src/locales/errors';
import { startTestApp, STRONG_PASSWORD, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const registration = (overrides: Record<string, unknown>) => ({
  method: 'email',
  email: 'rules@example.com',
  code: '123456',
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
  username: 'ruleTester',
  agreed: true,
  ...overrides,
});

const passwordCases: Array<[string, ErrorKey, Record<string, number>?]> = [
  ['', 'password.required'],
  ['12a456', 'password.digitsOnly'],
  ['58392', 'password.tooShort', { min: 6 }],
  ['5'.repeat(8) + '1234567890123456789012345', 'password.tooLong', { max: 32 }],
  ['777777', 'password.repeated'],
  ['123456', 'password.sequential'],
  ['987654', 'password.sequential'],
  ['147258', 'password.common'],
];

const usernameCases: Array<[string, ErrorKey, Record<string, number>?]> = [
  ['', 'username.required'],
  ['ab', 'username.length', { min: 3, max: 20 }],
  ['a'.repeat(21), 'username.length', { min: 3, max: 20 }],
  ['john_doe', 'username.invalid'],
  ['9lives', 'username.invalid'],
  ['mr smith', 'username.invalid'],
];

// Two ways to choose the language, and en plus another language each time.
const languageChoices: Array<[string, Locale, (body: Record<string, unknown>) => [Record<string, unknown>, Record<string, string>]]> = [
  ['lang field', 'de', (body) => [{ ...body, lang: 'de' }, { 'accept-language': 'en' }]],
  ['Accept-Language', 'zh', (body) => [body, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' }]],
  ['no choice', 'en', (body) => [body, {}]],
  ['unsupported lang falls back to Accept-Language', 'es', (body) => [{ ...body, lang: 'xx' }, { 'accept-language': 'es-MX' }]],
];

describe.each(languageChoices)('language by %s', (_name, locale, choose) => {
  test.each(passwordCases)('password %j is refused with %s', async (password, key, params) => {
    const [body, headers] = choose(registration({ password, confirmPassword: password }));
    const reply = await t.post('/user/register', body, { headers });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ type: 'error', code: 0, key, field: 'password', data: null });
    expect(reply.body.message).toBe(errorText(locale, key, params));
    expect(reply.body.message).not.toMatch(/\{\w+\}/);
  });

  test.each(usernameCases)('username %j is refused with %s', async (username, key, params) => {
    const [body, headers] = choose(registration({ username }));
    const reply = await t.post('/user/register', body, { headers });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ key, field: 'username' });
    expect(reply.body.message).toBe(errorText(locale, key, params));
  });
});

test('a confirmation that differs is refused on the confirmation field', async () => {
  const reply = await t.post('/user/register', registration({ confirmPassword: '583920' }));
  expect(reply.body).toMatchObject({ key: 'password.mismatch', field: 'confirmPassword' });
});

test('a code that is not six digits is refused before it is checked', async () => {
  const reply = await t.post('/user/register', registration({ code: '12345' }));
  expect(reply.body).toMatchObject({ key: 'code.format', field: 'code' });
});

test('GET calls take lang from the query', async () => {
  const reply = await t.get('/user/info', { query: { lang: 'it' }, headers: { 'accept-language': 'en' } });
  expect(reply.status).toBe(401);
  expect(reply.body.message).toBe(errorText('it', 'session.required'));
});

test('the language of the request chooses the language of the mailed code', async () => {
  const email = t.uniqueEmail();
  await t.post('/sms_mail', { email, purpose: 'register' }, { headers: { 'accept-language': 'es-ES,es;q=0.9' } });
  expect(t.mailbox.lastTo(email)!.subject).toBe('Tu código de registro de Tessera');
  const phone = t.uniquePhone();
  await t.post('/sms_send', { phone, purpose: 'register', lang: 'zh' });
  expect(t.sms.outbox.at(-1)).toMatchObject({ to: phone, text: expect.stringMatching(/^Tessera 验证码：\d{6}/) });
});
