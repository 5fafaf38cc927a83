/**
 * The operator's side of deposits: the queue, the proof image, and the decisions. Approving
 * credits the amount (the operator may credit a different one, with a reason) and the VIP gift;
 * rejecting moves nothing. Each decision runs in the caller's transaction with its audit row.
 */
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import type { DepositStatus } from '../../../src/domain/ledger';
import { ASSETS, parseAmount, percentText, toDecimalString, type Asset } from '../../../src/domain/money';
import type { DepositRecord, Page } from '../../../src/domain/wire';
import type { Db, Tx } from '../../db/client';
import { queuePageOf, type QueueRequest } from '../../db/pages';
import { rowsOf } from '../../db/rows';
import { coins, deposits, users } from '../../db/schema';
import { alreadyDecided } from '../../decided';
import { amountOrRefusal, Refusal } from '../../errors';
import { recordAudit, type AuditActor } from '../../ledger/audit';
import { postTransfers } from '../../ledger/transfers';
import { readSetting, SETTING_KEYS } from '../settings';
import { confirmedDepositsOf } from '../vip';
import { depositColumns, recordOf, type DepositRow } from './rows';

/** A deposit as operators see it: the user's record plus whose it is and the stored proof. */
export interface OperatorDepositRecord extends DepositRecord {
  userId: string;
  username: string;
  /** Stored name of the proof image (the proof store reads it). */
  proof: string;
  /** USDT value counted towards VIP levels, fixed at approval. */
  usdtValue: string | null;
  operatorId: string | null;
}

/** GET /ops/deposits: by status (all when absent), oldest first so the queue is worked in order. */
export async function listDeposits(db: Db | Tx, options: QueueRequest<DepositStatus>): Promise<Page<OperatorDepositRecord>> {
  const select = db
    .select({ ...depositColumns, username: users.username })
    .from(deposits)
    .innerJoin(coins, eq(coins.id, deposits.coinId))
    .innerJoin(users, eq(users.id, deposits.userId))
    .$dynamic();
  return queuePageOf(db, options, deposits, select, (row) => ({
    ...recordOf(row.deposit, row.coin),
    userId: row.deposit.userId,
    username: row.username,
    proof: row.deposit.proof,
    usdtValue: row.deposit.usdtValue === null ? null : toDecimalString(row.deposit.usdtValue, 'USDT'),
    operatorId: row.deposit.operatorId,
  }));
}

export type DecidedDeposit = DepositRecord & { userId: string };

/** Locks a processing deposit for a decision: unknown 404, already decided 409. */
async function lockProcessing(tx: Tx, id: number): Promise<{ row: DepositRow; coin: string }> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  if (!row) throw new AppError('record.notFound', 404);
  if (row.status !== 'processing') throw await alreadyDecided(tx, { operatorId: row.operatorId, at: row.decidedAt, status: row.status });
  const [coin] = await tx.select({ name: coins.name }).from(coins).where(eq(coins.id, row.coinId));
  return { row, coin: coin?.name ?? '' };
}

/** A reason an operator must give: at least 3 characters once trimmed. */
function operatorReason(reason: string | null | undefined): string {
  const text = reason?.trim() ?? '';
  if (text.length < 3) throw new AppError('ops.reasonRequired', 400);
  return text;
}

const BPS = 10_000n;

/**
 * USDT minor units worth `amount` of `asset` for the VIP levels: USDT as it is, EUR at the
 * reference rate (EUR per USDT), rounded down.
 */
async function usdtValueOf(tx: Tx, amount: bigint, asset: Asset): Promise<bigint> {
  if (asset === 'USDT') return amount;
  const rate = parseAmount((await readSetting(tx, SETTING_KEYS.usdtEurRate)) ?? '', 'USDT');
  if (!rate || rate <= 0n) throw new AppError('server.error', 500);
  // cents × 10^4 = EUR in 6 decimals; ÷ (rate in 6 decimals) × 10^6 = USDT minor units.
  return (amount * 10n ** 4n * 10n ** 6n) / rate;
}

/**
 * What approving `row` with `requested` (absent: the amount asked for) posts: the amount, its USDT
 * value for the levels, the VIP level it brings the user to and that level's gift. The one
 * computation behind the approval and its preview (GET /ops/deposits/preview).
 */
async function approvalPlan(tx: Db | Tx, row: DepositRow, requested: bigint | string | undefined) {
  const amount = typeof requested === 'string' ? amountOrRefusal(requested, row.asset) : (requested ?? row.amount);
  if (amount <= 0n) throw new Refusal('amount.invalid', 400, { params: { decimals: ASSETS[row.asset].scale }, field: 'amount' });
  const usdtValue = await usdtValueOf(tx as Tx, amount, row.asset);
  const confirmed = (await confirmedDepositsOf(tx as Tx, row.userId)) + usdtValue;
  const [level] = await rowsOf<{ level: number; giftBps: number }>(
    tx,
    sql`SELECT level, gift_bps AS "giftBps" FROM vip_levels WHERE upgrade_amount <= ${confirmed.toString()}::bigint ORDER BY level DESC LIMIT 1`,
  );
  const newLevel = level?.level ?? 0;
  return { amount, usdtValue, newLevel, giftBps: level?.giftBps ?? 0, bonus: (amount * BigInt(level?.giftBps ?? 0)) / BPS };
}

/**
 * What an approval of a processing deposit would post now, without posting it: the console shows
 * it before the operator confirms. The approval itself computes it again under its locks.
 */
export async function previewApproval(db: Db, input: { id: number; amount?: string }) {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, input.id));
  if (!row) throw new AppError('record.notFound', 404);
  if (row.status !== 'processing') throw new AppError('ops.alreadyDecided', 409);
  const [user] = await db.select({ vipLevel: users.vipLevel }).from(users).where(eq(users.id, row.userId));
  const plan = await approvalPlan(db, row, input.amount);
  return {
    asset: row.asset,
    amount: toDecimalString(plan.amount, row.asset),
    bonus: toDecimalString(plan.bonus, row.asset),
    giftPercent: percentText(BigInt(plan.giftBps)),
    usdtValue: toDecimalString(plan.usdtValue, 'USDT'),
    vipLevelBefore: user?.vipLevel ?? 0,
    vipLevelAfter: plan.newLevel,
  };
}

/**
 * Approves a processing deposit: the amount (the operator may credit a different one, e.g. the
 * value that arrived for BTC) moves from the platform's deposits account to the user, plus the
 * gift of the VIP level this deposit brings the user to (it counts towards its own level: the
 * deposit that reaches VIP 1 earns VIP 1's gift) from the platform's bonus account. One audit
 * row says who did it and why.
 */
export async function approveDeposit(
  tx: Tx,
  input: {
    id: number;
    operatorId: string;
    /** Minor units, or a decimal string in the deposit's asset; absent: the amount requested. */
    amount?: bigint | string;
    reason?: string | null;
    at: Date;
  },
): Promise<DecidedDeposit> {
  const { row, coin } = await lockProcessing(tx, input.id);
  const reason = input.reason?.trim() || null;
  const reference = `deposit:${row.id}`;

  // The user's row lock serialises approvals of one user, so each sees the level the one
  // before it reached.
  const [user] = await tx.select({ vipLevel: users.vipLevel }).from(users).where(eq(users.id, row.userId)).for('update');
  const { amount, usdtValue, newLevel, bonus } = await approvalPlan(tx, row, input.amount);

  const posting = { asset: row.asset, reference, reason, operatorId: input.operatorId, at: input.at };
  await postTransfers(tx, [
    { ...posting, debit: { platform: 'deposits' }, credit: { userId: row.userId, purpose: 'available' }, amount, kind: 'deposit', idempotencyKey: `${reference}:credit` },
    ...(bonus > 0n
      ? [{ ...posting, debit: { platform: 'bonus' as const }, credit: { userId: row.userId, purpose: 'available' as const }, amount: bonus, kind: 'deposit_bonus' as const, idempotencyKey: `${reference}:bonus` }]
      : []),
  ]);

  const [updated] = await tx
    .update(deposits)
    .set({ status: 'success', amount, usdtValue, bonus, reason, operatorId: input.operatorId, decidedAt: input.at })
    .where(eq(deposits.id, row.id))
    .returning();
  await tx.update(users).set({ vipLevel: newLevel }).where(eq(users.id, row.userId));

  await recordAudit(tx, input, {
    action: 'deposit.approve',
    subject: reference,
    userId: row.userId,
    reason,
    details: {
      asset: row.asset,
      requestedAmount: toDecimalString(row.amount, row.asset),
      amount: toDecimalString(amount, row.asset),
      bonus: toDecimalString(bonus, row.asset),
      usdtValue: toDecimalString(usdtValue, 'USDT'),
      vipLevelBefore: user.vipLevel,
      vipLevelAfter: newLevel,
    },
  });
  return { ...recordOf(updated, coin), userId: row.userId };
}

/** Rejects a processing deposit: nothing moves; the user reads the reason on the record. */
export async function rejectDeposit(tx: Tx, input: { id: number; operatorId: string; reason: string; at: Date }): Promise<DecidedDeposit> {
  const reason = operatorReason(input.reason);
  const { row, coin } = await lockProcessing(tx, input.id);
  const [updated] = await tx
    .update(deposits)
    .set({ status: 'failed', reason, operatorId: input.operatorId, decidedAt: input.at })
    .where(eq(deposits.id, row.id))
    .returning();
  await recordAudit(tx, input, {
    action: 'deposit.reject',
    subject: `deposit:${row.id}`,
    userId: row.userId,
    reason,
    details: { asset: row.asset, amount: toDecimalString(row.amount, row.asset) },
  });
  return { ...recordOf(updated, coin), userId: row.userId };
}

/** The stored name of a deposit's proof image; null for an unknown deposit. */
export async function proofNameOf(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ proof: deposits.proof }).from(deposits).where(eq(deposits.id, id)).limit(1);
  return row?.proof ?? null;
}

/**
 * POST /ops/deposits/approve: an amount other than the one requested (a decimal in the deposit's
 * asset) needs a reason, which the user and the audit log read.
 */
export async function approveDepositAs(
  tx: Tx,
  input: { id: number; amount?: string; reason?: string },
  actor: AuditActor,
): Promise<DecidedDeposit> {
  let amount: bigint | undefined;
  if (input.amount !== undefined) {
    const [row] = await tx.select({ asset: deposits.asset, amount: deposits.amount }).from(deposits).where(eq(deposits.id, input.id));
    if (!row) throw new AppError('record.notFound', 404);
    amount = amountOrRefusal(input.amount, row.asset);
    if (amount !== row.amount && !input.reason) throw new Refusal('ops.reasonRequired', 400, { field: 'reason' });
  }
  return approveDeposit(tx, { id: input.id, ...actor, amount, reason: input.reason ?? null });
}
