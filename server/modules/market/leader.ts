/**
 * Work that must run in one server process of a cluster at a time (the market feed: two processes
 * reading the same exchange stream would record every trade twice). On PostgreSQL the process
 * that holds a session advisory lock on a connection of its own runs it; the others try again
 * every `retryMs`. When the holder stops or its connection is lost (the process died, the network
 * broke), PostgreSQL releases the lock and the next try of another process takes over. A lost
 * connection is noticed by a query every `heartbeatMs`, so the holder stops its work before
 * another can start it. On the embedded PGlite there is one process: it simply runs the work.
 */
import pg from 'pg';

/** The advisory lock of the market feed (distinct from the trading sweep's TRADE_JOB_LOCK). */
export const MARKET_FEED_LOCK = 0x4d4b5446;

export interface Leadership {
  /** True while this process runs the work. */
  readonly leading: boolean;
  /** Stops the work (if running), releases the lock and stops trying. */
  stop(): Promise<void>;
}

export interface LeadOptions {
  /** PostgreSQL URL; null: the embedded database, one process, so the work runs at once. */
  url: string | null;
  lockKey: number;
  /** Starts the work; returns how to stop it. */
  start: () => () => void;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  retryMs?: number;
  heartbeatMs?: number;
}

export function leadOnce({ url, lockKey, start, log, retryMs = 5000, heartbeatMs = 5000 }: LeadOptions): Leadership {
  let stopped = false;
  let stopWork: (() => void) | null = null;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  if (url === null) {
    stopWork = start();
    return {
      get leading() {
        return stopWork !== null;
      },
      stop: async () => {
        stopWork?.();
        stopWork = null;
      },
    };
  }

  const resign = () => {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    if (stopWork) {
      stopWork();
      stopWork = null;
      log.warn({ lockKey }, 'no longer running the once-per-cluster work');
    }
  };

  const dropClient = () => {
    const old = client;
    client = null;
    if (old) void old.end().catch(() => undefined);
  };

  const later = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void attempt();
    }, retryMs);
    retry.unref();
  };

  /** The connection broke: whatever it held is gone, so the work stops and another try follows. */
  const lost = (own: pg.Client) => {
    if (client !== own) return;
    resign();
    dropClient();
    later();
  };

  async function attempt(): Promise<void> {
    if (stopped) return;
    const own = new pg.Client({ connectionString: url!, keepAlive: true, application_name: 'tessera-leader' });
    client = own;
    own.on('error', () => lost(own));
    own.on('end', () => lost(own));
    try {
      await own.connect();
      const { rows } = await own.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS got', [lockKey]);
      if (stopped || client !== own) return void own.end().catch(() => undefined);
      if (!rows[0]?.got) {
        dropClient();
        return later();
      }
      log.info({ lockKey }, 'running the once-per-cluster work in this process');
      stopWork = start();
      heartbeat = setInterval(() => {
        own.query('SELECT 1').catch(() => lost(own));
      }, heartbeatMs);
      heartbeat.unref();
    } catch {
      lost(own);
    }
  }

  void attempt();
  return {
    get leading() {
      return stopWork !== null;
    },
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
      resign();
      const own = client;
      client = null;
      // Ending the session releases the advisory lock.
      if (own) await own.end().catch(() => undefined);
    },
  };
}
