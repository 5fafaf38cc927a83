/**
 * Secrets the server must read back (a user's authenticator secret) are kept sealed: AES-256-GCM
 * under the installation's SECRETS_KEY, a fresh 12-byte nonce each time, and the user's id as
 * associated data, so that a sealed value copied onto another user's row does not open. Stored
 * as version byte ‖ nonce ‖ tag ‖ ciphertext.
 */
import crypto from 'node:crypto';

const VERSION = 1;

export interface Sealer {
  seal(plain: string, owner: string): Buffer;
  /** The plain text, or an error when the key or the owner is not the one it was sealed with. */
  open(sealed: Buffer, owner: string): string;
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  return {
    seal(plain, owner) {
      const nonce = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(owner));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), body]);
    },
    open(sealed, owner) {
      if (sealed[0] !== VERSION || sealed.length < 29) throw new Error('not a sealed value');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(1, 13));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(sealed.subarray(13, 29));
      return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]).toString('utf8');
    },
  };
}
