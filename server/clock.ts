import fs from 'node:fs';

/** The current time, injected so tests can move it (code expiry, lockouts, session expiry). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * The system clock plus the seconds written in `file` (CLOCK_OFFSET_FILE: the browser suite moves
 * time forward to see trade orders expire). The file is read again every half second; a missing
 * or unreadable file counts as 0.
 */
export function offsetClock(file: string): { clock: Clock; stop(): void } {
  let offsetMs = 0;
  const read = () => {
    try {
      const seconds = Number(fs.readFileSync(file, 'utf8').trim());
      offsetMs = Number.isFinite(seconds) ? seconds * 1000 : 0;
    } catch {
      offsetMs = 0;
    }
  };
  read();
  const timer = setInterval(read, 500);
  timer.unref();
  return { clock: () => new Date(Date.now() + offsetMs), stop: () => clearInterval(timer) };
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/** Whole seconds from `now` until `later`, at least 1 while `later` is still ahead. */
export function secondsUntil(later: Date, now: Date): number {
  return Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));
}
