/** The audit log: a filtered page of it, and the same filters' CSV file. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditFilterSchema, OpsAuditEntry } from '../../../domain/ops-wire';
import type { Page } from '../../../domain/wire';
import { opsGet } from '../../api/client';

export type AuditFilter = z.output<typeof auditFilterSchema>;
export const AUDIT_PAGE_SIZE = 25;

export const auditQuery = (filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: ['ops', 'audit', filter, page] as const,
    queryFn: () => opsGet<Page<OpsAuditEntry>>('/audit', { ...filter, page, pageSize: AUDIT_PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

/** The CSV export's address: the browser downloads it with the session's cookie. */
export function exportUrl(filter: AuditFilter): string {
  const params = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
  const search = params.toString();
  return `/api/ops/audit/export${search ? `?${search}` : ''}`;
}
