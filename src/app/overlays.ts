/**
 * How many sheets, popups and dialogs are open. The floating support button steps aside while
 * any is: it would otherwise sit above the sheet's own controls (it lives in the shell, above
 * the screen the sheet belongs to).
 */
import { atom, getDefaultStore } from 'jotai';
import { useEffect } from 'react';

export const openOverlaysAtom = atom(0);

/** Counts this overlay as open while `opened` is true. */
export function useOverlay(opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    const store = getDefaultStore();
    store.set(openOverlaysAtom, (count) => count + 1);
    return () => store.set(openOverlaysAtom, (count) => count - 1);
  }, [opened]);
}
