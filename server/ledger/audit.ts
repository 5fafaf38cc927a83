/**
 * The audit trail of operator actions: who, what, on which subject, for which
 * user, why and when. Written by the action itself, in its own transaction, so an action without
 * its audit row cannot exist. The table refuses UPDATE and DELETE.
 */
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditAction =
  | 'deposit.approve'
  | 'deposit.reject'
  | 'withdrawal.approve'
  | 'withdrawal.reject'
  | 'ledger.adjust'
  | 'setting.change'
  | 'vip.change'
  | 'coin.change'
  | 'operator.create'
  | 'operator.disable'
  | 'operator.bootstrap';

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

export async function recordAudit(tx: Tx, { operatorId, at }: AuditActor, entry: AuditEntry): Promise<void> {
  await tx
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
    .execute();
}
