/**
 * Money transactions run under READ COMMITTED with row locks taken by the postings themselves.
 * Two transactions that lock the same two accounts in opposite order can deadlock; PostgreSQL
 * then aborts one of them, and running it again from the start is safe because nothing of it
 * was committed. The retry waits a short random while first: transactions that collided and
 * retried in lockstep would collide again.
 */
import type { Db, Tx } from './client';

const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 6;
/** The longest wait before a retry grows with each attempt: up to 10 ms, 20 ms, … */
const BACKOFF_MS = 10;

export function isRetryable(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code && RETRYABLE.has(e.code)) return true;
  }
  return false;
}

export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * BACKOFF_MS * attempt));
    }
  }
}
