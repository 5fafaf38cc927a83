/**
 * The login field takes a phone number, an e-mail address or a username. Its normalised text is
 * both how we find the account and the key that wrong passwords are counted under, whether or
 * not an account exists behind it.
 */
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';

export type LoginKey = { kind: 'phone' | 'email' | 'username'; value: string };

export function loginKeyOf(account: string): LoginKey {
  const text = account.trim().normalize('NFKC');
  if (/^\+[\d\s-]+$/.test(text)) return { kind: 'phone', value: text.replace(/[\s-]/g, '') };
  if (text.includes('@')) return { kind: 'email', value: text.toLowerCase() };
  return { kind: 'username', value: text.toLowerCase() };
}

export function lockKeyOf(key: LoginKey): string {
  return `${key.kind}:${key.value}`;
}

export function userMatching(key: LoginKey) {
  if (key.kind === 'phone') return eq(users.phone, key.value);
  if (key.kind === 'email') return eq(users.email, key.value);
  return sql`lower(${users.username}) = lower(${key.value})`;
}

/** Every lock key a user can be locked under, to lift them after a password reset. */
export function lockKeysOfUser(user: { username: string; phone: string | null; email: string | null }): string[] {
  const keys: LoginKey[] = [{ kind: 'username', value: user.username.toLowerCase() }];
  if (user.phone) keys.push({ kind: 'phone', value: user.phone });
  if (user.email) keys.push({ kind: 'email', value: user.email });
  return keys.map(lockKeyOf);
}
