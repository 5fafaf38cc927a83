/**
 * The console's query client: in memory only (nothing an operator read is written to the disk).
 * A page opened shows what the server says now (another operator may have just decided or
 * corrected): every read is stale at once, refetched on mount and when the window comes back.
 */
import { QueryClient, useQueryClient, type QueryKey } from '@tanstack/react-query';
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

/** A call that changes what some reads show: once it answered, the reads under `key` are fetched again, then its reply is returned. */
export function useRefreshing<I, R>(send: (input: I) => Promise<R>, key: QueryKey): (input: I) => Promise<R> {
  const queryClient = useQueryClient();
  return async (input) => {
    const reply = await send(input);
    await queryClient.invalidateQueries({ queryKey: key });
    return reply;
  };
}
