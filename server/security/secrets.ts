/**
 * The installation's secrets: the pepper of verification-code hashes and the key of payment
 * passwords (security/pay-passwords.ts), and the key that seals authenticator secrets
 * (security/sealed.ts). What the configuration does not set is generated once and kept in
 * DATA_DIR/secret.json (PGlite only: on PostgreSQL the configuration must give SECRETS_KEY), so
 * a restart invalidates neither the codes already sent, nor anyone's payment password, nor an
 * authenticator.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

interface Stored {
  codePepper?: unknown;
  secretsKey?: unknown;
}

export interface Secrets {
  codePepper: string;
  secretsKey: Buffer;
}

export function resolveSecrets(configured: { codePepper: string | null; secretsKey: Buffer | null }, dataDir: string | null): Secrets {
  const file = dataDir ? path.join(dataDir, 'secret.json') : null;
  const stored: Stored = file && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Stored) : {};
  let changed = false;
  let codePepper = configured.codePepper;
  if (!codePepper) {
    if (typeof stored.codePepper === 'string' && stored.codePepper.length >= 16) codePepper = stored.codePepper;
    else if (stored.codePepper !== undefined) throw new Error(`${file} has no usable codePepper; delete it to generate a new one`);
    else {
      codePepper = crypto.randomBytes(32).toString('base64url');
      stored.codePepper = codePepper;
      changed = true;
    }
  }
  let secretsKey = configured.secretsKey;
  if (!secretsKey) {
    if (typeof stored.secretsKey === 'string') {
      secretsKey = Buffer.from(stored.secretsKey, 'base64url');
      if (secretsKey.length !== 32) throw new Error(`${file} has a secretsKey that is not 32 bytes`);
    } else {
      secretsKey = crypto.randomBytes(32);
      stored.secretsKey = secretsKey.toString('base64url');
      changed = true;
    }
  }
  if (file && changed) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return { codePepper, secretsKey };
}
