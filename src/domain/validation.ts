/**
 * Input rules shared by the PWA forms and the server edge: the same zod
 * schemas reject the same things with the same catalogue keys, in both places.
 * Every message is an ErrorKey; callers translate it.
 */
import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import {
  CODE_LENGTH,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PAY_PASSWORD_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants';
import { isErrorKey, type ErrorKey } from './errors';
import { passkeyAssertionSchema } from './passkeys';
import { LOCALES } from './locales';

/** Passwords people pick first, which a guess list would try first. */
const COMMON_PASSWORDS = new Set([
  '123123', '321321', '112233', '121212', '131313', '101010', '202020', '123321', '147258',
  '159357', '147852', '258369', '369258', '789456', '741852', '852963', '963852', '520520',
  '520131', '5201314', '1314520', '696969', '100200', '110110', '654123', '123654', '12341234',
  '11223344', '123123123', '12121212', '1234512345', '19491001', '20082008', '201314', '998877',
  '778899', '102030', '010203', '135790', '246810', '135246', '142536', '159753', '753951',
]);

/** The first rule a login password breaks, or null when it is acceptable. */
export function passwordProblem(password: string, length?: number): ErrorKey | null {
  if (password.length === 0) return 'password.required';
  if (!/^\d+$/.test(password)) return 'password.digitsOnly';
  if (length !== undefined && password.length !== length) return 'payPassword.length';
  if (password.length < PASSWORD_MIN_LENGTH) return 'password.tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password.tooLong';
  if (/^(\d)\1*$/.test(password)) return 'password.repeated';
  if (isRun(password, 1) || isRun(password, -1)) return 'password.sequential';
  if (COMMON_PASSWORDS.has(password)) return 'password.common';
  return null;
}

/** True when each digit is the one before plus step (9→0 wraps, as on a keypad row). */
function isRun(digits: string, step: 1 | -1): boolean {
  for (let i = 1; i < digits.length; i++) {
    const expected = (Number(digits[i - 1]) + step + 10) % 10;
    if (Number(digits[i]) !== expected) return false;
  }
  return true;
}

export const passwordSchema = z.string({ error: 'password.required' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, params: passwordParams(problem) });
});

export const payPasswordSchema = z.string({ error: 'password.required' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value, PAY_PASSWORD_LENGTH);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

function passwordParams(problem: ErrorKey): Record<string, number> | undefined {
  if (problem === 'password.tooShort') return { min: PASSWORD_MIN_LENGTH };
  if (problem === 'password.tooLong') return { max: PASSWORD_MAX_LENGTH };
  return undefined;
}

/** Phone numbers travel in E.164 form: "+" then country code and number, no spaces. */
export const phoneSchema = z
  .string({ error: 'phone.required' })
  .trim()
  .min(1, 'phone.required')
  .refine((value) => /^\+\d{6,16}$/.test(value) && isValidPhoneNumber(value), 'phone.invalid');

export const emailSchema = z
  .string({ error: 'email.required' })
  .trim()
  .min(1, 'email.required')
  .max(254, 'email.invalid')
  .pipe(z.email('email.invalid'))
  .transform((value) => value.toLowerCase());

export const usernameSchema = z
  .string({ error: 'username.required' })
  .trim()
  .normalize('NFKC')
  .min(1, 'username.required')
  .superRefine((value, ctx) => {
    if (value.length < USERNAME_MIN_LENGTH || value.length > USERNAME_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: 'username.length', params: { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH } });
    } else if (!/^\p{L}[\p{L}\p{Nd}]*$/u.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'username.invalid' });
    }
  });

export const codeSchema = z
  .string({ error: 'code.required' })
  .trim()
  .min(1, 'code.required')
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'code.format');

export const inviteCodeSchema = z
  .string()
  .trim()
  .max(16, 'invite.invalid')
  .regex(/^[A-Za-z0-9]*$/, 'invite.invalid')
  .transform((value) => value.toUpperCase())
  .optional();

export const agreementSchema = z.literal(true, { error: 'agreement.required' });

export const localeSchema = z.enum(LOCALES, { error: 'lang.unsupported' });

export const nicknameSchema = z
  .string({ error: 'nickname.invalid' })
  .trim()
  .min(1, 'nickname.invalid')
  .max(NICKNAME_MAX_LENGTH, 'nickname.invalid');

const confirmMatches = <T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: 'password.mismatch', path: ['confirmPassword'] });
  }
};

export const CODE_PURPOSES = ['register', 'reset', 'bind'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
const purposeSchema = z.enum(CODE_PURPOSES, { error: 'request.invalid' });

export const sendSmsSchema = z.strictObject({ phone: phoneSchema, purpose: purposeSchema });
export const sendMailSchema = z.strictObject({ email: emailSchema, purpose: purposeSchema });

const registerFields = {
  code: codeSchema,
  password: passwordSchema,
  confirmPassword: z.string({ error: 'password.required' }),
  username: usernameSchema,
  inviteCode: inviteCodeSchema,
  agreed: agreementSchema,
};

export const registerSchema = z
  .discriminatedUnion('method', [
    z.strictObject({ method: z.literal('phone'), phone: phoneSchema, ...registerFields }),
    z.strictObject({ method: z.literal('email'), email: emailSchema, ...registerFields }),
  ])
  .superRefine(confirmMatches);

/** One field takes a phone number (E.164), an e-mail address or a username. */
export const loginSchema = z.strictObject({
  account: z.string({ error: 'login.failed' }).trim().min(1, 'login.failed').max(254, 'login.failed'),
  password: z.string({ error: 'password.required' }).min(1, 'password.required').max(128, 'login.failed'),
});

const resetFields = {
  code: codeSchema,
  password: passwordSchema,
  confirmPassword: z.string({ error: 'password.required' }),
};

export const forgotSchema = z
  .discriminatedUnion('method', [
    z.strictObject({ method: z.literal('phone'), phone: phoneSchema, ...resetFields }),
    z.strictObject({ method: z.literal('email'), email: emailSchema, ...resetFields }),
  ])
  .superRefine(confirmMatches);

/** A code of an authenticator app: six digits (spaces allowed, as apps show them in groups). */
export const totpCodeSchema = z
  .string({ error: 'secondFactor.required' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'secondFactor.format'));

/** A recovery code as shown (XXXXX-XXXXX), in any case, with or without its dash. */
export const recoveryCodeSchema = z
  .string({ error: 'secondFactor.required' })
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-9]{10}$/, 'secondFactor.format'));

/**
 * The second factor a sign-in or a sensitive call gives once the account has one: a code of the
 * authenticator app, one of the ten recovery codes (each works once), or a passkey's answer.
 */
export const secondFactorSchema = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.literal('totp'), code: totpCodeSchema }),
    z.strictObject({ method: z.literal('recovery'), code: recoveryCodeSchema }),
    // One of the account's passkeys, answering a step-up challenge (POST /safe/second-factor/passkey-options).
    z.strictObject({ method: z.literal('passkey'), response: passkeyAssertionSchema }),
  ],
  { error: 'secondFactor.required' },
);
export type SecondFactorProof = z.output<typeof secondFactorSchema>;

/**
 * POST /safe/passkeys/options: a passkey signs in on its own, so who is there is confirmed before
 * the device makes one — with the second factor when the account has one, else the login password.
 */
export const passkeyBeginSchema = z.strictObject({
  password: z.string({ error: 'password.required' }).max(128, 'password.wrongOld').optional(),
  secondFactor: secondFactorSchema.optional(),
});

/** A sign-in's second step: the ticket the password gave and the second factor. */
export const loginSecondFactorSchema = z.strictObject({
  ticket: z.string({ error: 'loginTicket.gone' }).regex(/^[A-Za-z0-9_-]{43}$/, 'loginTicket.gone'),
  secondFactor: secondFactorSchema,
});

/** Setting up an authenticator: the login password first; then the first code of the secret shown. */
export const totpBeginSchema = z.strictObject({ password: z.string({ error: 'password.required' }).min(1, 'password.required').max(128, 'password.wrongOld') });
export const totpConfirmSchema = z.strictObject({ code: totpCodeSchema });
/**
 * The anti-phishing code every e-mail to the user starts with: 4 to 20 letters or digits of any
 * script (null removes it); set with the login password.
 */
export const antiPhishingSchema = z.strictObject({
  code: z
    .string({ error: 'antiPhishing.invalid' })
    .trim()
    .regex(/^[\p{L}\p{N}]{4,20}$/u, 'antiPhishing.invalid')
    .nullable(),
  password: z.string({ error: 'password.required' }).min(1, 'password.required').max(128, 'password.wrongOld'),
});

/** Turning the authenticator off, or new recovery codes: a current code (or a recovery code). */
export const secondFactorOnlySchema = z.strictObject({ secondFactor: secondFactorSchema });

export const changePasswordSchema = z
  .strictObject({
    oldPassword: z.string({ error: 'password.required' }).min(1, 'password.required'),
    password: passwordSchema,
    confirmPassword: z.string({ error: 'password.required' }),
    secondFactor: secondFactorSchema.optional(),
  })
  .superRefine(confirmMatches)
  .superRefine((value, ctx) => {
    if (value.oldPassword === value.password) {
      ctx.addIssue({ code: 'custom', message: 'password.sameAsOld', path: ['password'] });
    }
  });

/**
 * Setting the payment password the first time asks for the login password;
 * changing it asks for the current payment password.
 */
export const payPasswordSetSchema = z
  .strictObject({
    loginPassword: z.string().min(1, 'password.required').optional(),
    oldPayPassword: z.string().min(1, 'password.required').optional(),
    password: payPasswordSchema,
    confirmPassword: z.string({ error: 'password.required' }),
  })
  .superRefine(confirmMatches);

export const nicknameEditSchema = z.strictObject({ nickname: nicknameSchema });
export const setLangSchema = z.strictObject({ locale: localeSchema });

/** Bind an e-mail address or a phone number to the signed-in account with a code sent to it. */
export const bindEmailSchema = z.strictObject({ email: emailSchema, code: codeSchema, secondFactor: secondFactorSchema.optional() });
export const bindMobileSchema = z.strictObject({ phone: phoneSchema, code: codeSchema, secondFactor: secondFactorSchema.optional() });

/** Numeric text fields: digits with at most one decimal point and one leading minus. */
export function isNumericInput(text: string): boolean {
  return /^-?\d*\.?\d*$/.test(text);
}

/** The first issue of a failed parse as a catalogue key, with its field and placeholders. */
export function firstProblem(error: z.ZodError): { key: ErrorKey; field?: string; params?: Record<string, string | number> } {
  const issue = error.issues[0];
  const field = issue?.path.length ? String(issue.path[issue.path.length - 1]) : undefined;
  if (issue?.code === 'unrecognized_keys') {
    return { key: 'request.unknownField', params: { field: issue.keys.join(', ') } };
  }
  const message = issue?.message ?? '';
  const params = (issue as { params?: Record<string, string | number> } | undefined)?.params;
  return { key: isErrorKey(message) ? message : 'request.invalid', field, params };
}
