/**
 * Payment proofs of deposits: images up to 2 MB under <uploadsDir>/proofs. Unlike avatars they
 * show someone's bank or wallet details, so they are never served as public files: only the
 * operator side reads them.
 */
import path from 'node:path';
import { DEPOSIT_PROOF_MAX_BYTES } from '../../../src/domain/ledger';
import { ImageStore } from '../../storage/image-store';

export function proofStoreOf(config: { uploadsDir: string }): ImageStore {
  return new ImageStore(path.join(config.uploadsDir, 'proofs'), { maxBytes: DEPOSIT_PROOF_MAX_BYTES, emptyKey: 'deposit.proofRequired' });
}
