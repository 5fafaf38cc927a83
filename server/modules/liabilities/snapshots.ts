/**
 * Snapshots of what the platform owes its users (issue 38; docs/liabilities.md): every user's
 * balances per asset and ledger purpose, read in one repeatable-read transaction at one ledger
 * position, made into the Merkle sum tree of src/domain/liabilities.ts (leaves shuffled, a fresh
 * nonce each), its root and totals signed with the platform's Ed25519 key. In the same transaction
 * the ledger's own check (`verifyLedger`) runs, and the user balances' totals are computed again
 * from the postings: a snapshot either does not confirm is kept unpublished, with why.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  LIABILITY_ASSETS,
  LIABILITY_PURPOSES,
  leafNode,
  leavesFile,
  proofFile,
  snapshotFile,
  signedMessage,
  toHex,
  treeLevels,
  emptyBalances,
  sumsAsText,
  sumsFromText,
  type LeafBalances,
  type PathStep,
  type ProofFile,
  type PublishedSnapshot,
  type LeavesFile,
  type TreeNode,
} from '../../../src/domain/liabilities';
import { toDecimalString, type Asset } from '../../../src/domain/money';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { batchedRead } from '../../db/batched-reads';
import { rowsOf } from '../../db/rows';
import { recordAudit } from '../../ledger/audit';
import type { Sealer } from '../../security/sealed';
import { Refusal } from '../../errors';

const KEY_OWNER = 'liabilities-signing-key';
const sha256 = (bytes: Uint8Array) => new Uint8Array(crypto.createHash('sha256').update(bytes).digest());

export interface SnapshotSummary {
  id: string;
  /** The daily snapshot's day; null for an operator's. */
  day: string | null;
  takenAt: string;
  ledgerPosition: string;
  leafCount: number;
  root: string;
  totals: Record<(typeof LIABILITY_ASSETS)[number], string>;
  signature: string;
  publicKey: string;
  published: boolean;
  problem: string | null;
}

interface SnapshotRow {
  id: string;
  day: string | null;
  taken_at: Date | string;
  ledger_position: string;
  leaf_count: number;
  root: Uint8Array;
  totals: { EUR: string; USDT: string };
  signature: Uint8Array;
  public_key: Uint8Array;
  published: boolean;
  problem: string | null;
}

const bytesOf = (value: Uint8Array) => new Uint8Array(value);


const iso = (value: Date | string) => new Date(value).toISOString();

function summaryOf(row: SnapshotRow): SnapshotSummary {
  return {
    id: row.id,
    day: row.day,
    takenAt: iso(row.taken_at),
    ledgerPosition: row.ledger_position,
    leafCount: row.leaf_count,
    root: toHex(bytesOf(row.root)),
    totals: row.totals,
    signature: Buffer.from(row.signature).toString('base64url'),
    publicKey: toHex(bytesOf(row.public_key)),
    published: row.published,
    problem: row.problem,
  };
}

function publishedOf(row: SnapshotRow): PublishedSnapshot {
  return {
    root: {
      snapshotId: row.id,
      takenAt: iso(row.taken_at),
      leafCount: row.leaf_count,
      root: bytesOf(row.root),
      totals: sumsFromText(row.totals),
    },
    signature: bytesOf(row.signature),
    publicKey: bytesOf(row.public_key),
  };
}

/** `part` over `whole` in percent, cut (never rounded up) to two decimals: "102.34". */
function percentCut(part: bigint, whole: bigint): string {
  const hundredths = (part * 10_000n) / whole;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** Leaves a statement: each column travels as one text (14 parameters a statement, whatever the count). */
const LEAVES_PER_STATEMENT = 20_000;

/** A node in a level's bytes (liability_levels): its hash, then its sums per asset, 16 bytes each. */
const NODE_BYTES = 32 + 16 * LIABILITY_ASSETS.length;

/** A level's nodes as stored: NODE_BYTES each, in order. */
function levelBytes(level: TreeNode[]): Buffer {
  const out = Buffer.alloc(level.length * NODE_BYTES);
  level.forEach((node, index) => {
    const at = index * NODE_BYTES;
    out.set(node.hash, at);
    LIABILITY_ASSETS.forEach((asset, k) => {
      out.writeBigUInt64BE(node.sums[asset] >> 64n, at + 32 + 16 * k);
      out.writeBigUInt64BE(node.sums[asset] & 0xffffffffffffffffn, at + 40 + 16 * k);
    });
  });
  return out;
}

/** The node at `at` of a level's bytes. */
function nodeAt(bytes: Buffer, at: number): TreeNode {
  const sums = {} as TreeNode['sums'];
  LIABILITY_ASSETS.forEach((asset, k) => {
    sums[asset] = (bytes.readBigUInt64BE(at + 32 + 16 * k) << 64n) | bytes.readBigUInt64BE(at + 40 + 16 * k);
  });
  return { hash: new Uint8Array(bytes.subarray(at, at + 32)), sums };
}

/** A leaf's 12 amounts as stored (bigint[]: each asset's purposes in order), and back. */
const amountsOf = (balances: LeafBalances): bigint[] => LIABILITY_ASSETS.flatMap((asset) => LIABILITY_PURPOSES.map((purpose) => balances[asset][purpose]));
function balancesOfAmounts(amounts: string[]): LeafBalances {
  const balances = emptyBalances();
  LIABILITY_ASSETS.forEach((asset, a) => LIABILITY_PURPOSES.forEach((purpose, p) => (balances[asset][purpose] = BigInt(amounts[a * LIABILITY_PURPOSES.length + p]))));
  return balances;
}

/** Its columns as the rows read them (the id as text: a bigint; an ORDER BY names the table's id, not this text). */
const SNAPSHOT_COLUMNS = sql`id::text, day::text, taken_at, ledger_position::text, leaf_count, root, totals, signature, public_key, published, problem`;

export function createLiabilities({ db, clock, sealer }: { db: Db; clock: Clock; sealer: Sealer }) {
  let signingKey: Promise<{ publicKey: Uint8Array; privateKey: crypto.KeyObject }> | null = null;

  /** The platform's key: read, or made and kept (sealed) by the first process to need it. */
  function key() {
    signingKey ??= (async () => {
      const made = crypto.generateKeyPairSync('ed25519');
      const publicRaw = made.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
      const privateDer = made.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
      await db.execute(
        sql`INSERT INTO liability_keys (id, public_key, private_sealed, created_at)
            VALUES (1, ${publicRaw}, ${sealer.seal(privateDer, KEY_OWNER)}, ${clock().toISOString()}) ON CONFLICT (id) DO NOTHING`,
      );
      const [row] = await rowsOf<{ public_key: Uint8Array; private_sealed: Uint8Array }>(db, sql`SELECT public_key, private_sealed FROM liability_keys WHERE id = 1`);
      const privateKey = crypto.createPrivateKey({ key: Buffer.from(sealer.open(Buffer.from(row.private_sealed), KEY_OWNER), 'base64'), format: 'der', type: 'pkcs8' });
      return { publicKey: bytesOf(row.public_key), privateKey };
    })().catch((error: unknown) => {
      signingKey = null;
      throw error;
    });
    return signingKey;
  }

  /**
   * Every user's balances with any amount, per asset and purpose, as the transaction sees them:
   * one row per user, its amounts as "ASSET:purpose:amount" items (a 100,000-user snapshot reads
   * 100,000 rows, not one per account).
   */
  async function balancesOf(tx: Tx): Promise<Map<string, LeafBalances>> {
    const rows = await rowsOf<{ user_id: string; amounts: string }>(
      tx,
      sql`SELECT user_id::text, string_agg(asset || ':' || purpose || ':' || balance::text, ',') AS amounts
          FROM ledger_accounts WHERE owner_kind = 'user' AND balance <> 0 GROUP BY user_id`,
    );
    const users = new Map<string, LeafBalances>();
    for (const row of rows) {
      const balances = emptyBalances();
      for (const item of row.amounts.split(',')) {
        const [asset, purpose, amount] = item.split(':');
        balances[asset as (typeof LIABILITY_ASSETS)[number]][purpose as (typeof LIABILITY_PURPOSES)[number]] = BigInt(amount);
      }
      users.set(row.user_id, balances);
    }
    return users;
  }

  /**
   * The ledger's own accounting of the users' money in the same transaction, in one pass over the
   * accounts and the postings: per asset and purpose what the postings to users' accounts add up
   * to, and the problems of `npm run ledger:verify` that bear on those totals — an account whose
   * balance is not its postings (balance-postings), an asset whose balances do not sum to zero
   * (asset-sum), a user's balance below zero (user-negative). The business checks of the holds
   * (orders, offers, pledges, loans) are the command's and the console's, not the snapshot's.
   */
  async function ledgerTotals(tx: Tx): Promise<{ posted: LeafBalances; problems: string[] }> {
    const rows = await rowsOf<{ owner_kind: string; asset: string; purpose: string; posted: string; balance: string; drifted: number; negative: number }>(
      tx,
      sql`WITH posted AS (
            SELECT account, sum(amount) AS total FROM (
              SELECT credit_account_id AS account, amount FROM ledger_transfers
              UNION ALL
              SELECT debit_account_id, -amount FROM ledger_transfers
            ) moves GROUP BY account
          )
          SELECT a.owner_kind, a.asset, a.purpose, sum(coalesce(p.total, 0))::text AS posted, sum(a.balance)::text AS balance,
                 count(*) FILTER (WHERE a.balance <> coalesce(p.total, 0))::int AS drifted, count(*) FILTER (WHERE a.balance < 0 AND a.owner_kind = 'user')::int AS negative
          FROM ledger_accounts a LEFT JOIN posted p ON p.account = a.id
          GROUP BY a.owner_kind, a.asset, a.purpose`,
    );
    const posted = emptyBalances();
    const problems: string[] = [];
    const assetSums = new Map<string, bigint>();
    for (const row of rows) {
      assetSums.set(row.asset, (assetSums.get(row.asset) ?? 0n) + BigInt(row.balance));
      if (Number(row.drifted) > 0) problems.push(`balance-postings: ${row.drifted} ${row.owner_kind} ${row.asset} ${row.purpose} account(s) whose balance is not their postings`);
      if (Number(row.negative) > 0) problems.push(`user-negative: ${row.negative} ${row.asset} ${row.purpose} account(s) below zero`);
      if (row.owner_kind === 'user') posted[row.asset as (typeof LIABILITY_ASSETS)[number]][row.purpose as (typeof LIABILITY_PURPOSES)[number]] = BigInt(row.posted);
    }
    for (const [asset, sum] of assetSums) if (sum !== 0n) problems.push(`asset-sum: ${asset}: balances sum to ${sum}, not 0`);
    return { posted, problems };
  }

  /** The tree's totals per asset and purpose (the root's sums add the purposes up). */
  function purposeTotals(leaves: Array<{ balances: LeafBalances }>): LeafBalances {
    const totals = emptyBalances();
    for (const { balances } of leaves) for (const asset of LIABILITY_ASSETS) for (const purpose of LIABILITY_PURPOSES) totals[asset][purpose] += balances[asset][purpose];
    return totals;
  }

  function shuffled<T>(items: T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = crypto.randomInt(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /**
   * Users' proofs, every user asking at once in one statement (server/db/batched-reads.ts): for
   * each, the newest published snapshot holding them (the leaves' index on user and snapshot,
   * read backwards) or the one named, their leaf, and the sibling at each level where there is one
   * (the walk up: a node's parent is at half its position, a level half the size below, rounded
   * up), each a 64-byte slice of its level — stored out of line and uncompressed, so that a
   * substring reads only its slice — in order, as one value. The slices are gathered for the
   * whole batch at once (GROUP BY the asker): a subquery per asker would scan every asker's walk
   * for each, a cost growing with the square of the batch (64 askers: 72–100 ms against 4–5 ms).
   */
  const proofRows = batchedRead<{ userId: string; snapshotId: string }, ProofRow | null>({
    keyOf: (question) => `${question.userId}:${question.snapshotId}`,
    async answer(questions) {
      const rows = await rowsOf<ProofRow>(
        db,
        sql`WITH RECURSIVE asked AS (
              SELECT q.n::int AS n, q.u::uuid AS user_id, nullif(q.s, '')::bigint AS snapshot
              FROM unnest(string_to_array(${questions.map((question) => question.userId).join(',')}, ','), string_to_array(${questions.map((question) => question.snapshotId).join(',')}, ','))
                   WITH ORDINALITY AS q (u, s, n)
            ), mine AS (
              SELECT a.n, found.* FROM asked a CROSS JOIN LATERAL (
                SELECT ${SNAPSHOT_COLUMNS}, l.position, l.nonce, l.balances::text[] AS amounts
                FROM liability_leaves l JOIN liability_snapshots s ON s.id = l.snapshot_id
                WHERE l.user_id = a.user_id AND s.published AND (a.snapshot IS NULL OR l.snapshot_id = a.snapshot)
                ORDER BY l.snapshot_id DESC LIMIT 1
              ) found
            ), walk AS (
              SELECT n, 0 AS level, position AS at, leaf_count AS size FROM mine
              UNION ALL
              SELECT n, level + 1, at / 2, (size + 1) / 2 FROM walk WHERE size > 1
            ), paths AS (
              SELECT w.n, string_agg(substring(v.nodes FROM (w.at # 1) * ${NODE_BYTES} + 1 FOR ${NODE_BYTES}), ''::bytea ORDER BY w.level) AS path
              FROM walk w JOIN mine m ON m.n = w.n JOIN liability_levels v ON v.snapshot_id = m.id::bigint AND v.level = w.level
              WHERE (w.at # 1) < w.size
              GROUP BY w.n
            )
            SELECT m.*, p.path FROM mine m LEFT JOIN paths p ON p.n = m.n`,
      );
      const byIndex = new Map(rows.map((row) => [Number(row.n), row]));
      return new Map(questions.map((question, index) => [`${question.userId}:${question.snapshotId}`, byIndex.get(index + 1) ?? null]));
    },
  });

  /** The published snapshots, newest first. */
  const publishedRows = (limit: number) =>
    rowsOf<SnapshotRow>(db, sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots WHERE published ORDER BY liability_snapshots.id DESC LIMIT ${limit}`);

  /** The key's public half: read as it is (a process that cannot open the private half still shows it), made when there is none. */
  const publicKeyHex = async (): Promise<string> => {
    const [row] = await rowsOf<{ public_key: Uint8Array }>(db, sql`SELECT public_key FROM liability_keys WHERE id = 1`);
    return toHex(row ? bytesOf(row.public_key) : (await key()).publicKey);
  };

  return {
    /** The key's public half, 32 bytes as hex (the page shows it; every file carries it). */
    publicKey: publicKeyHex,

    /**
     * Takes a snapshot: the daily one for `day` (null when another process has already taken it),
     * or an operator's. Returns its summary; an unpublished one says why in `problem`.
     */
    async take(input: { day?: string; operatorId?: string } = {}): Promise<SnapshotSummary | null> {
      const signer = await key();
      const takenAt = clock();
      try {
        return await db.transaction(
          async (tx) => {
            if (input.day) {
              const [taken] = await rowsOf<{ id: string }>(tx, sql`SELECT id::text FROM liability_snapshots WHERE day = ${input.day}::date`);
              if (taken) return null;
            }
            const [{ position, visible }] = await rowsOf<{ position: string; visible: string }>(
              tx,
              sql`SELECT coalesce(max(id), 0)::text AS position, pg_current_snapshot()::text AS visible FROM ledger_transfers`,
            );
            const users: Array<[string | null, LeafBalances]> = shuffled([...(await balancesOf(tx)).entries()]);
            // A snapshot of nobody still has a root: one leaf of zeros, nobody's.
            if (users.length === 0) users.push([null, emptyBalances()]);
            // Fresh random nonces, drawn at once (one call for all, not one per leaf).
            const random = new Uint8Array(crypto.randomBytes(32 * users.length));
            const leaves = users.map(([userId, balances], index) => ({ userId, balances, nonce: random.subarray(32 * index, 32 * index + 32) }));
            const nodes: TreeNode[] = await Promise.all(leaves.map((leaf) => leafNode(sha256, leaf.nonce, leaf.balances)));
            const levels = await treeLevels(sha256, nodes);
            const top = levels[levels.length - 1][0];
            const { posted, problems: ledgerProblems } = await ledgerTotals(tx);
            const counted = purposeTotals(leaves);
            const problems = [
              ...ledgerProblems,
              ...LIABILITY_ASSETS.flatMap((asset) =>
                LIABILITY_PURPOSES.filter((purpose) => posted[asset][purpose] !== counted[asset][purpose]).map(
                  (purpose) => `totals: ${asset} ${purpose} ${counted[asset][purpose]} in the tree, ${posted[asset][purpose]} by the postings`,
                ),
              ),
            ];
            const [{ id }] = await rowsOf<{ id: string }>(tx, sql`SELECT nextval(pg_get_serial_sequence('liability_snapshots', 'id'))::text AS id`);
            const root = { snapshotId: id, takenAt: takenAt.toISOString(), leafCount: nodes.length, root: top.hash, totals: top.sums };
            const signature = crypto.sign(null, signedMessage(root), signer.privateKey);
            const totals = sumsAsText(top.sums);
            const [row] = await rowsOf<SnapshotRow>(
              tx,
              sql`INSERT INTO liability_snapshots (id, day, taken_at, ledger_position, ledger_snapshot, leaf_count, root, totals, signature, public_key, published, problem, requested_by)
                  VALUES (${id}::bigint, ${input.day ?? null}::date, ${takenAt.toISOString()}, ${position}::bigint, ${visible}, ${nodes.length}, ${Buffer.from(top.hash)},
                          ${JSON.stringify(totals)}::jsonb, ${signature}, ${Buffer.from(signer.publicKey)}, ${problems.length === 0}, ${problems.length === 0 ? null : problems.slice(0, 20).join('\n')},
                          ${input.operatorId ?? null}::uuid)
                  RETURNING ${SNAPSHOT_COLUMNS}`,
            );
            // Set-based: the leaves' rows travel as one text per column a statement (20,000 rows
            // each); the tree as one value per level (about 18 for 100,000 users).
            const columns = LIABILITY_ASSETS.length * LIABILITY_PURPOSES.length;
            for (let from = 0; from < leaves.length; from += LEAVES_PER_STATEMENT) {
              const chunk = leaves.slice(from, from + LEAVES_PER_STATEMENT);
              const amounts = chunk.map((leaf) => amountsOf(leaf.balances));
              const amountColumns = Array.from({ length: columns }, (_, k) => sql`string_to_array(${amounts.map((each) => each[k]).join(',')}, ',')::bigint[]`);
              await tx.execute(
                sql`INSERT INTO liability_leaves (snapshot_id, position, user_id, nonce, balances)
                    SELECT ${id}::bigint, ${from}::int + (r.i - 1)::int, nullif(r.u, '')::uuid, decode(r.n, 'hex'),
                           ARRAY[${sql.join(Array.from({ length: columns }, (_, k) => sql.raw(`r.b${k}`)), sql`, `)}]
                    FROM unnest(string_to_array(${chunk.map((leaf) => leaf.userId ?? '').join(',')}, ','), string_to_array(${chunk.map((leaf) => toHex(leaf.nonce)).join(',')}, ','),
                                ${sql.join(amountColumns, sql`, `)})
                         WITH ORDINALITY AS r (u, n, ${sql.raw(Array.from({ length: columns }, (_, k) => `b${k}`).join(', '))}, i)`,
              );
            }
            for (const [level, nodesOfLevel] of levels.entries()) {
              await tx.execute(sql`INSERT INTO liability_levels (snapshot_id, level, nodes) VALUES (${id}::bigint, ${level}, ${levelBytes(nodesOfLevel)})`);
            }
            if (input.operatorId) {
              await recordAudit(tx, { operatorId: input.operatorId, at: takenAt }, {
                action: 'liabilities.snapshot',
                subject: `liability_snapshot:${id}`,
                details: { published: row.published, leafCount: row.leaf_count, ledgerPosition: row.ledger_position },
              });
            }
            return summaryOf(row);
          },
          { isolationLevel: 'repeatable read' },
        );
      } catch (error) {
        // Another process took the same day's snapshot at the same moment (unique day, or its
        // insert not visible to this repeatable read): that one stands.
        const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        if (input.day && (code === '23505' || code === '40001')) return null;
        throw error;
      }
    },

    /** The published snapshots, newest first. */
    async published(limit = 30): Promise<SnapshotSummary[]> {
      return (await publishedRows(limit)).map(summaryOf);
    },

    /** Every snapshot, unpublished ones with why, newest first (the operator's list). */
    async all(limit = 60): Promise<SnapshotSummary[]> {
      const rows = await rowsOf<SnapshotRow>(db, sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots ORDER BY liability_snapshots.id DESC LIMIT ${limit}`);
      return rows.map(summaryOf);
    },

    /**
     * The public page: the published snapshots as their files carry them, the key, the newest
     * declaration of reserves per asset, and the declared reserves over the newest snapshot's
     * totals (cut to two decimals of a percent, never rounded up).
     */
    async overview() {
      const snapshots = await publishedRows(30);
      const reserves = await rowsOf<{ asset: Asset; amount: string; evidence: string; declared_at: Date | string }>(
        db,
        sql`SELECT DISTINCT ON (asset) asset, amount::text, evidence, declared_at FROM liability_reserves ORDER BY asset, declared_at DESC, id DESC`,
      );
      const newest = snapshots[0];
      return {
        publicKey: await publicKeyHex(),
        snapshots: snapshots.map((row) => snapshotFile(publishedOf(row))),
        ledgerPositions: snapshots.map((row) => row.ledger_position),
        reserves: reserves.map((row) => ({ asset: row.asset, amount: toDecimalString(BigInt(row.amount), row.asset), evidence: row.evidence, declaredAt: iso(row.declared_at) })),
        coverage: newest
          ? LIABILITY_ASSETS.map((asset) => {
              const owed = BigInt(newest.totals[asset]);
              const declared = reserves.find((row) => row.asset === asset);
              return {
                asset,
                owed: toDecimalString(owed, asset),
                declared: declared ? toDecimalString(BigInt(declared.amount), asset) : null,
                percent: declared && owed > 0n ? percentCut(BigInt(declared.amount), owed) : null,
              };
            })
          : [],
      };
    },

    /** An operator declares the reserves of an asset, with its evidence (audited). Declared, not proven. */
    async declareReserve(input: { asset: Asset; amount: bigint; evidence: string }, actor: { operatorId: string; at: Date }) {
      return db.transaction(async (tx) => {
        const [row] = await rowsOf<{ id: string }>(
          tx,
          sql`INSERT INTO liability_reserves (asset, amount, evidence, declared_at, operator_id)
              VALUES (${input.asset}, ${input.amount.toString()}::numeric, ${input.evidence}, ${actor.at.toISOString()}, ${actor.operatorId}::uuid) RETURNING id::text`,
        );
        const amount = toDecimalString(input.amount, input.asset);
        await recordAudit(tx, actor, { action: 'liabilities.reserves', subject: `liability_reserve:${row.id}`, details: { asset: input.asset, amount, evidence: input.evidence } });
        return { asset: input.asset, amount, evidence: input.evidence, declaredAt: actor.at.toISOString() };
      });
    },

    /** A published snapshot's whole list of leaves, hashes and sums in the tree's order (the leaves file). */
    async leavesOf(snapshotId: string): Promise<LeavesFile> {
      const [row] = await rowsOf<SnapshotRow>(db, sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots WHERE published AND id = ${snapshotId}::bigint`);
      if (!row) throw new Refusal('liabilities.snapshotNotFound', 404);
      const [level] = await rowsOf<{ nodes: Uint8Array }>(db, sql`SELECT nodes FROM liability_levels WHERE snapshot_id = ${row.id}::bigint AND level = 0`);
      const bytes = Buffer.from(level.nodes);
      return leavesFile(
        publishedOf(row),
        Array.from({ length: bytes.length / NODE_BYTES }, (_, index) => nodeAt(bytes, index * NODE_BYTES)),
      );
    },

    /**
     * A user's proof in a published snapshot (the newest holding them when none is named): their
     * leaf and its path, as the documented file. Null when they had no balance in it.
     */
    async proofOf(userId: string, snapshotId?: string): Promise<ProofFile | null> {
      const found = await proofRows({ userId, snapshotId: snapshotId ?? '' });
      if (!found) {
        if (snapshotId === undefined) return null;
        const [published] = await rowsOf<{ id: string }>(db, sql`SELECT id::text FROM liability_snapshots WHERE published AND id = ${snapshotId}::bigint`);
        if (!published) throw new Refusal('liabilities.snapshotNotFound', 404);
        return null;
      }
      return proofFromRow(found);
    },
  };
}

type ProofRow = SnapshotRow & { n: number; position: number; nonce: Uint8Array; amounts: string[]; path: Uint8Array | null };

/** A user's proof file from its row: the leaf, and the siblings' slices in order, each side from the same walk up. */
function proofFromRow(row: ProofRow): ProofFile {
  const sides: Array<'left' | 'right'> = [];
  for (let size = row.leaf_count, at = Number(row.position); size > 1; size = Math.ceil(size / 2), at = Math.floor(at / 2)) {
    if ((at ^ 1) < size) sides.push((at ^ 1) < at ? 'left' : 'right');
  }
  const bytes = Buffer.from(row.path ?? new Uint8Array(0));
  if (bytes.length !== sides.length * NODE_BYTES) throw new Error(`snapshot ${row.id}: ${bytes.length / NODE_BYTES} siblings stored for a path of ${sides.length}`);
  const path: PathStep[] = sides.map((side, index) => ({ side, ...nodeAt(bytes, index * NODE_BYTES) }));
  return proofFile(publishedOf(row), { nonce: bytesOf(row.nonce), balances: balancesOfAmounts(row.amounts) }, path);
}

export type Liabilities = ReturnType<typeof createLiabilities>;
