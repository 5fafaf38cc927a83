/**
 * The phone's own check of a proof (docs/liabilities.md): the path recomputed with Web Crypto's
 * SHA-256, every sum checked, and the root's signature checked with Ed25519 — Web Crypto's where
 * the browser has it, else @noble/curves (audited, small; loaded only then). Every check is named,
 * so that the screen says which one failed.
 */
import { base64urlBytes, fromHex, proofFromFile, verifyProof, webCryptoSha256, webCryptoSignatureCheck, type ProofCheck, type ProofFile } from '../../domain/liabilities';

/** The checks in the order they run (a failed one stops the rest). */
export const PROOF_CHECKS: readonly ProofCheck[] = ['format', 'leafAmounts', 'siblingSums', 'root', 'totals', 'signature'];

export interface ProofResult {
  failed: ProofCheck | null;
  /** The step of the path at which a sum failed (0 = the leaf's sibling). */
  step?: number;
  /** Who checked the signature: the browser's Web Crypto, or the library. */
  signatureBy: 'webCrypto' | 'library' | null;
}

/** Ed25519 with Web Crypto, or, where the browser has none (it throws), with @noble/curves. */
export function signatureCheck(snapshot: ProofFile['snapshot'], report: (by: 'webCrypto' | 'library') => void) {
  return async (message: Uint8Array): Promise<boolean> => {
    try {
      const valid = await webCryptoSignatureCheck(snapshot)(message);
      report('webCrypto');
      return valid;
    } catch {
      const { ed25519 } = await import('@noble/curves/ed25519.js');
      report('library');
      try {
        return ed25519.verify(base64urlBytes(snapshot.signature), message, fromHex(snapshot.publicKey));
      } catch {
        return false;
      }
    }
  };
}

export async function checkProof(file: ProofFile): Promise<ProofResult> {
  let signatureBy: ProofResult['signatureBy'] = null;
  const verdict = await verifyProof(
    webCryptoSha256,
    signatureCheck(file.snapshot, (by) => (signatureBy = by)),
    proofFromFile(file),
  );
  return verdict.ok ? { failed: null, signatureBy } : { failed: verdict.failed, step: verdict.step, signatureBy };
}
