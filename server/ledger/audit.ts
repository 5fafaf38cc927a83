/**
 * The audit trail of operator actions: who, what, on which subject, for which
 * user, why and when. Written by the action itself, in its own transaction, so an action without
 * its audit row cannot exist. The table refuses UPDATE and DELETE.
 */
import type { Tx } from '../db/client';
import { fixedStatement } from '../db/rows';

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

const INSERT_AUDIT = fixedStatement(
  `INSERT INTO audit_log (operator_id, action, subject, user_id, reason, details, created_at) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)`,
);

/**
 * The audit row's INSERT, its values written now (its details as JSON): for withCommit, which sends
 * it with COMMIT, or sent by recordAudit. One text written once (db/rows.ts fixedStatement).
 */
export function auditRow({ operatorId, at }: AuditActor | SystemActor, entry: AuditEntry): (tx: Tx) => Promise<unknown> {
  const values = [operatorId, entry.action, entry.subject, entry.userId ?? null, entry.reason ?? null, JSON.stringify(entry.details ?? {}), at.toISOString()];
  return (tx) => INSERT_AUDIT(tx, values);
}

export async function recordAudit(tx: Tx, actor: AuditActor | SystemActor, entry: AuditEntry): Promise<void> {
  await auditRow(actor, entry)(tx);
}
