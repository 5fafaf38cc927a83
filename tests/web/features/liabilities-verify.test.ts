/**
 * The phone's check of a proof (src/features/liabilities/verify.ts): Web Crypto's Ed25519 where
 * the browser has it, else @noble/curves — the same verdicts either way — and each check named.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leafNode, pathOf, proofFile, signedMessage, treeLevels, webCryptoSha256, emptyBalances, type SignedRoot } from '../../../src/domain/liabilities';
import { checkProof } from '../../../src/features/liabilities/verify';

/** A tree of five users, its root signed with a fresh Ed25519 key; the proof of the fourth. */
async function aProof() {
  const balances = Array.from({ length: 5 }, (_, i) => {
    const each = emptyBalances();
    each.USDT.available = BigInt((i + 1) * 1_000_000);
    each.EUR.pledged = BigInt(i * 250);
    return each;
  });
  const nonces = balances.map(() => crypto.getRandomValues(new Uint8Array(32)));
  const leaves = await Promise.all(balances.map((each, i) => leafNode(webCryptoSha256, nonces[i], each)));
  const levels = await treeLevels(webCryptoSha256, leaves);
  const top = levels[levels.length - 1][0];
  const root: SignedRoot = { snapshotId: '7', takenAt: '2026-11-28T00:00:00.000Z', leafCount: 5, root: top.hash, totals: top.sums };
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new Uint8Array(signedMessage(root))));
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey));
  return proofFile({ root, signature, publicKey }, { nonce: nonces[3], balances: balances[3] }, pathOf(levels, 3));
}

/** A browser without Ed25519 in Web Crypto: importing such a key throws, as it does there. */
function withoutWebCryptoEd25519() {
  const importKey = crypto.subtle.importKey.bind(crypto.subtle);
  vi.spyOn(crypto.subtle, 'importKey').mockImplementation(((format: never, key: never, algorithm: { name?: string } | string, ...rest: never[]) => {
    if ((typeof algorithm === 'string' ? algorithm : algorithm.name) === 'Ed25519') return Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError'));
    return (importKey as (...args: unknown[]) => Promise<CryptoKey>)(format, key, algorithm, ...rest);
  }) as typeof crypto.subtle.importKey);
}

afterEach(() => vi.restoreAllMocks());

describe('checking a proof on the phone', () => {
  it('says included, with the browser’s Web Crypto', async () => {
    expect(await checkProof(await aProof())).toEqual({ failed: null, signatureBy: 'webCrypto' });
  });

  it('says included with @noble/curves where the browser has no Ed25519, and refuses another signature the same way', async () => {
    const proof = await aProof();
    withoutWebCryptoEd25519();
    expect(await checkProof(proof)).toEqual({ failed: null, signatureBy: 'library' });
    const forged = { ...proof, snapshot: { ...proof.snapshot, signature: `${proof.snapshot.signature[0] === 'A' ? 'B' : 'A'}${proof.snapshot.signature.slice(1)}` } };
    expect(await checkProof(forged)).toEqual({ failed: 'signature', signatureBy: 'library' });
  });

  it('names the check that failed: a sibling’s hash, a negative sum at its step, the totals', async () => {
    const proof = await aProof();
    const hash = { ...proof, path: proof.path.map((step, i) => (i === 1 ? { ...step, hash: `${step.hash[0] === 'f' ? 'e' : 'f'}${step.hash.slice(1)}` } : step)) };
    expect(await checkProof(hash)).toMatchObject({ failed: 'root' });
    const negative = { ...proof, path: proof.path.map((step, i) => (i === 1 ? { ...step, sums: { ...step.sums, EUR: '-5' } } : step)) };
    expect(await checkProof(negative)).toMatchObject({ failed: 'siblingSums', step: 1 });
    const totals = { ...proof, snapshot: { ...proof.snapshot, totals: { ...proof.snapshot.totals, USDT: '1' } } };
    expect(await checkProof(totals)).toMatchObject({ failed: 'totals' });
  });
});
