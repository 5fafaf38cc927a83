/**
 * The operators' own account: signing in with password and TOTP, the session the console holds,
 * changing one's password and rotating one's TOTP. Shared by the server's /api/ops routes and the
 * operator console (src/ops), so both check the same rules with the same error keys.
 */
import { z } from 'zod';
import { DEPOSIT_STATUSES } from './ledger';
import { amountTextSchema, pageQuerySchema } from './payments';
import { depositRecordSchema } from './wire-schemas';

export const OPERATOR_ROLES = ['support', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Does `role` include what `needed` may do? Roles are ranked: support < finance < admin. */
export function roleAllows(role: OperatorRole, needed: OperatorRole): boolean {
  return OPERATOR_ROLES.indexOf(role) >= OPERATOR_ROLES.indexOf(needed);
}

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

export const opsLiveTicketSchema = z.object({ ticket: z.string() });

/** What the operators' room hears when a request joins or leaves a queue. */
export const OPS_QUEUES = ['deposits', 'withdrawals', 'merchants', 'loans', 'repayments', 'adjustments'] as const;
export type OpsQueue = (typeof OPS_QUEUES)[number];

export const opsSessionsEndedSchema = z.object({ ended: z.number().int() });
export const opsTotpRotationSchema = z.object({ totpSecret: z.string(), otpauthUrl: z.string() });
export const opsTotpRotatedSchema = z.object({ rotated: z.literal(true) });

// ---- what every decision shares ---------------------------------------------------------------

/** Why an operator acts: at least 3 characters once trimmed, shown to the user and in the audit log. */
export const reasonSchema = z
  .string({ error: 'ops.reasonRequired' })
  .trim()
  .min(3, 'ops.reasonRequired')
  .max(500, 'request.invalid');

export const recordIdSchema = z.coerce.number({ error: 'request.invalid' }).int('request.invalid').positive('request.invalid').max(2 ** 53 - 1, 'request.invalid');

/** A record acted on by its id. */
export const recordIdInputSchema = z.strictObject({ id: recordIdSchema });

/** Refusing a record, with the reason its user reads. */
export const rejectSchema = z.strictObject({ id: recordIdSchema, reason: reasonSchema });

// ---- deposits -------------------------------------------------------------------------------

/** A queue's filters: a status (all when absent), one record, one user's. */
export const queueFilters = {
  id: recordIdSchema.optional(),
  userId: z.uuid({ error: 'request.invalid' }).optional(),
};

export const depositListSchema = z.strictObject({
  ...pageQuerySchema.shape,
  ...queueFilters,
  status: z.enum(DEPOSIT_STATUSES, { error: 'request.invalid' }).optional(),
});

export const depositApproveSchema = z.strictObject({
  id: recordIdSchema,
  /** The amount to credit when it differs from the request (e.g. what arrived for BTC). */
  amount: amountTextSchema.optional(),
  reason: reasonSchema.optional(),
});

export const operatorDepositSchema = depositRecordSchema.extend({
  userId: z.string(),
  username: z.string(),
  proof: z.string().describe('Stored name of the proof image (GET /ops/deposits/proof)'),
  usdtValue: z.string().describe('Decimal string, full precision of the asset').nullable().describe('USDT value counted towards VIP levels, fixed at approval'),
  operatorId: z.string().nullable(),
});

/** What approving a deposit would post now (GET /ops/deposits/preview), shown before the operator confirms. */
export const depositPreviewQuerySchema = z.strictObject({ id: recordIdSchema, amount: amountTextSchema.optional() });

export const depositPreviewSchema = z.object({
  asset: z.enum(['USDT', 'EUR']),
  amount: z.string().describe("Credited to the user's available balance from the platform's deposits account"),
  bonus: z.string().describe("The VIP gift credited from the platform's bonus account (0 when none)"),
  giftPercent: z.string(),
  usdtValue: z.string(),
  vipLevelBefore: z.number().int(),
  vipLevelAfter: z.number().int(),
});

export const decidedDepositSchema = depositRecordSchema.extend({ userId: z.string() });
