/**
 * Reads that several features show: the profile, the balances, the pledge's overview (the pledge's
 * screens, and Me, which shows its earn rows to people who earn), the security overview (the
 * security centre, and the withdrawal screens, which say when a pause ends), and the reference data the app
 * loads when it opens (support link, EUR rate, coin list). A feature's own reads live in its
 * `api/` folder; these are here because no feature owns them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ASSET_CODES, parseAmount, toDecimalString, type Asset } from '../domain/money';
import type { WalletListReply } from '../domain/wire';
import * as realtime from '../realtime/socket';
import { currentToken, saveUserInfo } from '../storage/session';
import { coinList, eurRate, pledgeOverview, securityOverview, supportLink, userInfo, walletList } from './calls';
import { accountRead, currentUserId, publicKey, queryClient, useAccountQuery } from './query';

/** Sums of the wallet rows per asset, full-precision decimal strings. */
export type WalletSums = Record<Asset, string>;

/** Adds up the wallet rows of each asset in minor units: balances are never floats. */
export function sumWallet(reply: WalletListReply): WalletSums {
  const totals = Object.fromEntries(ASSET_CODES.map((asset) => [asset, 0n])) as Record<Asset, bigint>;
  for (const row of reply.legal_wallet.balance) {
    const asset = ASSET_CODES.find((code) => code === row.currency_name.toUpperCase());
    if (!asset) continue;
    const minor = parseAmount(row.legal_balance, asset);
    // Better no total than a wrong one: the last good copy stays on screen.
    if (minor === null) throw new Error(`Unreadable ${asset} balance: ${row.legal_balance}`);
    totals[asset] += minor;
  }
  return Object.fromEntries(ASSET_CODES.map((asset) => [asset, toDecimalString(totals[asset], asset)])) as WalletSums;
}

export const supportLinkQuery = queryOptions({
  queryKey: publicKey('supportLink'),
  queryFn: async ({ signal }) => (await supportLink({ signal, quiet: true })).kf,
});

export const eurRateQuery = queryOptions({
  queryKey: publicKey('eurRate'),
  queryFn: ({ signal }) => eurRate({ signal, quiet: true }),
});

export const coinListQuery = queryOptions({
  queryKey: publicKey('coins'),
  queryFn: async ({ signal }) => (await coinList({ signal, quiet: true })).legal,
});

export const walletQuery = accountRead('wallet', async (options) => sumWallet(await walletList(options)));

export const useWallet = () => useAccountQuery(walletQuery);
export const pledgeOverviewQuery = accountRead('pledgeOverview', pledgeOverview);
export const usePledgeOverview = () => useAccountQuery(pledgeOverviewQuery);
/** The security centre's overview: the second factor, the withdrawal pause (the withdrawal screens say it too), the last changes. */
export const securityOverviewQuery = accountRead('security', securityOverview);
export const useSecurityOverview = () => useAccountQuery(securityOverviewQuery);
export const useSupportLink = () => useQuery(supportLinkQuery);
export const useEurRate = () => useQuery(eurRateQuery);
export const useCoinList = () => useQuery(coinListQuery);

/**
 * The profile (it names the user every account read is keyed by) and the balances: in parallel
 * when the profile is already known on the device, else one after the other. After login, and
 * on start with a stored session.
 */
export async function loadAccount(): Promise<void> {
  const token = currentToken();
  if (!token) return;
  const known = currentUserId();
  const balances = known ? queryClient.prefetchQuery(walletQuery(known)) : null;
  const info = await userInfo({ quiet: true }).catch(() => null);
  if (info && currentToken() === token) {
    await saveUserInfo(info);
    // The user's own events (their trade orders changing) arrive over the socket from now on.
    realtime.joinAccount(token);
    if (info.id !== known) await queryClient.prefetchQuery(walletQuery(info.id));
  }
  await balances;
}
