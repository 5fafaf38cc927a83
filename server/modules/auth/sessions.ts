/**
 * Login sessions: an opaque random token given to the client once; the server keeps only its
 * sha-256, an expiry and a revocation time.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import { newSessionToken, tokenDigest } from '../../security/tokens';

/** The signed-in person behind a request. */
export interface Viewer {
  userId: string;
  sessionId: number;
}

export interface OpenedSession {
  token: string;
  expiresAt: string;
}

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions(db: Db, clock: Clock, ttlHours: number) {
  return {
    async open(userId: string, userAgent: string | undefined): Promise<OpenedSession> {
      const token = newSessionToken();
      const now = clock();
      const expiresAt = addSeconds(now, ttlHours * 3600);
      await db.insert(sessions).values({
        tokenHash: tokenDigest(token),
        userId,
        expiresAt,
        createdAt: now,
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },

    /** 401 session.required for no or an unknown token; 401 session.gone for an ended one. */
    async authenticate(token: string | null): Promise<Viewer> {
      if (!token) throw new AppError('session.required', 401);
      const [session] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenDigest(token))).limit(1);
      if (!session) throw new AppError('session.required', 401);
      if (session.revokedAt || session.expiresAt <= clock()) throw new AppError('session.gone', 401);
      return { userId: session.userId, sessionId: session.id };
    },

    async revoke(sessionId: number): Promise<void> {
      await db.update(sessions).set({ revokedAt: clock() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Ends every live session of a user, except the one making the request when given. */
    async revokeAllOf(tx: Db | Tx, userId: string, keepSessionId?: number): Promise<void> {
      const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
      await tx
        .update(sessions)
        .set({ revokedAt: clock() })
        .where(keepSessionId === undefined ? live : and(live, ne(sessions.id, keepSessionId)));
    },
  };
}
