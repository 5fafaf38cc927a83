/**
 * Accounts: registration, login and logout, password reset and change, payment password,
 * binding an e-mail address or a phone number. Login passwords are argon2id, payment passwords a
 * keyed hash (security/pay-passwords.ts); the answer to a failed
 * login never tells whether the account exists (login.failed for both).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../../src/domain/errors';
import { FALLBACK_LOCALE, isLocale, type Locale } from '../../../src/domain/locales';
import type * as forms from '../../../src/domain/validation';
import type { LoginReply, SessionReply } from '../../../src/domain/wire';
import { secondsUntil, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { fixedStatement, uniqueViolation } from '../../db/rows';
import { users, type User } from '../../db/schema';
import type { Gate } from '../../http/idempotency';
import { Refusal, waitRefusal } from '../../errors';
import { openUserAccounts } from '../../ledger/accounts';
import { hashPassword, prepareDecoy, verifyAgainstDecoy, verifyPassword } from '../../security/passwords';
import type { PayPasswords } from '../../security/pay-passwords';
import { targetOf, type Codes } from '../codes';
import { newInviteCode } from './invite-codes';
import { lockKeyOf, lockKeyOfUser, loginKeyOf, userMatching } from './login-keys';
import { refusalOf, type Lockout } from './lockout';
import type { ContactNotices } from './contact-notices';
import { deviceCalls } from './devices';
import { deviceOf } from '../../../src/domain/user-agent';
import type { OpenedSession, Sessions, SignInOrigin, Viewer } from './sessions';
import type { SignIns } from './sign-ins';
import { userDeskCalls } from './user-desk';
import type { Alerts, LoginTickets, RecordedChange, SecondFactor, SecurityChanges } from '../security';
import type { SecondFactorProof } from '../../../src/domain/validation';

export interface AccountsDeps {
  db: Db;
  clock: Clock;
  codes: Codes;
  sessions: Sessions;
  signIns: SignIns;
  loginLockout: Lockout;
  payLockout: Lockout;
  payPasswords: PayPasswords;
  contactNotices: ContactNotices;
  secondFactor: SecondFactor;
  securityChanges: SecurityChanges;
  loginTickets: LoginTickets;
  alerts: Alerts;
}

/** Which refusal a unique index stands for. */
function conflictRefusal(constraint: string): Refusal {
  if (constraint.includes('username')) return new Refusal('username.taken', 409, { field: 'username' });
  if (constraint.includes('phone')) return new Refusal('account.exists', 409, { field: 'phone' });
  if (constraint.includes('email')) return new Refusal('account.exists', 409, { field: 'email' });
  return new Refusal('account.exists', 409);
}

function lockedRefusal(key: 'login.locked' | 'payPassword.locked', until: Date, now: Date): Refusal {
  const seconds = secondsUntil(until, now);
  return waitRefusal(key, seconds, { minutes: Math.ceil(seconds / 60) });
}

const INVITE_CODE_ATTEMPTS = 3;

/**
 * The payment password's hash, read with the user's payment lock (its name, $1): every user money
 * call sends it, so its text is written once (db/rows.ts). With a key's lock ($3, a money call's
 * Idempotency-Key: http/idempotency.ts GateCheck), the payment lock is taken only while that one
 * is held too (`locked`), so that a key busy in another transaction waits for nothing here.
 */
const PAY_PASSWORD_HASH = fixedStatement<{ pay_password_hash: string | null; locked: boolean }>(
  `SELECT pay_password_hash,
          CASE WHEN $3::text IS NULL OR pg_try_advisory_xact_lock(hashtextextended($3, 0))
               THEN pg_advisory_xact_lock(hashtextextended($1, 0)) IS NOT NULL ELSE false END AS locked
   FROM users WHERE id = $2::uuid`,
);

/** The payment lock was not taken (the key's lock was not held): the check decides nothing. */
const KEY_NOT_HELD = new Error('the key lock was not held');

export function createAccounts(deps: AccountsDeps) {
  const { db, clock, codes, sessions, signIns, loginLockout, payLockout, payPasswords, contactNotices, secondFactor, securityChanges, loginTickets, alerts } = deps;
  void prepareDecoy();
  async function userById(id: string): Promise<User> {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    // A live session of a deleted user: treat as a session that has ended.
    if (!user) throw new AppError('session.gone', 401);
    return user;
  }

  /** A wrong password typed by a signed-in user counts against the same lock as a login. */
  async function checkPasswordOf(user: User, password: string, field: string): Promise<void> {
    await loginLockout.guard(lockKeyOfUser(user.id), () => verifyPassword(user.passwordHash, password), {
      locked: (until) => lockedRefusal('login.locked', until, clock()),
      wrong: () => new Refusal('password.wrongOld', 400, { field }),
    });
  }

  /**
   * The payment password's check inside the transaction of a payment (its gate: http/paid-call.ts)
   * or of its own. The hash is read together with the lockout's lock and count: one round trip,
   * and no write unless a try was wrong or clears earlier wrong ones. An argon2id hash from before
   * (security/pay-passwords.ts) is rewritten in the keyed form on its first right try.
   */
  async function payPasswordGate(tx: Tx, userId: string, payPassword: string, field = 'payPassword', keyLock?: string): Promise<Gate> {
    // The hash read and the user's payment lock in one statement (the lock is taken for the
    // user's row; without a row the check ends below as session.gone), the count behind it.
    const hashRead = PAY_PASSWORD_HASH(tx, [payLockout.lockNameOf(userId), userId, keyLock ?? null]);
    // Awaited in the check; until then a failure must not go unhandled.
    hashRead.catch(() => undefined);
    const checking = payLockout.tryIn(tx, userId, async () => {
      const [row] = await hashRead;
      // A live session of a deleted user: treat as a session that has ended.
      if (!row) throw new AppError('session.gone', 401);
      // The key's lock was another transaction's when the hash was read: no payment lock was
      // taken and nothing is written (see below).
      if (!row.locked) throw KEY_NOT_HELD;
      const hash = row.pay_password_hash;
      // Thrown before anything is written: not a try, and the transaction rolls back.
      if (!hash) throw new Refusal('payPassword.notSet', 400);
      const { right, upgrade } = await payPasswords.verify(hash, payPassword);
      // Compared with the hash read: a new payment password set meanwhile is not overwritten.
      if (upgrade) await tx.update(users).set({ payPasswordHash: upgrade }).where(and(eq(users.id, userId), eq(users.payPasswordHash, hash)));
      return right;
    }, hashRead);
    const outcome = await checking.catch((error: unknown) => {
      if (error === KEY_NOT_HELD) return null;
      throw error;
    });
    // Only a call whose key was taken over in between gets here (a key busy elsewhere is answered
    // 409 before its gate is heard): it runs again in a transaction of its own, lock first.
    if (!outcome) return { kind: 'again' };
    if (outcome.kind === 'right') return outcome.cleared ? { kind: 'again' } : { kind: 'open' };
    const refusals = {
      locked: (until: Date) => lockedRefusal('payPassword.locked', until, clock()),
      wrong: () => new Refusal('payPassword.wrong', 400, { field }),
    };
    return { kind: 'refuse', error: refusalOf(outcome, refusals) };
  }

  /** The payment password checked on its own (to change it), committed whatever the outcome. */
  async function checkPayPassword(userId: string, payPassword: string, field: string): Promise<void> {
    const gate = await payLockout.serially(userId, () => db.transaction((tx) => payPasswordGate(tx, userId, payPassword, field)));
    if (gate.kind === 'refuse') throw gate.error;
  }

  async function assertFree(input: z.output<typeof forms.registerSchema>): Promise<void> {
    const [sameName] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${input.username})`)
      .limit(1);
    if (sameName) throw new Refusal('username.taken', 409, { field: 'username' });
    const contact = input.method === 'phone' ? eq(users.phone, input.phone) : eq(users.email, input.email);
    const [sameContact] = await db.select({ id: users.id }).from(users).where(contact).limit(1);
    if (sameContact) throw new Refusal('account.exists', 409, { field: input.method === 'phone' ? 'phone' : 'email' });
  }

  async function inviterOf(inviteCode: string | undefined): Promise<string | null> {
    if (!inviteCode) return null;
    const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode)).limit(1);
    if (!inviter) throw new Refusal('invite.invalid', 400, { field: 'inviteCode' });
    return inviter.id;
  }

  return {
    async register(input: z.output<typeof forms.registerSchema>, locale: Locale): Promise<{ username: string }> {
      // Cheap refusals first, so that a taken username does not spend one of the code's tries.
      await assertFree(input);
      const invitedBy = await inviterOf(input.inviteCode);
      const codeId = await codes.check(targetOf(input, 'register'), input.code);
      const passwordHash = await hashPassword(input.password);
      for (let attempt = 1; ; attempt++) {
        try {
          await db.transaction(async (tx) => {
            const [user] = await tx
              .insert(users)
              .values({
                username: input.username,
                phone: input.method === 'phone' ? input.phone : null,
                email: input.method === 'email' ? input.email : null,
                passwordHash,
                inviteCode: newInviteCode(),
                invitedBy,
                nickname: input.username,
                locale,
                createdAt: clock(),
              })
              .returning({ id: users.id });
            await openUserAccounts(tx, user.id);
            await codes.consume(tx, codeId);
          });
          return { username: input.username };
        } catch (error) {
          const constraint = uniqueViolation(error);
          if (constraint === null) throw error;
          // A fresh invitation code collided with an existing one: draw again.
          if (constraint.includes('invite_code') && attempt < INVITE_CODE_ATTEMPTS) continue;
          throw conflictRefusal(constraint);
        }
      }
    },

    /**
     * A right password opens a session; a wrong one for an existing account is recorded among its
     * sign-ins (sign-ins.ts) with the try's count, a try at a locked account or at an unknown
     * login name nowhere.
     */
    async login(input: z.output<typeof forms.loginSchema>, origin: SignInOrigin): Promise<LoginReply> {
      const key = loginKeyOf(input.account);
      const [user] = await db.select().from(users).where(userMatching(key)).limit(1);
      // Unknown accounts are counted and locked the same way, and spend the time of a real
      // check: neither the answers nor their timing may tell whether the account exists.
      await loginLockout.guard(
        lockKeyOf(key, user),
        async (tx) => {
          if (!user) return verifyAgainstDecoy(input.password);
          const right = await verifyPassword(user.passwordHash, input.password);
          if (!right) await signIns.record(tx, { userId: user.id, outcome: 'password', origin });
          return right;
        },
        { locked: (until) => lockedRefusal('login.locked', until, clock()), wrong: () => new Refusal('login.failed', 400) },
      );
      // guard() resolves only when a password matched, which takes an account. With a second
      // factor, the password opens no session yet: a ticket the second step redeems.
      if (await secondFactor.isSet(db, user.id)) return { secondFactor: await loginTickets.issue(user.id, origin) };
      return signedIn(user.id, origin);
    },

    /**
     * A sign-in's second step: the ticket of a right password and a right second factor open the
     * session, from the device and address the password came from. A wrong code is recorded
     * among the account's sign-ins.
     */
    async loginSecondFactor(input: z.output<typeof forms.loginSecondFactorSchema>): Promise<SessionReply> {
      const redeemed = await loginTickets.redeem(input.ticket, input.secondFactor);
      if ('refusal' in redeemed) {
        await signIns.record(db, { userId: redeemed.userId, outcome: 'second_factor', origin: redeemed.origin });
        throw redeemed.refusal;
      }
      return signedIn(redeemed.userId, redeemed.origin);
    },

    /** A session for a sign-in proven another way (a passkey): recorded and alerted as every sign-in is. */
    signedIn,

    logout(viewer: Viewer): Promise<void> {
      return sessions.revoke(viewer.sessionId);
    },

    /** Forgot password: the code proves the contact; every session of the account ends. */
    async resetPassword(input: z.output<typeof forms.forgotSchema>): Promise<void> {
      // For an unknown contact no code was ever sent, so this fails as a wrong code would.
      const codeId = await codes.check(targetOf(input, 'reset'), input.code);
      const contact = input.method === 'phone' ? eq(users.phone, input.phone) : eq(users.email, input.email);
      const [user] = await db.select().from(users).where(contact).limit(1);
      if (!user) throw new Refusal('reset.failed', 400);
      const passwordHash = await hashPassword(input.password);
      // Every session ends and withdrawals pause (a security change); a second factor, when
      // set, is still asked at the next sign-in: the code proves the contact, not the account.
      await securityChanges.make({ userId: user.id, kind: 'passwordReset' }, async (tx) => {
        await codes.consume(tx, codeId);
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        // Whoever locked the account by guessing is not the owner who just proved the contact.
        await loginLockout.clear(tx, lockKeyOfUser(user.id));
      });
    },

    /**
     * Change of login password (with the second factor when set): a security change, so the
     * other sessions end (the one making the change stays) and withdrawals pause.
     */
    async changePassword(viewer: Viewer, input: z.output<typeof forms.changePasswordSchema>): Promise<void> {
      const user = await userById(viewer.userId);
      await checkPasswordOf(user, input.oldPassword, 'oldPassword');
      await secondFactor.require(user.id, input.secondFactor);
      const passwordHash = await hashPassword(input.password);
      await securityChanges.make({ userId: user.id, kind: 'password', keepSessionId: viewer.sessionId }, async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      });
    },

    /**
     * The first payment password is confirmed with the login password; a change needs the
     * current payment password, whose wrong guesses lock it like a login.
     */
    async setPayPassword(viewer: Viewer, input: z.output<typeof forms.payPasswordSetSchema>): Promise<void> {
      const user = await userById(viewer.userId);
      if (!user.payPasswordHash) {
        if (!input.loginPassword) throw new Refusal('password.required', 400, { field: 'loginPassword' });
        await checkPasswordOf(user, input.loginPassword, 'loginPassword');
      } else {
        if (!input.oldPayPassword) throw new Refusal('password.required', 400, { field: 'oldPayPassword' });
        await checkPayPassword(viewer.userId, input.oldPayPassword, 'oldPayPassword');
      }
      const payPasswordHash = payPasswords.hash(input.password);
      // The first one, or the same one again: nothing a thief could use changed.
      if (!user.payPasswordHash || (await payPasswords.verify(user.payPasswordHash, input.password)).right) {
        await db.update(users).set({ payPasswordHash }).where(eq(users.id, user.id));
        return;
      }
      // Changing it (not setting the first) is a security change.
      await securityChanges.make({ userId: user.id, kind: 'payPassword', keepSessionId: viewer.sessionId }, async (tx) => {
        await tx.update(users).set({ payPasswordHash }).where(eq(users.id, user.id));
      });
    },

    /** A login password typed by the signed-in user (to set up a second factor), under the login lockout. */
    async confirmPassword(viewer: Viewer, password: string, field = 'password'): Promise<void> {
      await checkPasswordOf(await userById(viewer.userId), password, field);
    },

    /** For every money action that asks for the payment password (trades, withdrawals, …): http/paid-call.ts. */
    payPasswordGate,
    /** Runs a payment of the user after the user's earlier ones in this process (http/paid-call.ts). */
    payingSerially: <T>(userId: string, work: () => Promise<T>) => payLockout.serially(userId, work),

    bindEmail(viewer: Viewer, input: z.output<typeof forms.bindEmailSchema>): Promise<void> {
      return bindContact(viewer, { email: input.email }, input.code, input.secondFactor);
    },

    bindMobile(viewer: Viewer, input: z.output<typeof forms.bindMobileSchema>): Promise<void> {
      return bindContact(viewer, { phone: input.phone }, input.code, input.secondFactor);
    },

    /** The operators' side of a user's access: locks, sessions, ending them, lifting the locks (user-desk.ts). */
    ...userDeskCalls({ db, clock, sessions, loginLockout, payLockout }),
    /** The user's own sessions and sign-ins (devices.ts). */
    ...deviceCalls({ db, sessions, signIns }),
  };

  /** A sign-in that succeeded: the session opens and the sign-in is recorded together; answers whether it came from a new device. */
  /** The session of a sign-in, recorded among the account's sign-ins; one from a device new to the account is alerted. */
  async function signedIn(userId: string, origin: SignInOrigin): Promise<OpenedSession> {
    const opened = await db.transaction(async (tx) => {
      const session = await sessions.open(userId, origin, tx);
      const { newDevice } = await signIns.record(tx, { userId, outcome: 'ok', origin, sessionId: session.id });
      return { ...session, newDevice };
    });
    if (opened.newDevice) {
      const { browser, os } = deviceOf(origin.userAgent);
      const device = [browser, os].filter(Boolean).join(' · ') || '?';
      void alerts.newSignIn(userId, opened.id, device, origin.ip ?? '?', clock()).catch(() => undefined);
    }
    return { token: opened.token, expiresAt: opened.expiresAt };
  }

  /**
   * Links an e-mail address or a phone number with the code sent to it, or replaces the one the
   * account had: the previous one and the new one are then told (contact-notices.ts). A contact
   * another account holds is refused (409 account.exists), here as when its code was asked for.
   */
  async function bindContact(viewer: Viewer, contact: { email: string } | { phone: string }, code: string, proof: SecondFactorProof | undefined): Promise<void> {
    const kind = 'email' in contact ? 'email' : 'phone';
    const next = 'email' in contact ? contact.email : contact.phone;
    // Replacing a contact (not linking a first one) asks for the second factor, before the code is spent.
    if ((await userById(viewer.userId))[kind] !== null) await secondFactor.require(viewer.userId, proof);
    const codeId = await codes.check(targetOf(contact, 'bind'), code);
    let before: { previous: string | null; locale: Locale };
    let recorded: RecordedChange | undefined;
    try {
      before = await db.transaction(async (tx: Tx) => {
        await codes.consume(tx, codeId);
        const [user] = await tx.select({ email: users.email, phone: users.phone, locale: users.locale }).from(users).where(eq(users.id, viewer.userId)).for('update');
        // A live session of a deleted user: treat as a session that has ended.
        if (!user) throw new AppError('session.gone', 401);
        await tx.update(users).set(contact).where(eq(users.id, viewer.userId));
        // A contact replaced is a security change: the other sessions end, withdrawals pause.
        if (user[kind] !== null && user[kind] !== next) recorded = await securityChanges.record(tx, { userId: viewer.userId, kind, keepSessionId: viewer.sessionId });
        return { previous: user[kind], locale: isLocale(user.locale) ? user.locale : FALLBACK_LOCALE };
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === null) throw error;
      throw conflictRefusal(constraint);
    }
    if (recorded) await securityChanges.announce(recorded);
    if (before.previous !== null && before.previous !== next) await contactNotices.changed({ kind, previous: before.previous, next, locale: before.locale });
  }
}
