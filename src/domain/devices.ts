/**
 * Devices and sign-ins (issue 37, point 7), shared by the app and the server: the signed-in
 * sessions of an account with where each was opened, ending one or all the others, and the last
 * 30 days of sign-ins and failed attempts.
 */
import { z } from 'zod';

/** How long sign-ins and failed attempts are kept (server/housekeeping.ts forgets older ones). */
export const SIGN_INS_KEPT_DAYS = 30;
/** The sessions one list shows at most, newest first; "End all other sessions" ends every one. */
export const SESSIONS_LISTED_MAX = 100;

/**
 * How a sign-in ended: signed in, refused for a wrong password, or refused for a wrong second
 * factor after a right password.
 */
export const SIGN_IN_OUTCOMES = ['ok', 'password', 'second_factor'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/** POST /safe/sessions/end: one of the caller's sessions. */
export const sessionEndSchema = z.strictObject({
  id: z.coerce.number({ error: 'record.notFound' }).int('record.notFound').positive('record.notFound').max(Number.MAX_SAFE_INTEGER, 'record.notFound'),
});

// `format: date-time` says it in the document; zod's long pattern for it is left out there.
const date = z.iso.datetime().meta({ pattern: undefined, description: 'ISO 8601 date and time in UTC' });

export const deviceSchema = z
  .object({
    kind: z.enum(['phone', 'tablet', 'computer', 'unknown']),
    os: z.string().nullable().describe('The system and its major version, e.g. "Android 14"; null when the browser did not say'),
    browser: z.string().nullable().describe('The browser and its major version, e.g. "Chrome 126"; null when not recognised'),
  })
  .describe("The device, read from the browser's User-Agent");

const origin = {
  ip: z.string().nullable().describe('The address the request came from (behind TRUST_PROXY: the client the proxies saw)'),
  device: deviceSchema,
};

export const accountSessionSchema = z.object({
  id: z.number().int(),
  createdAt: date.describe('When it was signed in'),
  expiresAt: date,
  ...origin,
  current: z.boolean().describe('The session making this request'),
});

export const accountSessionsSchema = z.object({
  list: z.array(accountSessionSchema).describe(`The live sessions, newest first (at most ${SESSIONS_LISTED_MAX})`),
  total: z.number().int().describe('How many sessions are live'),
});

export const sessionsEndedSchema = z.object({ ended: z.number().int().describe('Sessions ended now') });

export const signInSchema = z.object({
  id: z.number().int(),
  at: date,
  outcome: z.enum(SIGN_IN_OUTCOMES).describe('ok: signed in; password: a wrong password; second_factor: a wrong second factor'),
  ...origin,
  newDevice: z.boolean().describe('No earlier successful sign-in of the account was from this device (browser and system, without versions)'),
});

export type Device = z.output<typeof deviceSchema>;
export type AccountSession = z.output<typeof accountSessionSchema>;
export type AccountSessions = z.output<typeof accountSessionsSchema>;
export type SessionsEnded = z.output<typeof sessionsEndedSchema>;
export type SignIn = z.output<typeof signInSchema>;
