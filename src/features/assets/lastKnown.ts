/**
 * One account figure fetched for a screen, with the last-known copy for offline viewing
 * (ARCHITECTURE §5): the answer is kept per user on the device; when the call fails, the kept
 * copy is shown with its time instead ("offline, as of …"). Refreshes are quiet: the screen says
 * what went wrong itself, and a cached copy needs no error toast.
 */
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, isCancelled, type RequestOptions } from '../../api/client';
import type { Loaded } from '../../api/startup';
import { currentToken, userInfoAtom } from '../../storage/session';
import { cacheGet, cacheSet } from '../../storage/store';

export interface LastKnown<T> {
  data: Loaded<T> | null;
  loading: boolean;
  /** Why the last fetch failed, when there was no copy to show instead. */
  error: string | null;
  reload(): void;
}

/** The device cache key of one user's copy of `name`. */
export function lastKnownKey(name: string, userId: string | undefined): string {
  return `${name}:${userId ?? 'me'}`;
}

export function useLastKnown<T>(name: string, fetch: (options: RequestOptions) => Promise<T>): LastKnown<T> {
  const userId = useAtomValue(userInfoAtom)?.id;
  const key = lastKnownKey(name, userId);
  const [data, setData] = useState<Loaded<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;

  useEffect(() => {
    const controller = new AbortController();
    const token = currentToken();
    // An answer of an ended session, or of an unmounted screen, must not land.
    const current = () => !controller.signal.aborted && currentToken() === token;
    setLoading(true);
    setError(null);
    void (async () => {
      try {
        const value = await fetchRef.current({ signal: controller.signal, quiet: true });
        if (!current()) return;
        setData({ value, fetchedAt: Date.now(), cached: false });
        await cacheSet(key, value);
      } catch (failure) {
        if (isCancelled(failure) || !current()) return;
        const copy = await cacheGet<T>(key);
        if (!current()) return;
        if (copy) setData((shown) => (shown && !shown.cached ? shown : { value: copy.value, fetchedAt: copy.savedAt, cached: true }));
        else setError(isApiError(failure) ? failure.message : String(failure));
      } finally {
        if (current()) setLoading(false);
      }
    })();
    return () => controller.abort();
  }, [key, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, loading, error, reload };
}
