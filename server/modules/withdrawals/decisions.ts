/**
 * The operator's side of withdrawals: the queue and the decisions. Approving pays the held amount
 * out (held → platform withdrawals and fees); rejecting gives it back (held → available). Each
 * decision runs in the caller's transaction with its audit row.
 */
import { eq } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import type { WithdrawalStatus } from '../../../src/domain/ledger';
import { toDecimalString } from '../../../src/domain/money';
import type { Page, WithdrawalRecord } from '../../../src/domain/wire';
import type { Db, Tx } from '../../db/client';
import { alreadyDecided } from '../../decided';
import { queuePageOf, type QueueRequest } from '../../db/pages';
import { users, withdrawals } from '../../db/schema';
import { recordAudit } from '../../ledger/audit';
import { postTransfer, postTransfers } from '../../ledger/transfers';
import { recordOf, type WithdrawalRow } from './rows';

export interface OperatorWithdrawalRecord extends WithdrawalRecord {
  userId: string;
  username: string;
  operatorId: string | null;
}

/** GET /ops/withdrawals: by status (all when absent), oldest first so the queue is worked in order. */
export async function listWithdrawals(db: Db | Tx, options: QueueRequest<WithdrawalStatus>): Promise<Page<OperatorWithdrawalRecord>> {
  const select = db
    .select({ withdrawal: withdrawals, username: users.username })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .$dynamic();
  return queuePageOf(db, options, withdrawals, select, (row) => ({
    ...recordOf(row.withdrawal),
    userId: row.withdrawal.userId,
    username: row.username,
    operatorId: row.withdrawal.operatorId,
  }));
}

export type DecidedWithdrawal = WithdrawalRecord & { userId: string };

/** Locks a processing withdrawal for a decision: unknown 404, already decided 409. */
async function lockProcessing(tx: Tx, id: number): Promise<WithdrawalRow> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  if (!row) throw new AppError('record.notFound', 404);
  if (row.status !== 'processing') throw await alreadyDecided(tx, { operatorId: row.operatorId, at: row.decidedAt, status: row.status });
  return row;
}

/**
 * Writes an operator's decision on the record and its audit row (who, when, the amounts and
 * anything the decision adds); the decided record is the reply.
 */
async function recordDecision(
  tx: Tx,
  row: WithdrawalRow,
  change: { status: 'completed'; txReference: string } | { status: 'cancelled'; reason: string },
  by: { operatorId: string; at: Date },
  details: Record<string, unknown> = {},
): Promise<DecidedWithdrawal> {
  const [updated] = await tx
    .update(withdrawals)
    .set({ ...change, operatorId: by.operatorId, decidedAt: by.at })
    .where(eq(withdrawals.id, row.id))
    .returning();
  await recordAudit(tx, by, {
    action: change.status === 'completed' ? 'withdrawal.approve' : 'withdrawal.reject',
    subject: `withdrawal:${row.id}`,
    userId: row.userId,
    reason: change.status === 'cancelled' ? change.reason : null,
    details: { asset: row.asset, amount: toDecimalString(row.amount, row.asset), ...details },
  });
  return { ...recordOf(updated), userId: row.userId };
}

/**
 * The payout was made: held → platform withdrawals (what arrives) and held → platform fees
 * (the fee); status completed with the payout's transaction reference.
 */
export async function approveWithdrawal(
  tx: Tx,
  input: { id: number; operatorId: string; txReference: string; at: Date },
): Promise<DecidedWithdrawal> {
  const txReference = input.txReference?.trim() ?? '';
  if (txReference.length === 0) throw new AppError('ops.referenceRequired', 400);
  const row = await lockProcessing(tx, input.id);
  const reference = `withdrawal:${row.id}`;
  const posting = { debit: { userId: row.userId, purpose: 'held' as const }, asset: row.asset, reference, operatorId: input.operatorId, at: input.at };
  await postTransfers(tx, [
    { ...posting, credit: { platform: 'withdrawals' }, amount: row.amount - row.fee, kind: 'withdrawal_payout', idempotencyKey: `${reference}:payout` },
    ...(row.fee > 0n ? [{ ...posting, credit: { platform: 'fees' as const }, amount: row.fee, kind: 'withdrawal_fee' as const, idempotencyKey: `${reference}:fee` }] : []),
  ]);
  return recordDecision(tx, row, { status: 'completed', txReference }, input, { fee: toDecimalString(row.fee, row.asset), txReference });
}

/** The withdrawal is cancelled: held → available, with the reason on the record and the transfer. */
export async function rejectWithdrawal(tx: Tx, input: { id: number; operatorId: string; reason: string; at: Date }): Promise<DecidedWithdrawal> {
  const reason = input.reason?.trim() ?? '';
  if (reason.length < 3) throw new AppError('ops.reasonRequired', 400);
  const row = await lockProcessing(tx, input.id);
  const reference = `withdrawal:${row.id}`;
  await postTransfer(tx, {
    debit: { userId: row.userId, purpose: 'held' },
    credit: { userId: row.userId, purpose: 'available' },
    asset: row.asset,
    amount: row.amount,
    kind: 'withdrawal_release',
    reference,
    idempotencyKey: `${reference}:release`,
    reason,
    operatorId: input.operatorId,
    at: input.at,
  });
  return recordDecision(tx, row, { status: 'cancelled', reason }, input);
}
