/**
 * Corrections with four eyes. A correction whose absolute amount is above the admin's threshold
 * for its asset (settings `adjustment_four_eyes_usdt` / `_eur`) is kept as a proposal and posts
 * nothing; another finance operator approves it — the maker never (403 ops.ownProposal) — and the
 * approval posts it with the same `postCorrection` as a direct correction, in the transaction that
 * records the approval, under the proposal's row lock: two approvals at once post once, the second
 * is refused 409 naming the first. Refusing (the maker may withdraw their own) posts nothing.
 * Maker and checker are both in the audit: ledger.adjust.propose, .approve, .refuse.
 */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../../src/domain/errors';
import { toDecimalString, type Asset } from '../../../src/domain/money';
import type { ProposalStatus } from '../../../src/domain/ops-wire';
import type { Page } from '../../../src/domain/wire';
import type { Db, Tx } from '../../db/client';
import { queuePageOf, type QueueRequest } from '../../db/pages';
import { adjustmentProposals, operators, users } from '../../db/schema';
import { inTransaction, withCommit } from '../../db/transaction';
import { alreadyDecided } from '../../decided';
import { auditRow, type AuditActor } from '../../ledger/audit';
import { postAdjustment, postCorrection, type AdjustmentReply, type CheckedAdjustment } from './adjustments';

type ProposalRow = typeof adjustmentProposals.$inferSelect;

/** A proposal as operators see it. */
export interface ProposalView {
  id: number;
  userId: string;
  username: string;
  asset: Asset;
  /** Signed, full precision: positive credits the user. */
  amount: string;
  reason: string;
  status: ProposalStatus;
  makerId: string;
  maker: string;
  createdAt: string;
  checkerId: string | null;
  checker: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  /** The posting its approval made. */
  transferId: number | null;
}

export function proposalOf(row: ProposalRow, names: { username: string; maker: string; checker: string | null }): ProposalView {
  return {
    id: row.id,
    userId: row.userId,
    username: names.username,
    asset: row.asset,
    amount: toDecimalString(row.amount, row.asset),
    reason: row.reason,
    status: row.status,
    makerId: row.makerId,
    maker: names.maker,
    createdAt: row.createdAt.toISOString(),
    checkerId: row.checkerId,
    checker: names.checker,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    transferId: row.transferId,
  };
}

const maker = alias(operators, 'maker');
const checker = alias(operators, 'checker');

/** The proposals with their user's, maker's and checker's names. */
const withNames = (db: Db | Tx) =>
  db
    .select({ proposal: adjustmentProposals, username: users.username, maker: maker.username, checker: checker.username })
    .from(adjustmentProposals)
    .innerJoin(users, eq(users.id, adjustmentProposals.userId))
    .innerJoin(maker, eq(maker.id, adjustmentProposals.makerId))
    .leftJoin(checker, eq(checker.id, adjustmentProposals.checkerId))
    .$dynamic();

const viewOf = (row: { proposal: ProposalRow; username: string; maker: string; checker: string | null }) => proposalOf(row.proposal, row);

/** GET /ops/adjustments/proposals: by status (all when absent), oldest first. */
export function listProposals(db: Db, request: QueueRequest<ProposalStatus>): Promise<Page<ProposalView>> {
  return queuePageOf(db, request, adjustmentProposals, withNames(db), viewOf);
}

async function reread(tx: Tx, id: number): Promise<ProposalView> {
  const [row] = await withNames(tx).where(eq(adjustmentProposals.id, id));
  return viewOf(row);
}

/** A correction above the threshold: kept as a proposal, nothing posted. */
export interface ProposedReply {
  outcome: 'proposed';
  /** The threshold it is above, in the asset's units. */
  threshold: string;
  proposal: ProposalView;
}

/**
 * POST /ops/adjustments inside its key's transaction: at or below the asset's threshold the
 * correction posts; above it, it becomes a pending proposal (audited as ledger.adjust.propose).
 */
export async function correct(tx: Tx, input: CheckedAdjustment): Promise<AdjustmentReply | ProposedReply> {
  const magnitude = input.signed < 0n ? -input.signed : input.signed;
  if (magnitude <= input.threshold) return postAdjustment(tx, input);
  const [row] = await tx
    .insert(adjustmentProposals)
    .values({ userId: input.user.id, asset: input.asset, amount: input.signed, reason: input.reason, makerId: input.operatorId, createdAt: input.at, status: 'pending' })
    .returning();
  const threshold = toDecimalString(input.threshold, input.asset);
  const proposal = proposalOf(row, { username: input.user.username, maker: input.operatorName, checker: null });
  // Out with COMMIT, like a posted correction's.
  withCommit(
    tx,
    auditRow(input, {
      action: 'ledger.adjust.propose',
      subject: `adjustment_proposal:${row.id}`,
      userId: input.user.id,
      reason: input.reason,
      details: { asset: input.asset, amount: proposal.amount, threshold },
    }),
  );
  return { outcome: 'proposed', threshold, proposal };
}

/** Locks a pending proposal for a decision: unknown 404, decided 409 naming who decided it. */
async function lockPending(tx: Tx, id: number): Promise<{ proposal: ProposalRow; username: string }> {
  const [row] = await tx
    .select({ proposal: adjustmentProposals, username: users.username })
    .from(adjustmentProposals)
    .innerJoin(users, eq(users.id, adjustmentProposals.userId))
    .where(eq(adjustmentProposals.id, id))
    .for('update', { of: adjustmentProposals });
  if (!row) throw new AppError('record.notFound', 404);
  const { proposal } = row;
  if (proposal.status !== 'pending') throw await alreadyDecided(tx, { operatorId: proposal.checkerId, at: proposal.decidedAt, status: proposal.status });
  return row;
}

/**
 * Approves a pending proposal: posted (the checker on the transfer, the maker's reason) and
 * marked approved with its transfer in one transaction. A debit the user's balance no longer
 * covers is refused (balance.insufficient) and the proposal stays pending.
 */
export function approveProposal(db: Db, id: number, actor: AuditActor): Promise<{ proposal: ProposalView; posted: AdjustmentReply }> {
  return inTransaction(db, async (tx) => {
    const { proposal, username } = await lockPending(tx, id);
    if (proposal.makerId === actor.operatorId) throw new AppError('ops.ownProposal', 403);
    const { reply: posted, reference } = await postCorrection(tx, {
      operatorId: actor.operatorId,
      user: { id: proposal.userId, username },
      asset: proposal.asset,
      signed: proposal.amount,
      reason: proposal.reason,
      at: actor.at,
    });
    await tx
      .update(adjustmentProposals)
      .set({ status: 'approved', checkerId: actor.operatorId, decidedAt: actor.at, transferId: posted.transferId })
      .where(eq(adjustmentProposals.id, id));
    const view = await reread(tx, id);
    withCommit(
      tx,
      auditRow(actor, {
        action: 'ledger.adjust.approve',
        subject: `adjustment_proposal:${id}`,
        userId: proposal.userId,
        reason: proposal.reason,
        details: { asset: proposal.asset, amount: posted.amount, makerId: proposal.makerId, maker: view.maker, transferId: posted.transferId, balanceAfter: posted.balance, reference },
      }),
    );
    return { proposal: view, posted };
  });
}

/** Refuses a pending proposal, with the reason; nothing is posted. The maker may withdraw their own this way. */
export function refuseProposal(db: Db, input: { id: number; reason: string }, actor: AuditActor): Promise<ProposalView> {
  return inTransaction(db, async (tx) => {
    const { proposal } = await lockPending(tx, input.id);
    await tx
      .update(adjustmentProposals)
      .set({ status: 'refused', checkerId: actor.operatorId, decidedAt: actor.at, decisionReason: input.reason })
      .where(eq(adjustmentProposals.id, input.id));
    const view = await reread(tx, input.id);
    withCommit(
      tx,
      auditRow(actor, {
        action: 'ledger.adjust.refuse',
        subject: `adjustment_proposal:${input.id}`,
        userId: proposal.userId,
        reason: input.reason,
        details: { asset: proposal.asset, amount: view.amount, makerId: proposal.makerId, maker: view.maker },
      }),
    );
    return view;
  });
}
