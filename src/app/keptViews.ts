/**
 * Keep-alive of the tab views: /home, /market, /order and /mine keep
 * their state (scroll, filled fields, loaded lists) while the user is elsewhere. When a session
 * ends the kept views belong to someone who is gone, so they are dropped.
 */
import { atom, getDefaultStore } from 'jotai';

/** Tab paths visited in this session, in the order first visited. */
export const visitedTabsAtom = atom<string[]>([]);
/** Bumped when the session ends; part of each kept view's key, so all of them remount. */
export const keptViewsEpochAtom = atom(0);

export function dropKeptViews(): void {
  const store = getDefaultStore();
  store.set(visitedTabsAtom, []);
  store.set(keptViewsEpochAtom, (epoch) => epoch + 1);
}
