/**
 * The payment proof a deposit needs (docs/api.md: JPG, PNG, HEIC or WebP by content, at most
 * 2 MB). Checked here to spare a useless upload; the server checks the content again.
 */
import type { ErrorKey } from '../../domain/errors';
import { DEPOSIT_PROOF_MAX_BYTES } from '../../domain/ledger';

const TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp'];
// Some browsers give HEIC files no type at all: the name decides then.
const NAMES = /\.(jpe?g|png|heic|heif|webp)$/i;

export function proofProblem(file: File | null): ErrorKey | null {
  if (!file) return 'deposit.proofRequired';
  const typeOk = file.type ? TYPES.includes(file.type.toLowerCase()) : NAMES.test(file.name);
  if (!typeOk) return 'upload.wrongType';
  if (file.size > DEPOSIT_PROOF_MAX_BYTES) return 'upload.tooLarge';
  return null;
}
