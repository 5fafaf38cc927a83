/**
 * "Hide balances": the eye on the balances card masks every balance on home and Me, for a phone
 * used in public. Kept on this device (localStorage), not in the account.
 */
import { atom } from 'jotai';

const KEY = 'tessera.hideBalances';

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

const hidden = atom(stored());

export const balancesHiddenAtom = atom(
  (get) => get(hidden),
  (_get, set, next: boolean) => {
    set(hidden, next);
    try {
      if (next) localStorage.setItem(KEY, '1');
      else localStorage.removeItem(KEY);
    } catch {
      // storage blocked: hidden for this visit only
    }
  },
);
