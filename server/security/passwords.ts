/** Login and payment passwords are stored as argon2id hashes. */
import argon2 from 'argon2';

// OWASP's second argon2id profile: 19 MiB, 2 passes. Enough for 6+ digit passwords behind
// a lockout; light enough for a 2-core machine serving logins.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | null = null;

/**
 * Hashes the decoy ahead of time: made on the first unknown login, it would make that answer
 * a hash slower than any other.
 */
export function prepareDecoy(): Promise<string> {
  decoy ??= hashPassword('decoy-password-never-matches');
  return decoy;
}

/**
 * Spends the time of a real verification when there is no account, so that the answer's
 * timing does not tell whether an account exists.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  await verifyPassword(await prepareDecoy(), password);
  return false;
}
