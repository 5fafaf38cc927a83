/**
 * Runs the pledge payout round (service.ts: every due day paid once, then maturities) at start,
 * which catches up after downtime, and then every `everyMs`. Any number of processes may run
 * it: they take turns on an advisory lock and find done what another did. A failed round is
 * logged and tried again at the next.
 */
import { startRepeating, type Repeating } from '../../repeating';
import type { Pledge } from './service';

export function startPledgePayouts(
  pledge: Pledge,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  { firstDelayMs = 0, everyMs = 15_000, record }: { firstDelayMs?: number; everyMs?: number; record?: (ok: boolean) => void } = {},
): Repeating {
  return startRepeating(
    async () => {
      try {
        const report = await pledge.runDue();
        if (report.paid + report.matured > 0) log.info({ pledge: report }, 'pledge: interest paid or orders matured');
      } catch (error) {
        log.error({ err: error }, 'pledge payout round failed');
        return false;
      }
    },
    { firstDelayMs, everyMs, record },
  );
}
