/**
 * The security centre's calls (docs/security.md): what protects the account, setting up the
 * authenticator app and turning it off, new recovery codes. Each change of the second factor is
 * a security change (changes.ts): the other sessions end and withdrawals pause for 24 hours.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { SecondFactorProof } from '../../../src/domain/validation';
import type { Viewer } from '../auth';
import type { RecordedChange, SecurityChangeKind, SecurityChanges } from './changes';
import type { SecondFactor } from './second-factor';

export interface SecurityOverview {
  secondFactor: { totp: boolean; recoveryCodesLeft: number };
  withdrawalsPausedUntil: string | null;
  changes: Array<{ kind: SecurityChangeKind; at: string }>;
}

export function createSecurityCentre(db: Db, secondFactor: SecondFactor, changes: SecurityChanges) {
  return {
    async overview(userId: string): Promise<SecurityOverview> {
      const [factor, state] = await Promise.all([secondFactor.status(userId), changes.overview(userId)]);
      return { secondFactor: factor, ...state };
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
