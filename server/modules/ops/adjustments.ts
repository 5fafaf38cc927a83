/**
 * Operator corrections of a balance. There is no "set the balance": a correction is one more
 * ledger transfer between the platform's adjustments account and the user's available account,
 * with the operator and the reason on the transfer and an audit row in the same transaction.
 * Like every money call it runs under an Idempotency-Key (the route's), so a retried correction
 * posts once. Above the admin's four-eyes threshold for its asset a correction is not posted but
 * proposed (proposals.ts): it posts, through the same `postCorrection`, when another operator
 * approves it.
 */
import crypto from 'node:crypto';
import { AppError } from '../../../src/domain/errors';
import { AMOUNT_MAX_PARAMS, AmountError } from '../../../src/domain/payments';
import { exceedsMaximumAmount, parseAmount, toDecimalString, type Asset } from '../../../src/domain/money';
import type { Db, Tx } from '../../db/client';
import { fixedStatement } from '../../db/rows';
import { Refusal } from '../../errors';
import { balanceOf } from '../../ledger/accounts';
import { auditRow } from '../../ledger/audit';
import { postTransfer } from '../../ledger/transfers';
import { allInOrder } from '../../db/pipeline';
import { withCommit } from '../../db/transaction';
import { fourEyesKey, fourEyesThresholdOf } from '../settings';

export interface AdjustmentInput {
  operatorId: string;
  /** The operator's username, named as the maker of a proposal. */
  operatorName: string;
  userId: string;
  asset: Asset;
  /** Signed decimal string: positive credits the user, negative debits. */
  amount: string;
  reason: string;
  at: Date;
}

export interface AdjustmentReply {
  outcome: 'posted';
  transferId: number;
  userId: string;
  username: string;
  asset: Asset;
  /** Signed, full precision. */
  amount: string;
  /** The user's available balance after the correction. */
  balance: string;
}

/** Signed minor units of the text; zero, or more decimals than the asset has, is amount.invalid. */
function signedAmountOf(text: string, asset: Asset): bigint {
  const negative = text.startsWith('-');
  const unsigned = text.replace(/^[+-]/, '');
  // Before parsing: past the ledger column parseAmount has no number to give.
  if (exceedsMaximumAmount(unsigned)) throw new Refusal('amount.tooLarge', 400, { params: AMOUNT_MAX_PARAMS, field: 'amount' });
  const magnitude = parseAmount(unsigned, asset);
  if (magnitude === null || magnitude === 0n) {
    const refusal = new AmountError(asset);
    throw new Refusal('amount.invalid', 400, { params: refusal.params, field: 'amount' });
  }
  return negative ? -magnitude : magnitude;
}

/** A correction whose amount and user have been checked: what is left can only fail on the balance. */
export interface CheckedAdjustment extends AdjustmentInput {
  user: { id: string; username: string };
  /** Signed minor units. */
  signed: bigint;
  /** The four-eyes threshold of the asset (minor units), read with the user. */
  threshold: bigint;
}

/**
 * The user and the asset's four-eyes threshold as the admin set it, in one statement (one round
 * trip before the key's claim; db/rows.ts fixedStatement). No row: no such user.
 */
const USER_AND_THRESHOLD = fixedStatement<{ id: string; username: string; threshold: string | null }>(
  `SELECT u.id::text AS id, u.username, (SELECT s.value FROM settings s WHERE s.key = $2) AS threshold FROM users u WHERE u.id = $1 LIMIT 1`,
);

/**
 * The checks before the idempotency key is claimed (a key belongs to an existing user): the
 * amount (amount.invalid) and the user (record.notFound); the asset's four-eyes threshold is read
 * with the user.
 */
export async function checkAdjustment(db: Db, input: AdjustmentInput): Promise<CheckedAdjustment> {
  const signed = signedAmountOf(input.amount, input.asset);
  const [row] = await USER_AND_THRESHOLD(db, [input.userId, fourEyesKey(input.asset)]);
  if (!row) throw new AppError('record.notFound', 404);
  return { ...input, user: { id: row.id, username: row.username }, signed, threshold: fourEyesThresholdOf(row.threshold, input.asset) };
}

/** A correction to post: by whom (the operator on the transfer), to whom, how much and why. */
export interface Correction {
  operatorId: string;
  user: { id: string; username: string };
  asset: Asset;
  /** Signed minor units. */
  signed: bigint;
  reason: string;
  at: Date;
}

/**
 * The one posting of a correction, direct or an approved proposal: the ledger transfer and the
 * balance after it, read in the same round trip. The caller writes the audit row.
 */
export async function postCorrection(tx: Tx, input: Correction): Promise<{ reply: AdjustmentReply; reference: string }> {
  const { user, signed } = input;
  const reference = `adjustment:${crypto.randomUUID()}`;
  const userSide = { userId: user.id, purpose: 'available' as const };
  const platformSide = { platform: 'adjustments' as const };
  // A debit beyond the available balance is refused by the posting (balance.insufficient). The
  // balance after it is read in the same round trip, behind it.
  const [transferId, balanceAfter] = await allInOrder([
    postTransfer(tx, {
      debit: signed > 0n ? platformSide : userSide,
      credit: signed > 0n ? userSide : platformSide,
      asset: input.asset,
      amount: signed > 0n ? signed : -signed,
      kind: 'adjustment',
      reference,
      idempotencyKey: reference,
      reason: input.reason,
      operatorId: input.operatorId,
      at: input.at,
    }),
    balanceOf(tx, user.id, input.asset),
  ]);
  const reply: AdjustmentReply = {
    outcome: 'posted',
    transferId,
    userId: user.id,
    username: user.username,
    asset: input.asset,
    amount: toDecimalString(signed, input.asset),
    balance: toDecimalString(balanceAfter, input.asset),
  };
  return { reply, reference };
}

/** Posts a correction at or below the threshold inside `tx` (the idempotency key's transaction). */
export async function postAdjustment(tx: Tx, input: CheckedAdjustment): Promise<AdjustmentReply> {
  const { reply, reference } = await postCorrection(tx, input);
  // The audit row goes out with COMMIT: the transaction commits only with it.
  withCommit(
    tx,
    auditRow(input, {
      action: 'ledger.adjust',
      subject: `transfer:${reply.transferId}`,
      userId: input.user.id,
      reason: input.reason,
      details: { asset: input.asset, amount: reply.amount, balanceAfter: reply.balance, reference },
    }),
  );
  return reply;
}
