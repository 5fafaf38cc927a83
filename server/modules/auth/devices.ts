/**
 * A user's own devices and sign-ins (docs/api.md, "Security"): the live sessions with where each
 * was opened, this one marked; ending one of them or every other; the sign-ins of the kept days.
 * Sessions end through sessions.ts, which tells every process (and the sockets of those sessions
 * leave their rooms: realtime/sessions.ts).
 */
import type { AccountSessions, SessionsEnded, SignIn } from '../../../src/domain/devices';
import { deviceOf } from '../../../src/domain/user-agent';
import type { Page } from '../../../src/domain/wire';
import type { Db } from '../../db/client';
import { Refusal } from '../../errors';
import type { Sessions, Viewer } from './sessions';
import type { SignIns } from './sign-ins';

export interface DeviceDeps {
  db: Db;
  sessions: Sessions;
  signIns: SignIns;
}

export function deviceCalls({ db, sessions, signIns }: DeviceDeps) {
  return {
    async ownSessions(viewer: Viewer): Promise<AccountSessions> {
      const { list, total } = await sessions.liveOf(viewer.userId, viewer.sessionId);
      return {
        list: list.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          ip: row.ip,
          device: deviceOf(row.userAgent),
          current: row.id === viewer.sessionId,
        })),
        total,
      };
    },

    /** Ends one live session of the caller's (this one too: that is a logout); any other id is not found and ends nothing. */
    async endOwnSession(viewer: Viewer, sessionId: number): Promise<SessionsEnded> {
      const ended = await sessions.revokeOneOf(db, viewer.userId, sessionId);
      if (ended === 0) throw new Refusal('record.notFound', 404);
      return { ended };
    },

    /** Ends every live session of the caller's but the one making the request. */
    async endOwnOtherSessions(viewer: Viewer): Promise<SessionsEnded> {
      return { ended: await sessions.revokeAllOf(db, viewer.userId, viewer.sessionId) };
    },

    ownSignIns(viewer: Viewer, page: number, pageSize: number): Promise<Page<SignIn>> {
      return signIns.pageOf(viewer.userId, page, pageSize);
    },
  };
}
