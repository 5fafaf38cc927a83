/**
 * The signed-in session: the token and the user's profile, in IndexedDB (survives reloads)
 * and mirrored in jotai atoms so the route guard and the API client can read them synchronously.
 * Call loadSession() once before the router renders.
 */
import { atom, getDefaultStore } from 'jotai';
import { SIGNED_IN_HINT_KEY, TOKEN_KEY, USER_INFO_KEY } from '../domain/constants';
import type { UserInfo } from '../domain/wire';
import { clearSession, getItem, setItem } from './store';

export const tokenAtom = atom<string | null>(null);
export const userInfoAtom = atom<UserInfo | null>(null);

const store = () => getDefaultStore();

/**
 * index.html's static shell shows the visitor's balance card unless this hint says someone is
 * signed in here (src/app/bootHint.ts); the session itself stays in IndexedDB.
 */
function hintSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // storage blocked: the shell shows the visitor's card, replaced at the first render
  }
}

export async function loadSession(): Promise<void> {
  const [token, userInfo] = await Promise.all([getItem<string>(TOKEN_KEY), getItem<UserInfo>(USER_INFO_KEY)]);
  store().set(tokenAtom, token);
  // A profile without a token belongs to an ended session; showing it would be misleading.
  store().set(userInfoAtom, token ? userInfo : null);
  hintSignedIn(token !== null);
}

/** The token, synchronously; null when signed out or before loadSession() finished. */
export function currentToken(): string | null {
  return store().get(tokenAtom);
}

/**
 * Keeps the token until the server's expiry (an ISO time from the login reply), so a reloaded
 * app never sends a token the server has already dropped.
 */
export async function saveToken(token: string, expiresAt: string): Promise<void> {
  const ttl = Date.parse(expiresAt) - Date.now();
  // An unparsable expiry is kept without one: the server's 401 ends the session anyway.
  await setItem(TOKEN_KEY, token, Number.isFinite(ttl) ? Math.max(ttl, 0) : undefined);
  store().set(tokenAtom, token);
  hintSignedIn(true);
}

export async function saveUserInfo(userInfo: UserInfo): Promise<void> {
  await setItem(USER_INFO_KEY, userInfo);
  store().set(userInfoAtom, userInfo);
}

/** Signs out on this device: atoms first, so the guard reacts even if IndexedDB is slow. */
export async function endSession(): Promise<void> {
  store().set(tokenAtom, null);
  store().set(userInfoAtom, null);
  hintSignedIn(false);
  await clearSession();
}
