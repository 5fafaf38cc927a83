/**
 * What operators see of and do to a user's access (docs/api.md, "Operators"): whether the login
 * or the payment password is locked by wrong tries, the user's sessions, ending them, and lifting
 * the locks. Each change runs in one transaction with its audit row (subject `user:<id>`).
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { recordAudit, type AuditActor } from '../../ledger/audit';
import { lockKeyOfUser } from './login-keys';
import type { Lockout } from './lockout';
import type { Sessions } from './sessions';

/** A user's locks now: until when the login, and the payment password, stay locked (null: not locked). */
export interface UserLocks {
  loginLockedUntil: string | null;
  payPasswordLockedUntil: string | null;
}

export interface UserDeskDeps {
  db: Db;
  clock: Clock;
  sessions: Sessions;
  loginLockout: Lockout;
  payLockout: Lockout;
}

/**
 * The locks of several users in one statement. A user's login is counted under the account's own
 * key (login-keys.ts, `lockKeyOfUser`), whichever of their three login texts was typed.
 */
export async function userLocksOf(db: Db | Tx, userIds: readonly string[], now: Date): Promise<Map<string, UserLocks>> {
  if (userIds.length === 0) return new Map();
  const asked = JSON.stringify(userIds.map((id) => ({ user_id: id, login_key: lockKeyOfUser(id) })));
  const rows = await rowsOf<{ user_id: string; login: string | null; pay: string | null }>(
    db,
    sql`SELECT a.user_id::text,
          to_char(l.locked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS login,
          to_char(p.locked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS pay
        FROM json_to_recordset(${asked}::json) AS a(user_id uuid, login_key text)
        LEFT JOIN login_failures l ON l.login_key = a.login_key AND l.locked_until > ${now.toISOString()}::timestamptz
        LEFT JOIN pay_password_failures p ON p.user_id = a.user_id AND p.locked_until > ${now.toISOString()}::timestamptz`,
  );
  return new Map(rows.map((row) => [row.user_id, { loginLockedUntil: row.login, payPasswordLockedUntil: row.pay }]));
}

async function assertUser(tx: Tx, userId: string): Promise<void> {
  const [user] = await rowsOf<{ id: string }>(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  if (!user) throw new AppError('record.notFound', 404);
}

export function userDeskCalls({ db, clock, sessions, loginLockout, payLockout }: UserDeskDeps) {
  return {
    /** The user's locks now (none when not locked). */
    async locksOf(userIds: readonly string[]): Promise<Map<string, UserLocks>> {
      return userLocksOf(db, userIds, clock());
    },

    /** GET /ops/users/sessions. */
    sessionsOf: (userId: string, page: number, pageSize: number) => sessions.listOf(userId, page, pageSize),

    /**
     * POST /ops/users/sessions/end: one session of the user, or all of them; every process forgets
     * them once this commits, so the user's token answers 401 at once. Answers how many ended.
     */
    async endSessions(input: { userId: string; sessionId?: number; reason: string }, actor: AuditActor): Promise<{ userId: string; ended: number }> {
      return inTransaction(db, async (tx) => {
        await assertUser(tx, input.userId);
        const ended =
          input.sessionId === undefined ? await sessions.revokeAllOf(tx, input.userId) : await sessions.revokeOneOf(tx, input.userId, input.sessionId);
        await recordAudit(tx, actor, {
          action: 'user.endSessions',
          subject: `user:${input.userId}`,
          userId: input.userId,
          reason: input.reason,
          details: { sessionId: input.sessionId ?? 'all', ended },
        });
        return { userId: input.userId, ended };
      });
    },

    /**
     * POST /ops/users/lockout/lift: forgets the wrong tries of the user's login and payment
     * password, so both may be tried again at once. Answers the locks that were lifted.
     */
    async liftLockout(input: { userId: string; reason: string }, actor: AuditActor): Promise<{ userId: string } & UserLocks> {
      return inTransaction(db, async (tx) => {
        await assertUser(tx, input.userId);
        const before = (await userLocksOf(tx, [input.userId], actor.at)).get(input.userId) ?? { loginLockedUntil: null, payPasswordLockedUntil: null };
        await loginLockout.clear(tx, lockKeyOfUser(input.userId));
        await payLockout.clear(tx, input.userId);
        await recordAudit(tx, actor, { action: 'user.liftLockout', subject: `user:${input.userId}`, userId: input.userId, reason: input.reason, details: { ...before } });
        return { userId: input.userId, ...before };
      });
    },
  };
}
