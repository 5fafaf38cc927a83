/** Sign-up, login, logout, password reset and change, payment password, contact binding. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bindEmailSchema,
  bindMobileSchema,
  changePasswordSchema,
  forgotSchema,
  loginSchema,
  loginSecondFactorSchema,
  payPasswordSetSchema,
  registerSchema,
} from '../../../src/domain/validation';
import { loginReplySchema, sessionReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { CODE_CHECK, SECOND_FACTOR } from '../../http/refusals';
import { viewerOf } from '../../http/auth';
import { localeOf } from '../../http/locale';
import { byBodyField, byIp, limitBy } from '../../http/rate-limits';
import { plainAddress } from '../../realtime/address';
import type { SignInOrigin } from './sessions';

/** Where a sign-in comes from: its browser, and its address as Fastify reads it under TRUST_PROXY. */
export function signInOriginOf(request: FastifyRequest): SignInOrigin {
  return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip ? plainAddress(request.ip) : null };
}

export async function authModule(app: FastifyInstance): Promise<void> {
  const { accounts } = app.services;
  const limits = app.deps.rateLimits;
  const passwordGuesses = [
    limitBy(app, 'login-ip', limits.loginsPerIp, byIp),
    limitBy(app, 'login-account', limits.loginsPerAccount, byBodyField('account', 'phone', 'email')),
  ];

  apiRoute(app, {
    method: 'POST',
    url: '/user/register',
    refusals: [CODE_CHECK, { 400: ['invite.invalid'], 409: ['account.exists', 'username.taken'] }],
    tag: 'auth',
    summary: 'Create an account with a phone number or an e-mail address and its code',
    body: registerSchema,
    reply: z.object({ username: z.string() }),
    handler: ({ body, request }) => accounts.register(body, localeOf(request)),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/login',
    refusals: { 400: ['login.failed'], 429: ['login.locked'] },
    tag: 'auth',
    summary: 'Log in with a phone number, an e-mail address or a username',
    body: loginSchema,
    preValidation: passwordGuesses,
    reply: loginReplySchema,
    handler: ({ body, request }) => accounts.login(body, signInOriginOf(request)),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/login/second-factor',
    refusals: [SECOND_FACTOR, { 401: ['loginTicket.gone'] }],
    tag: 'auth',
    summary: "A sign-in's second step: the ticket the password gave and a code of the authenticator app, a recovery code or a passkey's answer",
    description: 'Five wrong codes within 15 minutes lock the second factor for 15 minutes, as passwords are locked. A code is accepted once.',
    body: loginSecondFactorSchema,
    preValidation: passwordGuesses.slice(0, 1),
    reply: sessionReplySchema,
    handler: ({ body }) => accounts.loginSecondFactor(body),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/user/logout',
    tag: 'auth',
    summary: 'End the current session',
    auth: 'required',
    query: noInput,
    handler: ({ request }) => accounts.logout(viewerOf(request)),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/forget',
    refusals: [CODE_CHECK, { 400: ['reset.failed'] }],
    tag: 'auth',
    summary: 'Reset the login password with a code (ends every session)',
    body: forgotSchema,
    preValidation: passwordGuesses,
    handler: ({ body }) => accounts.resetPassword(body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/update_password',
    refusals: [SECOND_FACTOR, { 400: ['password.wrongOld'], 429: ['login.locked'] }],
    tag: 'auth',
    summary: 'Change the login password (with the second factor when set); a security change: the other sessions end, withdrawals pause 24 h',
    auth: 'required',
    body: changePasswordSchema,
    handler: ({ body, request }) => accounts.changePassword(viewerOf(request), body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/pay_password',
    refusals: { 400: ['password.required', 'password.wrongOld', 'payPassword.wrong'], 429: ['login.locked', 'payPassword.locked'] },
    tag: 'auth',
    summary: 'Set the payment password (login password) or change it (current payment password)',
    auth: 'required',
    body: payPasswordSetSchema,
    handler: ({ body, request }) => accounts.setPayPassword(viewerOf(request), body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/email',
    refusals: [CODE_CHECK, SECOND_FACTOR, { 409: ['account.exists'] }],
    tag: 'auth',
    summary: 'Link an e-mail address with a code sent to it (purpose bind); replacing one asks for the second factor and is a security change',
    auth: 'required',
    body: bindEmailSchema,
    handler: ({ body, request }) => accounts.bindEmail(viewerOf(request), body),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/mobile',
    refusals: [CODE_CHECK, SECOND_FACTOR, { 409: ['account.exists'] }],
    tag: 'auth',
    summary: 'Link a phone number with a code sent to it (purpose bind); replacing one asks for the second factor and is a security change',
    auth: 'required',
    body: bindMobileSchema,
    handler: ({ body, request }) => accounts.bindMobile(viewerOf(request), body),
  });
}
