/**
 * The audit trail of operator actions: who, what, on which subject, for which
 * user, why and when. Written by the action itself, in its own transaction, so an action without
 * its audit row cannot exist. The table refuses UPDATE and DELETE.
 */
import type { SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditAction =
  | 'deposit.approve'
  | 'deposit.reject'
  | 'withdrawal.approve'
  | 'withdrawal.reject'
  | 'ledger.adjust'
  | 'ledger.adjust.propose'
  | 'ledger.adjust.approve'
  | 'ledger.adjust.refuse'
  | 'setting.change'
  | 'vip.change'
  | 'coin.change'
  | 'content.change'
  | 'operator.create'
  | 'operator.disable'
  | 'operator.password'
  | 'operator.totp'
  | 'operator.role'
  | 'operator.bootstrap'
  | 'merchant.approve'
  | 'merchant.reject'
  | 'news.create'
  | 'news.translate'
  | 'news.publish'
  | 'news.withdraw'
  | 'pledge.product'
  | 'loan.approve'
  | 'loan.reject'
  | 'loan.repaid'
  | 'loan.repayRefused'
  | 'loan.liquidate'
  | 'user.endSessions'
  | 'user.liftLockout'
  | 'user.resetSecondFactor'
  | 'ledger.verify'
  | 'database.backup'
  | 'liabilities.snapshot'
  | 'liabilities.reserves';

/** The system acting (the LTV watch's liquidations): no operator. */
export interface SystemActor {
  operatorId: null;
  at: Date;
}

/** Who acted, and when. */
export interface AuditActor {
  operatorId: string;
  at: Date;
}

export interface AuditEntry {
  action: AuditAction;
  /** The row acted on, e.g. "deposit:42", "setting:withdraw_fee_usdt". */
  subject: string;
  userId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/** The audit row's INSERT, built now (its details written as JSON here): for withCommit, or sent by recordAudit. */
export function auditRow(tx: Tx, { operatorId, at }: AuditActor | SystemActor, entry: AuditEntry): SQL {
  return tx
    .insert(auditLog)
    .values({
      operatorId,
      action: entry.action,
      subject: entry.subject,
      userId: entry.userId ?? null,
      reason: entry.reason ?? null,
      details: entry.details ?? {},
      createdAt: at,
    })
    .getSQL();
}

export async function recordAudit(tx: Tx, actor: AuditActor | SystemActor, entry: AuditEntry): Promise<void> {
  await tx.execute(auditRow(tx, actor, entry)).execute();
}
