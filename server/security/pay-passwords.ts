/**
 * Payment passwords are six digits (PAY_PASSWORD_LENGTH), kept as a keyed hash: HMAC-SHA-256 of
 * a fresh salt and the digits under a key derived from the installation's secret (CODE_PEPPER,
 * or DATA_DIR/secret.json where it is generated), which never enters the database.
 *
 * Why not a slow hash, as for login passwords: six digits are a million values. A hash slow
 * enough to matter offline (argon2id at OWASP's parameters, ~15 ms) still gives all of them up
 * in about four core-hours to whoever copies the database, while capping every payment at about
 * seventy a second on two cores. What protects six digits is the lockout (five tries, then
 * fifteen minutes: auth/lockout.ts) and a key the database does not hold: a copy of the database
 * alone then tells nothing of any payment password. Banks verify card PINs the same way, with
 * a keyed function rather than a slow hash. Changing the secret makes every payment password
 * unverifiable (users set a new one); the README says so beside CODE_PEPPER.
 *
 * Rows written before this format hold argon2id hashes: they still verify, and the caller
 * stores `upgrade` after their first right try.
 */
import crypto from 'node:crypto';
import { verifyPassword } from './passwords';

const PREFIX = 'hmac-sha256$v1$';
const SALT_BYTES = 16;

export interface PayPasswordCheck {
  right: boolean;
  /** The stored form to write instead (an older format matched). */
  upgrade?: string;
}

export interface PayPasswords {
  hash(password: string): string;
  verify(stored: string, password: string): Promise<PayPasswordCheck>;
}

export function createPayPasswords(secret: string): PayPasswords {
  // A key object made once: each HMAC then takes it as it is.
  const key = crypto.createSecretKey(Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), 'tessera payment password v1', 32)));
  const mac = (salt: Buffer, password: string) => crypto.createHmac('sha256', key).update(salt).update(password, 'utf8').digest();

  function hash(password: string): string {
    const salt = crypto.randomBytes(SALT_BYTES);
    return `${PREFIX}${salt.toString('base64url')}$${mac(salt, password).toString('base64url')}`;
  }

  return {
    hash,
    async verify(stored, password) {
      if (stored.startsWith(PREFIX)) {
        const [salt, expected] = stored.slice(PREFIX.length).split('$');
        if (salt === undefined || expected === undefined) return { right: false };
        const wanted = Buffer.from(expected, 'base64url');
        const actual = mac(Buffer.from(salt, 'base64url'), password);
        return { right: wanted.length === actual.length && crypto.timingSafeEqual(wanted, actual) };
      }
      if (stored.startsWith('$argon2')) {
        const right = await verifyPassword(stored, password);
        return right ? { right, upgrade: hash(password) } : { right };
      }
      return { right: false };
    },
  };
}
