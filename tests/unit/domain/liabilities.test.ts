/**
 * The Merkle sum tree of the proof of liabilities (src/domain/liabilities.ts, docs/liabilities.md):
 * built with the server's SHA-256, every leaf's path checked as the phone checks it (Web Crypto's
 * SHA-256 and Ed25519), and each kind of tampering named by the check that catches it.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LIABILITY_ASSETS,
  LIABILITY_PURPOSES,
  leafNode,
  leavesFile,
  proofFile,
  type PublishedSnapshot,
  pathOf,
  signedMessage,
  treeLevels,
  verifyProof,
  webCryptoSha256 as phoneSha256,
  type LeafBalances,
  type PathStep,
  type SignedRoot,
  type TreeNode,
} from '../../../src/domain/liabilities';

const serverSha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());

function balancesOf(seed: number): LeafBalances {
  const balances = {} as LeafBalances;
  for (const [a, asset] of LIABILITY_ASSETS.entries()) {
    balances[asset] = {} as LeafBalances[typeof asset];
    for (const [p, purpose] of LIABILITY_PURPOSES.entries()) balances[asset][purpose] = BigInt(((seed + 1) * 7919 * (a + 2) * (p + 3)) % 100_000) * 10_000n;
  }
  return balances;
}

interface Built {
  nonces: Uint8Array[];
  balances: LeafBalances[];
  levels: TreeNode[][];
  root: SignedRoot;
  keys: CryptoKeyPair;
  signature: Uint8Array;
}

async function build(count: number): Promise<Built> {
  const nonces = Array.from({ length: count }, () => new Uint8Array(randomBytes(32)));
  const balances = Array.from({ length: count }, (_, i) => balancesOf(i));
  const leaves = await Promise.all(nonces.map((nonce, i) => leafNode(serverSha256, nonce, balances[i])));
  const levels = await treeLevels(serverSha256, leaves);
  const top = levels[levels.length - 1][0];
  const root: SignedRoot = { snapshotId: '42', takenAt: '2026-11-28T00:00:00.000Z', leafCount: count, root: top.hash, totals: top.sums };
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new Uint8Array(signedMessage(root))));
  return { nonces, balances, levels, root, keys, signature };
}

const signatureCheck = (built: Built, signature = built.signature) => (message: Uint8Array) =>
  crypto.subtle.verify({ name: 'Ed25519' }, built.keys.publicKey, new Uint8Array(signature), new Uint8Array(message));

function proofOf(built: Built, index: number) {
  return { root: built.root, nonce: built.nonces[index], balances: built.balances[index], path: pathOf(built.levels, index) };
}

let tree: Built;
beforeAll(async () => {
  tree = await build(13);
});

describe('the tree', () => {
  it('sums every leaf into the root, per asset', () => {
    for (const asset of LIABILITY_ASSETS) {
      const total = tree.balances.reduce((sum, balances) => sum + LIABILITY_PURPOSES.reduce((each, purpose) => each + balances[asset][purpose], 0n), 0n);
      expect(tree.root.totals[asset]).toBe(total);
    }
  });

  it('gives each of 1 to 9 leaves a path that the phone checks to the signed root', async () => {
    for (let count = 1; count <= 9; count++) {
      const built = await build(count);
      for (let index = 0; index < count; index++) expect(await verifyProof(phoneSha256, signatureCheck(built), proofOf(built, index)), `${count} leaves, leaf ${index}`).toEqual({ ok: true });
    }
  });

  it('refuses a negative amount anywhere', async () => {
    const balances = balancesOf(1);
    balances.USDT.available = -1n;
    await expect(leafNode(serverSha256, new Uint8Array(32), balances)).rejects.toThrow(RangeError);
  });
});

describe('a proof changed in one place names the check that fails', () => {
  const changedStep = (path: PathStep[], change: (step: PathStep) => PathStep) => path.map((step, i) => (i === 1 ? change(step) : step));

  it('a sibling hash with one bit flipped: the root', async () => {
    const proof = proofOf(tree, 4);
    const path = changedStep(proof.path, (step) => ({ ...step, hash: step.hash.map((byte, i) => (i === 0 ? byte ^ 1 : byte)) }));
    expect(await verifyProof(phoneSha256, signatureCheck(tree), { ...proof, path })).toEqual({ ok: false, failed: 'root' });
  });

  it('a sibling sum changed: the root (both children’s sums are in their parent’s hash)', async () => {
    const proof = proofOf(tree, 4);
    const path = changedStep(proof.path, (step) => ({ ...step, sums: { ...step.sums, USDT: step.sums.USDT + 1n } }));
    expect(await verifyProof(phoneSha256, signatureCheck(tree), { ...proof, path })).toEqual({ ok: false, failed: 'root' });
  });

  it('a negative sibling sum: refused as such, at its step', async () => {
    const proof = proofOf(tree, 4);
    const path = changedStep(proof.path, (step) => ({ ...step, sums: { ...step.sums, EUR: -5n } }));
    expect(await verifyProof(phoneSha256, signatureCheck(tree), { ...proof, path })).toEqual({ ok: false, failed: 'siblingSums', step: 1 });
  });

  it('my balance changed: the root', async () => {
    const proof = proofOf(tree, 4);
    const balances = { ...proof.balances, EUR: { ...proof.balances.EUR, available: proof.balances.EUR.available + 1n } };
    expect(await verifyProof(phoneSha256, signatureCheck(tree), { ...proof, balances })).toEqual({ ok: false, failed: 'root' });
  });

  it('another nonce: the root', async () => {
    const proof = proofOf(tree, 4);
    expect(await verifyProof(phoneSha256, signatureCheck(tree), { ...proof, nonce: tree.nonces[5] })).toEqual({ ok: false, failed: 'root' });
  });

  it('totals other than the tree’s: the totals', async () => {
    const proof = proofOf(tree, 4);
    const root = { ...tree.root, totals: { ...tree.root.totals, USDT: tree.root.totals.USDT - 1n } };
    expect(await verifyProof(phoneSha256, signatureCheck(tree), { ...proof, root })).toEqual({ ok: false, failed: 'totals' });
  });

  it('a signature of other words, or by another key: the signature', async () => {
    const proof = proofOf(tree, 4);
    const other = await build(2);
    expect(await verifyProof(phoneSha256, signatureCheck(tree, other.signature), proof)).toEqual({ ok: false, failed: 'signature' });
    const root = { ...tree.root, takenAt: '2026-11-29T00:00:00.000Z' };
    expect(await verifyProof(phoneSha256, signatureCheck(tree), { ...proof, root })).toEqual({ ok: false, failed: 'signature' });
  });

  it('a nonce or a hash of the wrong length: the format', async () => {
    const proof = proofOf(tree, 4);
    expect(await verifyProof(phoneSha256, signatureCheck(tree), { ...proof, nonce: proof.nonce.subarray(1) })).toEqual({ ok: false, failed: 'format' });
  });
});

describe('npm run liabilities:verify', () => {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  /** Writes each file, runs the command on them; its exit code and its lines. */
  function run(files: Record<string, unknown>): { code: number | null; lines: string[] } {
    const dir = mkdtempSync(join(tmpdir(), 'liabilities-'));
    try {
      const paths = Object.entries(files).map(([name, content]) => {
        const path = join(dir, name);
        writeFileSync(path, JSON.stringify(content));
        return path;
      });
      const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'liabilities-verify.ts'), ...paths], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
      return { code: result.status, lines: result.stdout.trim().split('\n') };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('verifies a downloaded proof and a snapshot\'s leaves; names what fails in a changed one, and exits 1', async () => {
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', tree.keys.publicKey));
    const published: PublishedSnapshot = { root: tree.root, signature: tree.signature, publicKey };
    const mine = proofFile(published, { nonce: tree.nonces[6], balances: tree.balances[6] }, pathOf(tree.levels, 6));
    const all = leavesFile(published, tree.levels[0]);
    const good = run({ 'proof.json': mine, 'leaves.json': all });
    expect(good.code, good.lines.join('\n')).toBe(0);
    expect(good.lines[0]).toMatch(/proof\.json: verified — included \(snapshot 42 /);
    expect(good.lines[1]).toMatch(/leaves\.json: verified — every leaf, the root and the totals/);

    const changedSibling = { ...mine, path: mine.path.map((step, i) => (i === 2 ? { ...step, hash: `${step.hash[0] === '0' ? '1' : '0'}${step.hash.slice(1)}` } : step)) };
    const negativeLeaf = { ...all, leaves: all.leaves.map((leaf, i) => (i === 3 ? { ...leaf, sums: { ...leaf.sums, EUR: '-1' } } : leaf)) };
    // Any leaf, sum, order or signature changed: the command finds it.
    const swapped = { ...all, leaves: all.leaves.map((leaf, i) => (i === 1 ? all.leaves[2] : i === 2 ? all.leaves[1] : leaf)) };
    const leafSum = { ...all, leaves: all.leaves.map((leaf, i) => (i === 5 ? { ...leaf, sums: { ...leaf.sums, USDT: String(BigInt(leaf.sums.USDT) + 1n) } } : leaf)) };
    const leafHash = { ...all, leaves: all.leaves.map((leaf, i) => (i === 0 ? { ...leaf, hash: `${leaf.hash.slice(0, 63)}${leaf.hash[63] === 'a' ? 'b' : 'a'}` } : leaf)) };
    const myBalance = { ...mine, leaf: { ...mine.leaf, balances: { ...mine.leaf.balances, USDT: { ...mine.leaf.balances.USDT, available: String(BigInt(mine.leaf.balances.USDT.available) + 1n) } } } };
    const otherSignature = { ...mine, snapshot: { ...mine.snapshot, signature: `${mine.snapshot.signature[0] === 'A' ? 'B' : 'A'}${mine.snapshot.signature.slice(1)}` } };
    const moreTotal = { ...all, snapshot: { ...all.snapshot, totals: { ...all.snapshot.totals, EUR: String(BigInt(all.snapshot.totals.EUR) + 1n) } } };
    const bad = run({
      'sibling.json': changedSibling,
      'negative.json': negativeLeaf,
      'other.json': { hello: 'world' },
      'swapped.json': swapped,
      'leaf-sum.json': leafSum,
      'leaf-hash.json': leafHash,
      'my-balance.json': myBalance,
      'signature.json': otherSignature,
      'total.json': moreTotal,
    });
    expect(bad.code).toBe(1);
    expect(bad.lines[0]).toMatch(/sibling\.json: FAILED — the path does not end at the signed root/);
    expect(bad.lines[1]).toMatch(/negative\.json: FAILED — an amount of a leaf is negative or impossibly large \(at leaf 4\)/);
    expect(bad.lines[2]).toMatch(/other\.json: not a proof of the documented format/);
    expect(bad.lines[3]).toMatch(/swapped\.json: FAILED — the path does not end at the signed root/);
    expect(bad.lines[4]).toMatch(/leaf-sum\.json: FAILED — the path does not end at the signed root/);
    expect(bad.lines[5]).toMatch(/leaf-hash\.json: FAILED — the path does not end at the signed root/);
    expect(bad.lines[6]).toMatch(/my-balance\.json: FAILED — the path does not end at the signed root/);
    expect(bad.lines[7]).toMatch(/signature\.json: FAILED — the signature is not the platform key’s/);
    expect(bad.lines[8]).toMatch(/total\.json: FAILED — the sums do not add up to the signed totals/);
    expect(bad.lines).toHaveLength(9);
  }, 60_000);
});
