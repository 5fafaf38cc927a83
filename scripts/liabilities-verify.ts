/**
 * `npm run liabilities:verify FILE…`: checks proof-of-liabilities files with no server and no
 * database (docs/liabilities.md). A user's proof (`tessera-liabilities-proof`, downloaded from the
 * app): their leaf's path ends at the signed root with the signed totals, no amount on it negative,
 * the signature the platform key's. A snapshot's list of leaves (`tessera-liabilities-leaves`):
 * every leaf non-negative, the whole tree, the totals and the leaf count. Prints one line a file;
 * exits 1 when any file fails or cannot be read.
 */
import { readFileSync } from 'node:fs';
import { leavesFileSchema, proofFileSchema, proofFromFile, verifyLeaves, verifyProof, webCryptoSha256, webCryptoSignatureCheck, type ProofCheck } from '../src/domain/liabilities';

const WHAT_FAILED: Record<ProofCheck, string> = {
  format: 'a nonce, a hash or the leaf count is not what the format says',
  leafAmounts: 'an amount of a leaf is negative or impossibly large',
  siblingSums: 'a sum on the path is negative or impossibly large',
  root: 'the path does not end at the signed root',
  totals: 'the sums do not add up to the signed totals',
  signature: 'the signature is not the platform key’s over this snapshot',
};

async function check(file: string): Promise<boolean> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.log(`${file}: cannot be read as JSON (${(error as Error).message})`);
    return false;
  }
  const format = (json as { format?: unknown } | null)?.format;
  const schema = format === 'tessera-liabilities-leaves' ? leavesFileSchema : proofFileSchema;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    console.log(`${file}: not a ${format === 'tessera-liabilities-leaves' ? 'list of leaves' : 'proof'} of the documented format (${issue.path.join('.') || 'the file'}: ${issue.message})`);
    return false;
  }
  const snapshot = parsed.data.snapshot;
  const signature = webCryptoSignatureCheck(snapshot);
  const verdict =
    parsed.data.format === 'tessera-liabilities-leaves'
      ? await verifyLeaves(webCryptoSha256, signature, parsed.data)
      : await verifyProof(webCryptoSha256, signature, proofFromFile(parsed.data));
  const about = `snapshot ${snapshot.id} of ${snapshot.takenAt}, ${snapshot.leafCount} leaves, root ${snapshot.root}`;
  if (verdict.ok) {
    console.log(`${file}: verified — ${parsed.data.format === 'tessera-liabilities-leaves' ? 'every leaf, the root and the totals' : 'included'} (${about})`);
    return true;
  }
  console.log(`${file}: FAILED — ${WHAT_FAILED[verdict.failed]}${verdict.step === undefined ? '' : ` (at ${parsed.data.format === 'tessera-liabilities-leaves' ? 'leaf' : 'step'} ${verdict.step + 1})`} (${about})`);
  return false;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.log('usage: npm run liabilities:verify FILE…   (proof or leaves files, docs/liabilities.md)');
  process.exit(2);
}
let allGood = true;
for (const file of files) allGood = (await check(file)) && allGood;
process.exit(allGood ? 0 : 1);
