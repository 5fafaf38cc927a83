/**
 * A round of scheduled work run at start (which catches up after downtime) and then every
 * `everyMs` after the previous round ended, never two at once in this process. `runNow` starts a
 * round at once, or joins the one under way (tests, and the operator console). The round
 * catches its own errors: a failed round is tried again at the next.
 */
export interface Repeating {
  stop(): void;
  runNow(): Promise<void>;
}

/**
 * `record` is told each round's result (the metrics' job runs and last success): a round says it
 * failed by resolving to false (rounds catch and log their own errors).
 */
export function startRepeating(
  round: () => Promise<void | false>,
  { firstDelayMs = 0, everyMs, record }: { firstDelayMs?: number; everyMs: number; record?: (ok: boolean) => void },
): Repeating {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  const runNow = () => {
    running ??= round()
      .then(
        (result) => record?.(result !== false),
        (error: unknown) => {
          record?.(false);
          throw error;
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => void runNow().then(() => schedule(everyMs)), delay);
    timer.unref();
  };
  schedule(firstDelayMs);
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
    runNow,
  };
}
