/**
 * Proof of liabilities (issue 38; the formats in docs/liabilities.md): a Merkle sum tree over every
 * user's balances at one ledger position, its root signed with the platform's Ed25519 key. One
 * module builds and checks it for the server, the app (Web Crypto on the phone) and
 * `npm run liabilities:verify` — the document alone is enough to write another verifier.
 *
 * - A leaf commits to one user's balances, per asset and per ledger purpose, with a random nonce of
 *   the user and the snapshot (no id or name): SHA-256(0x00 ‖ nonce ‖ each amount), its sums per
 *   asset the sum over the purposes.
 * - An inner node commits to both children and both children's sums:
 *   SHA-256(0x01 ‖ left hash ‖ left sums ‖ right hash ‖ right sums); its sums are the children's
 *   added. A node left alone at the end of a level goes up unchanged.
 * - Amounts are the ledger's minor units, 16 bytes unsigned big-endian in the hashes, decimal text
 *   in the files. None may be negative, and none may exceed 2^127 (the tree checks both again).
 */
import { z } from 'zod';
import { USER_PURPOSES } from './ledger';
import type { Asset } from './money';

/** The assets of a snapshot and the order their amounts stand in, in every hash and file. */
export const LIABILITY_ASSETS = ['EUR', 'USDT'] as const satisfies readonly Asset[];
/** The ledger purposes of a user's balance, in their order inside a leaf. */
export const LIABILITY_PURPOSES = USER_PURPOSES;
export const LIABILITIES_VERSION = 1;

const LEAF = 0x00;
const NODE = 0x01;
const AMOUNT_BYTES = 16;
const LIMIT = 1n << 127n;

/** SHA-256, synchronous (the server's node:crypto) or not (Web Crypto in the browser and the command). */
export type Sha256 = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;

/** Amounts per asset, minor units. */
export type Sums = Record<(typeof LIABILITY_ASSETS)[number], bigint>;
/** A user's balances per asset and purpose, minor units. */
export type LeafBalances = Record<(typeof LIABILITY_ASSETS)[number], Record<(typeof LIABILITY_PURPOSES)[number], bigint>>;

/** Amounts as the files and the database write them: decimal text of minor units. */
export type SumsText = Record<(typeof LIABILITY_ASSETS)[number], string>;
type BalancesText = Record<(typeof LIABILITY_ASSETS)[number], Record<(typeof LIABILITY_PURPOSES)[number], string>>;

export const sumsFromText = (sums: SumsText): Sums => ({ EUR: BigInt(sums.EUR), USDT: BigInt(sums.USDT) });
export const sumsAsText = (sums: Sums): SumsText => ({ EUR: String(sums.EUR), USDT: String(sums.USDT) });

/** Each amount of `from` through `each`, asset by asset and purpose by purpose. */
function mapBalances<A, B>(from: Record<string, Record<string, A>>, each: (amount: A) => B): Record<(typeof LIABILITY_ASSETS)[number], Record<(typeof LIABILITY_PURPOSES)[number], B>> {
  const out = {} as Record<(typeof LIABILITY_ASSETS)[number], Record<(typeof LIABILITY_PURPOSES)[number], B>>;
  for (const asset of LIABILITY_ASSETS) {
    out[asset] = {} as Record<(typeof LIABILITY_PURPOSES)[number], B>;
    for (const purpose of LIABILITY_PURPOSES) out[asset][purpose] = each(from[asset][purpose]);
  }
  return out;
}

export const balancesFromText = (balances: Record<string, Record<string, string>>): LeafBalances => mapBalances(balances, BigInt);
export const balancesAsText = (balances: LeafBalances): BalancesText => mapBalances(balances, String);
/** Every amount zero. */
export const emptyBalances = (): LeafBalances => mapBalances(Object.fromEntries(LIABILITY_ASSETS.map((asset) => [asset, {}])), () => 0n);

export interface TreeNode {
  hash: Uint8Array;
  sums: Sums;
}

/** One step of a path from a leaf to the root: the sibling there, and on which side it stands. */
export interface PathStep {
  side: 'left' | 'right';
  hash: Uint8Array;
  sums: Sums;
}

const LOW_64 = (1n << 64n) - 1n;

/** Writes `amount` as 16 unsigned big-endian bytes at `at`; refuses a negative or too large one. */
function putAmount(view: DataView, at: number, amount: bigint): void {
  if (amount < 0n || amount >= LIMIT) throw new RangeError('an amount of the tree is negative or too large');
  view.setBigUint64(at, amount >> 64n);
  view.setBigUint64(at + 8, amount & LOW_64);
}

const LEAF_BYTES = 1 + 32 + LIABILITY_ASSETS.length * LIABILITY_PURPOSES.length * AMOUNT_BYTES;
const NODE_BYTES = 1 + 2 * (32 + LIABILITY_ASSETS.length * AMOUNT_BYTES);

/** A child's part of its parent's input: its hash, then its sums per asset. */
function putChild(bytes: Uint8Array, view: DataView, at: number, node: TreeNode): number {
  bytes.set(node.hash, at);
  let next = at + 32;
  for (const asset of LIABILITY_ASSETS) {
    putAmount(view, next, node.sums[asset]);
    next += AMOUNT_BYTES;
  }
  return next;
}

export function leafSums(balances: LeafBalances): Sums {
  const sums = {} as Sums;
  for (const asset of LIABILITY_ASSETS) sums[asset] = LIABILITY_PURPOSES.reduce((total, purpose) => total + balances[asset][purpose], 0n);
  return sums;
}

/** The bytes a leaf's hash is taken over: 0x00, the nonce, the 12 amounts (each asset's purposes in order). */
export function leafInput(nonce: Uint8Array, balances: LeafBalances): Uint8Array {
  if (nonce.length !== 32) throw new RangeError('a leaf nonce is 32 bytes');
  const bytes = new Uint8Array(LEAF_BYTES);
  const view = new DataView(bytes.buffer);
  bytes[0] = LEAF;
  bytes.set(nonce, 1);
  let at = 33;
  for (const asset of LIABILITY_ASSETS) {
    for (const purpose of LIABILITY_PURPOSES) {
      putAmount(view, at, balances[asset][purpose]);
      at += AMOUNT_BYTES;
    }
  }
  return bytes;
}

export async function leafNode(sha256: Sha256, nonce: Uint8Array, balances: LeafBalances): Promise<TreeNode> {
  return { hash: await sha256(leafInput(nonce, balances)), sums: leafSums(balances) };
}

/** The bytes an inner node's hash is taken over: 0x01, the left child's hash and sums, the right one's. */
function parentInput(left: TreeNode, right: TreeNode): Uint8Array {
  const bytes = new Uint8Array(NODE_BYTES);
  const view = new DataView(bytes.buffer);
  bytes[0] = NODE;
  putChild(bytes, view, putChild(bytes, view, 1, left), right);
  return bytes;
}

export async function parentNode(sha256: Sha256, left: TreeNode, right: TreeNode): Promise<TreeNode> {
  const sums = {} as Sums;
  for (const asset of LIABILITY_ASSETS) sums[asset] = left.sums[asset] + right.sums[asset];
  // The children's sums are checked (not negative, not too large) as they are written.
  const input = parentInput(left, right);
  return { hash: await sha256(input), sums };
}

/** Every level of the tree over `leaves` (in their order), the leaves first and the root last. */
export async function treeLevels(sha256: Sha256, leaves: TreeNode[]): Promise<TreeNode[][]> {
  if (leaves.length === 0) throw new RangeError('a tree needs a leaf');
  const levels = [leaves];
  while (levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1];
    const level: TreeNode[] = [];
    for (let i = 0; i < below.length; i += 2) level.push(i + 1 < below.length ? await parentNode(sha256, below[i], below[i + 1]) : below[i]);
    levels.push(level);
  }
  return levels;
}

/** The path from leaf `index` to the root: each level's sibling, where it has one. */
export function pathOf(levels: TreeNode[][], index: number): PathStep[] {
  const path: PathStep[] = [];
  let at = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = at % 2 === 0 ? at + 1 : at - 1;
    if (sibling < level.length) path.push({ side: at % 2 === 0 ? 'right' : 'left', hash: level[sibling].hash, sums: level[sibling].sums });
    at = Math.floor(at / 2);
  }
  return path;
}

/** What the platform signs for a snapshot: these lines, UTF-8, joined by "\n". */
export interface SignedRoot {
  snapshotId: string;
  takenAt: string;
  leafCount: number;
  root: Uint8Array;
  totals: Sums;
}

export function signedMessage(root: SignedRoot): Uint8Array {
  const lines = [
    `tessera-liabilities-v${LIABILITIES_VERSION}`,
    `snapshot ${root.snapshotId}`,
    `taken ${root.takenAt}`,
    `leaves ${root.leafCount}`,
    `root ${toHex(root.root)}`,
    ...LIABILITY_ASSETS.map((asset) => `total ${asset} ${root.totals[asset]}`),
  ];
  return new TextEncoder().encode(lines.join('\n'));
}

/** Which check of a proof failed (the app and the command name it in words). */
export type ProofCheck = 'format' | 'leafAmounts' | 'siblingSums' | 'root' | 'totals' | 'signature';
export type ProofVerdict = { ok: true } | { ok: false; failed: ProofCheck; step?: number };

/**
 * Checks one user's proof: no amount of the leaf or of a sibling negative (or too large), the path
 * from the leaf ends at the signed root with the signed totals, and the signature is the platform
 * key's. `verifySignature` checks Ed25519 over `signedMessage` (Web Crypto, or a library).
 */
export async function verifyProof(
  sha256: Sha256,
  verifySignature: (message: Uint8Array) => Promise<boolean>,
  proof: { root: SignedRoot; nonce: Uint8Array; balances: LeafBalances; path: PathStep[] },
): Promise<ProofVerdict> {
  if (proof.nonce.length !== 32 || proof.root.root.length !== 32 || proof.path.some((step) => step.hash.length !== 32)) return { ok: false, failed: 'format' };
  let node: TreeNode;
  try {
    node = await leafNode(sha256, proof.nonce, proof.balances);
  } catch {
    return { ok: false, failed: 'leafAmounts' };
  }
  for (const [step, sibling] of proof.path.entries()) {
    try {
      node = sibling.side === 'left' ? await parentNode(sha256, sibling, node) : await parentNode(sha256, node, sibling);
    } catch {
      return { ok: false, failed: 'siblingSums', step };
    }
  }
  if (!sameBytes(node.hash, proof.root.root)) return { ok: false, failed: 'root' };
  if (LIABILITY_ASSETS.some((asset) => node.sums[asset] !== proof.root.totals[asset])) return { ok: false, failed: 'totals' };
  if (!(await verifySignature(signedMessage(proof.root)))) return { ok: false, failed: 'signature' };
  return { ok: true };
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += HEX[byte];
  return out;
}

export function fromHex(text: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(text)) throw new RangeError('not lower-case hex');
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

// ---- files (docs/liabilities.md) ---------------------------------------------------------------

const hex32 = z.string().regex(/^[0-9a-f]{64}$/, 'lower-case hex of 32 bytes');
/** Minor units as decimal text; a minus sign is let through, for the tree's own check to name. */
const amountText = z.string().regex(/^-?\d{1,40}$/, 'an integer of minor units');
const sumsFile = z.strictObject({ EUR: amountText, USDT: amountText });

/** A published snapshot as the files, the public page and the operator show it. */
export const snapshotFileSchema = z.strictObject({
  id: z.string().min(1).max(40),
  takenAt: z.string().min(1).max(40),
  leafCount: z.number().int().positive(),
  root: hex32,
  totals: sumsFile,
  /** Ed25519 over `signedMessage`, base64url. */
  signature: z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'base64url of 64 bytes'),
  /** The platform's Ed25519 public key, 32 bytes as hex. */
  publicKey: hex32,
});

const purposesFile = z.strictObject(Object.fromEntries(LIABILITY_PURPOSES.map((purpose) => [purpose, amountText])) as Record<(typeof LIABILITY_PURPOSES)[number], typeof amountText>);

export const proofFileSchema = z.strictObject({
  format: z.literal('tessera-liabilities-proof'),
  version: z.literal(LIABILITIES_VERSION),
  snapshot: snapshotFileSchema,
  leaf: z.strictObject({ nonce: hex32, balances: z.strictObject({ EUR: purposesFile, USDT: purposesFile }) }),
  path: z.array(z.strictObject({ side: z.enum(['left', 'right']), hash: hex32, sums: sumsFile })).max(64),
});
export type ProofFile = z.infer<typeof proofFileSchema>;

export const leavesFileSchema = z.strictObject({
  format: z.literal('tessera-liabilities-leaves'),
  version: z.literal(LIABILITIES_VERSION),
  snapshot: snapshotFileSchema,
  leaves: z.array(z.strictObject({ hash: hex32, sums: sumsFile })).min(1),
});
export type LeavesFile = z.infer<typeof leavesFileSchema>;


export function signedRootOf(snapshot: z.infer<typeof snapshotFileSchema>): SignedRoot {
  return { snapshotId: snapshot.id, takenAt: snapshot.takenAt, leafCount: snapshot.leafCount, root: fromHex(snapshot.root), totals: sumsFromText(snapshot.totals) };
}

/** A proof file as `verifyProof` takes it. */
export function proofFromFile(file: ProofFile) {
  return {
    root: signedRootOf(file.snapshot),
    nonce: fromHex(file.leaf.nonce),
    balances: balancesFromText(file.leaf.balances),
    path: file.path.map((step) => ({ side: step.side, hash: fromHex(step.hash), sums: sumsFromText(step.sums) })),
  };
}

/**
 * Checks a published snapshot's whole list of leaves: none negative, the tree they make ends at the
 * signed root with the signed totals and leaf count, and the signature is the key's.
 */
export async function verifyLeaves(sha256: Sha256, verifySignature: (message: Uint8Array) => Promise<boolean>, file: LeavesFile): Promise<ProofVerdict> {
  const root = signedRootOf(file.snapshot);
  const leaves = file.leaves.map((leaf) => ({ hash: fromHex(leaf.hash), sums: sumsFromText(leaf.sums) }));
  const negative = leaves.findIndex((leaf) => LIABILITY_ASSETS.some((asset) => leaf.sums[asset] < 0n || leaf.sums[asset] >= LIMIT));
  if (negative >= 0) return { ok: false, failed: 'leafAmounts', step: negative };
  if (leaves.length !== root.leafCount) return { ok: false, failed: 'format' };
  const levels = await treeLevels(sha256, leaves);
  const top = levels[levels.length - 1][0];
  if (!sameBytes(top.hash, root.root)) return { ok: false, failed: 'root' };
  if (LIABILITY_ASSETS.some((asset) => top.sums[asset] !== root.totals[asset])) return { ok: false, failed: 'totals' };
  if (!(await verifySignature(signedMessage(root)))) return { ok: false, failed: 'signature' };
  return { ok: true };
}

/** Ed25519 of the snapshot's key over a message, with Web Crypto (browsers with Ed25519, Node 20+). */
export function webCryptoSignatureCheck(snapshot: { publicKey: string; signature: string }): (message: Uint8Array) => Promise<boolean> {
  return async (message) => {
    // Copies: Web Crypto takes bytes of their own ArrayBuffer.
    const key = await crypto.subtle.importKey('raw', new Uint8Array(fromHex(snapshot.publicKey)), { name: 'Ed25519' }, false, ['verify']);
    return crypto.subtle.verify({ name: 'Ed25519' }, key, new Uint8Array(base64urlBytes(snapshot.signature)), new Uint8Array(message));
  };
}

export const webCryptoSha256: Sha256 = async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));

/** Bytes of base64url text (the signature in the files). */
export function base64urlBytes(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The published facts of a snapshot, as the files carry them. */
export interface PublishedSnapshot {
  root: SignedRoot;
  /** Ed25519 signature over `signedMessage(root)`, and the 32-byte public key. */
  signature: Uint8Array;
  publicKey: Uint8Array;
}

/** A snapshot's published facts as the files (and the public page) write them. */
export function snapshotFile(published: PublishedSnapshot): ProofFile['snapshot'] {
  const { root } = published;
  return {
    id: root.snapshotId,
    takenAt: root.takenAt,
    leafCount: root.leafCount,
    root: toHex(root.root),
    totals: sumsAsText(root.totals),
    signature: base64url(published.signature),
    publicKey: toHex(published.publicKey),
  };
}

/** A user's proof file: their leaf (nonce and balances) and its path, with the snapshot. */
export function proofFile(published: PublishedSnapshot, leaf: { nonce: Uint8Array; balances: LeafBalances }, path: PathStep[]): ProofFile {
  return {
    format: 'tessera-liabilities-proof',
    version: LIABILITIES_VERSION,
    snapshot: snapshotFile(published),
    leaf: { nonce: toHex(leaf.nonce), balances: balancesAsText(leaf.balances) },
    path: path.map((step) => ({ side: step.side, hash: toHex(step.hash), sums: sumsAsText(step.sums) })),
  };
}

/** A snapshot's list of leaves in the tree's order (hashes and sums only). */
export function leavesFile(published: PublishedSnapshot, leaves: TreeNode[]): LeavesFile {
  return {
    format: 'tessera-liabilities-leaves',
    version: LIABILITIES_VERSION,
    snapshot: snapshotFile(published),
    leaves: leaves.map((leaf) => ({ hash: toHex(leaf.hash), sums: sumsAsText(leaf.sums) })),
  };
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
