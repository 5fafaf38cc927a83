/** The operator's session as the console holds it: read from GET /api/ops/session (its CSRF value kept for the calls), signed in and out. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { opsLoginSchema, opsSessionEntrySchema, opsSessionSchema } from '../../domain/operators';
import { OpsError, opsGet, opsPost, setCsrfToken } from './client';
import { opsQueryClient } from './query';

export type OpsSession = z.output<typeof opsSessionSchema>;
export type OpsSessionEntry = z.output<typeof opsSessionEntrySchema>;

export const sessionQuery = queryOptions({
  queryKey: ['ops', 'session'] as const,
  queryFn: async (): Promise<OpsSession | null> => {
    try {
      const session = await opsGet<OpsSession>('/session');
      setCsrfToken(session.csrfToken);
      return session;
    } catch (error) {
      if (error instanceof OpsError && error.status === 401) {
        setCsrfToken(null);
        return null;
      }
      throw error;
    }
  },
  staleTime: 60_000,
});

export async function signIn(input: z.input<typeof opsLoginSchema>): Promise<OpsSession | null> {
  await opsPost('/login', { ...input, client: 'console' });
  opsQueryClient.removeQueries({ queryKey: ['ops'] });
  return opsQueryClient.fetchQuery(sessionQuery);
}

/** Forgets everything read in the session: nothing of it stays in memory for the next operator. */
export function forgetSession(): void {
  setCsrfToken(null);
  opsQueryClient.clear();
  opsQueryClient.setQueryData(sessionQuery.queryKey, null);
}

export async function signOut(everywhere = false): Promise<void> {
  try {
    await opsPost(everywhere ? '/logout/all' : '/logout', {});
  } finally {
    forgetSession();
  }
}

export const sessionsQuery = queryOptions({ queryKey: ['ops', 'sessions'] as const, queryFn: () => opsGet<OpsSessionEntry[]>('/sessions') });
