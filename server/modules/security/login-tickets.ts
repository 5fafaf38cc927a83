/**
 * A sign-in in two steps (docs/security.md): the right password of an account with a second
 * factor opens no session; it gives a ticket (32 random bytes, only its sha-256 kept) that the
 * same client redeems within five minutes with the second factor. The ticket is not a session:
 * no call, socket room or money route takes it. Wrong codes count against the user's
 * second-factor lock; the ticket ends when a code was right, when it expired, or when the
 * account's password or second factor changed meanwhile (every session ending ends it too).
 */
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { SecondFactorProof } from '../../../src/domain/validation';
import { addSeconds, type Clock } from '../../clock';
import type { Db } from '../../db/client';
import { loginTickets } from '../../db/schema';
import { AppError } from '../../../src/domain/errors';
import { newSessionToken, tokenDigest } from '../../security/tokens';
import type { SecondFactor, SecondFactorMethod } from './second-factor';
import type { SignInOrigin } from '../auth';
import { LOGIN_TICKET_SECONDS } from '../../../src/domain/security';

export interface LoginTicket {
  ticket: string;
  expiresAt: string;
  methods: SecondFactorMethod[];
}

export type LoginTickets = ReturnType<typeof createLoginTickets>;

export function createLoginTickets(db: Db, clock: Clock, secondFactor: SecondFactor) {
  return {
    async issue(userId: string, origin: SignInOrigin): Promise<LoginTicket> {
      const ticket = newSessionToken();
      const now = clock();
      const expiresAt = addSeconds(now, LOGIN_TICKET_SECONDS);
      // Old tickets go: a table that only grows would be read by every redemption.
      await db.delete(loginTickets).where(lt(loginTickets.expiresAt, now));
      await db.insert(loginTickets).values({ ticketHash: tokenDigest(ticket), userId, userAgent: origin.userAgent?.slice(0, 300) ?? null, ip: origin.ip, expiresAt });
      return { ticket, expiresAt: expiresAt.toISOString(), methods: await secondFactor.methodsOf(db, userId) };
    },

    /** The user of a live ticket (its second step's passkey options are that account's); 401 loginTicket.gone otherwise. */
    async userOf(ticket: string): Promise<string> {
      const [row] = await db
        .select({ userId: loginTickets.userId })
        .from(loginTickets)
        .where(and(eq(loginTickets.ticketHash, tokenDigest(ticket)), isNull(loginTickets.usedAt), gt(loginTickets.expiresAt, clock())))
        .limit(1);
      if (!row) throw new AppError('loginTicket.gone', 401);
      return row.userId;
    },

    /**
     * The second step: the ticket's user and where the password came from when the proof is
     * right (the ticket is then spent, in the same transaction as the code's step or the recovery
     * code), or the refusal of a wrong or locked try. 401 loginTicket.gone (thrown) for an
     * unknown, used or expired ticket.
     */
    async redeem(ticket: string, proof: SecondFactorProof): Promise<{ userId: string; origin: SignInOrigin } | { userId: string; origin: SignInOrigin; refusal: Error }> {
      const hash = tokenDigest(ticket);
      const [row] = await db
        .select({ userId: loginTickets.userId, userAgent: loginTickets.userAgent, ip: loginTickets.ip })
        .from(loginTickets)
        .where(and(eq(loginTickets.ticketHash, hash), isNull(loginTickets.usedAt), gt(loginTickets.expiresAt, clock())))
        .limit(1);
      if (!row) throw new AppError('loginTicket.gone', 401);
      const outcome = await secondFactor.tryInOwn(row.userId, async (tx) => {
        const spent = await tx
          .update(loginTickets)
          .set({ usedAt: clock() })
          .where(and(eq(loginTickets.ticketHash, hash), isNull(loginTickets.usedAt)))
          .returning({ userId: loginTickets.userId });
        // Redeemed meanwhile by a parallel request with another right code.
        if (spent.length !== 1) throw new AppError('loginTicket.gone', 401);
      }, proof);
      const origin = { userAgent: row.userAgent, ip: row.ip };
      return outcome ? { userId: row.userId, origin, refusal: outcome } : { userId: row.userId, origin };
    },
  };
}
