/**
 * Payment proofs of deposits: images checked by their bytes like avatars (JPG, PNG, HEIC or WebP
 * up to 2 MB, whatever the file name says), stored under a random name in
 * <uploadsDir>/proofs. Unlike avatars they show someone's bank or wallet details, so they are
 * never served as public files: only the operator side reads them, through `read`.
 */
import { fileTypeFromBuffer } from 'file-type';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../src/domain/errors';
import { DEPOSIT_PROOF_MAX_BYTES } from '../../../src/domain/ledger';
import { randomName } from '../../security/tokens';

const ACCEPTED: Record<string, { extension: string; mime: string }> = {
  'image/jpeg': { extension: 'jpg', mime: 'image/jpeg' },
  'image/png': { extension: 'png', mime: 'image/png' },
  'image/heic': { extension: 'heic', mime: 'image/heic' },
  'image/heif': { extension: 'heic', mime: 'image/heic' },
  'image/webp': { extension: 'webp', mime: 'image/webp' },
};

const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|heic|webp)$/;
const MIME_OF_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', heic: 'image/heic', webp: 'image/webp' };

/** A proof that passed the checks and may be written. */
export interface CheckedProof {
  bytes: Buffer;
  extension: string;
}

export class ProofStore {
  constructor(readonly dir: string) {}

  /** Refuses an empty, too large or non-image proof; writes nothing. */
  async check(bytes: Buffer): Promise<CheckedProof> {
    if (bytes.length === 0) throw new AppError('deposit.proofRequired', 400);
    if (bytes.length > DEPOSIT_PROOF_MAX_BYTES) throw new AppError('upload.tooLarge', 413);
    const type = await fileTypeFromBuffer(bytes);
    const accepted = type && ACCEPTED[type.mime];
    if (!accepted) throw new AppError('upload.wrongType', 415);
    return { bytes, extension: accepted.extension };
  }

  /** Writes a checked proof; returns its stored name. */
  async write(proof: CheckedProof): Promise<string> {
    const name = `${randomName()}.${proof.extension}`;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), proof.bytes, { flag: 'wx' });
    return name;
  }

  /** The image of a stored proof and its type, for operators; null when it is not there. */
  async read(name: string): Promise<{ bytes: Buffer; mime: string } | null> {
    if (!STORED_NAME.test(name)) return null;
    try {
      const bytes = await fs.readFile(path.join(this.dir, name));
      return { bytes, mime: MIME_OF_EXTENSION[name.slice(name.lastIndexOf('.') + 1)] };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    // Only names we generated: never a path from elsewhere.
    if (!STORED_NAME.test(name)) return;
    await fs.rm(path.join(this.dir, name), { force: true });
  }
}

/** The proof store of a running app: <uploadsDir>/proofs. */
export function proofStoreOf(config: { uploadsDir: string }): ProofStore {
  return new ProofStore(path.join(config.uploadsDir, 'proofs'));
}
