/**
 * One typed function per call of docs/api.md. Inputs are the zod schemas' input types, so a form
 * that passes its schema can send its values as they are; outputs are the wire types.
 * Forms validate with the same schemas first: the server would refuse the same things.
 */
import type { z } from 'zod';
import type {
  bindEmailSchema,
  bindMobileSchema,
  changePasswordSchema,
  forgotSchema,
  loginSchema,
  nicknameEditSchema,
  payPasswordSetSchema,
  registerSchema,
  sendMailSchema,
  sendSmsSchema,
} from '../domain/validation';
import type { Locale } from '../domain/locales';
import type { CandlePeriod } from '../domain/market';
import type {
  Candle,
  CoinListReply,
  KfReply,
  LoginReply,
  Quotation,
  RateItem,
  SendCodeReply,
  UserInfo,
  WalletListReply,
} from '../domain/wire';
import { request, upload, type HttpMethod, type RequestOptions } from './client';

export type LoginInput = z.input<typeof loginSchema>;

export interface RegisterReply {
  username: string;
}

export interface AvatarReply {
  avatar: string;
}

/** A call that takes no input and answers `Reply`. */
export const ask =
  <Reply>(method: HttpMethod, path: string) =>
  (options?: RequestOptions) =>
    request<Reply>(method, path, undefined, options);

/** A call that sends its input as it is (the JSON body of a POST, the query of a GET) and answers `Reply`. */
export const send =
  <Input extends Record<string, unknown>, Reply>(method: HttpMethod, path: string) =>
  (input: Input, options?: RequestOptions) =>
    request<Reply>(method, path, input, options);

// Verification codes
export const sendSmsCode = send<z.input<typeof sendSmsSchema>, SendCodeReply>('POST', '/sms_send');
export const sendMailCode = send<z.input<typeof sendMailSchema>, SendCodeReply>('POST', '/sms_mail');

// Account and session
export const register = send<z.input<typeof registerSchema>, RegisterReply>('POST', '/user/register');
export const login = send<LoginInput, LoginReply>('POST', '/user/login');
/** Revokes the token on the server; clearing it on the device is signOut()'s job. */
export const logout = ask<null>('GET', '/user/logout');
export const forgotPassword = send<z.input<typeof forgotSchema>, null>('POST', '/user/forget');
export const changePassword = send<z.input<typeof changePasswordSchema>, null>('POST', '/safe/update_password');
/** First time with `loginPassword`, later with `oldPayPassword`. */
export const setPayPassword = send<z.input<typeof payPasswordSetSchema>, null>('POST', '/safe/pay_password');
export const bindEmail = send<z.input<typeof bindEmailSchema>, null>('POST', '/safe/email');
export const bindMobile = send<z.input<typeof bindMobileSchema>, null>('POST', '/safe/mobile');

// Profile
export const userInfo = ask<UserInfo>('GET', '/user/info');
/** One image (JPG, PNG, HEIC or WebP, at most 2 MB — the server checks the content, not the name). */
export function uploadAvatar(file: Blob, options?: RequestOptions): Promise<AvatarReply> {
  const form = new FormData();
  form.append('file', file);
  return upload<AvatarReply>('/user/uploadHeadPortrait', form, options);
}
export const editNickname = send<z.input<typeof nicknameEditSchema>, null>('POST', '/user/editNickname');
/** The language of server-sent texts (e-mails, SMS) for this account. */
export const setLanguage = (locale: Locale, options?: RequestOptions) =>
  request<null>('POST', '/set/lang', { locale }, options);

// Reference data
export const supportLink = ask<KfReply>('GET', '/kf');

/** EUR for one USDT, as a decimal string: the first item of the reply carries it. */
export async function eurRate(options?: RequestOptions): Promise<string> {
  const items = await request<RateItem[]>('GET', '/currency/rate', { currency: 'EUR' }, options);
  const rate = Array.isArray(items) ? items[0]?.rate : undefined;
  if (typeof rate !== 'string') throw new Error('The rate reply carries no EUR rate');
  return rate;
}

export const coinList = ask<CoinListReply>('GET', '/currency/list');
export const quotations = ask<Quotation[]>('GET', '/currency/quotation_new');
export const candleHistory = send<{ symbol: string; period: CandlePeriod; from: number; to: number }, Candle[]>('GET', '/currency/new_timeshar');
export const walletList = ask<WalletListReply>('POST', '/wallet/list');
