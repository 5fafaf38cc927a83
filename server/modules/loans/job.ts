/**
 * Runs the LTV watch (watch.ts) at start and then at least every `everyMs` (a minute), and at
 * once when the reference rate or a threshold changes: every `pollMs` it reads those settings
 * (one small read) and starts a round when they differ from the last round's. Any number of
 * processes may run it: each loan is decided under its row lock, so a second process finds done
 * what the first did. A failed round is logged and tried again at the next.
 */
import { startRepeating, type Repeating } from '../../repeating';
import type { LoanWatch } from './watch';

export function startLoanWatch(
  watch: LoanWatch,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  { firstDelayMs = 0, pollMs = 2_000, everyMs = 60_000, record }: { firstDelayMs?: number; pollMs?: number; everyMs?: number; record?: (ok: boolean) => void } = {},
): Repeating {
  let lastTerms: string | null = null;
  let lastRound = 0;
  return startRepeating(
    async () => {
      try {
        const terms = await watch.termsText();
        if (terms === lastTerms && performance.now() - lastRound < everyMs) return;
        lastTerms = terms;
        lastRound = performance.now();
        const report = await watch.round();
        if (report.marginCalls + report.liquidated + report.failed > 0) log.info({ loans: report }, 'loans: margin calls sent or loans liquidated');
      } catch (error) {
        log.error({ err: error }, 'loans: LTV watch round failed');
        return false;
      }
    },
    { firstDelayMs, everyMs: pollMs, record },
  );
}
