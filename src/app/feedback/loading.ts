/**
 * The full-screen loading overlay. Counted, so overlapping operations keep it up until
 * the last one ends; the text is the latest caller's, "Loading" when none is given.
 */
import { atom, getDefaultStore } from 'jotai';

export interface LoadingState {
  count: number;
  text?: string;
}

export const loadingAtom = atom<LoadingState>({ count: 0 });

/** Shows the overlay while `work` runs and passes its result or error through. */
export async function withLoading<T>(work: Promise<T> | (() => Promise<T>), text?: string): Promise<T> {
  const store = getDefaultStore();
  store.set(loadingAtom, (state) => ({ count: state.count + 1, text }));
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    store.set(loadingAtom, (state) => ({ count: Math.max(0, state.count - 1), text: state.count > 1 ? state.text : undefined }));
  }
}
