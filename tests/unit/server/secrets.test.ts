import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { resolveCodePepper } from '../../../server/security/secrets';

test('a generated pepper is kept in DATA_DIR, so a restart keeps sent codes valid', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-secret-'));
  try {
    const first = resolveCodePepper(null, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveCodePepper(null, dir)).toBe(first);
    expect(fs.statSync(path.join(dir, 'secret.json')).mode & 0o077).toBe(0);
    expect(resolveCodePepper('configured-pepper-value', dir)).toBe('configured-pepper-value');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('in memory (tests) every call gets a fresh pepper', () => {
  expect(resolveCodePepper(null, null)).not.toBe(resolveCodePepper(null, null));
});
