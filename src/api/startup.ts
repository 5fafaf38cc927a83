/**
 * What the app loads when it opens (SPEC §4): support link, realtime socket, EUR rate, coin list,
 * and — when signed in — the profile and the balances. Each result lands in an atom and in the
 * offline cache; when a call fails (offline), the last cached copy is shown instead.
 */
import { atom, getDefaultStore } from 'jotai';
import { ASSET_CODES, parseAmount, toDecimalString, type Asset } from '../domain/money';
import type { CoinEntry, UserInfo, WalletListReply } from '../domain/wire';
import * as realtime from '../realtime/socket';
import { currentToken, saveUserInfo, tokenAtom } from '../storage/session';
import { cacheGet, cacheSet } from '../storage/store';
import { coinList, eurRate, supportLink, userInfo, walletList } from './calls';
import { isCancelled } from './errors';

/** A value shown on screen and when it was fetched; `cached` means it is a last-known copy. */
export interface Loaded<T> {
  value: T;
  fetchedAt: number;
  cached: boolean;
}

/** Sums of the wallet rows per asset, full-precision decimal strings (format with 4 decimals). */
export type WalletSums = Record<Asset, string>;

export const supportLinkAtom = atom<Loaded<string> | null>(null);
export const eurRateAtom = atom<Loaded<string> | null>(null);
export const coinListAtom = atom<Loaded<CoinEntry[]> | null>(null);
export const walletAtom = atom<Loaded<WalletSums> | null>(null);

// Balances belong to the session: when it ends (logout, 401, '999') they leave the screen too.
getDefaultStore().sub(tokenAtom, () => {
  if (!getDefaultStore().get(tokenAtom)) getDefaultStore().set(walletAtom, null);
});

type Target<T> = ReturnType<typeof atom<Loaded<T> | null>>;

/**
 * Fetches into an atom and the offline cache; on failure shows the cached copy when there is one.
 * Never rejects: one missing piece must not stop the rest of the app from starting.
 * Account data (`perUser`) is dropped when the session changed meanwhile: an answer or a cached
 * copy of an ended session must not reappear after logout or a 401.
 */
async function load<T>(target: Target<T>, cacheKey: string, fetch: () => Promise<T>, perUser = false): Promise<void> {
  const store = getDefaultStore();
  const token = currentToken();
  const current = () => !perUser || currentToken() === token;
  try {
    const value = await fetch();
    if (!current()) return;
    store.set(target, { value, fetchedAt: Date.now(), cached: false });
    await cacheSet(cacheKey, value);
  } catch (error) {
    // A newer call replaced this one; its result is on the way.
    if (isCancelled(error)) return;
    const copy = await cacheGet<T>(cacheKey);
    if (copy && current() && !store.get(target)) {
      store.set(target, { value: copy.value, fetchedAt: copy.savedAt, cached: true });
    }
  }
}

/** Adds up the wallet rows of each asset in minor units: balances are never floats. */
export function sumWallet(reply: WalletListReply): WalletSums {
  const totals = Object.fromEntries(ASSET_CODES.map((asset) => [asset, 0n])) as Record<Asset, bigint>;
  for (const row of reply.legal_wallet.balance) {
    const asset = ASSET_CODES.find((code) => code === row.currency_name.toUpperCase());
    if (!asset) continue;
    const minor = parseAmount(row.legal_balance, asset);
    // Better no total than a wrong one: the cached copy is shown instead.
    if (minor === null) throw new Error(`Unreadable ${asset} balance: ${row.legal_balance}`);
    totals[asset] += minor;
  }
  return Object.fromEntries(ASSET_CODES.map((asset) => [asset, toDecimalString(totals[asset], asset)])) as WalletSums;
}

/** The profile and balances of the signed-in user (after login, after a money action). */
export async function refreshAccount(): Promise<void> {
  const token = currentToken();
  if (!token) return;
  await Promise.all([
    userInfo({ quiet: true })
      // Saved only for the session that asked: a late answer must not outlive a logout.
      .then((info: UserInfo) => (currentToken() === token ? saveUserInfo(info) : undefined))
      .catch(() => undefined), // the stored profile stays; a 401 has already ended the session
    load(walletAtom, 'wallet', async () => sumWallet(await walletList({ quiet: true })), true),
  ]);
}

/**
 * Starts in the order of SPEC §4 without waiting for each answer before asking the next: the
 * calls go out in that order and the app becomes usable as each one lands.
 */
export async function runStartup(): Promise<void> {
  const support = load(supportLinkAtom, 'kf', async () => (await supportLink({ quiet: true })).kf);
  const socket = realtime.start().catch((error: unknown) => console.warn('[realtime] could not start', error));
  const rate = load(eurRateAtom, 'eurRate', () => eurRate({ quiet: true }));
  const coins = load(coinListAtom, 'coins', async () => (await coinList({ quiet: true })).legal);
  await Promise.all([support, socket, rate, coins, refreshAccount()]);
}
