import { describe, expect, test } from 'vitest';
import { hashPassword } from '../../../server/security/passwords';
import { createPayPasswords } from '../../../server/security/pay-passwords';

const secret = 'an installation secret of enough length';

describe('payment passwords', () => {
  const payPasswords = createPayPasswords(secret);

  test('the right six digits verify, any other do not', async () => {
    const stored = payPasswords.hash('250917');
    expect(await payPasswords.verify(stored, '250917')).toEqual({ right: true });
    expect((await payPasswords.verify(stored, '250918')).right).toBe(false);
    expect((await payPasswords.verify(stored, '')).right).toBe(false);
    expect((await payPasswords.verify(stored, '2509170')).right).toBe(false);
  });

  test('what is stored tells nothing without the secret: salted, and another installation cannot verify it', async () => {
    const first = payPasswords.hash('250917');
    const second = payPasswords.hash('250917');
    expect(first).not.toBe(second);
    expect(first).not.toContain('250917');
    expect((await createPayPasswords('another installation secret!!').verify(first, '250917')).right).toBe(false);
  });

  test('a value stored by an earlier release still verifies: the key and the format do not drift', async () => {
    // Written by this module on 2026-11-25 with `secret`; a change of the derivation would make
    // every payment password wrong at once.
    const stored = 'hmac-sha256$v1$8g97_5FHeBLYEHwoP1PwVg$OMho3paXpw1GYjkOVAoR4cDmTSUTqsIBCzezJBh-OG8';
    expect(await payPasswords.verify(stored, '250917')).toEqual({ right: true });
    expect((await payPasswords.verify(stored, '250916')).right).toBe(false);
  });

  test('a damaged or unknown stored value never verifies', async () => {
    const stored = payPasswords.hash('250917');
    for (const damaged of [stored.slice(0, -2), stored.replace('$v1$', '$v2$'), 'hmac-sha256$v1$onlysalt', '', 'plain 250917']) {
      expect((await payPasswords.verify(damaged, '250917')).right).toBe(false);
    }
  });

  test('an argon2id hash of an older row verifies and comes back in the keyed form; a wrong try gets no new form', async () => {
    const legacy = await hashPassword('250917');
    const right = await payPasswords.verify(legacy, '250917');
    expect(right.right).toBe(true);
    expect(right.upgrade).toMatch(/^hmac-sha256\$v1\$/);
    expect(await payPasswords.verify(right.upgrade!, '250917')).toEqual({ right: true });
    expect(await payPasswords.verify(legacy, '111111')).toEqual({ right: false });
  });
});
