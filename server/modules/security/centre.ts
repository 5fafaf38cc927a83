/**
 * The security centre's calls (docs/security.md): what protects the account, setting up the
 * authenticator app and turning it off, new recovery codes. Each change of the second factor is
 * a security change (changes.ts): the other sessions end and withdrawals pause for 24 hours.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeys, users } from '../../db/schema';
import type { SecondFactorProof } from '../../../src/domain/validation';
import type { Viewer } from '../auth';
import type { RecordedChange, SecurityChangeKind, SecurityChanges } from './changes';
import type { SecondFactor } from './second-factor';
import type { Alerts } from './alerts';
import type { Clock } from '../../clock';
import { AppError } from '../../../src/domain/errors';
import { recordAudit, type AuditActor } from '../../ledger/audit';

export interface SecurityOverview {
  secondFactor: { totp: boolean; recoveryCodesLeft: number };
  antiPhishingCode: string | null;
  withdrawalsPausedUntil: string | null;
  changes: Array<{ kind: SecurityChangeKind; at: string }>;
}

export function createSecurityCentre(db: Db, clock: Clock, secondFactor: SecondFactor, changes: SecurityChanges, alerts: Alerts) {
  return {
    async overview(userId: string): Promise<SecurityOverview> {
      const [factor, state, [user]] = await Promise.all([
        secondFactor.status(userId),
        changes.overview(userId),
        db.select({ code: users.antiPhishingCode }).from(users).where(eq(users.id, userId)).limit(1),
      ]);
      return { secondFactor: factor, antiPhishingCode: user?.code ?? null, ...state };
    },

    /** The anti-phishing code (the caller checked the login password); the user is told by e-mail, which already carries it. */
    async setAntiPhishingCode(viewer: Viewer, code: string | null): Promise<void> {
      await db.update(users).set({ antiPhishingCode: code }).where(eq(users.id, viewer.userId));
      if (code) await alerts.antiPhishingSet(viewer.userId, clock());
    },

    /**
     * An operator's reset of a user's second factor (they lost their phone and recovery codes,
     * and proved who they are another way): the authenticator and recovery codes are gone, and it
     * is a security change with no session kept — every session ends, withdrawals pause 24 hours,
     * the user is alerted. Audited with its reason. 404 for no such user.
     */
    async resetByOperator(input: { userId: string; reason: string }, actor: AuditActor): Promise<{ userId: string; hadSecondFactor: boolean }> {
      let recorded: RecordedChange | undefined;
      const hadSecondFactor = await db.transaction(async (tx) => {
        const [user] = await tx.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, input.userId)).for('update').limit(1);
        if (!user) throw new AppError('record.notFound', 404);
        await secondFactor.remove(tx, input.userId);
        // Its passkeys go too: a lost phone may hold them, and each signs in on its own.
        const passkeysRemoved = (await tx.delete(passkeys).where(eq(passkeys.userId, input.userId)).returning({ id: passkeys.id })).length;
        recorded = await changes.record(tx, { userId: input.userId, kind: 'operatorReset' });
        await recordAudit(tx, actor, { action: 'user.resetSecondFactor', subject: `user:${input.userId}`, userId: input.userId, reason: input.reason, details: { hadSecondFactor: Boolean(user.on), passkeysRemoved } });
        return Boolean(user.on) || passkeysRemoved > 0;
      });
      if (recorded) await changes.announce(recorded);
      return { userId: input.userId, hadSecondFactor };
    },

    /** The secret of a new authenticator, shown once, under the account's name. */
    async begin(viewer: Viewer): Promise<{ secret: string; otpauthUrl: string }> {
      const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, viewer.userId)).limit(1);
      return secondFactor.begin(viewer.userId, user?.username ?? viewer.userId);
    },

    /** The first code turns the authenticator on; the ten recovery codes are answered once. */
    async confirm(viewer: Viewer, code: string): Promise<{ recoveryCodes: string[] }> {
      let recorded: RecordedChange | undefined;
      const outcome = await secondFactor.serially(viewer.userId, () =>
        db.transaction(async (tx) => {
          const confirmed = await secondFactor.confirm(tx, viewer.userId, code);
          if (confirmed.outcome.kind === 'right') recorded = await changes.record(tx, { userId: viewer.userId, kind: 'totpOn', keepSessionId: viewer.sessionId });
          return confirmed;
        }),
      );
      if (outcome.outcome.kind !== 'right') throw secondFactor.refusalOf(outcome.outcome);
      if (recorded) await changes.announce(recorded);
      return { recoveryCodes: outcome.recoveryCodes };
    },

    /** Off with a current code or a recovery code: the secret and the recovery codes are gone. */
    async turnOff(viewer: Viewer, proof: SecondFactorProof): Promise<void> {
      let recorded: RecordedChange | undefined;
      const refusal = await secondFactor.tryInOwn(
        viewer.userId,
        async (tx) => {
          await secondFactor.remove(tx, viewer.userId);
          recorded = await changes.record(tx, { userId: viewer.userId, kind: 'totpOff', keepSessionId: viewer.sessionId });
        },
        proof,
        { mustBeSet: true },
      );
      if (refusal) throw refusal;
      if (recorded) await changes.announce(recorded);
    },

    /** Ten new recovery codes for a current code; the old ones stop working. */
    async renewRecoveryCodes(viewer: Viewer, proof: SecondFactorProof): Promise<{ recoveryCodes: string[] }> {
      let codes: string[] = [];
      const refusal = await secondFactor.tryInOwn(
        viewer.userId,
        async (tx) => {
          codes = await secondFactor.renewRecoveryCodes(tx, viewer.userId);
        },
        proof,
        { mustBeSet: true },
      );
      if (refusal) throw refusal;
      return { recoveryCodes: codes };
    },
  };
}
