/**
 * A change to the account that moves no money away from the user (applying for a merchant account
 * or a loan, withdrawing an offer, cancelling an order, the nickname, the passwords, the photo,
 * this device's notification channels):
 * one TanStack Query mutation. Offline it is refused on the spot, like a money action
 * (withdrawing an offer releases money: nothing is queued). While it runs, `pending` is true;
 * after success, `onSuccess` runs and every account read is fetched again (balances, records,
 * summaries), still pending until they are; a refusal has been shown by the API client and goes
 * to `onError` (a form puts one about a field under it).
 *
 * Money actions, which ask for the payment password and carry an idempotency key, use
 * `useMoneyAction` (money/useMoneyAction.tsx) instead.
 */
import { useMutation } from '@tanstack/react-query';
import { invalidateAccount } from '../../api/query';
import { refuseWhenOffline } from './money/online';

export interface AccountMutationOptions<V, T> {
  /** The call; it leaves the refusal's toast to the API client (not `quiet`). */
  call(variables: V): Promise<T>;
  /** After success; the account's reads are already being fetched again. */
  onSuccess?(result: T, variables: V): unknown;
  /** After a refusal the API client has shown. */
  onError?(error: unknown, variables: V): void;
}

export interface AccountMutation<V> {
  /** Sends `variables`, unless offline (refused with the offline text) or one is already under way. */
  run(variables: V): void;
  pending: boolean;
}

export function useAccountMutation<V, T>(options: AccountMutationOptions<V, T>): AccountMutation<V> {
  const mutation = useMutation({
    // The call sees only the variables (a typed call takes its request options second).
    mutationFn: (variables: V) => options.call(variables),
    // Offline is decided before sending (refused, never paused until a connection comes back).
    networkMode: 'always',
    async onSuccess(result, variables) {
      const refreshed = invalidateAccount();
      await options.onSuccess?.(result, variables);
      // Still pending until the screen shows the new state (no second tap on the old one).
      await refreshed;
    },
    onError: (error, variables) => options.onError?.(error, variables),
  });
  return {
    pending: mutation.isPending,
    run(variables) {
      if (mutation.isPending || refuseWhenOffline()) return;
      mutation.mutate(variables);
    },
  };
}
