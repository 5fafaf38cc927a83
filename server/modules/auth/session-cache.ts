/**
 * The live sessions this process has recently checked, so that a signed-in request does not
 * need a database round trip just to learn who it is (half of the round trips of a screen's read).
 *
 * It is only used while it can be told about every session that ends, whichever process ends it:
 * ending a session (logout, password change or reset) sends a NOTIFY on SESSIONS_ENDED in the
 * same statement, PostgreSQL delivers it to every process's LISTEN connection once committed, and
 * each evicts those sessions. The process that ends sessions also evicts them at once. While the
 * LISTEN connection is down (or on PGlite, which has no other process to hear from) nothing is
 * cached and every request reads its session, as before. Expiry is checked at every use against
 * the stored expiry; an entry older than MAX_AGE_MS is read again anyway.
 */
import type { Listen } from '../../db/client';

/** The NOTIFY channel; payload: the ended sessions' ids, comma-separated. */
export const SESSIONS_ENDED = 'tessera_sessions_ended';
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 50_000;

export interface CachedSession {
  sessionId: number;
  userId: string;
  expiresAt: Date;
}

export interface SessionCache {
  get(tokenHash: Buffer): CachedSession | null;
  /**
   * A mark to take before reading a session from the database, handed back to `remember`: if any
   * session ended (here or in another process) between the two, the read may predate it and is
   * not remembered.
   */
  mark(): number;
  /** Remembers a live session read from the database since `mark` (ignored while not listening). */
  remember(tokenHash: Buffer, session: CachedSession, mark: number): void;
  forgetSessions(ids: Iterable<number>): void;
  forgetUser(userId: string): void;
  /** Stops listening (app close). */
  close(): Promise<void>;
}

interface Entry extends CachedSession {
  key: string;
  storedAt: number;
}

/** No cache: every request reads its session. */
export const NO_SESSION_CACHE: SessionCache = {
  get: () => null,
  mark: () => 0,
  remember: () => undefined,
  forgetSessions: () => undefined,
  forgetUser: () => undefined,
  close: async () => undefined,
};

export async function createSessionCache(listen: Listen | undefined, onListenError: (error: unknown) => void): Promise<SessionCache> {
  if (!listen) return NO_SESSION_CACHE;
  const byToken = new Map<string, Entry>();
  const byId = new Map<number, Entry>();
  let listening = false;
  /** Counts every ending heard of (and every reset): a read older than the last one is not kept. */
  let endings = 0;

  const drop = (entry: Entry) => {
    byToken.delete(entry.key);
    byId.delete(entry.sessionId);
  };
  const clear = () => {
    byToken.clear();
    byId.clear();
  };

  let stop: () => Promise<void> = async () => undefined;
  try {
    stop = await listen(
      SESSIONS_ENDED,
      (payload) => {
        endings++;
        for (const part of payload.split(',')) {
          const entry = byId.get(Number(part));
          if (entry) drop(entry);
        }
      },
      (state) => {
        // Whatever was missed while not listening: start again from nothing.
        endings++;
        clear();
        listening = state;
      },
    );
  } catch (error) {
    onListenError(error);
  }

  return {
    get(tokenHash) {
      if (!listening) return null;
      const entry = byToken.get(tokenHash.toString('base64'));
      if (!entry) return null;
      if (performance.now() - entry.storedAt > MAX_AGE_MS) {
        drop(entry);
        return null;
      }
      return entry;
    },
    mark() {
      return endings;
    },
    remember(tokenHash, session, mark) {
      if (!listening || mark !== endings) return;
      if (byToken.size >= MAX_ENTRIES) {
        // The oldest entry (a Map keeps insertion order).
        const oldest = byToken.values().next().value;
        if (oldest) drop(oldest);
      }
      const entry: Entry = { ...session, key: tokenHash.toString('base64'), storedAt: performance.now() };
      const previous = byId.get(entry.sessionId);
      if (previous) drop(previous);
      byToken.set(entry.key, entry);
      byId.set(entry.sessionId, entry);
    },
    forgetSessions(ids) {
      endings++;
      for (const id of ids) {
        const entry = byId.get(id);
        if (entry) drop(entry);
      }
    },
    forgetUser(userId) {
      endings++;
      for (const entry of [...byId.values()]) if (entry.userId === userId) drop(entry);
    },
    async close() {
      listening = false;
      endings++;
      clear();
      await stop();
    },
  };
}
