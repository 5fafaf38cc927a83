/** GET /ops/audit: the audit trail newest first, with the operator's and the user's names; and the same as CSV. */
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
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

export interface AuditFilter {
  userId?: string;
  action?: string;
  operatorId?: string;
  /** A UTC day, inclusive. */
  from?: string;
  /** A UTC day, exclusive. */
  to?: string;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (filter.userId) filters.push(eq(auditLog.userId, filter.userId));
  if (filter.action) filters.push(eq(auditLog.action, filter.action));
  if (filter.operatorId) filters.push(eq(auditLog.operatorId, filter.operatorId));
  if (filter.from) filters.push(gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) filters.push(lt(auditLog.createdAt, new Date(`${filter.to}T00:00:00Z`)));
  return filters.length ? and(...filters) : undefined;
}

function selectOf(db: Db) {
  const subjectUser = alias(users, 'subject_user');
  return db
    .select({ entry: auditLog, operator: operators.username, username: subjectUser.username })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .leftJoin(subjectUser, eq(subjectUser.id, auditLog.userId))
    .$dynamic();
}

type AuditRow = { entry: typeof auditLog.$inferSelect; operator: string | null; username: string | null };

const viewOf = ({ entry, operator, username }: AuditRow): AuditEntryView => ({
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
});

export async function listAudit(db: Db, options: AuditFilter & { page: number; pageSize: number }): Promise<Page<AuditEntryView>> {
  return tablePageOf(db, options, { table: auditLog, select: selectOf(db), where: whereOf(options), orderBy: desc(auditLog.id) }, viewOf);
}

/**
 * A cell of the CSV: quoted when it holds a separator, a quote or a line break; a text a
 * spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) is written
 * with a leading apostrophe, so a reason a user influenced cannot become a formula on a desk.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_COLUMNS = ['id', 'createdAt', 'operator', 'action', 'subject', 'userId', 'username', 'reason', 'details'] as const;

/** GET /ops/audit/export: the filtered log as CSV, newest first, at most `limit` rows. */
export async function exportAudit(db: Db, filter: AuditFilter, limit: number): Promise<string> {
  const where = whereOf(filter);
  const rows = await (where ? selectOf(db).where(where) : selectOf(db)).orderBy(desc(auditLog.id)).limit(limit);
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    const view = viewOf(row);
    lines.push(CSV_COLUMNS.map((column) => csvCell(view[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
