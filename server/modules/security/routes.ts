/** The security centre's routes (docs/security.md): the overview, the authenticator app, recovery codes. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { antiPhishingSchema, loginSecondFactorSchema, secondFactorOnlySchema, totpBeginSchema, totpConfirmSchema } from '../../../src/domain/validation';
import { passkeyRequestOptionsSchema, recoveryCodesReplySchema, securityOverviewSchema, totpSecretReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { SECOND_FACTOR } from '../../http/refusals';

export async function securityModule(app: FastifyInstance): Promise<void> {
  const { accounts, securityCentre: centre, passkeys, secondFactor, loginTickets } = app.services;

  apiRoute(app, {
    method: 'GET',
    url: '/safe/security',
    tag: 'security',
    summary: "What protects the account: the second factor, the withdrawal pause after a security change and the last changes",
    auth: 'required',
    query: noInput,
    reply: securityOverviewSchema,
    handler: ({ request }) => centre.overview(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/totp/begin',
    refusals: { 400: ['password.wrongOld'], 409: ['totp.alreadySet'], 429: ['login.locked'] },
    tag: 'security',
    summary: 'Set up an authenticator app, step 1: the login password; answers a new secret and its otpauth:// URL, shown once',
    auth: 'required',
    body: totpBeginSchema,
    reply: totpSecretReplySchema,
    handler: async ({ body, request }) => {
      const viewer = viewerOf(request);
      await accounts.confirmPassword(viewer, body.password);
      return centre.begin(viewer);
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/totp/confirm',
    refusals: { 400: ['secondFactor.wrong'], 409: ['totp.alreadySet', 'totp.setupMissing'], 429: ['secondFactor.locked'] },
    tag: 'security',
    summary: 'Set up an authenticator app, step 2: its first code turns it on; answers ten recovery codes, shown once. A security change',
    auth: 'required',
    body: totpConfirmSchema,
    reply: recoveryCodesReplySchema,
    handler: ({ body, request }) => centre.confirm(viewerOf(request), body.code),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/totp/off',
    refusals: [SECOND_FACTOR, { 409: ['totp.notSet'] }],
    tag: 'security',
    summary: 'Turn the authenticator app off with a current code or a recovery code; the recovery codes end too. A security change',
    auth: 'required',
    body: secondFactorOnlySchema,
    handler: ({ body, request }) => centre.turnOff(viewerOf(request), body.secondFactor),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/recovery-codes',
    refusals: [SECOND_FACTOR, { 409: ['totp.notSet'] }],
    tag: 'security',
    summary: 'Ten new recovery codes for a current code (shown once); the old ones stop working',
    auth: 'required',
    body: secondFactorOnlySchema,
    reply: recoveryCodesReplySchema,
    handler: ({ body, request }) => centre.renewRecoveryCodes(viewerOf(request), body.secondFactor),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/second-factor/passkey-options',
    refusals: { 404: ['passkey.notFound'] },
    tag: 'security',
    summary: "A step-up challenge for one of the account's passkeys: its answer is a `secondFactor` of method passkey (a withdrawal, a new destination…)",
    auth: 'required',
    body: noInput,
    reply: passkeyRequestOptionsSchema,
    handler: ({ request }) => passkeys.optionsFor(viewerOf(request).userId, secondFactor.passkeyPurpose),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/login/second-factor/passkey-options',
    refusals: { 401: ['loginTicket.gone'], 404: ['passkey.notFound'] },
    tag: 'auth',
    summary: "A sign-in's second step with a passkey: a challenge for one of the ticket's account's passkeys",
    body: z.strictObject({ ticket: loginSecondFactorSchema.shape.ticket }),
    reply: passkeyRequestOptionsSchema,
    handler: async ({ body }) => passkeys.optionsFor(await loginTickets.userOf(body.ticket), secondFactor.passkeyPurpose),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/anti-phishing',
    refusals: { 400: ['password.wrongOld'], 429: ['login.locked'] },
    tag: 'security',
    summary: 'Set (or, with null, remove) the anti-phishing code every e-mail to the user starts with; with the login password',
    auth: 'required',
    body: antiPhishingSchema,
    handler: async ({ body, request }) => {
      const viewer = viewerOf(request);
      await accounts.confirmPassword(viewer, body.password);
      await centre.setAntiPhishingCode(viewer, body.code);
    },
  });
}
