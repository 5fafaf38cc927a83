/**
 * The only writer of balances: a transfer moves an amount of one asset from a debit account to a
 * credit account, inside the caller's database transaction (the one that writes the business row).
 *
 * One statement posts a whole movement (every leg of a conversion or an approval): it finds the
 * accounts, locks them in the order of their ids (two movements over the same accounts queue
 * instead of deadlocking), checks that no user account would end below zero, then changes each
 * balance once by its net amount and records the legs. When the check fails nothing is written.
 * Every statement here that changes an account's balance also raises its revision by one (a user's
 * records kept by a server process are served while the sum over their accounts is unchanged).
 * The "enough funds" test runs on the locked rows, so two withdrawals can never both spend the
 * same money; the CHECK constraint on ledger_accounts stands behind it.
 *
 * Given the database rather than a transaction, a posting is a transaction of its own: one
 * statement, one round trip (PostgreSQL runs a lone statement atomically).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PlatformPurpose, TransferKind, UserPurpose } from '../../src/domain/ledger';
import { AppError } from '../../src/domain/errors';
import type { Asset } from '../../src/domain/money';
import type { Db, Tx } from '../db/client';
import { fixedStatement, rowsOf, sqlStateOf } from '../db/rows';
import { withCommit } from '../db/transaction';
import type { AccountRef } from './accounts';

export interface TransferInput {
  debit: AccountRef;
  credit: AccountRef;
  asset: Asset;
  /** Minor units, > 0. */
  amount: bigint;
  kind: TransferKind;
  /** The business row, e.g. "deposit:42". */
  reference: string;
  /** Unique per business event, e.g. "deposit:42:credit". */
  idempotencyKey: string;
  reason?: string | null;
  operatorId?: string | null;
  at: Date;
}

/** The most legs one movement posts (a conversion has three); it also keeps the planner's row estimates small. */
export const MAX_LEGS = 8;

/**
 * How many rows (shards) each platform account has (0034_platform_account_shards.sql). A posting
 * uses the shard of its database connection, so postings on different connections lock different
 * rows of a platform account and commit together instead of one after another; every reader of a
 * platform balance sums its shards.
 */
export const PLATFORM_SHARDS = 16;
/** The connection's shard, as SQL: its server process's id spreads a pool's connections over the shards. */
const PLATFORM_SHARD = `pg_backend_pid() % ${PLATFORM_SHARDS}`;

/**
 * The legs travel as one JSON parameter, so the statement's text never changes: it is prepared
 * once per connection. A leg names its accounts by owner (a user id, or none for a platform
 * account), purpose and asset; the ids are looked up inside the statement. The owners are written
 * beside the account ids (debit_user_id, credit_user_id: a user's postings are read by them).
 */
/** The posting's statement up to the legs it inserts; `movementText` ends it with its refusal. */
const MOVEMENT = `WITH leg AS (
  SELECT l.n, l.asset, l.amount, l.kind, l.reference, l.idempotency_key, l.reason, l.operator_id, l.created_at, l.debit_user, l.credit_user,
    coalesce(
      (SELECT a.id FROM ledger_accounts a WHERE a.owner_kind = 'user' AND a.user_id = l.debit_user AND a.asset = l.asset AND a.purpose = l.debit_purpose),
      (SELECT a.id FROM ledger_accounts a WHERE a.owner_kind = 'platform' AND l.debit_user IS NULL AND a.asset = l.asset AND a.purpose = l.debit_purpose AND a.shard = ${PLATFORM_SHARD})
    ) AS debit_id,
    coalesce(
      (SELECT a.id FROM ledger_accounts a WHERE a.owner_kind = 'user' AND a.user_id = l.credit_user AND a.asset = l.asset AND a.purpose = l.credit_purpose),
      (SELECT a.id FROM ledger_accounts a WHERE a.owner_kind = 'platform' AND l.credit_user IS NULL AND a.asset = l.asset AND a.purpose = l.credit_purpose AND a.shard = ${PLATFORM_SHARD})
    ) AS credit_id
  FROM json_to_recordset($1::json) AS l (
    n int, asset text, amount bigint, kind text, reference text, idempotency_key text, reason text, operator_id uuid,
    created_at timestamptz, debit_user uuid, debit_purpose text, credit_user uuid, credit_purpose text)
  LIMIT ${MAX_LEGS}
), change AS (
  SELECT c.id, sum(c.delta)::bigint AS delta
  FROM (SELECT debit_id AS id, -amount AS delta FROM leg UNION ALL SELECT credit_id, amount FROM leg) AS c
  GROUP BY c.id
), locked AS (
  SELECT a.id, a.owner_kind, a.balance, c.delta
  FROM (SELECT id, delta FROM change WHERE id IS NOT NULL ORDER BY id) AS c,
  LATERAL (SELECT id, owner_kind, balance FROM ledger_accounts WHERE id = c.id FOR UPDATE) AS a
), verdict AS (
  SELECT (SELECT count(*) FROM locked) = (SELECT count(*) FROM change)
     AND NOT EXISTS (SELECT 1 FROM locked WHERE owner_kind = 'user' AND balance + delta < 0) AS ok
), moved AS (
  UPDATE ledger_accounts a SET balance = a.balance + l.delta, revision = a.revision + 1
  FROM locked l, verdict v
  WHERE a.id = l.id AND v.ok
  RETURNING a.id
)
INSERT INTO ledger_transfers
  (asset, amount, debit_account_id, credit_account_id, debit_user_id, credit_user_id, kind, reference, idempotency_key, reason, operator_id, created_at)
SELECT leg.asset, leg.amount, leg.debit_id, leg.credit_id, leg.debit_user, leg.credit_user, leg.kind, leg.reference, leg.idempotency_key, leg.reason, leg.operator_id, leg.created_at
`;

/**
 * The posting, ending with what a refusal does (a user account that would end below zero, or an
 * account that does not exist): `no rows` inserts none, and the caller reads that as the refusal;
 * `fail` makes the statement itself fail (division by zero: 22012), so that in a batch the
 * statements behind it — COMMIT among them — are skipped and nothing of the transaction stays.
 */
function movementText(refusal: 'no rows' | 'fail'): string {
  const posted = '(SELECT count(*) FROM moved) = (SELECT count(*) FROM change)';
  // As the only condition, the scalar subquery is evaluated for the first leg whatever the verdict.
  const where = refusal === 'fail' ? `FROM leg\nWHERE (SELECT 1 / (v.ok AND ${posted})::int FROM verdict v) = 1` : `FROM leg, verdict v\nWHERE v.ok AND ${posted}`;
  return `${MOVEMENT}${where}\nORDER BY leg.n\nRETURNING id`;
}

export const POST_MOVEMENT = movementText('no rows');
/** The posting that fails when refused: the last statements of a transaction, sent with its COMMIT (postTransfersWithCommit). */
export const POST_MOVEMENT_OR_FAIL = movementText('fail');

const POST = fixedStatement<{ id: string | number }>(POST_MOVEMENT);
const POST_OR_FAIL = fixedStatement<{ id: string | number }>(POST_MOVEMENT_OR_FAIL);

function ownerOf(ref: AccountRef): { user: string | null; purpose: string } {
  return 'platform' in ref ? { user: null, purpose: ref.platform } : { user: ref.userId, purpose: ref.purpose };
}

/** POST_MOVEMENT's one parameter: the legs as JSON rows, each naming its accounts by owner and purpose. */
export function movementParameter(legs: readonly TransferInput[]): string {
  if (legs.length > MAX_LEGS) throw new Error(`a movement posts at most ${MAX_LEGS} legs, got ${legs.length}`);
  const rows = legs.map((leg, n) => {
    if (leg.amount <= 0n) throw new Error(`transfer amount must be positive, got ${leg.amount}`);
    const debit = ownerOf(leg.debit);
    const credit = ownerOf(leg.credit);
    return {
      n,
      asset: leg.asset,
      // A string: JSON numbers are doubles, PostgreSQL reads the digits into a bigint exactly.
      amount: leg.amount.toString(),
      kind: leg.kind,
      reference: leg.reference,
      idempotency_key: leg.idempotencyKey,
      reason: leg.reason ?? null,
      operator_id: leg.operatorId ?? null,
      created_at: leg.at.toISOString(),
      debit_user: debit.user,
      debit_purpose: debit.purpose,
      credit_user: credit.user,
      credit_purpose: credit.purpose,
    };
  });
  return JSON.stringify(rows);
}

/**
 * Posts the legs of one movement in one statement, all or nothing, and returns their transfer ids
 * in the order given. Refuses with balance.insufficient when a user account would end below zero
 * (the net of the movement's legs on it), or when an account does not exist.
 */
export async function postTransfers(tx: Tx | Db, legs: readonly TransferInput[]): Promise<number[]> {
  if (legs.length === 0) return [];
  const parameter = movementParameter(legs);
  // The text as it is, with nothing for Drizzle to build: the posting is the hot path of every
  // money call (the pool prepares it once per connection: server/db/named-statements.ts).
  const posted = await POST(tx, [parameter]);
  if (posted.length !== legs.length) throw new AppError('balance.insufficient', 400);
  return posted.map((row) => Number(row.id));
}

/**
 * Posts the movement with the transaction's COMMIT (withCommit, db/transaction.ts): the accounts it
 * locks — the platform's fee account, shared by every settlement, among them — are held only while
 * PostgreSQL runs the rest of that last batch and commits, not across a round trip to the server.
 * A posting refused there must not let the COMMIT behind it keep the rest of the transaction: this
 * posting fails when refused (POST_MOVEMENT_OR_FAIL), so PostgreSQL skips the COMMIT, nothing is
 * kept (tests/api/pipeline.test.ts), and the refusal is thrown as balance.insufficient. (Until
 * 2026-11-30 a second statement behind the posting looked its legs up in the ledger and failed
 * when they were missing: a statement more per posting, planned at every call.)
 */
export function postTransfersWithCommit(tx: Tx, legs: readonly TransferInput[]): void {
  if (legs.length === 0) return;
  withCommit(tx, (t) =>
    POST_OR_FAIL(t, [movementParameter(legs)]).then(
      (posted) => {
        if (posted.length !== legs.length) throw new AppError('balance.insufficient', 400);
        return posted;
      },
      (error: unknown) => {
        throw sqlStateOf(error) === '22012' ? new AppError('balance.insufficient', 400) : error;
      },
    ),
  );
}

/** Posts one transfer; refuses with balance.insufficient when a user debit account lacks the amount. */
export async function postTransfer(tx: Tx | Db, input: TransferInput): Promise<number> {
  const [id] = await postTransfers(tx, [input]);
  return id;
}

/** Many credits from one platform account to users' accounts of one purpose: the rows to post. */
export interface PlatformCredits {
  from: PlatformPurpose;
  to: UserPurpose;
  asset: Asset;
  kind: TransferKind;
  at: Date;
  /** A SELECT of (user_id uuid, amount bigint, reference text, idempotency_key text), one row per transfer. */
  rows: SQL;
}

/**
 * Posts many credits in one statement, without bringing them to this process: one transfer per
 * row from the platform account to the user's account, each user balance raised by its sum and
 * the platform's lowered by the total. Used for a day's pledge interest (100,000 orders in one
 * go). A row whose idempotency key was posted before is skipped, so the same rows posted again
 * move nothing. User accounts only grow here: no balance check is needed, and no other movement
 * locks two of these accounts, so the order the rows are locked in cannot deadlock.
 */
export async function postPlatformCredits(tx: Tx, input: PlatformCredits): Promise<{ count: number; total: bigint }> {
  const { from, to, asset, kind, at, rows } = input;
  const [result] = await rowsOf<{ count: string; total: string }>(
    tx,
    sql`WITH credit AS (${rows}),
        platform AS (SELECT id FROM ledger_accounts WHERE owner_kind = 'platform' AND asset = ${asset} AND purpose = ${from} AND shard = ${sql.raw(PLATFORM_SHARD)}),
        inserted AS (
          INSERT INTO ledger_transfers (asset, amount, debit_account_id, credit_account_id, debit_user_id, credit_user_id, kind, reference, idempotency_key, created_at)
          SELECT ${asset}, c.amount, p.id, a.id, NULL, c.user_id, ${kind}, c.reference, c.idempotency_key, ${at.toISOString()}::timestamptz
          FROM credit c
          JOIN ledger_accounts a ON a.owner_kind = 'user' AND a.user_id = c.user_id AND a.asset = ${asset} AND a.purpose = ${to}
          CROSS JOIN platform p
          WHERE c.amount > 0
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING credit_account_id, amount
        ),
        per_account AS (SELECT credit_account_id AS id, sum(amount) AS total FROM inserted GROUP BY credit_account_id),
        credited AS (
          UPDATE ledger_accounts a SET balance = a.balance + pa.total, revision = a.revision + 1 FROM per_account pa WHERE a.id = pa.id RETURNING a.id
        ),
        debited AS (
          UPDATE ledger_accounts a SET balance = a.balance - (SELECT sum(amount) FROM inserted), revision = a.revision + 1
          FROM platform p WHERE a.id = p.id AND EXISTS (SELECT 1 FROM inserted) RETURNING a.id
        )
        SELECT (SELECT count(*) FROM inserted)::text AS count, (SELECT coalesce(sum(amount), 0) FROM inserted)::text AS total,
               (SELECT count(*) FROM credited) AS credited, (SELECT count(*) FROM debited) AS debited`,
  );
  return { count: Number(result.count), total: BigInt(result.total) };
}

/** Many moves between two accounts of the same users (a day's matured pledges: pledged → available). */
export interface OwnMoves {
  from: UserPurpose;
  to: UserPurpose;
  asset: Asset;
  kind: TransferKind;
  at: Date;
  /** A SELECT of (user_id uuid, amount bigint, reference text, idempotency_key text), one row per transfer. */
  rows: SQL;
}

/**
 * Posts many moves, each from one of a user's accounts to another of theirs, in two statements:
 * the accounts are locked in the order of their ids first (as every posting locks them, so this
 * cannot deadlock with one), then one transfer per row is written and each balance changes by
 * its net amount, unless a debited account would end below zero: then nothing is written and the
 * call is refused. A row whose idempotency key was posted before is skipped.
 */
export async function postOwnMoves(tx: Tx, input: OwnMoves): Promise<{ count: number }> {
  const { from, to, asset, kind, at, rows } = input;
  await tx.execute(
    sql`SELECT a.id FROM ledger_accounts a
        WHERE a.owner_kind = 'user' AND a.asset = ${asset} AND a.purpose IN (${from}, ${to})
          AND a.user_id IN (SELECT user_id FROM (${rows}) r)
        ORDER BY a.id FOR UPDATE`,
  );
  const [result] = await rowsOf<{ count: string; refused: boolean }>(
    tx,
    sql`WITH move AS (${rows}),
        legs AS (
          SELECT m.*, d.id AS debit_id, c.id AS credit_id
          FROM move m
          JOIN ledger_accounts d ON d.owner_kind = 'user' AND d.user_id = m.user_id AND d.asset = ${asset} AND d.purpose = ${from}
          JOIN ledger_accounts c ON c.owner_kind = 'user' AND c.user_id = m.user_id AND c.asset = ${asset} AND c.purpose = ${to}
          WHERE m.amount > 0 AND NOT EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.idempotency_key = m.idempotency_key)
        ),
        change AS (
          SELECT id, sum(delta) AS delta FROM (SELECT debit_id AS id, -amount AS delta FROM legs UNION ALL SELECT credit_id, amount FROM legs) x GROUP BY id
        ),
        verdict AS (
          SELECT NOT EXISTS (SELECT 1 FROM change ch JOIN ledger_accounts a ON a.id = ch.id WHERE a.balance + ch.delta < 0) AS ok
        ),
        moved AS (
          UPDATE ledger_accounts a SET balance = a.balance + ch.delta, revision = a.revision + 1 FROM change ch, verdict v WHERE a.id = ch.id AND v.ok RETURNING a.id
        ),
        inserted AS (
          INSERT INTO ledger_transfers (asset, amount, debit_account_id, credit_account_id, debit_user_id, credit_user_id, kind, reference, idempotency_key, created_at)
          SELECT ${asset}, l.amount, l.debit_id, l.credit_id, l.user_id, l.user_id, ${kind}, l.reference, l.idempotency_key, ${at.toISOString()}::timestamptz
          FROM legs l, verdict v WHERE v.ok
          RETURNING id
        )
        SELECT (SELECT count(*) FROM inserted)::text AS count, NOT (SELECT ok FROM verdict) AS refused, (SELECT count(*) FROM moved) AS moved`,
  );
  if (result.refused) throw new AppError('balance.insufficient', 400);
  return { count: Number(result.count) };
}
