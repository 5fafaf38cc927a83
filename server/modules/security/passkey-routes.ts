/**
 * Passkey calls (docs/security.md, "Passkeys"): the signed-in user's passkeys under /safe/passkeys
 * (options, register, list, rename, remove), and signing in with a passkey alone under
 * /user/login/passkey, counted by the same per-address limit as password sign-ins.
 */
import type { FastifyInstance } from 'fastify';
import { passkeyBeginSchema } from '../../../src/domain/validation';
import { PASSKEYS_MAX, passkeyLoginSchema, passkeyRegisterSchema, passkeyRemoveSchema, passkeyRenameSchema } from '../../../src/domain/passkeys';
import { passkeyCreationOptionsSchema, passkeyListSchema, passkeyRequestOptionsSchema, passkeySchema, sessionReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { byIp, limitBy } from '../../http/rate-limits';
import { SECOND_FACTOR, type Refusals } from '../../http/refusals';
import { CHALLENGE_SECONDS } from './passkeys-challenges';
import { signInOriginOf } from '../auth';
import { Refusal } from '../../errors';

const FOR_ONE_ANSWER = `The challenge is good for ${CHALLENGE_SECONDS / 60} minutes and one answer.`;

/** An answer to a challenge refused: a challenge used, expired or never given; a passkey unknown (or another's); any check of the answer failing. */
const ANSWER: Refusals = { 400: ['passkey.invalid', 'passkey.challengeGone'], 404: ['passkey.notFound'] };

export async function passkeysModule(app: FastifyInstance): Promise<void> {
  const { passkeys, secondFactor, accounts } = app.services;
  const signIns = [limitBy(app, 'login-ip', app.deps.rateLimits.loginsPerIp, byIp)];

  apiRoute(app, {
    method: 'POST',
    url: '/safe/passkeys/options',
    refusals: [SECOND_FACTOR, { 400: ['password.required', 'password.wrongOld'], 409: ['passkey.tooMany'], 429: ['login.locked'] }],
    tag: 'security',
    summary: 'Start adding a passkey, confirmed with the second factor (or, where none is set, the login password): the options for navigator.credentials.create()',
    description:
      'A passkey signs in on its own, so who is there is confirmed before the device makes one: an account with a second factor gives it (`secondFactor`: a code, a recovery code or one of its passkeys), ' +
      'one without gives its login password (`password`, under the sign-in lockout). The challenge is issued only then, so the second call needs no proof of its own. ' +
      `A discoverable passkey with user verification, for the relying party of PUBLIC_ORIGIN; the account's passkeys are excluded. ${FOR_ONE_ANSWER} ` +
      `An account keeps at most ${PASSKEYS_MAX} passkeys (409 passkey.tooMany).`,
    auth: 'required',
    body: passkeyBeginSchema,
    reply: passkeyCreationOptionsSchema,
    handler: async ({ body, request }) => {
      const viewer = viewerOf(request);
      if (await secondFactor.isSet(app.deps.db, viewer.userId)) await secondFactor.require(viewer.userId, body.secondFactor);
      else if (body.password === undefined) throw new Refusal('password.required', 400, { field: 'password' });
      else await accounts.confirmPassword(viewer, body.password);
      return passkeys.registrationOptions(viewer.userId);
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/passkeys/register',
    refusals: [ANSWER, { 409: ['passkey.tooMany', 'passkey.exists'] }],
    tag: 'security',
    summary: 'Add the passkey the browser made for the options (confirmed when they were asked for), under a name; a security change',
    description:
      'The attestation is checked (challenge, origin, RP ID hash, user presence and verification, algorithm); attestation statements are not asked for. ' +
      'Only the public key, the counter and the transports are kept.',
    auth: 'required',
    body: passkeyRegisterSchema,
    reply: passkeySchema,
    handler: ({ body, request }) => passkeys.register(viewerOf(request), body),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/safe/passkeys',
    tag: 'security',
    summary: "The signed-in user's passkeys: name, when added and last used, whether synced (never key material)",
    auth: 'required',
    query: noInput,
    reply: passkeyListSchema,
    handler: ({ request }) => passkeys.list(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/passkeys/rename',
    refusals: { 404: ['passkey.notFound'] },
    tag: 'security',
    summary: 'Rename one of the signed-in user’s passkeys (another’s is not found)',
    auth: 'required',
    body: passkeyRenameSchema,
    reply: passkeySchema,
    handler: ({ body, request }) => passkeys.rename(viewerOf(request).userId, body.id, body.name),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/safe/passkeys/remove',
    refusals: { 404: ['passkey.notFound'] },
    tag: 'security',
    summary: 'Remove one of the signed-in user’s passkeys (another’s is not found); it no longer signs in',
    auth: 'required',
    body: passkeyRemoveSchema,
    handler: async ({ body, request }) => {
      await passkeys.remove(viewerOf(request), body.id);
      return null;
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/login/passkey/options',
    tag: 'auth',
    summary: 'Start signing in with a passkey: the options for navigator.credentials.get()',
    description: `No account is named: the browser offers the passkeys it holds for this site. User verification is required. ${FOR_ONE_ANSWER}`,
    body: noInput,
    preValidation: signIns,
    reply: passkeyRequestOptionsSchema,
    handler: () => passkeys.signInOptions(),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/login/passkey',
    refusals: ANSWER,
    tag: 'auth',
    summary: "Sign in with a passkey's answer to the sign-in challenge: a session, as a password sign-in opens",
    description:
      'Refused, with nothing changed: a challenge used, expired or not of a sign-in (passkey.challengeGone); a passkey no account has (passkey.notFound); ' +
      'another origin or RP ID, no user verification, a bad signature or a signature counter that did not grow (passkey.invalid).',
    body: passkeyLoginSchema,
    preValidation: signIns,
    reply: sessionReplySchema,
    handler: ({ body, request }) => passkeys.signIn(body.response, signInOriginOf(request)),
  });
}
