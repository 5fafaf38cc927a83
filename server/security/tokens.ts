/** Opaque random secrets and their stored digests. */
import crypto from 'node:crypto';

/** A session token: 32 random bytes, base64url (43 characters). */
export function newSessionToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Sessions are looked up by sha-256 of the token; the token itself is never stored. */
export function tokenDigest(token: string): Buffer {
  return crypto.createHash('sha256').update(token, 'utf8').digest();
}

/** A random file name part for uploads: unguessable, so avatars cannot be enumerated. */
export function randomName(): string {
  return crypto.randomBytes(16).toString('hex');
}
