/**
 * A user's second factor (docs/security.md): an authenticator app (TOTP, RFC 6238: 30 s steps,
 * the neighbouring steps accepted, each step accepted once) set up with a secret shown once and
 * confirmed with a first code, and ten one-time recovery codes shown once and kept as sha-256
 * keyed by the installation's pepper. Wrong codes are counted and locked exactly as passwords are
 * (auth/lockout.ts: five wrong within fifteen minutes lock it for fifteen minutes), per user,
 * whichever way they came (a sign-in, a withdrawal, turning the factor off).
 *
 * The secret is sealed with SECRETS_KEY (security/sealed.ts) and never sent again after setup.
 */
import crypto from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { SecondFactorProof } from '../../../src/domain/validation';
import { secondsUntil, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { fixedStatement } from '../../db/rows';
import { recoveryCodes, users } from '../../db/schema';
import type { PasskeyAssertion } from './passkeys';
import { Refusal, waitRefusal } from '../../errors';
import type { Gate } from '../../http/idempotency';
import type { Sealer } from '../../security/sealed';
import { matchingStep, newTotpSecret, otpauthUrl, totpStep } from '../../security/totp';
import { refusalOf, type Lockout, type TryOutcome } from '../auth';

export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are drawn from these: no 0/O, 1/I/L to confuse when typed from paper. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export interface SecondFactorDeps {
  db: Db;
  clock: Clock;
  sealer: Sealer;
  lockout: Lockout;
  pepper: string;
  /** A passkey's answer to the account's step-up challenge, checked in `tx` (passkeys.ts verifyFor); throws its refusal. */
  checkPasskey: (userId: string, response: PasskeyAssertion, tx: Tx) => Promise<void>;
}

import type { SecondFactorMethod } from '../../../src/domain/security';
export type { SecondFactorMethod };
const STEP_UP = 'step-up';

/** A recovery code as shown: ten characters in two groups of five. */
function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const text = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;

/** The ways an account gives its second factor (db/rows.ts fixedStatement: read by every payment). */
const SECOND_FACTOR_METHODS = fixedStatement<{ totp: boolean; passkeys: boolean }>(
  `SELECT totp_enabled_at IS NOT NULL AS totp, EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id) AS passkeys FROM users u WHERE u.id = $1::uuid`,
);

export function createSecondFactor({ db, clock, sealer, lockout, pepper, checkPasskey }: SecondFactorDeps) {
  const recoveryHash = (code: string) => crypto.createHmac('sha256', pepper).update(code.replace(/-/g, '').toUpperCase()).digest();

  const refusals = {
    locked: (until: Date) => {
      const seconds = secondsUntil(until, clock());
      return waitRefusal('secondFactor.locked', seconds, { minutes: Math.ceil(seconds / 60) });
    },
    wrong: () => new Refusal('secondFactor.wrong', 400, { field: 'secondFactor' }),
  };

  /** The ways the account can give its second factor: the authenticator (and its recovery codes), its passkeys. None: it has none. */
  async function methodsOf(tx: Db | Tx, userId: string): Promise<SecondFactorMethod[]> {
    const [row] = await SECOND_FACTOR_METHODS(tx, [userId]);
    if (!row) return [];
    return [...(row.totp ? (['totp', 'recovery'] as const) : []), ...(row.passkeys ? (['passkey'] as const) : [])];
  }

  /** Whether the account has a second factor (an authenticator or a passkey), which sign-ins and sensitive calls then ask for. */
  async function isSet(tx: Db | Tx, userId: string): Promise<boolean> {
    return (await methodsOf(tx, userId)).length > 0;
  }

  async function totpOn(tx: Db | Tx, userId: string): Promise<boolean> {
    const [row] = await tx.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).limit(1);
    return Boolean(row?.on);
  }

  /**
   * One try of a proof inside the caller's transaction, under the user's second-factor lockout:
   * a TOTP code of a step after the last one accepted (which it then becomes), or an unused
   * recovery code (which it then spends). What it writes commits or rolls back with the caller.
   */
  async function tryIn(tx: Tx, userId: string, proof: SecondFactorProof): Promise<TryOutcome> {
    // A passkey's answer is no guess to count: a wrong one is refused as it is (passkey.invalid…).
    if (proof.method === 'passkey') {
      await checkPasskey(userId, proof.response, tx);
      return { kind: 'right', cleared: false };
    }
    return lockout.tryIn(tx, userId, async () => {
      if (proof.method === 'recovery') {
        const spent = await tx
          .update(recoveryCodes)
          .set({ usedAt: clock() })
          .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryHash(proof.code)), isNull(recoveryCodes.usedAt)))
          .returning({ userId: recoveryCodes.userId });
        return spent.length === 1;
      }
      const [row] = await tx.select({ secret: users.totpSecret, lastStep: users.totpLastStep }).from(users).where(eq(users.id, userId)).for('update').limit(1);
      if (!row?.secret) return false;
      const step = matchingStep(sealer.open(row.secret, userId), proof.code, clock(), row.lastStep);
      if (step === null) return false;
      await tx.update(users).set({ totpLastStep: step }).where(eq(users.id, userId));
      return true;
    });
  }

  /** tryIn in a transaction of its own, committed whatever the outcome; throws the refusal. */
  async function check(userId: string, proof: SecondFactorProof): Promise<void> {
    const outcome = await lockout.serially(userId, () => db.transaction((tx) => tryIn(tx, userId, proof)));
    if (outcome.kind !== 'right') throw refusalOf(outcome, refusals);
  }

  async function newRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryHash(code) })));
    return codes;
  }

  /**
   * A try in a transaction of its own and, when right, `then` in the same transaction (what the
   * proof opens). Answers the refusal of a wrong or locked try, whose count is committed; null
   * when right and `then` committed. An error `then` throws rolls everything back (the code is
   * not spent) and is thrown.
   */
  async function tryInOwn(userId: string, then: (tx: Tx) => Promise<void>, proof: SecondFactorProof, options: { mustBeSet?: boolean } = {}): Promise<Error | null> {
    return lockout.serially(userId, () =>
      db.transaction(async (tx) => {
        // Thrown before anything is written: not a try.
        if (options.mustBeSet && !(await totpOn(tx, userId))) throw new Refusal('totp.notSet', 409);
        const outcome = await tryIn(tx, userId, proof);
        if (outcome.kind !== 'right') return refusalOf(outcome, refusals);
        await then(tx);
        return null;
      }),
    );
  }

  return {
    isSet,
    methodsOf,
    /** The purpose of the passkey challenges a step-up or a sign-in's second step answers. */
    passkeyPurpose: STEP_UP,
    tryIn,
    tryInOwn,
    check,
    /** Runs `work` after the user's earlier second-factor tries in this process. */
    serially: <T>(userId: string, work: () => Promise<T>) => lockout.serially(userId, work),

    /**
     * The gate of a call that needs the second factor on top of the payment password (a
     * withdrawal, a new destination): open when the account has none; 403 when none was given;
     * else one try in the call's transaction. A wrong try's count is committed by the caller.
     * `asked`: the answer of `ask`, when the question was sent ahead.
     */
    async gate(tx: Tx, userId: string, proof: SecondFactorProof | undefined, asked?: Promise<boolean>): Promise<Gate> {
      if (!(await (asked ?? isSet(tx, userId)))) return { kind: 'open' };
      if (!proof) return { kind: 'refuse', error: new Refusal('secondFactor.required', 403, { field: 'secondFactor' }) };
      const outcome = await tryIn(tx, userId, proof);
      return outcome.kind === 'right' ? { kind: 'open' } : { kind: 'refuse', error: refusalOf(outcome, refusals) };
    },

    /**
     * The gate's first question (has the account a second factor?), asked ahead: sent with the
     * payment password's reads it costs no round trip of its own; handed to `gate` as `asked`.
     */
    ask(tx: Tx, userId: string): Promise<boolean> {
      const asked = isSet(tx, userId);
      // Awaited by the gate, or not at all when the payment password refuses first.
      asked.catch(() => undefined);
      return asked;
    },

    /** The same for a call outside a payment: throws 403 secondFactor.required, or the try's refusal. */
    async require(userId: string, proof: SecondFactorProof | undefined): Promise<void> {
      if (!(await isSet(db, userId))) return;
      if (!proof) throw new Refusal('secondFactor.required', 403, { field: 'secondFactor' });
      await check(userId, proof);
    },

    async status(userId: string): Promise<{ totp: boolean; recoveryCodesLeft: number }> {
      const [on, [left]] = await Promise.all([
        totpOn(db, userId),
        db.select({ left: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
      ]);
      return { totp: on, recoveryCodesLeft: on ? left.left : 0 };
    },

    /** Setup's first half: a new secret, kept sealed until a first code confirms it. Shown once. */
    async begin(userId: string, label: string): Promise<{ secret: string; otpauthUrl: string }> {
      if (await totpOn(db, userId)) throw new Refusal('totp.alreadySet', 409);
      const secret = newTotpSecret();
      await db.update(users).set({ totpPending: sealer.seal(secret, userId) }).where(eq(users.id, userId));
      return { secret, otpauthUrl: otpauthUrl('Tessera', label, secret) };
    },

    /**
     * Setup's second half, inside the caller's transaction (which records the security change):
     * the first code of the new secret turns it on; the ten recovery codes are made and answered
     * once. Wrong codes count as any other.
     */
    async confirm(tx: Tx, userId: string, code: string): Promise<{ outcome: TryOutcome; recoveryCodes: string[] }> {
      const [row] = await tx
        .select({ pending: users.totpPending, on: users.totpEnabledAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
        .limit(1);
      if (row?.on) throw new Refusal('totp.alreadySet', 409);
      if (!row?.pending) throw new Refusal('totp.setupMissing', 409);
      const secret = sealer.open(row.pending, userId);
      let step: number | null = null;
      const outcome = await lockout.tryIn(tx, userId, async () => {
        step = matchingStep(secret, code, clock(), 0);
        return step !== null;
      });
      if (outcome.kind !== 'right') return { outcome, recoveryCodes: [] };
      await tx
        .update(users)
        .set({ totpSecret: row.pending, totpPending: null, totpEnabledAt: clock(), totpLastStep: step ?? totpStep(clock()) })
        .where(eq(users.id, userId));
      return { outcome, recoveryCodes: await newRecoveryCodes(tx, userId) };
    },

    refusalOf: (outcome: Exclude<TryOutcome, { kind: 'right' }>) => refusalOf(outcome, refusals),

    /** Turns the second factor off inside the caller's transaction: the secret and the recovery codes are gone. */
    async remove(tx: Tx, userId: string): Promise<void> {
      await tx.update(users).set({ totpSecret: null, totpPending: null, totpEnabledAt: null, totpLastStep: 0 }).where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.execute(sql`DELETE FROM second_factor_failures WHERE user_id = ${userId}::uuid`);
    },

    /** Ten new recovery codes replace the old ones (the caller checked a proof). */
    renewRecoveryCodes: (tx: Tx, userId: string) => newRecoveryCodes(tx, userId),
  };
}
