/**
 * Verification codes (docs/api.md): six digits from crypto.randomInt, stored as an HMAC with the
 * server's pepper, valid 10 minutes, dead after 5 tries, one send per target and purpose per
 * 60 seconds. Only the newest code of a target and purpose counts.
 */
import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { CODE_LENGTH, CODE_MAX_TRIES, CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from '../../../src/domain/constants';
import type { Locale } from '../../../src/domain/locales';
import type { CodePurpose } from '../../../src/domain/validation';
import type { SendCodeReply } from '../../../src/domain/wire';
import { addSeconds, secondsUntil, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { users, verificationCodes } from '../../db/schema';
import { Refusal, waitRefusal } from '../../errors';
import { codeMail, codeSms, type Mailer } from '../mailer';
import type { SmsProvider } from '../sms';

export type CodeChannel = 'sms' | 'email';

export interface CodeTarget {
  channel: CodeChannel;
  /** E.164 phone number or lower-cased e-mail address. */
  target: string;
  purpose: CodePurpose;
}

export interface CodesDeps {
  db: Db;
  clock: Clock;
  pepper: string;
  mailer: Mailer;
  sms: SmsProvider;
  log: { error(obj: object, msg: string): void };
}

export type Codes = ReturnType<typeof createCodes>;

/** First key of the two-key advisory locks taken while sending codes. */
const CODE_LOCK_SPACE = 7_301_002;

export function createCodes({ db, clock, pepper, mailer, sms, log }: CodesDeps) {
  const digest = (to: CodeTarget, code: string) =>
    crypto.createHmac('sha256', pepper).update(`${to.channel}\n${to.target}\n${to.purpose}\n${code}`).digest();

  const newest = (tx: Db | Tx, to: CodeTarget) =>
    tx
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.channel, to.channel),
          eq(verificationCodes.target, to.target),
          eq(verificationCodes.purpose, to.purpose),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1)
      .then((rows) => rows[0]);

  async function accountHolds(to: CodeTarget): Promise<boolean> {
    const column = to.channel === 'sms' ? users.phone : users.email;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(column, to.target)).limit(1);
    return Boolean(row);
  }

  async function deliver(to: CodeTarget, code: string, locale: Locale): Promise<void> {
    const minutes = CODE_TTL_SECONDS / 60;
    if (to.channel === 'sms') await sms.send(to.target, codeSms(locale, code, minutes));
    else await mailer.send({ to: to.target, ...codeMail(locale, to.purpose, code, minutes) });
  }

  return {
    async send(to: CodeTarget, locale: Locale): Promise<SendCodeReply> {
      const now = clock();
      // A lasting refusal comes before a passing one: waiting would not help.
      const taken = await accountHolds(to);
      const field = to.channel === 'sms' ? 'phone' : 'email';
      if (taken && (to.purpose === 'register' || to.purpose === 'bind')) throw new Refusal('account.exists', 409, { field });
      const code = crypto.randomInt(0, 10 ** CODE_LENGTH).toString().padStart(CODE_LENGTH, '0');
      const row = await db.transaction(async (tx) => {
        // Two sends racing for one target must not both pass the wait.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${CODE_LOCK_SPACE}, hashtext(${`${to.channel}:${to.target}:${to.purpose}`}))`);
        const last = await newest(tx, to);
        if (last) {
          const nextAllowed = addSeconds(last.createdAt, CODE_RESEND_SECONDS);
          if (nextAllowed > now) throw waitRefusal('code.resendWait', secondsUntil(nextAllowed, now));
        }
        const [inserted] = await tx
          .insert(verificationCodes)
          .values({ ...to, codeHash: digest(to, code), expiresAt: addSeconds(now, CODE_TTL_SECONDS), createdAt: now })
          .returning({ id: verificationCodes.id });
        return inserted;
      });
      // A reset for an unknown target is recorded like any other (same wait, same reply) but
      // nothing is sent: the reply must not tell whether an account exists.
      if (to.purpose === 'reset' && !taken) return { retryAfter: CODE_RESEND_SECONDS };
      try {
        await deliver(to, code, locale);
      } catch (error) {
        log.error({ err: error, channel: to.channel }, 'verification code could not be sent');
        // Nothing went out, so the wait must not apply.
        await db.delete(verificationCodes).where(eq(verificationCodes.id, row.id));
        throw new Refusal('code.sendFailed', 502, { field });
      }
      return { retryAfter: CODE_RESEND_SECONDS };
    },

    /**
     * Checks a code typed by the user and returns its id for consume(). Each check spends one
     * of the tries before comparing, so parallel guesses cannot exceed the limit.
     */
    async check(to: CodeTarget, code: string): Promise<number> {
      const now = clock();
      const last = await newest(db, to);
      if (!last || last.consumedAt) throw new Refusal('code.wrong', 400, { field: 'code' });
      if (last.attempts >= CODE_MAX_TRIES) throw new Refusal('code.tooManyTries', 400, { field: 'code' });
      if (last.expiresAt <= now) throw new Refusal('code.expired', 400, { field: 'code' });
      const [spent] = await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(and(eq(verificationCodes.id, last.id), sql`${verificationCodes.attempts} < ${CODE_MAX_TRIES}`))
        .returning({ attempts: verificationCodes.attempts });
      if (!spent) throw new Refusal('code.tooManyTries', 400, { field: 'code' });
      if (!crypto.timingSafeEqual(last.codeHash, digest(to, code))) {
        throw new Refusal(spent.attempts >= CODE_MAX_TRIES ? 'code.tooManyTries' : 'code.wrong', 400, { field: 'code' });
      }
      return last.id;
    },

    /** Marks a checked code used, in the transaction of the action it allowed; once only. */
    async consume(tx: Db | Tx, codeId: number): Promise<void> {
      const [used] = await tx
        .update(verificationCodes)
        .set({ consumedAt: clock() })
        .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      if (!used) throw new Refusal('code.wrong', 400, { field: 'code' });
    },
  };
}

/** Where a phone or e-mail form sends its code. */
export function targetOf(input: { phone: string } | { email: string }, purpose: CodePurpose): CodeTarget {
  return 'phone' in input
    ? { channel: 'sms', target: input.phone, purpose }
    : { channel: 'email', target: input.email, purpose };
}

