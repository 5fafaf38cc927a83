/** The current time, injected so tests can move it (code expiry, lockouts, session expiry). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/** Whole seconds from `now` until `later`, at least 1 while `later` is still ahead. */
export function secondsUntil(later: Date, now: Date): number {
  return Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));
}
