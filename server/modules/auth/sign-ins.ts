/**
 * The sign-ins of each account, right and refused, kept SIGN_INS_KEPT_DAYS (housekeeping.ts
 * forgets older ones): when, from which address and browser, how it ended, and whether it came
 * from a new device — one whose browser and system (without versions, user-agent.ts) no
 * successful sign-in of the account had in that time. The first sign-in the account has on record
 * is not called new: it is the one right after sign-up, or the first since the record began.
 * A try at a login name no account has is recorded nowhere.
 */
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { SIGN_INS_KEPT_DAYS, type SignIn, type SignInOutcome } from '../../../src/domain/devices';
import { deviceKeyOf, deviceOf } from '../../../src/domain/user-agent';
import type { Page } from '../../../src/domain/wire';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { pageOf } from '../../db/pages';
import { rowsOf } from '../../db/rows';
import { signIns } from '../../db/schema';
import type { SignInOrigin } from './sessions';

export interface SignInEntry {
  userId: string;
  outcome: SignInOutcome;
  origin: SignInOrigin;
  /** The session a successful sign-in opened. */
  sessionId?: number;
}

export type SignIns = ReturnType<typeof createSignIns>;

export function createSignIns(db: Db, clock: Clock) {
  const keptSince = () => addSeconds(clock(), -SIGN_INS_KEPT_DAYS * 24 * 3600);

  return {
    /** Records one sign-in in `tx` (the transaction of its outcome); answers whether it came from a new device. */
    async record(tx: Db | Tx, { userId, outcome, origin, sessionId }: SignInEntry): Promise<{ newDevice: boolean }> {
      const device = deviceKeyOf(origin.userAgent);
      const since = sql`${keptSince().toISOString()}::timestamptz`;
      const known = (sameDevice: boolean) =>
        sql`EXISTS (SELECT 1 FROM sign_ins WHERE user_id = ${userId}::uuid AND outcome = 'ok' AND at >= ${since}${sameDevice ? sql` AND device = ${device}` : sql``})`;
      const [row] = await rowsOf<{ new_device: boolean }>(
        tx,
        sql`INSERT INTO sign_ins (user_id, at, outcome, ip, user_agent, device, new_device, session_id)
            SELECT ${userId}::uuid, ${clock().toISOString()}::timestamptz, ${outcome}, ${origin.ip}::text, ${origin.userAgent?.slice(0, 300) ?? null}::text, ${device},
                   ${known(false)} AND NOT ${known(true)}, ${sessionId ?? null}::bigint
            RETURNING new_device`,
      );
      return { newDevice: row.new_device };
    },

    /** The user's sign-ins of the kept days, newest first. */
    pageOf(userId: string, page: number, pageSize: number): Promise<Page<SignIn>> {
      const where = and(eq(signIns.userId, userId), gte(signIns.at, keptSince()));
      return pageOf(
        { page, pageSize },
        (limit, offset) =>
          db
            .select({ id: signIns.id, at: signIns.at, outcome: signIns.outcome, ip: signIns.ip, userAgent: signIns.userAgent, newDevice: signIns.newDevice })
            .from(signIns)
            .where(where)
            .orderBy(desc(signIns.id))
            .limit(limit)
            .offset(offset),
        () => db.select({ total: count() }).from(signIns).where(where),
        (row) => ({ id: row.id, at: row.at.toISOString(), outcome: row.outcome, ip: row.ip, device: deviceOf(row.userAgent), newDevice: row.newDevice }),
      );
    },
  };
}
