/**
 * Login sessions: an opaque random token given to the client once; the server keeps only its
 * sha-256, an expiry and a revocation time. Live sessions recently checked are remembered by the
 * process (session-cache.ts); ending a session tells every process at once.
 */
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { SESSIONS_LISTED_MAX } from '../../../src/domain/devices';
import { AppError } from '../../../src/domain/errors';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { pageOf } from '../../db/pages';
import { rowsOf } from '../../db/rows';
import { sessions } from '../../db/schema';
import { newSessionToken, tokenDigest } from '../../security/tokens';
import { NO_SESSION_CACHE, SESSIONS_ENDED, type SessionCache } from './session-cache';

/** The signed-in person behind a request. */
export interface Viewer {
  userId: string;
  sessionId: number;
}

export interface OpenedSession {
  token: string;
  expiresAt: string;
}

/** Where a sign-in came from: the browser's User-Agent and the client's address (request.ip). */
export interface SignInOrigin {
  userAgent: string | null;
  ip: string | null;
}

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions(db: Db, clock: Clock, ttlHours: number, cache: SessionCache = NO_SESSION_CACHE) {
  // Every signed-in request runs this: built once, and a named statement on PostgreSQL, parsed
  // and planned once per pool connection instead of once per request.
  const byToken = db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token');

  /** Revokes the live sessions `which` selects and tells every process which ones ended; answers how many. */
  async function endSessions(tx: Db | Tx, which: SQL): Promise<number> {
    const [ended] = await rowsOf<{ ended: string }>(
      tx,
      sql`WITH ended AS (UPDATE sessions SET revoked_at = ${clock().toISOString()}::timestamptz WHERE ${which} AND revoked_at IS NULL RETURNING id)
          SELECT count(*)::text AS ended, pg_notify(${SESSIONS_ENDED}, string_agg(id::text, ',')) FROM ended HAVING count(*) > 0`,
    );
    return Number(ended?.ended ?? 0);
  }

  return {
    /** Opens a session of the user (in `tx` when given) and gives its token, once. */
    async open(userId: string, origin: SignInOrigin, tx: Db | Tx = db): Promise<OpenedSession & { id: number }> {
      const token = newSessionToken();
      const now = clock();
      const expiresAt = addSeconds(now, ttlHours * 3600);
      const [opened] = await tx
        .insert(sessions)
        .values({ tokenHash: tokenDigest(token), userId, expiresAt, createdAt: now, userAgent: origin.userAgent?.slice(0, 300) ?? null, ip: origin.ip })
        .returning({ id: sessions.id });
      return { token, expiresAt: expiresAt.toISOString(), id: opened.id };
    },

    /** 401 session.required for no or an unknown token; 401 session.gone for an ended one. */
    async authenticate(token: string | null): Promise<Viewer> {
      if (!token) throw new AppError('session.required', 401);
      const tokenHash = tokenDigest(token);
      const cached = cache.get(tokenHash);
      if (cached) {
        if (cached.expiresAt <= clock()) throw new AppError('session.gone', 401);
        return { userId: cached.userId, sessionId: cached.sessionId };
      }
      const mark = cache.mark();
      const [session] = await byToken.execute({ tokenHash });
      if (!session) throw new AppError('session.required', 401);
      if (session.revokedAt || session.expiresAt <= clock()) throw new AppError('session.gone', 401);
      cache.remember(tokenHash, { sessionId: session.id, userId: session.userId, expiresAt: session.expiresAt }, mark);
      return { userId: session.userId, sessionId: session.id };
    },

    /** Which of these sessions are still live (not ended, not expired): the sockets of the others leave their rooms. */
    async openOf(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`SELECT id::text FROM sessions WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) AND revoked_at IS NULL AND expires_at > ${clock().toISOString()}::timestamptz`,
      );
      return new Set(rows.map((row) => Number(row.id)));
    },

    async revoke(sessionId: number): Promise<void> {
      await endSessions(db, sql`id = ${sessionId}`);
      cache.forgetSessions([sessionId]);
    },

    /** Ends every live session of a user, except the one making the request when given; answers how many ended. */
    async revokeAllOf(tx: Db | Tx, userId: string, keepSessionId?: number): Promise<number> {
      const ended = await endSessions(tx, keepSessionId === undefined ? sql`user_id = ${userId}` : sql`user_id = ${userId} AND id <> ${keepSessionId}`);
      // Here at once; in every process (this one too) again when the transaction commits, in
      // case a request remembered one of them meanwhile.
      cache.forgetUser(userId);
      return ended;
    },

    /** Ends one session of a user (an operator's call): 1 when it was live, 0 when it had ended or is not theirs. */
    async revokeOneOf(tx: Db | Tx, userId: string, sessionId: number): Promise<number> {
      const ended = await endSessions(tx, sql`user_id = ${userId} AND id = ${sessionId}`);
      cache.forgetSessions([sessionId]);
      return ended;
    },

    /**
     * The user's live sessions, `current` first and then the newest (SESSIONS_LISTED_MAX in all),
     * and how many are live: when each began and ends, where it was opened from. Never the token's hash.
     */
    async liveOf(userId: string, current: number) {
      const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock()));
      const [list, [{ total }]] = await Promise.all([
        db
          .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent, ip: sessions.ip })
          .from(sessions)
          .where(live)
          .orderBy(sql`${sessions.id} = ${current} DESC`, desc(sessions.id))
          .limit(SESSIONS_LISTED_MAX),
        db.select({ total: count() }).from(sessions).where(live),
      ]);
      return { list, total: Number(total) };
    },

    /** A user's sessions for the operators, newest first: when each began and ends, whether it was ended, the browser that opened it. Never the token's hash. */
    listOf(userId: string, page: number, pageSize: number) {
      const now = clock();
      const where = eq(sessions.userId, userId);
      return pageOf(
        { page, pageSize },
        (limit, offset) =>
          db
            .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt, userAgent: sessions.userAgent })
            .from(sessions)
            .where(where)
            .orderBy(desc(sessions.id))
            .limit(limit)
            .offset(offset),
        () => db.select({ total: count() }).from(sessions).where(where),
        (row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          revokedAt: row.revokedAt?.toISOString() ?? null,
          live: row.revokedAt === null && row.expiresAt > now,
          userAgent: row.userAgent,
        }),
      );
    },
  };
}
