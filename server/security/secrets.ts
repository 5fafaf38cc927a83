/**
 * The installation's secret: the pepper of verification-code hashes and the key of payment
 * passwords (security/pay-passwords.ts). When CODE_PEPPER is not set we generate one and keep it
 * in DATA_DIR/secret.json, so a restart invalidates neither the codes already sent nor anyone's
 * payment password.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function resolveCodePepper(configured: string | null, dataDir: string | null): string {
  if (configured) return configured;
  if (!dataDir) return crypto.randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'secret.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { codePepper?: unknown };
    if (typeof stored.codePepper === 'string' && stored.codePepper.length >= 16) return stored.codePepper;
    throw new Error(`${file} has no usable codePepper; delete it to generate a new one`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const codePepper = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, JSON.stringify({ codePepper }, null, 2), { mode: 0o600 });
  return codePepper;
}
