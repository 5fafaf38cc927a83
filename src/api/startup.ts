/**
 * What the app loads when it opens, in this order: support link, realtime socket, EUR rate, coin
 * list and — when signed in — the profile and the balances. Each lands in the query cache (and
 * so in the device's offline copy); a read that fails leaves the last copy on screen.
 */
import * as realtime from '../realtime/socket';
import { coinListQuery, eurRateQuery, loadAccount, supportLinkQuery } from './queries';
import { queryClient } from './query';

/** The calls go out in order without waiting for each answer; none of them stops the others. */
export async function runStartup(): Promise<void> {
  const support = queryClient.prefetchQuery(supportLinkQuery);
  const socket = realtime.start().catch((error: unknown) => console.warn('[realtime] could not start', error));
  const rate = queryClient.prefetchQuery(eurRateQuery);
  const coins = queryClient.prefetchQuery(coinListQuery);
  await Promise.all([support, socket, rate, coins, loadAccount()]);
}
