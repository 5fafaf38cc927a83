import { getDefaultStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import * as shared from '../../../src/api/calls';
import * as auth from '../../../src/features/auth/api/calls';
import * as mine from '../../../src/features/mine/api/calls';
import * as contact from '../../../src/features/security/api/contact';
import * as devices from '../../../src/features/security/api/devices';
import * as settings from '../../../src/features/settings/api/calls';
import { localeAtom } from '../../../src/i18n';
import { ok, useTestApi } from '../support/api-server';

const api = useTestApi({ quietToasts: true });
beforeEach(() => {
  api.received.length = 0;
  api.respond(() => ok(null));
  getDefaultStore().set(localeAtom, 'en');
});

/** Each call of docs/api.md: how it is made, and the method, path and fields that must arrive. */
const contract: [string, () => Promise<unknown>, string, string, Record<string, unknown>?][] = [
  ['sendSmsCode', () => shared.sendSmsCode({ phone: '+4915112345678', purpose: 'register' }), 'POST', '/api/sms_send', { phone: '+4915112345678', purpose: 'register' }],
  ['sendMailCode', () => shared.sendMailCode({ email: 'a@b.de', purpose: 'reset' }), 'POST', '/api/sms_mail', { email: 'a@b.de', purpose: 'reset' }],
  [
    'register',
    () => auth.register({ method: 'email', email: 'a@b.de', code: '123456', password: '583920', confirmPassword: '583920', username: 'ada', agreed: true }),
    'POST',
    '/api/user/register',
    { method: 'email', email: 'a@b.de', code: '123456', password: '583920', confirmPassword: '583920', username: 'ada', agreed: true },
  ],
  ['login', () => shared.login({ account: 'ada', password: '583920' }), 'POST', '/api/user/login', { account: 'ada', password: '583920' }],
  ['logout', () => shared.logout(), 'GET', '/api/user/logout'],
  [
    'forgotPassword',
    () => auth.forgotPassword({ method: 'phone', phone: '+4915112345678', code: '123456', password: '583920', confirmPassword: '583920' }),
    'POST',
    '/api/user/forget',
    { method: 'phone', phone: '+4915112345678', code: '123456', password: '583920', confirmPassword: '583920' },
  ],
  ['changePassword', () => settings.changePassword({ oldPassword: 'x', password: '583920', confirmPassword: '583920' }), 'POST', '/api/safe/update_password', { oldPassword: 'x', password: '583920', confirmPassword: '583920' }],
  ['setPayPassword', () => settings.setPayPassword({ loginPassword: 'x', password: '583920', confirmPassword: '583920' }), 'POST', '/api/safe/pay_password', { loginPassword: 'x', password: '583920', confirmPassword: '583920' }],
  ['bindEmail', () => contact.bindEmail({ email: 'a@b.de', code: '123456' }), 'POST', '/api/safe/email', { email: 'a@b.de', code: '123456' }],
  ['bindMobile', () => contact.bindMobile({ phone: '+4915112345678', code: '123456' }), 'POST', '/api/safe/mobile', { phone: '+4915112345678', code: '123456' }],
  ['accountSessions', () => devices.accountSessions(), 'GET', '/api/safe/sessions'],
  ['endSession', () => devices.endSession({ id: 7 }), 'POST', '/api/safe/sessions/end', { id: 7 }],
  ['endOtherSessions', () => devices.endOtherSessions(), 'POST', '/api/safe/sessions/end_others', {}],
  ['signIns', () => devices.signIns(), 'GET', '/api/safe/sign_ins'],
  ['userInfo', () => shared.userInfo(), 'GET', '/api/user/info'],
  ['editNickname', () => mine.editNickname({ nickname: 'Ada' }), 'POST', '/api/user/editNickname', { nickname: 'Ada' }],
  ['setLanguage', () => settings.setLanguage('he'), 'POST', '/api/set/lang', { locale: 'he' }],
  ['supportLink', () => shared.supportLink(), 'GET', '/api/kf'],
  ['coinList', () => shared.coinList(), 'GET', '/api/currency/list'],
  ['walletList', () => shared.walletList(), 'POST', '/api/wallet/list', {}],
];

describe('the calls of docs/api.md', () => {
  it.each(contract)('%s', async (_name, call, method, path, fields) => {
    await call();
    const [sent] = api.received;
    expect(sent.method).toBe(method);
    expect(sent.url.pathname).toBe(path);
    if (method === 'GET') {
      expect(Object.fromEntries(sent.url.searchParams)).toEqual({ lang: 'en' });
    } else {
      expect(JSON.parse(sent.body)).toEqual({ ...fields, lang: 'en' });
    }
  });

  it('eurRate asks for EUR and takes the rate of the first item', async () => {
    api.respond(() => ok([{ currency: 'EUR', rate: '0.9200' }, { currency: 'EUR', rate: '9.9999' }]));
    await expect(shared.eurRate()).resolves.toBe('0.9200');
    expect(api.received[0].url.searchParams.get('currency')).toBe('EUR');
  });

  it('eurRate fails loudly when the reply has no rate', async () => {
    api.respond(() => ok([]));
    await expect(shared.eurRate()).rejects.toThrow('no EUR rate');
  });

  it('uploadAvatar sends the image as the multipart field "file"', async () => {
    api.respond(() => ok({ avatar: '/uploads/a.png' }));
    const image = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    await expect(mine.uploadAvatar(image)).resolves.toEqual({ avatar: '/uploads/a.png' });
    const [sent] = api.received;
    expect(sent.url.pathname).toBe('/api/user/uploadHeadPortrait');
    expect(sent.body).toMatch(/name="file"; filename="[^"]*"\r\nContent-Type: image\/png/);
  });
});
