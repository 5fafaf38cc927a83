/**
 * Resend waits of verification codes. The moment a new code may be asked for is kept per
 * purpose and address in a module-level atom, so the wait survives re-renders, leaving the
 * form and coming back, and switching between the phone and e-mail tabs.
 */
import { atom, getDefaultStore, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

/** Countdown key → epoch milliseconds when the wait is over. */
export const resendAtAtom = atom<Record<string, number>>({});

export function startCountdown(key: string, seconds: number, now: number = Date.now()): void {
  getDefaultStore().set(resendAtAtom, (all) => ({ ...all, [key]: now + seconds * 1000 }));
}

/** Whole seconds left, rounded up so "1 s" shows until the wait is really over. */
export function secondsLeft(resendAt: number | undefined, now: number): number {
  if (!resendAt) return 0;
  return Math.max(0, Math.ceil((resendAt - now) / 1000));
}

/** Seconds until another code may be asked for under `key`; ticks once a second while > 0. */
export function useCountdown(key: string): number {
  const resendAt = useAtomValue(resendAtAtom)[key];
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(resendAt, now);

  useEffect(() => {
    setNow(Date.now());
    if (!resendAt) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= resendAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [resendAt]);

  return left;
}
