/**
 * The daily snapshot (docs/liabilities.md): each minute every process looks whether today's (UTC)
 * snapshot exists and, if not, takes it; the day is unique, so however many processes try, one
 * snapshot a day is made (the others find it taken, or stand down on the unique day). Taken
 * soon after 00:00 UTC, or at the first minute after a start that missed it. A snapshot the
 * ledger's own check does not confirm is kept unpublished and reported here, at error level.
 */
import type { Clock } from '../../clock';
import { startRepeating, type Repeating } from '../../repeating';
import type { Liabilities } from './snapshots';

export function startLiabilitySnapshots(
  liabilities: Liabilities,
  clock: Clock,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  { firstDelayMs = 30_000, everyMs = 60_000, record }: { firstDelayMs?: number; everyMs?: number; record?: (ok: boolean) => void } = {},
): Repeating {
  return startRepeating(
    async () => {
      try {
        const taken = await liabilities.take({ day: clock().toISOString().slice(0, 10) });
        if (!taken) return;
        if (taken.published) log.info({ snapshot: taken.id, leaves: taken.leafCount, totals: taken.totals }, 'liabilities: daily snapshot published');
        else {
          log.error({ snapshot: taken.id, problem: taken.problem }, 'liabilities: daily snapshot NOT published, the ledger does not confirm it');
          return false;
        }
      } catch (error) {
        log.error({ err: error }, 'liabilities: daily snapshot failed');
        return false;
      }
    },
    { firstDelayMs, everyMs, record },
  );
}
