/**
 * The second factor of operators and users: time-based one-time passwords (RFC 6238 over RFC 4226 HOTP,
 * HMAC-SHA1, 30 s steps, 6 digits), and the base32 alphabet (RFC 4648) authenticator apps use
 * for secrets. Pure functions of a secret and a time, so the server can use its clock and the
 * tests and the command line can compute the same codes.
 */
import crypto from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps before and after the current one that are accepted too (clocks drift, people type slowly). */
export const TOTP_TOLERANCE_STEPS = 1;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  // RFC 4648 pads to a multiple of 8 characters.
  while (out.length % 8 !== 0) out += '=';
  return out;
}

/**
 * Base32 text to bytes. Letter case, spaces, dashes and padding are ignored (secrets are often
 * typed from a screen in groups); any other character, or leftover bits that are not zero, is
 * an error rather than a silently different secret.
 */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s-]/g, '').replace(/=+$/, '');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) throw new Error(`not a base32 character: ${JSON.stringify(char)}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  if (buffer !== 0) throw new Error('base32 text has trailing bits');
  return Buffer.from(out);
}

/** RFC 4226: the HOTP value of a counter, as a zero-padded decimal string. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', secret).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment: whole 30 s periods since the Unix epoch. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** The code of a base32 secret at a moment. */
export function totpCode(secretBase32: string, at: Date): string {
  return hotp(base32Decode(secretBase32), totpStep(at));
}

/** Seconds the code of this moment stays current. */
export function secondsLeftInStep(at: Date): number {
  return TOTP_STEP_SECONDS - (Math.floor(at.getTime() / 1000) % TOTP_STEP_SECONDS);
}

/**
 * The step a typed code belongs to, among the current step and its neighbours, considering
 * only steps after `afterStep` (the last one accepted: a code is used once). Null when none.
 * The comparison takes the same time whether or not digits match.
 */
export function matchingStep(secretBase32: string, code: string, at: Date, afterStep: number): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const secret = base32Decode(secretBase32);
  const typed = Buffer.from(code);
  const now = totpStep(at);
  let found: number | null = null;
  for (let step = now - TOTP_TOLERANCE_STEPS; step <= now + TOTP_TOLERANCE_STEPS; step++) {
    const same = crypto.timingSafeEqual(Buffer.from(hotp(secret, step)), typed);
    if (same && step > afterStep && found === null) found = step;
  }
  return found;
}

/** A new secret: 160 random bits, the size RFC 4226 recommends for HMAC-SHA1. */
export function newTotpSecret(): string {
  return base32Encode(crypto.randomBytes(20)).replace(/=+$/, '');
}

/** The otpauth:// URL authenticator apps read (usually from a QR code) to add the secret. */
export function otpauthUrl(issuer: string, account: string, secretBase32: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret: secretBase32.replace(/=+$/, ''),
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
