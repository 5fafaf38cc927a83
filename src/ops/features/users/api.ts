/** The users' reads and the calls on a user's access: the search, one user, a page of one of their records, the audit on them. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { endSessionsSchema, liftLockoutSchema, OpsAuditEntry, OpsLockoutLifted, OpsUserDetail, OpsUserRow, OpsUserSessionsEnded } from '../../../domain/ops-wire';
import type { Page } from '../../../domain/wire';
import { opsGet, opsPost } from '../../api/client';

export const PAGE_SIZE = 20;

/** The parts of a user's page, each a list of its own (GET /ops/users/<part>, the audit GET /ops/audit?userId=). */
export const USER_PARTS = ['movements', 'postings', 'deposits', 'withdrawals', 'orders', 'offers', 'pledges', 'loans', 'devices', 'sessions', 'audit'] as const;
export type UserPart = (typeof USER_PARTS)[number];

export const userSearchQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['ops', 'users', 'search', q, page] as const,
    queryFn: () => opsGet<Page<OpsUserRow>>('/users', { q, page, pageSize: PAGE_SIZE }),
    enabled: q.trim().length > 0,
    placeholderData: (previous) => previous,
  });

export const userQuery = (id: string) =>
  queryOptions({ queryKey: ['ops', 'users', 'detail', id] as const, queryFn: () => opsGet<OpsUserDetail>('/users/detail', { id }) });

export const userPartQuery = <T>(part: UserPart, id: string, page: number) =>
  queryOptions({
    queryKey: ['ops', 'users', part, id, page] as const,
    queryFn: () =>
      part === 'audit'
        ? (opsGet<Page<OpsAuditEntry>>('/audit', { userId: id, page, pageSize: PAGE_SIZE }) as Promise<Page<T>>)
        : opsGet<Page<T>>(`/users/${part}`, { id, page, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

export const liftLockout = (input: z.input<typeof liftLockoutSchema>, key: string) => opsPost<OpsLockoutLifted>('/users/lockout/lift', input, key);

export const endSessions = (input: z.input<typeof endSessionsSchema>, key: string) => opsPost<OpsUserSessionsEnded>('/users/sessions/end', input, key);
