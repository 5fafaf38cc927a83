/**
 * A security change (docs/security.md): the login or payment password, a contact, the second
 * factor, a passkey, the address book's lock, an operator's reset. Whoever made it may not be the
 * owner, so in the same transaction as the change itself: withdrawals pause for 24 hours (from
 * now, or later if a pause already runs longer), every other session of the account ends (its
 * sockets leave their rooms: auth/sessions.ts notifies every process), and the change is logged.
 * Once committed, the listeners (the alerts) are told.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { loginTickets, securityEvents, users } from '../../db/schema';
import { Refusal } from '../../errors';
import { fixedStatement } from '../../db/rows';
import type { Sessions } from '../auth';
import type { SecurityChangeKind } from '../../../src/domain/security';

export const WITHDRAWAL_PAUSE_HOURS = 24;

export type { SecurityChangeKind } from '../../../src/domain/security';

export interface SecurityChange {
  userId: string;
  kind: SecurityChangeKind;
  /** The session that made the change, which stays; none (a reset, an operator): every session ends. */
  keepSessionId?: number;
}

export interface RecordedChange extends SecurityChange {
  at: Date;
  pausedUntil: Date;
}

export type SecurityChanges = ReturnType<typeof createSecurityChanges>;

/** Until when withdrawals are paused (milliseconds since the epoch), when they are at the time given (db/rows.ts fixedStatement: read by every withdrawal). */
const PAUSED_UNTIL = fixedStatement<{ until: number }>(
  `SELECT floor(extract(epoch FROM withdrawals_paused_until) * 1000)::float8 AS until FROM users WHERE id = $1 AND withdrawals_paused_until > $2::timestamptz LIMIT 1`,
);

export function createSecurityChanges(db: Db, clock: Clock, sessions: Sessions) {
  const listeners: Array<(change: RecordedChange) => Promise<void> | void> = [];

  return {
    /** The change's consequences, inside the transaction that makes it. Call `announce` with the answer once it committed. */
    async record(tx: Tx, change: SecurityChange): Promise<RecordedChange> {
      const at = clock();
      const until = addSeconds(at, WITHDRAWAL_PAUSE_HOURS * 3600);
      const [row] = await tx
        .update(users)
        .set({ withdrawalsPausedUntil: sql`greatest(${users.withdrawalsPausedUntil}, ${until.toISOString()}::timestamptz)` })
        .where(eq(users.id, change.userId))
        .returning({ pausedUntil: users.withdrawalsPausedUntil });
      await tx.insert(securityEvents).values({ userId: change.userId, kind: change.kind, createdAt: at });
      // A sign-in half done (password right, second factor owed) ends too: the password may be the thief's.
      await tx.update(loginTickets).set({ usedAt: at }).where(and(eq(loginTickets.userId, change.userId), isNull(loginTickets.usedAt)));
      await sessions.revokeAllOf(tx, change.userId, change.keepSessionId);
      return { ...change, at, pausedUntil: row?.pausedUntil ?? until };
    },

    /** Tells the listeners (alerts) of a committed change; their failures are theirs to log. */
    async announce(change: RecordedChange): Promise<void> {
      await Promise.all(listeners.map(async (listener) => listener(change)));
    },

    /** Runs `work` and records the change in one transaction, then announces it. */
    async make<T>(change: SecurityChange, work: (tx: Tx) => Promise<T>): Promise<T> {
      let recorded: RecordedChange | undefined;
      const result = await db.transaction(async (tx) => {
        const value = await work(tx);
        recorded = await this.record(tx, change);
        return value;
      });
      if (recorded) await this.announce(recorded);
      return result;
    },

    onChange(listener: (change: RecordedChange) => Promise<void> | void): void {
      listeners.push(listener);
    },

    /** 403 withdraw.paused while a pause runs (read inside the withdrawal's transaction). */
    async assertWithdrawalsOpen(tx: Db | Tx, userId: string): Promise<void> {
      const now = clock();
      const [row] = await PAUSED_UNTIL(tx, [userId, now.toISOString()]);
      if (row) {
        const until = new Date(row.until);
        const hours = Math.ceil((until.getTime() - now.getTime()) / 3_600_000);
        throw new Refusal('withdraw.paused', 403, { params: { hours }, data: { until: until.toISOString() } });
      }
    },

    /** The account's pause and its last security changes, newest first, for the security centre. */
    async overview(userId: string): Promise<{ withdrawalsPausedUntil: string | null; changes: Array<{ kind: SecurityChangeKind; at: string }> }> {
      const [[row], events] = await Promise.all([
        db.select({ until: users.withdrawalsPausedUntil }).from(users).where(eq(users.id, userId)).limit(1),
        db.select().from(securityEvents).where(eq(securityEvents.userId, userId)).orderBy(desc(securityEvents.id)).limit(20),
      ]);
      const until = row?.until && row.until > clock() ? row.until.toISOString() : null;
      return { withdrawalsPausedUntil: until, changes: events.map((event) => ({ kind: event.kind as SecurityChangeKind, at: event.createdAt.toISOString() })) };
    },
  };
}
