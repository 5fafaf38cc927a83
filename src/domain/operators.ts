/**
 * The operators' own account: signing in with password and TOTP, the session the console holds,
 * changing one's password and rotating one's TOTP. Shared by the server's /api/ops routes and the
 * operator console (src/ops), so both check the same rules with the same error keys.
 */
import { z } from 'zod';

export const OPERATOR_ROLES = ['support', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Operators move other people's money: a longer password than a user's PIN-like one. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 200;

/** A TOTP code as typed: six digits, spaces allowed (authenticator apps show "123 456"). */
const totpCodeSchema = z
  .string({ error: 'ops.totpRequired' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, 'ops.totpRequired').regex(/^\d{6}$/, 'ops.totpWrong'));

export const opsLoginSchema = z.strictObject({
  username: z.string({ error: 'username.required' }).trim().min(1, 'username.required').max(64, 'ops.loginFailed'),
  password: z.string({ error: 'password.required' }).min(1, 'password.required').max(OPERATOR_PASSWORD_MAX, 'ops.loginFailed'),
  // Checked by the login itself: a missing code is ops.totpRequired, a malformed one is wrong.
  totp: z.string({ error: 'ops.totpWrong' }).max(12, 'ops.totpWrong').optional(),
  /** "cli": the command line, answered with its bearer token; otherwise the console's cookie session. */
  client: z.enum(['cli', 'console'], { error: 'request.invalid' }).optional(),
});

export const operatorPasswordSchema = z.string({ error: 'password.required' }).superRefine((value, ctx) => {
  if (value.length < OPERATOR_PASSWORD_MIN) ctx.addIssue({ code: 'custom', message: 'password.tooShort', params: { min: OPERATOR_PASSWORD_MIN } });
  else if (value.length > OPERATOR_PASSWORD_MAX) ctx.addIssue({ code: 'custom', message: 'password.tooLong', params: { max: OPERATOR_PASSWORD_MAX } });
});

export const opsPasswordChangeSchema = z.strictObject({
  currentPassword: z.string({ error: 'password.required' }).min(1, 'password.required').max(OPERATOR_PASSWORD_MAX, 'password.wrongOld'),
  newPassword: operatorPasswordSchema,
});

/** Starting a TOTP rotation (a code of the current secret) or confirming it (a code of the new one). */
export const opsTotpSchema = z.strictObject({ totp: totpCodeSchema });

export const opsSessionEndSchema = z.strictObject({
  id: z.number({ error: 'request.invalid' }).int('request.invalid').positive('request.invalid'),
});

// ---- replies --------------------------------------------------------------------------------

export const opsLoginReplySchema = z.object({
  expiresAt: z.string(),
  token: z.string().optional().describe('Only for client "cli": the bearer token. The console gets an HttpOnly cookie instead.'),
});

export const opsSessionSchema = z.object({
  operator: z.object({ id: z.string(), username: z.string(), role: z.enum(OPERATOR_ROLES) }),
  sessionId: z.number().int(),
  expiresAt: z.string().describe('The absolute end of the session'),
  idleExpiresAt: z.string().describe('When it ends without another request'),
  idleMinutes: z.number().int(),
  csrfToken: z.string().describe('Sent back as X-CSRF-Token on every change made with the cookie'),
});

export const opsSessionEntrySchema = z.object({
  id: z.number().int(),
  client: z.enum(['cli', 'console']),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  idleExpiresAt: z.string(),
  current: z.boolean(),
});

export const opsSessionsEndedSchema = z.object({ ended: z.number().int() });
export const opsTotpRotationSchema = z.object({ totpSecret: z.string(), otpauthUrl: z.string() });
export const opsTotpRotatedSchema = z.object({ rotated: z.literal(true) });
