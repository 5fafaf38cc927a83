/**
 * An operator's decision as the console makes it: one Idempotency-Key per decision (kept across a
 * retry of the same decision, new after it went through), and every read of the console fetched
 * again afterwards — the queue, its counts, the record, the user.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

export function useDecision<I, R>(call: (input: I, key: string) => Promise<R>) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState(() => crypto.randomUUID());
  return useMutation({
    mutationFn: (input: I) => call(input, key),
    onSuccess: () => {
      setKey(crypto.randomUUID());
      void queryClient.invalidateQueries({ queryKey: ['ops'] });
    },
  });
}
