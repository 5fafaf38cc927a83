/**
 * The login field takes a phone number, an e-mail address or a username; its normalised text is
 * how we find the account. Wrong passwords are counted per account (its three login texts share
 * one count), and per normalised text when no account has it, so that an unknown login is
 * counted and locked exactly like a real one.
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

/** The lockout key of a login: the account when the text names one, else the text itself. */
export function lockKeyOf(key: LoginKey, user: { id: string } | undefined): string {
  return user ? lockKeyOfUser(user.id) : `login:${key.kind}:${key.value}`;
}

export function lockKeyOfUser(userId: string): string {
  return `user:${userId}`;
}

export function userMatching(key: LoginKey) {
  if (key.kind === 'phone') return eq(users.phone, key.value);
  if (key.kind === 'email') return eq(users.email, key.value);
  return sql`lower(${users.username}) = lower(${key.value})`;
}
