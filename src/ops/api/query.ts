/**
 * The console's query client: in memory only (nothing an operator read is written to the disk).
 * A page opened shows what the server says now (another operator may have just decided or
 * corrected): every read is stale at once, refetched on mount and when the window comes back.
 */
import { QueryClient } from '@tanstack/react-query';
import { OpsError } from './client';

export const opsQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 0,
      refetchOnWindowFocus: true,
      // A refusal is an answer; only a lost connection or a server error is tried again.
      retry: (failures, error) => failures < 2 && (!(error instanceof OpsError) || error.status === 0 || error.status >= 500),
    },
  },
});
