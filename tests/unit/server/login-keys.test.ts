import { expect, test } from 'vitest';
import { lockKeyOf, loginKeyOf } from '../../../server/modules/auth/login-keys';

test('the login field is read as a phone number, an e-mail address or a username', () => {
  expect(loginKeyOf('+49 176 1234-5678')).toEqual({ kind: 'phone', value: '+4917612345678' });
  expect(loginKeyOf('  Ann@Example.COM ')).toEqual({ kind: 'email', value: 'ann@example.com' });
  expect(loginKeyOf('AnnaB')).toEqual({ kind: 'username', value: 'annab' });
  // Full-width letters are the same name after NFKC, as the sign-up schema normalises them.
  expect(loginKeyOf('ＡｎｎａＢ')).toEqual({ kind: 'username', value: 'annab' });
});

test('failures are counted per account, and per normalised text when no account has it', () => {
  const user = { id: '6f1c2a5e-0000-4000-8000-000000000001' };
  // Username, phone and e-mail of one account: one key.
  for (const text of ['AnnaB', '+49 176 1234-5678', 'ann@example.com']) expect(lockKeyOf(loginKeyOf(text), user)).toBe(`user:${user.id}`);
  expect(lockKeyOf(loginKeyOf(' ANNAB '), undefined)).toBe('login:username:annab');
  expect(lockKeyOf(loginKeyOf('+49 176 1234-5678'), undefined)).toBe('login:phone:+4917612345678');
});
