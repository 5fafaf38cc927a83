/**
 * The security centre's facts shared by the server and the app (docs/security.md): the kinds of
 * security change (each pauses withdrawals and ends the other sessions), the ways to give the second
 * factor, and how long a sign-in's second step may take.
 */

/** What counts as a security change, as GET /safe/security lists them. */
export const SECURITY_CHANGES = [
  'password',
  'passwordReset',
  'payPassword',
  'email',
  'phone',
  'totpOn',
  'totpOff',
  'passkeyAdded',
  'passkeyRemoved',
  'addressBookLock',
  'operatorReset',
] as const;
export type SecurityChangeKind = (typeof SECURITY_CHANGES)[number];

/** How an account gives its second factor: a code of its authenticator app, one of its recovery codes, one of its passkeys. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A sign-in's ticket is redeemed with the second factor within this many seconds. */
export const LOGIN_TICKET_SECONDS = 300;

