/** GET /ops/audit: the audit trail newest first, with the operator's and the user's names. */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '../../../src/domain/wire';
import { tablePageOf } from '../../db/pages';
import type { Db } from '../../db/client';
import { auditLog, operators, users } from '../../db/schema';

export interface AuditEntryView {
  id: number;
  operatorId: string | null;
  /** The operator's name, or `system` (the LTV watch). */
  operator: string;
  action: string;
  subject: string;
  userId: string | null;
  username: string | null;
  reason: string | null;
  details: unknown;
  createdAt: string;
}

export async function listAudit(
  db: Db,
  options: { page: number; pageSize: number; userId?: string; action?: string },
): Promise<Page<AuditEntryView>> {
  const filters: SQL[] = [];
  if (options.userId) filters.push(eq(auditLog.userId, options.userId));
  if (options.action) filters.push(eq(auditLog.action, options.action));
  const where = filters.length ? and(...filters) : undefined;
  const subjectUser = alias(users, 'subject_user');
  const select = db
    .select({ entry: auditLog, operator: operators.username, username: subjectUser.username })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .leftJoin(subjectUser, eq(subjectUser.id, auditLog.userId))
    .$dynamic();
  return tablePageOf(db, options, { table: auditLog, select, where, orderBy: desc(auditLog.id) }, ({ entry, operator, username }) => ({
    id: entry.id,
    operatorId: entry.operatorId,
    operator: operator ?? 'system',
    action: entry.action,
    subject: entry.subject,
    userId: entry.userId,
    username: username ?? null,
    reason: entry.reason,
    details: entry.details,
    createdAt: entry.createdAt.toISOString(),
  }));
}
