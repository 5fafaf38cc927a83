/**
 * Runs the hall's sweep (service.ts: expiries and matching again) at start, which catches up
 * after downtime, and then every `everyMs`. Any number of processes may run it: one at a time
 * gets the round (an advisory lock), the others skip it. A failed round is logged and tried again.
 */
import { startRepeating, type Repeating } from '../../repeating';
import type { Outbox } from '../../outbox';
import { TradeNotices } from './outbox';
import type { Trading } from './service';

export type TradeSweeps = Repeating;

export function startTradeSweeps(
  trading: Trading,
  outbox: Outbox,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  { firstDelayMs = 0, everyMs = 15_000, record }: { firstDelayMs?: number; everyMs?: number; record?: (ok: boolean) => void } = {},
): TradeSweeps {
  return startRepeating(
    async () => {
      const notices = new TradeNotices();
      try {
        const report = await trading.sweep(notices);
        await outbox.deliver(notices.rows);
        if (report && report.expired + report.matched > 0) log.info({ trades: report }, 'trading: orders expired or matched');
      } catch (error) {
        log.error({ err: error }, 'trading sweep failed');
        return false;
      }
    },
    { firstDelayMs, everyMs, record },
  );
}
