/**
 * WebAuthn challenges: 32 random bytes the server hands out with the options of a ceremony and
 * the authenticator signs. They live in the database, not in a process's memory, so that the
 * answer may reach another server process than the one that asked; each is for one purpose
 * (registering, signing in, a step-up's purpose) and one account (none for a sign-in, where
 * nobody is known yet), is good for CHALLENGE_SECONDS, and is taken by the transaction of the
 * answer that uses it: once committed it is gone, so the same answer twice is refused, and two
 * answers at once wait for each other on its row — one wins. An answer refused for another reason
 * rolls back and leaves its challenge for a corrected try until it expires. Expired ones are
 * deleted by the hourly sweep (server/housekeeping.ts).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addSeconds, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { Refusal } from '../../errors';

/** A ceremony has five minutes: the browser's timeout says the same. */
export const CHALLENGE_SECONDS = 300;

/**
 * What a challenge is for: 'register' (a new passkey), 'login' (signing in), or the action a
 * step-up confirms (e.g. 'withdrawal'); an answer is accepted only for the purpose it was asked for.
 */
export type ChallengePurpose = string;
const PURPOSE = /^[a-z][a-z0-9.-]{0,39}$/;

export function createChallenges(db: Db, clock: Clock) {
  return {
    /**
     * A new challenge for `purpose` (and `userId`, unless signing in): its bytes for the options.
     * An account's earlier challenge of the same purpose is dropped, so a user keeps one per
     * purpose however often the options are asked for.
     */
    async issue(purpose: ChallengePurpose, userId: string | null): Promise<Uint8Array<ArrayBuffer>> {
      if (!PURPOSE.test(purpose)) throw new Error(`not a challenge purpose: ${purpose}`);
      const bytes = new Uint8Array(crypto.randomBytes(32));
      const now = clock();
      const insert = sql`INSERT INTO webauthn_challenges (challenge, purpose, user_id, created_at, expires_at)
        VALUES (${Buffer.from(bytes).toString('base64url')}, ${purpose}, ${userId}, ${now.toISOString()}::timestamptz, ${addSeconds(now, CHALLENGE_SECONDS).toISOString()}::timestamptz)`;
      if (userId === null) {
        await rowsOf(db, insert);
      } else {
        await db.transaction(async (tx) => {
          await rowsOf(tx, sql`DELETE FROM webauthn_challenges WHERE user_id = ${userId} AND purpose = ${purpose}`);
          await rowsOf(tx, insert);
        });
      }
      return bytes;
    },

    /**
     * Takes the challenge inside the answer's transaction: it must exist, be of this purpose and
     * account, and not have expired; otherwise 400 passkey.challengeGone (used, expired, or never given).
     */
    async take(tx: Tx, challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
      const taken = await rowsOf<{ challenge: string }>(
        tx,
        sql`DELETE FROM webauthn_challenges
            WHERE challenge = ${challenge} AND purpose = ${purpose} AND user_id IS NOT DISTINCT FROM ${userId}::uuid
              AND expires_at > ${clock().toISOString()}::timestamptz
            RETURNING challenge`,
      );
      if (taken.length === 0) throw new Refusal('passkey.challengeGone', 400);
    },
  };
}
