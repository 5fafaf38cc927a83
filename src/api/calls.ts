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
import type {
  CoinListReply,
  KfReply,
  LoginReply,
  RateItem,
  SendCodeReply,
  UserInfo,
  WalletListReply,
} from '../domain/wire';
import { request, upload, type RequestOptions } from './client';

export type SendSmsInput = z.input<typeof sendSmsSchema>;
export type SendMailInput = z.input<typeof sendMailSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type ForgotInput = z.input<typeof forgotSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type PayPasswordInput = z.input<typeof payPasswordSetSchema>;
export type BindEmailInput = z.input<typeof bindEmailSchema>;
export type BindMobileInput = z.input<typeof bindMobileSchema>;
export type NicknameInput = z.input<typeof nicknameEditSchema>;

export interface RegisterReply {
  username: string;
}

export interface AvatarReply {
  avatar: string;
}

// Verification codes
export const sendSmsCode = (input: SendSmsInput, options?: RequestOptions) =>
  request<SendCodeReply>('POST', '/sms_send', input, options);
export const sendMailCode = (input: SendMailInput, options?: RequestOptions) =>
  request<SendCodeReply>('POST', '/sms_mail', input, options);

// Account and session
export const register = (input: RegisterInput, options?: RequestOptions) =>
  request<RegisterReply>('POST', '/user/register', input, options);
export const login = (input: LoginInput, options?: RequestOptions) =>
  request<LoginReply>('POST', '/user/login', input, options);
/** Revokes the token on the server; clearing it on the device is signOut()'s job. */
export const logout = (options?: RequestOptions) => request<null>('GET', '/user/logout', undefined, options);
export const forgotPassword = (input: ForgotInput, options?: RequestOptions) =>
  request<null>('POST', '/user/forget', input, options);
export const changePassword = (input: ChangePasswordInput, options?: RequestOptions) =>
  request<null>('POST', '/safe/update_password', input, options);
/** First time with `loginPassword`, later with `oldPayPassword`. */
export const setPayPassword = (input: PayPasswordInput, options?: RequestOptions) =>
  request<null>('POST', '/safe/pay_password', input, options);
export const bindEmail = (input: BindEmailInput, options?: RequestOptions) =>
  request<null>('POST', '/safe/email', input, options);
export const bindMobile = (input: BindMobileInput, options?: RequestOptions) =>
  request<null>('POST', '/safe/mobile', input, options);

// Profile
export const userInfo = (options?: RequestOptions) => request<UserInfo>('GET', '/user/info', undefined, options);
/** One image (JPG, PNG, HEIC or WebP, at most 2 MB — the server checks the content, not the name). */
export function uploadAvatar(file: Blob, options?: RequestOptions): Promise<AvatarReply> {
  const form = new FormData();
  form.append('file', file);
  return upload<AvatarReply>('/user/uploadHeadPortrait', form, options);
}
export const editNickname = (input: NicknameInput, options?: RequestOptions) =>
  request<null>('POST', '/user/editNickname', input, options);
/** The language of server-sent texts (e-mails, SMS) for this account. */
export const setLanguage = (locale: Locale, options?: RequestOptions) =>
  request<null>('POST', '/set/lang', { locale }, options);

// Reference data
export const supportLink = (options?: RequestOptions) => request<KfReply>('GET', '/kf', undefined, options);

/** EUR for one USDT, as a decimal string: the first item of the reply carries it. */
export async function eurRate(options?: RequestOptions): Promise<string> {
  const items = await request<RateItem[]>('GET', '/currency/rate', { currency: 'EUR' }, options);
  const rate = Array.isArray(items) ? items[0]?.rate : undefined;
  if (typeof rate !== 'string') throw new Error('The rate reply carries no EUR rate');
  return rate;
}

export const coinList = (options?: RequestOptions) =>
  request<CoinListReply>('GET', '/currency/list', undefined, options);
export const walletList = (options?: RequestOptions) =>
  request<WalletListReply>('POST', '/wallet/list', undefined, options);
