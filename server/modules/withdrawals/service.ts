/**
 * Withdrawals (docs/api.md, "Money calls"): USDT to a TRC20 or ERC20 address, or EUR to the bound
 * bank account. The amount includes the fee. At request the whole amount moves from available to
 * held in the same transaction as the record, so the money cannot be spent twice; an operator
 * then pays it out (held → platform withdrawals and fees) or cancels it (held → available).
 */
import { desc, eq } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import type { WithdrawalStatus } from '../../../src/domain/ledger';
import { toDecimalString, type Asset } from '../../../src/domain/money';
import { type WithdrawInput } from '../../../src/domain/payments';
import type { Page, WithdrawalRecord, WithdrawInfoReply, WithdrawMethodInfo } from '../../../src/domain/wire';
import { queuePageOf, tablePageOf, type QueueRequest } from '../../db/pages';
import type { Db, Tx } from '../../db/client';
import { allInOrder, nextIdOf } from '../../db/pipeline';
import { users, withdrawals } from '../../db/schema';
import { amountOrRefusal, Refusal } from '../../errors';
import { balanceOf } from '../../ledger/accounts';
import { recordAudit } from '../../ledger/audit';
import { postTransfer, postTransfers } from '../../ledger/transfers';
import { bankBindingOf, bankDestinationOf } from '../banking';
import { withdrawalLimits } from '../startup';
import { withdrawalOrderNo } from '../../../src/domain/orderNumbers';

const CRYPTO_NETWORKS = ['TRC20', 'ERC20'];

/** An amount for messages: "10", "1.5" — the asset's precision without trailing zeros. */
function plainAmount(minor: bigint, asset: Asset): string {
  return toDecimalString(minor, asset).replace(/\.?0+$/, '');
}

/** The request without its payment password (checked before, never kept). */
export type WithdrawalRequest = WithdrawInput extends infer Input ? (Input extends unknown ? Omit<Input, 'payPassword'> : never) : never;

function assetOfMethod(method: WithdrawInput['method']): Asset {
  return method === 'crypto' ? 'USDT' : 'EUR';
}

/** POST /wallet/get_info: what each method takes, costs and can pay out now. */
export async function withdrawInfo(db: Db, userId: string): Promise<WithdrawInfoReply> {
  const methodInfo = async (method: WithdrawInput['method']): Promise<WithdrawMethodInfo> => {
    const asset = assetOfMethod(method);
    const [limits, available] = await Promise.all([withdrawalLimits(db, asset), balanceOf(db, userId, asset, 'available')]);
    return {
      method,
      asset,
      networks: method === 'crypto' ? [...CRYPTO_NETWORKS] : [],
      minimum: toDecimalString(limits.minimum, asset),
      fee: toDecimalString(limits.fee, asset),
      available: toDecimalString(available, asset),
    };
  };
  const [crypto, bank, binding] = await Promise.all([methodInfo('crypto'), methodInfo('bank'), bankBindingOf(db, userId)]);
  return { methods: [crypto, bank], bank: binding };
}

type WithdrawalRow = typeof withdrawals.$inferSelect;

function recordOf(row: WithdrawalRow): WithdrawalRecord {
  return {
    id: row.id,
    orderNo: withdrawalOrderNo(row.id),
    method: row.method,
    asset: row.asset,
    network: row.network,
    destination: row.destination,
    amount: toDecimalString(row.amount, row.asset),
    fee: toDecimalString(row.fee, row.asset),
    net: toDecimalString(row.amount - row.fee, row.asset),
    status: row.status,
    txReference: row.txReference,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/**
 * Places a withdrawal inside the caller's transaction (the idempotency key's): the checks, the
 * record and the hold. Refusals are thrown before anything is written, or roll it back.
 */
export async function placeWithdrawal(tx: Tx, userId: string, input: WithdrawalRequest, at: Date): Promise<WithdrawalRecord> {
  const asset = assetOfMethod(input.method);
  const amount = amountOrRefusal(input.amount, asset);

  // What the checks need and the record's id, in one round trip (the connection pipelines).
  const [binding, { minimum, fee }, id] = await Promise.all([
    input.method === 'bank' ? bankBindingOf(tx, userId) : null,
    withdrawalLimits(tx, asset),
    nextIdOf(tx, 'withdrawals'),
  ]);
  let destination: string;
  if (input.method === 'bank') {
    if (!binding) throw new Refusal('bank.required', 400);
    destination = bankDestinationOf(binding);
  } else {
    destination = input.address;
  }
  if (amount < minimum) {
    throw new Refusal('withdraw.belowMinimum', 400, { params: { min: plainAmount(minimum, asset), asset }, field: 'amount' });
  }
  if (amount <= fee) {
    throw new Refusal('withdraw.notAboveFee', 400, { params: { fee: plainAmount(fee, asset), asset }, field: 'amount' });
  }

  // The record and its hold in one round trip as well: the hold names the record by the id taken
  // above. Should the hold be refused, the transaction (and the record with it) rolls back.
  const recorded = tx
    .insert(withdrawals)
    .values({
      id,
      userId,
      method: input.method,
      asset,
      network: input.method === 'crypto' ? input.network : null,
      destination,
      amount,
      fee,
      status: 'processing',
      createdAt: at,
    })
    .returning()
    .execute();
  const held = postTransfer(tx, {
    debit: { userId, purpose: 'available' },
    credit: { userId, purpose: 'held' },
    asset,
    amount,
    kind: 'withdrawal_hold',
    reference: `withdrawal:${id}`,
    idempotencyKey: `withdrawal:${id}:hold`,
    at,
  }).catch((error: unknown) => {
    // The record goes with the transaction; the refusal names the field to correct.
    if (error instanceof AppError && error.key === 'balance.insufficient') throw new Refusal('balance.insufficient', 400, { field: 'amount' });
    throw error;
  });
  const [[row]] = await allInOrder([recorded, held]);
  return recordOf(row);
}

/** GET /user/withdraw/list: the user's withdrawals, newest first. */
export async function withdrawalsOf(db: Db, userId: string, page: number, pageSize: number): Promise<Page<WithdrawalRecord>> {
  const mine = eq(withdrawals.userId, userId);
  const select = db.select().from(withdrawals).$dynamic();
  return tablePageOf(db, { page, pageSize }, { table: withdrawals, select, where: mine, orderBy: desc(withdrawals.id) }, recordOf);
}

// ---- the operator side ------------------------------------------------------------------------

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
  if (row.status !== 'processing') throw new AppError('ops.alreadyDecided', 409);
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
