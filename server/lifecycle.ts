/**
 * A process's way out (docs/operations.md, "Restarts that lose nothing"). On SIGTERM main.ts
 * first drains: GET /api/health answers 503, so that a balancer stops sending new work here, while
 * everything sent meanwhile is still served; after SHUTDOWN_DRAIN_SECONDS it closes: a request
 * arriving on a connection still open is answered 503 with Retry-After (safe to send again, to
 * another process, with the same Idempotency-Key), the requests in flight — money calls included —
 * finish, the jobs stop where a round ends (another process's round takes over), sockets are
 * dropped as lost connections (their clients reconnect, through the balancer, to another
 * process), and the database pool closes.
 */
export type Phase = 'serving' | 'draining' | 'closing';

export interface Lifecycle {
  readonly phase: Phase;
  /** Readiness turns false; requests are still served. */
  drain(): void;
  /** New requests are refused with 503 and Retry-After; those in flight finish. */
  close(): void;
}

export function createLifecycle(): Lifecycle {
  let phase: Phase = 'serving';
  return {
    get phase() {
      return phase;
    },
    drain() {
      if (phase === 'serving') phase = 'draining';
    },
    close() {
      phase = 'closing';
    },
  };
}
