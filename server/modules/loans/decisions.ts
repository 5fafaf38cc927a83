/**
 * The operator's side of loans (docs/loans.md): the list, approval (the payout) or rejection,
 * the repayment's review, and the removal of identity images no longer needed. Each decision runs
 * in the caller's transaction (with the Idempotency-Key's claim when the request has one) and
 * answers the loan with its borrower's id.
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { type Loan, type LoanStatus } from '../../../src/domain/loan';
import { DAY_MS } from '../../../src/domain/constants';
import { LTV_MAX_BP, ltvAbove, ltvBp } from '../../../src/domain/ltv';
import { percentText, toDecimalString } from '../../../src/domain/money';
import type { Page } from '../../../src/domain/wire';
import { rowsOf } from '../../db/rows';
import type { Tx } from '../../db/client';
import { alreadyDecided } from '../../decided';
import { recordAudit, type AuditActor } from '../../ledger/audit';
import { Refusal } from '../../errors';
import { postTransfers } from '../../ledger/transfers';
import {
  UNUSED_DOCUMENT_MS,
  type LoanRow,
  loanColumns,
  assetOf,
  loanOf,
  type OperatorLoan,
  lockLoan,
  reread,
  leg,
  plain,
  referenceRate,
  repayFigures,
  endOldLoan,
  postingsOf,
  acrossAssets,
  type LoansDeps,
} from './rows';
import { recordStanding, watchTerms } from './watch';
import type { Asset } from '../../../src/domain/money';

/** GET /ops/loans/watch. */
export interface LoanWatchView {
  rate: string;
  marginCallLtv: string;
  liquidationLtv: string;
  liquidationFeePercent: string;
  open: OperatorLoan[];
  liquidated: OperatorLoan[];
  shortfalls: Array<{ asset: Asset; total: string; loans: number }>;
}

/** A decided loan as the operator's reply has it: with its borrower, whose phone hears of it (server/realtime/queues.ts). */
export type DecidedLoan = Loan & { userId: string };

const decided = async (tx: Tx, row: LoanRow): Promise<DecidedLoan> => ({ ...(await reread(tx, row.id)), userId: row.user_id });

/** Who reviewed a repayment and when (migration 0021): the second operator's refusal names them. */
const repayDecision = (actor: AuditActor) => sql`repay_operator_id = ${actor.operatorId}, repay_decided_at = ${actor.at.toISOString()}::timestamptz`;

/**
 * The refusal of a second decision on a loan, naming who made the one that stands: the LTV watch
 * for a liquidated loan, the repayment's reviewer for a repaid one or a refused repayment, else
 * the application's reviewer.
 */
async function decidedLoan(tx: Tx, row: LoanRow): Promise<Refusal> {
  const { status } = row;
  if (status === 'liquidated') return alreadyDecided(tx, { operatorId: null, at: row.liquidated_at, status });
  const [decision] = await rowsOf<{ operator_id: string | null; repay_operator_id: string | null; repay_decided_at: string | null }>(
    tx,
    sql`SELECT operator_id, repay_operator_id, repay_decided_at FROM loans WHERE id = ${row.id}`,
  );
  if ((status === 'repaid' || status === 'failed') && decision.repay_decided_at !== null) {
    return alreadyDecided(tx, { operatorId: decision.repay_operator_id, at: decision.repay_decided_at, status });
  }
  return alreadyDecided(tx, { operatorId: decision.operator_id, at: row.decided_at, status });
}

export function operatorCalls({ db, clock, documents }: LoansDeps) {
  return {
    // ---- operators ----------------------------------------------------------------------------

    async list({ status, id, page, pageSize }: { status?: LoanStatus; id?: number; page: number; pageSize: number }): Promise<Page<OperatorLoan>> {
      const where = sql.join([status ? sql`l.status = ${status}` : sql`true`, ...(id === undefined ? [] : [sql`l.id = ${id}`])], sql` AND `);
      // Oldest first; repayments under review by when each was asked for, the order they are confirmed in.
      const order = status === 'repaying' ? sql`l.repay_requested_at, l.id` : sql`l.id`;
      const [rows, [{ total }]] = await Promise.all([
        rowsOf<LoanRow & { username: string }>(
          db,
          sql`SELECT ${loanColumns('l')}, u.username
              FROM loans l JOIN users u ON u.id = l.user_id WHERE ${where} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        ),
        rowsOf<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM loans l WHERE ${where}`),
      ]);
      return { list: rows.map((row) => ({ ...loanOf(row), userId: row.user_id, username: row.username })), total: Number(total), page, pageSize };
    },

    /**
     * Approves an application: a principal loan's collateral first taken from the borrower's own
     * available balance — if it no longer holds it, refused (loan.collateralShort) and nothing
     * moves — then the loan paid out. The reference rate of the moment is kept on the loan.
     */
    async approve(tx: Tx, id: number, actor: AuditActor): Promise<DecidedLoan> {
      const row = await lockLoan(tx, id);
      if (row.status !== 'pending') throw await decidedLoan(tx, row);
      const userId = row.user_id;
      const amount = BigInt(row.amount);
      const collateral = BigInt(row.collateral);
      const rate = await referenceRate(tx);
      if (collateral > 0n) {
        const asset = assetOf(row.collateral_asset ?? row.asset);
        // Across assets: the rate may have moved since the application; past 80 % it is not paid out.
        const pair = { loanAsset: assetOf(row.asset), collateralAsset: asset, rate };
        if (asset !== pair.loanAsset && ltvAbove(amount, collateral, pair, LTV_MAX_BP)) {
          throw new Refusal('loan.rateMoved', 409, { params: { ltv: percentText(ltvBp(amount, collateral, pair)) } });
        }
        // A posting of its own, before the payout: the payout cannot be what secures the loan.
        await postTransfers(tx, [
          { ...leg(row, 'collateral', actor.at, actor.operatorId, { debit: { userId, purpose: 'available' }, credit: { userId, purpose: 'collateral' }, amount: collateral, kind: 'loan_collateral' }), asset },
        ]).catch((error: unknown) => {
          if (error instanceof AppError && error.key === 'balance.insufficient') throw new Refusal('loan.collateralShort', 409, { params: { amount: plain(collateral, asset), asset } });
          throw error;
        });
      }
      await postTransfers(tx, [leg(row, 'disburse', actor.at, actor.operatorId, { debit: { platform: 'loans' }, credit: { userId, purpose: 'available' }, amount, kind: 'loan_disburse' })]);
      const due = new Date(actor.at.getTime() + row.days * DAY_MS);
      // Across assets: its LTV from the start (and, were it already at a margin call, the call).
      if (acrossAssets(row)) await recordStanding(tx, { ...row, status: 'approved', decided_at: actor.at.toISOString() }, actor.at, await watchTerms(tx));
      await tx.execute(
        sql`UPDATE loans SET status = 'approved', operator_id = ${actor.operatorId}, decided_at = ${actor.at.toISOString()}::timestamptz, due_at = ${due.toISOString()}::timestamptz,
            approval_rate = ${rate.toString()}::bigint
            WHERE id = ${row.id}`,
      );
      await recordAudit(tx, actor, { action: 'loan.approve', subject: `loan:${row.id}`, userId, details: { amount: toDecimalString(amount, assetOf(row.asset)), type: row.type } });
      return decided(tx, row);
    },

    /**
     * The LTV watch for operators: the rate and thresholds now; each open loan across assets with
     * its LTV and margin calls (highest LTV first); the liquidations made, newest first, with
     * their figures; and the shortfalls (the platform's loss) per asset.
     */
    async watchView(limit = 200): Promise<LoanWatchView> {
      const [terms, open, liquidated, shortfalls] = await Promise.all([
        watchTerms(db),
        rowsOf<LoanRow & { username: string }>(
          db,
          sql`SELECT ${loanColumns('l')}, u.username FROM loans l JOIN users u ON u.id = l.user_id
              WHERE l.status IN ('approved', 'repaying', 'failed') AND l.collateral_asset <> l.asset
              ORDER BY l.ltv_bp DESC NULLS LAST, l.id LIMIT ${limit}`,
        ),
        rowsOf<LoanRow & { username: string }>(
          db,
          sql`SELECT ${loanColumns('l')}, u.username FROM loans l JOIN users u ON u.id = l.user_id
              WHERE l.status = 'liquidated' ORDER BY l.liquidated_at DESC, l.id DESC LIMIT ${limit}`,
        ),
        rowsOf<{ asset: string; total: string; count: string }>(
          db,
          sql`SELECT asset, sum(liquidation_shortfall)::text AS total, count(*)::text AS count FROM loans
              WHERE status = 'liquidated' AND liquidation_shortfall > 0 GROUP BY asset ORDER BY asset`,
        ),
      ]);
      const operatorLoan = (row: LoanRow & { username: string }): OperatorLoan => ({ ...loanOf(row), userId: row.user_id, username: row.username });
      return {
        rate: toDecimalString(terms.rate, 'USDT'),
        marginCallLtv: percentText(terms.marginCallBp),
        liquidationLtv: percentText(terms.liquidationBp),
        liquidationFeePercent: percentText(terms.feeBp),
        open: open.map(operatorLoan),
        liquidated: liquidated.map(operatorLoan),
        shortfalls: shortfalls.map((row) => ({ asset: assetOf(row.asset), total: toDecimalString(BigInt(row.total), assetOf(row.asset)), loans: Number(row.count) })),
      };
    },

    /** Rejects an application, with the reason the user reads (or none: the app says so). */
    async reject(tx: Tx, id: number, reason: string | undefined, actor: AuditActor): Promise<DecidedLoan> {
      const row = await lockLoan(tx, id);
      if (row.status !== 'pending') throw await decidedLoan(tx, row);
      await tx.execute(
        sql`UPDATE loans SET status = 'rejected', reason = ${reason || null}, operator_id = ${actor.operatorId}, decided_at = ${actor.at.toISOString()}::timestamptz,
            ended_at = ${actor.at.toISOString()}::timestamptz WHERE id = ${row.id}`,
      );
      await recordAudit(tx, actor, { action: 'loan.reject', subject: `loan:${row.id}`, userId: row.user_id, reason: reason || null });
      return decided(tx, row);
    },

    /**
     * Confirms a repayment: principal back to the loans account, interest to fees, collateral
     * released. An old principal loan's is not taken: the loan ends without interest, the hold
     * returned in full and the payout back from its collateral (docs/loans.md).
     */
    async confirmRepayment(tx: Tx, id: number, actor: AuditActor): Promise<DecidedLoan> {
      const row = await lockLoan(tx, id);
      if (row.status !== 'repaying') throw await decidedLoan(tx, row);
      const userId = row.user_id;
      if (row.old_rule) {
        await endOldLoan(tx, row, actor.at, actor.operatorId);
        await tx.execute(sql`UPDATE loans SET ${repayDecision(actor)} WHERE id = ${row.id}`);
        await recordAudit(tx, actor, { action: 'loan.repaid', subject: `loan:${row.id}`, userId, details: { total: toDecimalString(0n, assetOf(row.asset)), oldRule: true } });
        return decided(tx, row);
      }
      const { principal, interest } = repayFigures(row);
      const collateral = BigInt(row.collateral);
      await postTransfers(tx, [
        leg(row, 'repay', actor.at, actor.operatorId, { debit: { userId, purpose: 'held' }, credit: { platform: 'loans' }, amount: principal, kind: 'loan_repay' }),
        ...(interest > 0n ? [leg(row, 'interest', actor.at, actor.operatorId, { debit: { userId, purpose: 'held' }, credit: { platform: 'fees' }, amount: interest, kind: 'loan_interest' })] : []),
        ...(collateral > 0n
          ? [{
              ...leg(row, 'collateral-release', actor.at, actor.operatorId, { debit: { userId, purpose: 'collateral' }, credit: { userId, purpose: 'available' }, amount: collateral, kind: 'loan_collateral_release' }),
              asset: assetOf(row.collateral_asset ?? row.asset),
            }]
          : []),
      ]);
      await tx.execute(
        sql`UPDATE loans SET status = 'repaid', repaid_at = ${actor.at.toISOString()}::timestamptz, ended_at = ${actor.at.toISOString()}::timestamptz, ${repayDecision(actor)}
            WHERE id = ${row.id}`,
      );
      await recordAudit(tx, actor, { action: 'loan.repaid', subject: `loan:${row.id}`, userId, details: { total: toDecimalString(repayFigures(row).total, assetOf(row.asset)) } });
      return decided(tx, row);
    },

    /** Refuses a repayment: its hold returns to the balance, the loan shows "repayment failed" with the reason. */
    async refuseRepayment(tx: Tx, id: number, reason: string | undefined, actor: AuditActor): Promise<DecidedLoan> {
      const text = reason?.trim() ?? '';
      if (text.length < 3) throw new AppError('ops.reasonRequired', 400);
      const row = await lockLoan(tx, id);
      if (row.status !== 'repaying') throw await decidedLoan(tx, row);
      const attempt = await postingsOf(tx, row, 'loan_repay_release');
      await postTransfers(tx, [
        leg(row, `repay-release:${attempt}`, actor.at, actor.operatorId, {
          debit: { userId: row.user_id, purpose: 'held' },
          credit: { userId: row.user_id, purpose: 'available' },
          amount: repayFigures(row).total,
          kind: 'loan_repay_release',
        }),
      ]);
      await tx.execute(sql`UPDATE loans SET status = 'failed', repay_reason = ${text}, ${repayDecision(actor)} WHERE id = ${row.id}`);
      await recordAudit(tx, actor, { action: 'loan.repayRefused', subject: `loan:${row.id}`, userId: row.user_id, reason: text });
      return decided(tx, row);
    },

    /**
     * Removes identity images no longer needed: an upload no application took after a day, and
     * the images of a loan `retentionDays` after it ended (repaid or rejected).
     */
    async purgeDocuments(retentionDays: number): Promise<number> {
      const now = clock().getTime();
      const gone = await rowsOf<{ id: string; file: string }>(
        db,
        sql`SELECT d.id::text, d.file FROM loan_documents d LEFT JOIN loans l ON l.id = d.loan_id
            WHERE (d.loan_id IS NULL AND d.created_at < ${new Date(now - UNUSED_DOCUMENT_MS).toISOString()}::timestamptz)
               OR (l.ended_at IS NOT NULL AND l.ended_at < ${new Date(now - retentionDays * DAY_MS).toISOString()}::timestamptz AND d.file <> '')
            LIMIT 1000`,
      );
      for (const row of gone) {
        await documents.remove(row.file);
        // A loan's row keeps naming its documents; the file is gone and the name with it.
        await db.execute(sql`UPDATE loan_documents SET file = '' WHERE id = ${row.id}`);
      }
      await db.execute(sql`DELETE FROM loan_documents d WHERE d.file = '' AND d.loan_id IS NULL`);
      return gone.length;
    },
  };
}
