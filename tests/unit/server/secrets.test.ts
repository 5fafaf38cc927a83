import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { resolveSecrets } from '../../../server/security/secrets';
import { createSealer } from '../../../server/security/sealed';

const none = { codePepper: null, secretsKey: null };

test('generated secrets are kept in DATA_DIR, so a restart keeps sent codes, payment passwords and authenticators valid', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-secret-'));
  try {
    const first = resolveSecrets(none, dir);
    expect(first.codePepper.length).toBeGreaterThanOrEqual(32);
    expect(first.secretsKey).toHaveLength(32);
    const again = resolveSecrets(none, dir);
    expect(again.codePepper).toBe(first.codePepper);
    expect(again.secretsKey.equals(first.secretsKey)).toBe(true);
    expect(fs.statSync(path.join(dir, 'secret.json')).mode & 0o077).toBe(0);
    const key = crypto.randomBytes(32);
    const configured = resolveSecrets({ codePepper: 'configured-pepper-value', secretsKey: key }, dir);
    expect(configured.codePepper).toBe('configured-pepper-value');
    expect(configured.secretsKey.equals(key)).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a secret.json from before (a pepper only) keeps its pepper and gains a key', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-secret-'));
  try {
    fs.writeFileSync(path.join(dir, 'secret.json'), JSON.stringify({ codePepper: 'an-older-pepper-of-enough-length' }));
    const secrets = resolveSecrets(none, dir);
    expect(secrets.codePepper).toBe('an-older-pepper-of-enough-length');
    expect(resolveSecrets(none, dir).secretsKey.equals(secrets.secretsKey)).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('without DATA_DIR (tests) every call gets fresh secrets', () => {
  expect(resolveSecrets(none, null).codePepper).not.toBe(resolveSecrets(none, null).codePepper);
});

test('a sealed secret opens only with its key and for its owner', () => {
  const key = crypto.randomBytes(32);
  const sealer = createSealer(key);
  const sealed = sealer.seal('JBSWY3DPEHPK3PXP', 'user-a');
  expect(sealed.includes(Buffer.from('JBSWY3DPEHPK3PXP'))).toBe(false);
  expect(sealer.open(sealed, 'user-a')).toBe('JBSWY3DPEHPK3PXP');
  expect(() => sealer.open(sealed, 'user-b')).toThrow();
  expect(() => createSealer(crypto.randomBytes(32)).open(sealed, 'user-a')).toThrow();
  expect(sealer.seal('JBSWY3DPEHPK3PXP', 'user-a').equals(sealed)).toBe(false);
});
