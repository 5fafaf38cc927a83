/**
 * "Taken by": a second decision on a queue item (a deposit, a withdrawal, a merchant application,
 * a loan or its repayment, a news piece, a correction's proposal) is refused 409
 * `ops.alreadyDecided`, naming who decided it and when, so that the operator who lost the race
 * reads "already decided by alice at 2026-11-27 14:02 UTC". The decider comes from the row itself
 * (its operator and decision time, written with the decision under the row's lock); the refusal's
 * `data` carries the same for the console: `{ operator, operatorId, decidedAt, status }`.
 */
import { eq } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { operators } from './db/schema';
import { Refusal } from './errors';

/** Who decided a row, when, and what it is now; a null operator is the system (the LTV watch). */
export interface Decided {
  operatorId: string | null;
  at: Date | string | null;
  status: string;
}

/** "2026-11-27 14:02 UTC": the time in the message, the same in every language. */
export function decisionTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The refusal of a decision on a row someone already decided (`throw await alreadyDecided(…)`). */
export async function alreadyDecided(db: Db | Tx, decided: Decided): Promise<Refusal> {
  const [operator] = decided.operatorId
    ? await db.select({ username: operators.username }).from(operators).where(eq(operators.id, decided.operatorId)).limit(1)
    : [];
  const name = operator?.username ?? 'system';
  const at = decided.at === null ? null : new Date(decided.at);
  return new Refusal('ops.alreadyDecided', 409, {
    params: { operator: name, time: at ? decisionTime(at) : '—' },
    data: { operator: name, operatorId: decided.operatorId, decidedAt: at?.toISOString() ?? null, status: decided.status },
  });
}
