import { expect, test } from 'vitest';
import { lockKeyOf, lockKeysOfUser, loginKeyOf } from '../../../server/modules/auth/login-keys';

test('the login field is read as a phone number, an e-mail address or a username', () => {
  expect(loginKeyOf('+49 176 1234-5678')).toEqual({ kind: 'phone', value: '+4917612345678' });
  expect(loginKeyOf('  Ann@Example.COM ')).toEqual({ kind: 'email', value: 'ann@example.com' });
  expect(loginKeyOf('AnnaB')).toEqual({ kind: 'username', value: 'annab' });
  // Full-width letters are the same name after NFKC, as the sign-up schema normalises them.
  expect(loginKeyOf('ＡｎｎａＢ')).toEqual({ kind: 'username', value: 'annab' });
});

test('a user can be locked under each of their login keys', () => {
  expect(lockKeysOfUser({ username: 'AnnaB', phone: '+4917612345678', email: 'ann@example.com' })).toEqual([
    'username:annab',
    'phone:+4917612345678',
    'email:ann@example.com',
  ]);
  expect(lockKeyOf(loginKeyOf('ANNAB'))).toBe('username:annab');
});
