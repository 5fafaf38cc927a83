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

export function startRepeating(round: () => Promise<void>, { firstDelayMs = 0, everyMs }: { firstDelayMs?: number; everyMs: number }): Repeating {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  const runNow = () => {
    running ??= round().finally(() => {
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
