/** Progress towards the next VIP level, in bigint minor units of USDT (never a float). */
import { parseAmount, toDecimalString } from '../../domain/money';

/** Whole percent of `done` towards `goal` (USDT decimal strings), cut, between 0 and 100. */
export function progressPercent(done: string, goal: string): number {
  const doneMinor = parseAmount(done, 'USDT') ?? 0n;
  const goalMinor = parseAmount(goal, 'USDT') ?? 0n;
  if (goalMinor <= 0n || doneMinor >= goalMinor) return 100;
  return Number((doneMinor * 100n) / goalMinor);
}

/** What is still missing to reach `goal`, as a USDT decimal string (never negative). */
export function remainingTo(done: string, goal: string): string {
  const left = (parseAmount(goal, 'USDT') ?? 0n) - (parseAmount(done, 'USDT') ?? 0n);
  return toDecimalString(left > 0n ? left : 0n, 'USDT');
}
