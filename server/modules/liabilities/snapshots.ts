/**
 * Snapshots of what the platform owes its users (issue 38; docs/liabilities.md): every user's
 * balances per asset and ledger purpose, read in one repeatable-read transaction at one ledger
 * position, made into the Merkle sum tree of src/domain/liabilities.ts (leaves shuffled, a fresh
 * nonce each), its root and totals signed with the platform's Ed25519 key. In the same transaction
 * the ledger's own check (`verifyLedger`) runs, and the user balances' totals are computed again
 * from the postings: a snapshot either does not confirm is kept unpublished, with why.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
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
  balancesAsText,
  balancesFromText,
  emptyBalances,
  sumsAsText,
  sumsFromText,
  type LeafBalances,
  type PathStep,
  type ProofFile,
  type PublishedSnapshot,
  type LeavesFile,
  type Sums,
  type SumsText,
  type TreeNode,
} from '../../../src/domain/liabilities';
import { toDecimalString, type Asset } from '../../../src/domain/money';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { verifyLedger } from '../../ledger/verify';
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

const sumsJson = (sums: Sums) => JSON.stringify(sumsAsText(sums));

/** Rows a statement: 7 parameters a row stays far below PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 1000;

async function insertRows(tx: Tx, head: SQL, rows: SQL[]): Promise<void> {
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    await tx.execute(sql`${head} VALUES ${sql.join(rows.slice(from, from + ROWS_PER_STATEMENT), sql`, `)}`);
  }
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

  /** Every user's balances with any amount, per asset and purpose, as the transaction sees them. */
  async function balancesOf(tx: Tx): Promise<Map<string, LeafBalances>> {
    const rows = await rowsOf<{ user_id: string; asset: string; purpose: string; balance: string }>(
      tx,
      sql`SELECT user_id, asset, purpose, balance::text FROM ledger_accounts WHERE owner_kind = 'user' AND balance <> 0 ORDER BY user_id`,
    );
    const users = new Map<string, LeafBalances>();
    for (const row of rows) {
      let balances = users.get(row.user_id);
      if (!balances) {
        balances = emptyBalances();
        users.set(row.user_id, balances);
      }
      balances[row.asset as (typeof LIABILITY_ASSETS)[number]][row.purpose as (typeof LIABILITY_PURPOSES)[number]] = BigInt(row.balance);
    }
    return users;
  }

  /** The users' totals per asset and purpose from the postings themselves (credits minus debits of user accounts). */
  async function postedTotals(tx: Tx): Promise<LeafBalances> {
    const rows = await rowsOf<{ asset: string; purpose: string; total: string }>(
      tx,
      sql`SELECT a.asset, a.purpose, sum(CASE WHEN t.credit_account_id = a.id THEN t.amount ELSE -t.amount END)::text AS total
          FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.credit_account_id OR a.id = t.debit_account_id
          WHERE a.owner_kind = 'user' GROUP BY a.asset, a.purpose`,
    );
    const totals = emptyBalances();
    for (const row of rows) totals[row.asset as (typeof LIABILITY_ASSETS)[number]][row.purpose as (typeof LIABILITY_PURPOSES)[number]] = BigInt(row.total);
    return totals;
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

  const publicKeyHex = async (): Promise<string> => toHex((await key()).publicKey);

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
            const leaves = users.map(([userId, balances]) => ({ userId, balances, nonce: new Uint8Array(crypto.randomBytes(32)) }));
            const nodes: TreeNode[] = await Promise.all(leaves.map((leaf) => leafNode(sha256, leaf.nonce, leaf.balances)));
            const levels = await treeLevels(sha256, nodes);
            const top = levels[levels.length - 1][0];
            const report = await verifyLedger(tx);
            const posted = await postedTotals(tx);
            const counted = purposeTotals(leaves);
            const problems = [
              ...report.problems.map((problem) => `${problem.check}: ${problem.detail}`),
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
            // Set-based: many rows a statement (a snapshot of 100,000 users is 200 statements, not 200,000).
            await insertRows(
              tx,
              sql`INSERT INTO liability_leaves (snapshot_id, position, user_id, nonce, balances, hash, sums)`,
              leaves.map((leaf, position) => {
                return sql`(${id}::bigint, ${position}, ${leaf.userId}::uuid, ${Buffer.from(leaf.nonce)}, ${JSON.stringify(balancesAsText(leaf.balances))}::jsonb, ${Buffer.from(nodes[position].hash)}, ${sumsJson(nodes[position].sums)}::jsonb)`;
              }),
            );
            await insertRows(
              tx,
              sql`INSERT INTO liability_nodes (snapshot_id, level, position, hash, sums)`,
              levels.slice(1).flatMap((level, index) => level.map((node, position) => sql`(${id}::bigint, ${index + 1}, ${position}, ${Buffer.from(node.hash)}, ${sumsJson(node.sums)}::jsonb)`)),
            );
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
      const rows = await rowsOf<SnapshotRow>(db, sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots WHERE published ORDER BY liability_snapshots.id DESC LIMIT ${limit}`);
      return rows.map(summaryOf);
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
      const snapshots = await rowsOf<SnapshotRow>(db, sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots WHERE published ORDER BY liability_snapshots.id DESC LIMIT 30`);
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
      const leaves = await rowsOf<{ hash: Uint8Array; sums: SumsText }>(db, sql`SELECT hash, sums FROM liability_leaves WHERE snapshot_id = ${row.id}::bigint ORDER BY position`);
      return leavesFile(
        publishedOf(row),
        leaves.map((leaf) => ({ hash: bytesOf(leaf.hash), sums: sumsFromText(leaf.sums) })),
      );
    },

    /**
     * A user's proof in a published snapshot (the newest holding them when none is named): their
     * leaf and its path, as the documented file. Null when they had no balance in it.
     */
    async proofOf(userId: string, snapshotId?: string): Promise<ProofFile | null> {
      const [row] = await rowsOf<SnapshotRow>(
        db,
        snapshotId === undefined
          ? sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots s WHERE published AND EXISTS (SELECT 1 FROM liability_leaves l WHERE l.snapshot_id = s.id AND l.user_id = ${userId}::uuid)
                ORDER BY s.id DESC LIMIT 1`
          : sql`SELECT ${SNAPSHOT_COLUMNS} FROM liability_snapshots WHERE published AND id = ${snapshotId}::bigint`,
      );
      if (!row) {
        if (snapshotId !== undefined) throw new Refusal('liabilities.snapshotNotFound', 404);
        return null;
      }
      const [mine] = await rowsOf<{ position: number; nonce: Uint8Array; balances: Record<string, Record<string, string>> }>(
        db,
        sql`SELECT position, nonce, balances FROM liability_leaves WHERE snapshot_id = ${row.id}::bigint AND user_id = ${userId}::uuid`,
      );
      if (!mine) return null;
      // One sibling per level, where the level has one (a node alone at a level's end has none).
      const wanted: Array<{ level: number; position: number; side: 'left' | 'right' }> = [];
      for (let level = 0, size = row.leaf_count, at = mine.position; size > 1; level++, size = Math.ceil(size / 2), at = Math.floor(at / 2)) {
        const sibling = at ^ 1;
        if (sibling < size) wanted.push({ level, position: sibling, side: sibling < at ? 'left' : 'right' });
      }
      const found = new Map<string, { hash: Uint8Array; sums: { EUR: string; USDT: string } }>();
      if (wanted.length > 0) {
        const rows = await rowsOf<{ level: number; position: number; hash: Uint8Array; sums: { EUR: string; USDT: string } }>(
          db,
          sql`SELECT 0 AS level, position, hash, sums FROM liability_leaves WHERE snapshot_id = ${row.id}::bigint AND position = ${wanted[0].level === 0 ? wanted[0].position : -1}
              UNION ALL
              SELECT level, position, hash, sums FROM liability_nodes WHERE snapshot_id = ${row.id}::bigint
                AND (level, position) IN (${sql.join(wanted.map((step) => sql`(${step.level}, ${step.position})`), sql`, `)})`,
        );
        for (const each of rows) found.set(`${Number(each.level)}:${Number(each.position)}`, each);
      }
      const path: PathStep[] = wanted.map((step) => {
        const node = found.get(`${step.level}:${step.position}`);
        if (!node) throw new Error(`snapshot ${row.id}: no node at level ${step.level}, position ${step.position}`);
        return { side: step.side, hash: bytesOf(node.hash), sums: sumsFromText(node.sums) };
      });
      return proofFile(publishedOf(row), { nonce: bytesOf(mine.nonce), balances: balancesFromText(mine.balances) }, path);
    },
  };
}


export type Liabilities = ReturnType<typeof createLiabilities>;
