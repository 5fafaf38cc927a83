/**
 * How a call is declared, and the calls several features share: the session (login, logout, the
 * profile), the verification codes (sign-up, reset, linking a contact), the balances and the reference data the app loads when it opens. A feature's own calls
 * are in its `api/calls.ts`; money calls are declared with `pay` (./pay.ts). Inputs are the zod
 * schemas' input types, so a form that passes its schema can send its values as they are; outputs
 * are the wire types. Forms validate with the same schemas first: the server would refuse the same things.
 */
import type { z } from 'zod';
import type { PledgeOverview } from '../domain/pledge';
import type { passkeyLoginSchema } from '../domain/passkeys';
import type { loginSchema, SecondFactorProof, sendMailSchema, sendSmsSchema } from '../domain/validation';
import type {
  CoinListReply,
  KfReply,
  LoginReply,
  Page,
  PasskeyRequestOptions,
  Quotation,
  RateItem,
  SecurityOverview,
  SendCodeReply,
  SessionReply,
  UserInfo,
  WalletListReply,
} from '../domain/wire';
import { request, type HttpMethod, type RequestOptions } from './client';

export type LoginInput = z.input<typeof loginSchema>;
export type PasskeyLoginInput = z.input<typeof passkeyLoginSchema>;

export interface PageParams {
  page?: number;
  pageSize?: number;
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

/** One page of a record list, the first page of the server's size when `params` say nothing. */
export const pages =
  <Item>(path: string) =>
  (params: PageParams = {}, options?: RequestOptions) =>
    request<Page<Item>>('GET', path, { ...params }, options);

// Session
export const login = send<LoginInput, LoginReply>('POST', '/user/login');
export const loginSecondFactor = send<{ ticket: string; secondFactor: SecondFactorProof }, SessionReply>('POST', '/user/login/second-factor');
/** A sign-in challenge for a passkey: what navigator.credentials.get() is given. */
export const passkeyLoginOptions = ask<PasskeyRequestOptions>('POST', '/user/login/passkey/options');
/** A passkey alone is two factors (the device and its screen lock): its answer opens the session. */
export const passkeyLogin = send<PasskeyLoginInput, SessionReply>('POST', '/user/login/passkey');
/** A challenge for one of the ticket's account's passkeys: a sign-in's second step with a passkey. */
export const loginPasskeyOptions = send<{ ticket: string }, PasskeyRequestOptions>('POST', '/user/login/second-factor/passkey-options');
/** A step-up challenge for one of the account's passkeys: its answer is a `secondFactor` of method passkey (a withdrawal, a password change…). */
export const stepUpPasskeyOptions = ask<PasskeyRequestOptions>('POST', '/safe/second-factor/passkey-options');
/** Revokes the token on the server; clearing it on the device is signOut()'s job. */
export const logout = ask<null>('GET', '/user/logout');
export const userInfo = ask<UserInfo>('GET', '/user/info');
/** What protects the account, and whether withdrawals are paused after a security change: the security centre's and the withdrawal screens'. */
export const securityOverview = ask<SecurityOverview>('GET', '/safe/security');

// Verification codes: sign-up, password reset, linking a contact
export const sendSmsCode = send<z.input<typeof sendSmsSchema>, SendCodeReply>('POST', '/sms_send');
export const sendMailCode = send<z.input<typeof sendMailSchema>, SendCodeReply>('POST', '/sms_mail');

// Balances and reference data
export const walletList = ask<WalletListReply>('POST', '/wallet/list');
export const supportLink = ask<KfReply>('GET', '/kf');

/** EUR for one USDT, as a decimal string: the first item of the reply carries it. */
export async function eurRate(options?: RequestOptions): Promise<string> {
  const items = await request<RateItem[]>('GET', '/currency/rate', { currency: 'EUR' }, options);
  const rate = Array.isArray(items) ? items[0]?.rate : undefined;
  if (typeof rate !== 'string') throw new Error('The rate reply carries no EUR rate');
  return rate;
}

export const coinList = ask<CoinListReply>('GET', '/currency/list');
/** The pledge's overview: the pledge's screens and Me (whether the user earns interest). */
export const pledgeOverview = ask<PledgeOverview>('GET', '/pledge/overview');
/** The quotation list: the trading hall's and the coin screen's (./market.ts). */
export const quotations = ask<Quotation[]>('GET', '/currency/quotation_new');
