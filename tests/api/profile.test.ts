/** Profile: avatar upload by content type, nickname, language, payment password, contact binding. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../src/domain/constants';
import { errorText } from '../../src/locales/errors';
import { png } from '../fixtures/png';
import { OTHER_PASSWORD, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** A real 1×1 PNG. */
const tinyPng = () => png(1, 1, Buffer.from([0, 0x2a, 0x7f, 0xd4]));

function multipart(file: Buffer, filename: string, contentType: string, extra: Record<string, string> = {}, before: Record<string, string> = {}) {
  const boundary = '----tessera' + Math.random().toString(16).slice(2);
  const field = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const parts: Buffer[] = [
    ...Object.entries(before).map(([name, value]) => field(name, value)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    file,
    Buffer.from('\r\n'),
  ];
  for (const [name, value] of Object.entries(extra)) parts.push(field(name, value));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  token: string,
  file: Buffer,
  filename: string,
  contentType = 'image/png',
  extra?: Record<string, string>,
  before?: Record<string, string>,
) {
  const form = multipart(file, filename, contentType, extra, before);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/uploadHeadPortrait',
    headers: { authorization: token, 'content-type': form.contentType },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

describe('avatar upload', () => {
  test('a real PNG is stored, served and shown in the user info; the one before is removed', async () => {
    const { token } = await t.signedInUser();
    const png = tinyPng();
    const first = await upload(token, png, 'me.png', 'image/png', { lang: 'de' });
    expect(first.status).toBe(200);
    expect(first.body.data.avatar).toMatch(/^\/api\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: first.body.data.avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const second = await upload(token, png, 'again.png');
    const info = await t.get<{ avatar: string }>('/user/info', { token });
    expect(info.body.data!.avatar).toBe(second.body.data.avatar);
    expect((await t.app.inject({ method: 'GET', url: first.body.data.avatar })).statusCode).toBe(404);
  });

  test('the type is decided by the content: a PNG named .jpg is accepted as PNG', async () => {
    const { token } = await t.signedInUser();
    const reply = await upload(token, tinyPng(), 'photo.jpg', 'image/jpeg');
    expect(reply.status).toBe(200);
    expect(reply.body.data.avatar).toMatch(/\.png$/);
  });

  test('a text file named .png is refused', async () => {
    const { token } = await t.signedInUser();
    const reply = await upload(token, Buffer.from('just some text, not an image\n'), 'evil.png');
    expect(reply.status).toBe(415);
    expect(reply.body).toMatchObject({ key: 'upload.wrongType', message: errorText('en', 'upload.wrongType') });
    // The language comes from a lang field sent before the file, as from JSON's `lang`.
    const inArabic = await upload(token, Buffer.from('text'), 'evil.png', 'image/png', {}, { lang: 'ar' });
    expect(inArabic.body.message).toBe(errorText('ar', 'upload.wrongType'));
  });

  test('2 MB is accepted, 2 MB + 1 byte is refused', async () => {
    const { token } = await t.signedInUser();
    const png = tinyPng();
    // A PNG followed by padding: still a PNG by its signature.
    const exact = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)]);
    expect((await upload(token, exact, 'big.png')).status).toBe(200);
    const over = await upload(token, Buffer.concat([exact, Buffer.alloc(1)]), 'big.png');
    expect(over.status).toBe(413);
    expect(over.body.key).toBe('upload.tooLarge');
  });

  test('no file, or not multipart, is refused; no session is 401', async () => {
    const { token } = await t.signedInUser();
    const json = await t.post('/user/uploadHeadPortrait', { file: 'x' }, { token });
    expect(json.status).toBe(415);
    expect(json.body.key).toBe('upload.required');
    const form = multipart(tinyPng(), 'a.png', 'image/png');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/user/uploadHeadPortrait',
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().key).toBe('session.required');
  });
});

describe('nickname and language', () => {
  test('nickname is changed, and an empty or too long one refused with its limit in the text', async () => {
    const { token } = await t.signedInUser();
    expect((await t.post('/user/editNickname', { nickname: '  Zoë 🌟 ' }, { token })).status).toBe(200);
    expect((await t.get<{ nickname: string }>('/user/info', { token })).body.data!.nickname).toBe('Zoë 🌟');
    const long = await t.post('/user/editNickname', { nickname: 'x'.repeat(25) }, { token });
    expect(long.body).toMatchObject({ key: 'nickname.invalid', message: errorText('en', 'nickname.invalid', { max: 24 }) });
    expect(long.body.message).toContain('24');
  });

  test('the language is remembered; an unsupported one is refused', async () => {
    const { token } = await t.signedInUser();
    expect((await t.post('/set/lang', { locale: 'he', lang: 'en' }, { token })).status).toBe(200);
    expect((await t.get<{ locale: string }>('/user/info', { token })).body.data!.locale).toBe('he');
    expect((await t.post('/set/lang', { locale: 'fr' }, { token })).body.key).toBe('lang.unsupported');
  });
});

describe('payment password', () => {
  test('set with the login password, then changed with the current payment password', async () => {
    const user = await t.signedInUser();
    const noLogin = await t.post('/safe/pay_password', { password: '260418', confirmPassword: '260418' }, { token: user.token });
    expect(noLogin.body).toMatchObject({ key: 'password.required', field: 'loginPassword' });
    const wrongLogin = await t.post(
      '/safe/pay_password',
      { loginPassword: OTHER_PASSWORD, password: '260418', confirmPassword: '260418' },
      { token: user.token },
    );
    expect(wrongLogin.body.key).toBe('password.wrongOld');
    const set = await t.post(
      '/safe/pay_password',
      { loginPassword: user.password, password: '260418', confirmPassword: '260418' },
      { token: user.token },
    );
    expect(set.status).toBe(200);
    expect((await t.get<{ hasPayPassword: boolean }>('/user/info', { token: user.token })).body.data!.hasPayPassword).toBe(true);

    // Now the login password no longer suffices: the current payment password is needed.
    const byLogin = await t.post(
      '/safe/pay_password',
      { loginPassword: user.password, password: '481620', confirmPassword: '481620' },
      { token: user.token },
    );
    expect(byLogin.body).toMatchObject({ key: 'password.required', field: 'oldPayPassword' });
    const wrongOld = await t.post(
      '/safe/pay_password',
      { oldPayPassword: '999111', password: '481620', confirmPassword: '481620' },
      { token: user.token },
    );
    expect(wrongOld.body.key).toBe('payPassword.wrong');
    const changed = await t.post(
      '/safe/pay_password',
      { oldPayPassword: '260418', password: '481620', confirmPassword: '481620' },
      { token: user.token },
    );
    expect(changed.status).toBe(200);
    const oldAgain = await t.post(
      '/safe/pay_password',
      { oldPayPassword: '260418', password: '370592', confirmPassword: '370592' },
      { token: user.token },
    );
    expect(oldAgain.body.key).toBe('payPassword.wrong');
  });

  test('a payment password has exactly 6 digits and follows the password rules', async () => {
    const user = await t.signedInUser();
    const cases: Array<[string, string]> = [
      ['2604189', 'payPassword.length'],
      ['26041', 'payPassword.length'],
      ['123456', 'password.sequential'],
      ['abcdef', 'password.digitsOnly'],
    ];
    for (const [password, key] of cases) {
      const reply = await t.post('/safe/pay_password', { loginPassword: user.password, password, confirmPassword: password }, { token: user.token });
      expect([password, reply.body.key]).toEqual([password, key]);
    }
  });

  test('5 wrong current payment passwords lock it for 15 minutes', async () => {
    const user = await t.signedInUser();
    await t.post('/safe/pay_password', { loginPassword: user.password, password: '260418', confirmPassword: '260418' }, { token: user.token });
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      keys.push((await t.post('/safe/pay_password', { oldPayPassword: '999111', password: '481620', confirmPassword: '481620' }, { token: user.token })).body.key!);
    }
    expect(keys).toEqual(['payPassword.wrong', 'payPassword.wrong', 'payPassword.wrong', 'payPassword.wrong', 'payPassword.locked']);
    const right = await t.post('/safe/pay_password', { oldPayPassword: '260418', password: '481620', confirmPassword: '481620' }, { token: user.token });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ key: 'payPassword.locked', data: { retryAfter: 900 } });
    t.clock.advance(900);
    expect((await t.post('/safe/pay_password', { oldPayPassword: '260418', password: '481620', confirmPassword: '481620' }, { token: user.token })).status).toBe(200);
  });
});

describe('binding a contact', () => {
  test('a phone number is linked with a code texted to it, then logs in', async () => {
    const user = await t.signedInUser();
    const phone = t.uniquePhone();
    expect((await t.post('/sms_send', { phone, purpose: 'bind' }, { token: user.token })).status).toBe(200);
    const bound = await t.post('/safe/mobile', { phone, code: t.codeFromSms(phone) }, { token: user.token });
    expect(bound.status).toBe(200);
    expect((await t.get<{ phone: string }>('/user/info', { token: user.token })).body.data!.phone).toBe(phone);
    await t.login(phone, user.password);
    // Now taken: nobody else can ask for a code to bind it.
    const other = await t.signedInUser();
    const taken = await t.post('/sms_send', { phone, purpose: 'bind' }, { token: other.token });
    expect(taken.body).toMatchObject({ key: 'account.exists', field: 'phone' });
  });

  test('an e-mail address is changed with a code mailed to the new address', async () => {
    const user = await t.signedInUser();
    const email = t.uniqueEmail();
    await t.post('/sms_mail', { email, purpose: 'bind' }, { token: user.token });
    const wrong = await t.post('/safe/email', { email, code: '000000' === t.codeFromMail(email) ? '111111' : '000000' }, { token: user.token });
    expect(wrong.body.key).toBe('code.wrong');
    expect((await t.post('/safe/email', { email, code: t.codeFromMail(email) }, { token: user.token })).status).toBe(200);
    await t.login(email, user.password);
  });
});
