/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): a user registers several, names them,
 * renames and removes them, and signs in with one instead of the password; the step-up of
 * sensitive actions confirms one with `verifyFor`. docs/security.md, "Passkeys".
 *
 * - The relying party is PUBLIC_ORIGIN: an answer is accepted only from a page of that origin,
 *   for its host name (the RP ID, whose hash the authenticator signs).
 * - Passkeys are discoverable (resident keys) and every ceremony requires user verification (the
 *   authenticator's PIN or biometrics), so a passkey alone is two factors: sign-in needs no
 *   username and no password.
 * - Each answer must sign a challenge this server handed out for that purpose and account, once
 *   (passkeys-challenges.ts). The credential's row is locked while its answer is checked, and its
 *   signature counter must have grown since the last use (a counter that went back means a
 *   cloned authenticator), unless the authenticator keeps none (always 0, as synced passkeys do).
 * - A refused answer changes nothing: the challenge, the counter and the passkeys stay as they
 *   were (the transaction rolls back), and no session is opened.
 * - Only the public key is stored; nothing about a passkey but its name, dates and whether it is
 *   synced ever leaves the server.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../../src/domain/errors';
import { PASSKEYS_MAX, type passkeyAssertionSchema, type passkeyAttestationSchema } from '../../../src/domain/passkeys';
import type { Passkey, PasskeyCreationOptions, PasskeyRequestOptions, SessionReply } from '../../../src/domain/wire';
import { PASSKEY_TRANSPORTS, passkeyCreationOptionsSchema, passkeyRequestOptionsSchema } from '../../../src/domain/wire-schemas';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { SignInOrigin, Viewer } from '../auth';
import type { RecordedChange, SecurityChanges } from './changes';
import { passkeys, users } from '../../db/schema';
import { Refusal } from '../../errors';
import { CHALLENGE_SECONDS, createChallenges, type ChallengePurpose } from './passkeys-challenges';

export type PasskeyAttestation = z.output<typeof passkeyAttestationSchema>;
export type PasskeyAssertion = z.output<typeof passkeyAssertionSchema>;

/** Who the passkeys are for: the origin people open the app at, and its host name. */
export interface RelyingParty {
  origin: string;
  id: string;
  name: string;
}

export function relyingPartyOf(publicOrigin: string): RelyingParty {
  return { origin: publicOrigin, id: new URL(publicOrigin).hostname, name: 'Tessera' };
}

/** EdDSA, ES256, RS256: what authenticators make; offered at registration and accepted at its check. */
const ALGORITHMS = [-8, -7, -257];

/** What signing in needs of the accounts (modules/auth's signedIn: the session, the sign-ins list, the new-device alert). */
interface SessionOpener {
  open(userId: string, origin: SignInOrigin): Promise<SessionReply>;
}

export interface PasskeysDeps {
  db: Db;
  clock: Clock;
  sessions: SessionOpener;
  /** Adding or removing a passkey is a security change (changes.ts). */
  changes: SecurityChanges;
  relyingParty: RelyingParty;
}

/** The WebAuthn user handle of an account: its id's 16 bytes (no name, no contact), base64url. */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));
}

const invalid = () => new Refusal('passkey.invalid', 400);
const notFound = () => new Refusal('passkey.notFound', 404);

/** The challenge an answer signed, read from its client data (checked again by the library). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge.length <= 64) return data.challenge.replace(/=+$/, '');
  } catch {
    // Not JSON: no passkey's answer.
  }
  throw invalid();
}

type Transport = (typeof PASSKEY_TRANSPORTS)[number];
/** The transports WebAuthn names, of those a browser reported (kept to tell the browser next time). */
const transportsOf = (list: readonly string[] | undefined): Transport[] =>
  (list ?? []).filter((transport): transport is Transport => (PASSKEY_TRANSPORTS as readonly string[]).includes(transport));

type PasskeyRow = typeof passkeys.$inferSelect;

function passkeyOf(row: PasskeyRow): Passkey {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null, synced: row.backedUp };
}

export function createPasskeys({ db, clock, sessions, changes, relyingParty }: PasskeysDeps) {
  const challenges = createChallenges(db, clock);

  async function credentialsOf(userId: string) {
    return db
      .select({ id: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.id));
  }

  async function requestOptions(purpose: ChallengePurpose, userId: string | null): Promise<PasskeyRequestOptions> {
    let allowCredentials: Array<{ id: string; transports: Transport[] }> | undefined;
    if (userId !== null) {
      const mine = await credentialsOf(userId);
      if (mine.length === 0) throw notFound();
      allowCredentials = mine.map((credential) => ({ id: credential.id, transports: transportsOf(credential.transports) }));
    }
    const challenge = await challenges.issue(purpose, userId);
    // Read through the reply's schema: its declared shape, typed as the app reads it.
    return passkeyRequestOptionsSchema.parse(
      await generateAuthenticationOptions({
        rpID: relyingParty.id,
        challenge,
        allowCredentials,
        timeout: CHALLENGE_SECONDS * 1000,
        userVerification: 'required',
      }),
    );
  }

  /**
   * Checks an answer to a challenge of `purpose` inside `tx`: the challenge is taken, the
   * credential's row locked, the signature, origin, RP ID hash, user verification and counter
   * checked, and the new counter and the time of use written. For `userId`, only that account's
   * passkeys count (another's: 404 passkey.notFound, as an unknown one).
   */
  async function verifyAssertion(tx: Tx, response: PasskeyAssertion, purpose: ChallengePurpose, userId: string | null): Promise<PasskeyRow> {
    const challenge = challengeOf(response.response.clientDataJSON);
    await challenges.take(tx, challenge, purpose, userId);
    if (response.id !== response.rawId) throw invalid();
    const [row] = await tx.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).for('update');
    if (!row || (userId !== null && row.userId !== userId)) throw notFound();
    // A discoverable passkey names its account; it must be the one the credential was registered to.
    const handle = response.response.userHandle;
    if (handle !== undefined && handle.replace(/=+$/, '') !== Buffer.from(userHandleOf(row.userId)).toString('base64url')) throw invalid();
    let newCounter: number;
    try {
      const verification = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: relyingParty.origin,
        expectedRPID: relyingParty.id,
        credential: { id: row.credentialId, publicKey: new Uint8Array(row.publicKey), counter: row.counter, transports: row.transports },
        requireUserVerification: true,
      });
      if (!verification.verified) throw invalid();
      newCounter = verification.authenticationInfo.newCounter;
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The library's reasons (wrong origin, RP ID, signature, flags, counter) are for the log, not for the user.
      throw invalid();
    }
    const [used] = await tx
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: clock() })
      .where(eq(passkeys.id, row.id))
      .returning();
    return used;
  }

  return {
    relyingParty,

    /** The options of a new passkey for the signed-in user: the account's passkeys excluded, discoverable, user verification required. */
    async registrationOptions(userId: string): Promise<PasskeyCreationOptions> {
      const [user] = await db.select({ username: users.username, nickname: users.nickname }).from(users).where(eq(users.id, userId)).limit(1);
      // A live session of a deleted user: treat as a session that has ended.
      if (!user) throw new AppError('session.gone', 401);
      const mine = await credentialsOf(userId);
      if (mine.length >= PASSKEYS_MAX) throw new Refusal('passkey.tooMany', 409);
      const challenge = await challenges.issue('register', userId);
      return passkeyCreationOptionsSchema.parse(
        await generateRegistrationOptions({
          rpName: relyingParty.name,
          rpID: relyingParty.id,
          userID: userHandleOf(userId),
          userName: user.username,
          userDisplayName: user.nickname,
          challenge,
          timeout: CHALLENGE_SECONDS * 1000,
          attestationType: 'none',
          excludeCredentials: mine.map((credential) => ({ id: credential.id, transports: transportsOf(credential.transports) })),
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
          supportedAlgorithmIDs: ALGORITHMS,
        }),
      );
    },

    /**
     * Registers the passkey the browser made for the registration challenge, under `name`: a
     * security change (the viewer's other sessions end, withdrawals pause), since a passkey signs
     * in on its own.
     */
    async register(viewer: Viewer, input: { name: string; response: PasskeyAttestation }): Promise<Passkey> {
      const { userId } = viewer;
      const challenge = challengeOf(input.response.response.clientDataJSON);
      let recorded: RecordedChange | undefined;
      const added = await db.transaction(async (tx) => {
        await challenges.take(tx, challenge, 'register', userId);
        // One registration of the account at a time, so that the limit holds against a burst.
        await rowsOf(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
        const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
        if (held.n >= PASSKEYS_MAX) throw new Refusal('passkey.tooMany', 409);
        let info;
        try {
          const verification = await verifyRegistrationResponse({
            response: input.response as RegistrationResponseJSON,
            expectedChallenge: challenge,
            expectedOrigin: relyingParty.origin,
            expectedRPID: relyingParty.id,
            requireUserPresence: true,
            requireUserVerification: true,
            supportedAlgorithmIDs: ALGORITHMS,
          });
          if (!verification.verified) throw invalid();
          info = verification.registrationInfo;
        } catch (error) {
          if (error instanceof AppError) throw error;
          throw invalid();
        }
        if (info.credential.id !== input.response.id) throw invalid();
        const [row] = await tx
          .insert(passkeys)
          .values({
            userId,
            credentialId: info.credential.id,
            publicKey: Buffer.from(info.credential.publicKey),
            counter: info.credential.counter,
            transports: transportsOf(input.response.response.transports),
            deviceType: info.credentialDeviceType,
            backedUp: info.credentialBackedUp,
            name: input.name,
            createdAt: clock(),
          })
          .onConflictDoNothing({ target: passkeys.credentialId })
          .returning();
        if (!row) throw new Refusal('passkey.exists', 409);
        recorded = await changes.record(tx, { userId, kind: 'passkeyAdded', keepSessionId: viewer.sessionId });
        return passkeyOf(row);
      });
      if (recorded) await changes.announce(recorded);
      return added;
    },

    /** The account's passkeys, oldest first. */
    async list(userId: string): Promise<Passkey[]> {
      const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
      return rows.map(passkeyOf);
    },

    /** How many passkeys the account has (a step-up asks for one when it has any). */
    async countOf(userId: string): Promise<number> {
      const [held] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return held.n;
    },

    async rename(userId: string, id: number, name: string): Promise<Passkey> {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      if (!row) throw notFound();
      return passkeyOf(row);
    },

    /** Removes one of the account's passkeys: a security change too. */
    async remove(viewer: Viewer, id: number): Promise<void> {
      const recorded = await db.transaction(async (tx) => {
        const removed = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.userId, viewer.userId)))
          .returning({ id: passkeys.id });
        if (removed.length === 0) throw notFound();
        return changes.record(tx, { userId: viewer.userId, kind: 'passkeyRemoved', keepSessionId: viewer.sessionId });
      });
      await changes.announce(recorded);
    },

    /** Every passkey of the account goes (an operator's reset of its second factor), inside the caller's transaction. */
    async removeAllOf(tx: Tx, userId: string): Promise<number> {
      const removed = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
      return removed.length;
    },

    /** The options of a sign-in with a passkey alone: no account named, the browser offers the passkeys it has for this site. */
    signInOptions: (): Promise<PasskeyRequestOptions> => requestOptions('login', null),

    /** Signs in with a passkey's answer to a sign-in challenge: a session like a password's. */
    async signIn(response: PasskeyAssertion, origin: SignInOrigin): Promise<SessionReply> {
      const used = await db.transaction((tx) => verifyAssertion(tx, response, 'login', null));
      return sessions.open(used.userId, origin);
    },

    /**
     * Step-up: the options of a confirmation of `purpose` with one of the account's passkeys
     * (404 passkey.notFound when it has none). `purpose` names the action ('withdrawal', …).
     */
    optionsFor(userId: string, purpose: ChallengePurpose): Promise<PasskeyRequestOptions> {
      if (purpose === 'login' || purpose === 'register') throw new Error(`${purpose} is not a step-up purpose`);
      return requestOptions(purpose, userId);
    },

    /**
     * Step-up: checks the answer to a challenge of `optionsFor(userId, purpose)`. Refuses with
     * passkey.challengeGone (used, expired, of another purpose or account), passkey.notFound
     * (not one of this account's passkeys) or passkey.invalid; resolves when it holds, the
     * challenge spent. Given `tx`, inside that transaction (the confirmed action's own, so that a
     * refused action does not spend the confirmation, and the confirmation never outlives it).
     */
    async verifyFor(userId: string, response: PasskeyAssertion, purpose: ChallengePurpose, tx?: Tx): Promise<void> {
      if (purpose === 'login' || purpose === 'register') throw new Error(`${purpose} is not a step-up purpose`);
      if (tx) await verifyAssertion(tx, response, purpose, userId);
      else await db.transaction((own) => verifyAssertion(own, response, purpose, userId));
    },
  };
}
