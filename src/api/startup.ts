/**
 * What the app loads when it opens, in this order: support link, realtime socket, EUR rate, coin
 * list and — when signed in — the profile and the balances. Each lands in the query cache (and
 * so in the device's offline copy); a read that fails leaves the last copy on screen.
 */
import * as realtime from '../realtime/socket';
import { coinListQuery, eurRateQuery, loadAccount, supportLinkQuery } from './queries';
import { invalidateAccount, queryClient } from './query';

/** The next macrotask: lets the browser paint and handle input between two calls. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The calls go out in order without waiting for each answer; none of them stops the others. Each
 * starts in a task of its own, so the first screen's main thread is never held by all of them at
 * once (on a phone, preparing a request and the socket take tens of milliseconds each).
 */
export async function runStartup(): Promise<void> {
  // One of the user's trade orders changed (matched, settled, expired, or an order met their
  // offer), or an operator decided one of their requests: balances, orders and records are fetched
  // again, so every screen shows it without a reload.
  realtime.onAccountEvent(() => void invalidateAccount());
  const starts: (() => Promise<unknown>)[] = [
    () => queryClient.prefetchQuery(supportLinkQuery),
    () => realtime.start().catch((error: unknown) => console.warn('[realtime] could not start', error)),
    () => queryClient.prefetchQuery(eurRateQuery),
    () => queryClient.prefetchQuery(coinListQuery),
    () => loadAccount(),
  ];
  const calls: Promise<unknown>[] = [];
  for (const start of starts) {
    calls.push(start());
    await nextTask();
  }
  await Promise.all(calls);
}
