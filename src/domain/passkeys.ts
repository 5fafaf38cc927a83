/**
 * Passkeys (WebAuthn), shared by the app and the server: what the browser hands over after making
 * or using a passkey (the JSON of @simplewebauthn/browser: binary parts in base64url), the name a
 * person gives one, and the limits. docs/security.md, "Passkeys".
 */
import { z } from 'zod';

/** Passkeys one account keeps: a phone, a laptop, a security key or two — not hundreds. */
export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX_LENGTH = 40;

/**
 * Binary data as base64url text, as WebAuthn's JSON carries it. A part that is not (or is
 * longer than any authenticator writes) is no passkey's answer: passkey.invalid.
 */
const base64url = (maxLength: number) =>
  z
    .string({ error: 'passkey.invalid' })
    .min(1, 'passkey.invalid')
    .max(maxLength, 'passkey.invalid')
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'passkey.invalid');

/** A credential id: up to 1023 bytes (WebAuthn), 1364 characters of base64url. */
const credentialId = base64url(1366);
const clientDataJSON = base64url(4096);

/**
 * The outputs of extensions the browser reports: open by WebAuthn's own definition; the server
 * asks for credProps only (whether the passkey is discoverable), and the others are dropped unread.
 */
const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }, { error: 'passkey.invalid' });

const credentialFields = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key', { error: 'passkey.invalid' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: 'passkey.invalid' }).optional(),
  clientExtensionResults,
};

/** navigator.credentials.create()'s answer, as @simplewebauthn/browser's startRegistration gives it. */
export const passkeyAttestationSchema = z.strictObject({
  ...credentialFields,
  response: z.strictObject({
    clientDataJSON,
    attestationObject: base64url(16_384),
    authenticatorData: base64url(8192).optional(),
    // How the browser reaches the authenticator next time (usb, nfc, hybrid, internal…).
    transports: z
      .array(z.string({ error: 'passkey.invalid' }).regex(/^[a-z-]{1,32}$/, 'passkey.invalid'), { error: 'passkey.invalid' })
      .max(10, 'passkey.invalid')
      .optional(),
    publicKeyAlgorithm: z.number({ error: 'passkey.invalid' }).int('passkey.invalid').optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** navigator.credentials.get()'s answer, as @simplewebauthn/browser's startAuthentication gives it. */
export const passkeyAssertionSchema = z.strictObject({
  ...credentialFields,
  response: z.strictObject({
    clientDataJSON,
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    // The account the passkey was made for (a discoverable passkey always says it).
    userHandle: base64url(128).optional(),
  }),
});

export const passkeyNameSchema = z
  .string({ error: 'passkey.nameInvalid' })
  .trim()
  .min(1, 'passkey.nameInvalid')
  .max(PASSKEY_NAME_MAX_LENGTH, 'passkey.nameInvalid');

/** A passkey of the signed-in person, by its id in the list. */
const passkeyId = z.number({ error: 'request.invalid' }).int('request.invalid').positive('request.invalid').max(2 ** 53 - 1, 'request.invalid');

/** POST /safe/passkeys/register: the new passkey and the name it is shown by. */
export const passkeyRegisterSchema = z.strictObject({ name: passkeyNameSchema, response: passkeyAttestationSchema });
/** POST /safe/passkeys/rename */
export const passkeyRenameSchema = z.strictObject({ id: passkeyId, name: passkeyNameSchema });
/** POST /safe/passkeys/remove */
export const passkeyRemoveSchema = z.strictObject({ id: passkeyId });
/** POST /user/login/passkey: a passkey's answer to the sign-in challenge, nothing else. */
export const passkeyLoginSchema = z.strictObject({ response: passkeyAssertionSchema });
