/**
 * Operator accounts: not users, with their own table, a password (argon2id) and a TOTP second
 * factor; their own sessions (opaque token, only its sha-256 stored, 8 hours), so a user's token
 * opens nothing under /api/ops. Roles are ranked: support reads, finance also decides money,
 * admin also changes settings and operators.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { OperatorRole, OperatorViewer } from '../../http/auth';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../../../src/domain/constants';
import { AppError } from '../../../src/domain/errors';
import { addSeconds, secondsUntil, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { fixedStatement, rowsOf, uniqueViolation } from '../../db/rows';
import { operators, operatorSessions } from '../../db/schema';
import { Refusal, waitRefusal } from '../../errors';
import { recordAudit } from '../../ledger/audit';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../security/passwords';
import { newSessionToken, tokenDigest } from '../../security/tokens';
import { createLockout } from '../auth';
import { DEMO_OPERATOR } from './demo';
import { openOperatorSecret, sealOperatorSecret } from './operator-secrets';
import type { Sealer } from '../../security/sealed';
import { matchingStep, newTotpSecret, otpauthUrl } from '../../security/totp';

export {  type OperatorRole, type OperatorViewer } from '../../http/auth';

export const OPERATOR_SESSION_HOURS = 8;
/** A session with no request for this long has ended (the absolute end stays OPERATOR_SESSION_HOURS). */
export const OPERATOR_IDLE_MINUTES = 30;
/** How stale last_seen_at may get before a request writes it again: one write a minute, not one a request. */
const SEEN_WRITE_SECONDS = 60;
/** The issuer authenticator apps show next to the code. */
export const TOTP_ISSUER = 'Tessera';

/**
 * Operator wrong tries are counted in the login lock table under their own prefixes: per
 * operator account, and per name when no operator has it (counted and locked the same way).
 */
const lockKeyOfOperator = (operator: { id: string } | undefined, username: string) =>
  operator ? `operator:${operator.id}` : `operator-login:${username.trim().normalize('NFKC').toLowerCase()}`;

export interface OperatorLogin {
  username: string;
  password: string;
  totp?: string;
}

/** Where a session is opened from: shown in the operator's list of sessions. */
export interface SessionOrigin {
  client: 'cli' | 'console';
  userAgent?: string | null;
  ip?: string | null;
}

export interface OperatorSessionEntry {
  id: number;
  client: 'cli' | 'console';
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  idleExpiresAt: string;
  current: boolean;
}

const idleEnd = (lastSeenAt: Date) => addSeconds(lastSeenAt, OPERATOR_IDLE_MINUTES * 60);

/**
 * An operator session by its token's digest, as of the time given ($2): `gone` when revoked,
 * expired, idle for OPERATOR_IDLE_MINUTES or its operator disabled; `seen_long_ago` when its last
 * use is SEEN_WRITE_SECONDS old or more (written again). One text written once (db/rows.ts).
 */
const SESSION_OF_TOKEN = fixedStatement<{ id: string; operator_id: string; username: string; role: OperatorRole; gone: boolean; seen_long_ago: boolean }>(
  `SELECT s.id::text AS id, s.operator_id::text AS operator_id, o.username, o.role,
     s.revoked_at IS NOT NULL OR s.expires_at <= $2::timestamptz
       OR s.last_seen_at + make_interval(mins => ${OPERATOR_IDLE_MINUTES}) <= $2::timestamptz OR o.disabled AS gone,
     s.last_seen_at <= $2::timestamptz - make_interval(secs => ${SEEN_WRITE_SECONDS}) AS seen_long_ago
   FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
   WHERE s.token_hash = $1 LIMIT 1`,
);

/** How long a ticket for the live queues (the socket's `ops` channel) may be shown: long enough to connect. */
const LIVE_TICKET_SECONDS = 60;

export function createOperators(db: Db, clock: Clock, pepper: string, sealer: Sealer) {
  const ticketMac = (body: string) => crypto.createHmac('sha256', pepper).update(`ops-live:${body}`).digest('base64url');

  const lockout = createLockout(db, clock, { table: 'login_failures', keyColumn: 'login_key' }, LOGIN_MAX_FAILURES, LOGIN_LOCK_MINUTES);

  /**
   * Marks the code's step as used. The WHERE makes two logins racing with one code pass only
   * once: the second finds last_totp_step already at that step.
   */
  async function takeStep(tx: Tx, operatorId: string, step: number): Promise<boolean> {
    const rows = await rowsOf<{ id: string }>(
      tx,
      sql`UPDATE operators SET last_totp_step = ${step} WHERE id = ${operatorId} AND last_totp_step < ${step} RETURNING id`,
    );
    return rows.length === 1;
  }

  async function openSession(operatorId: string, origin: SessionOrigin): Promise<{ token: string; expiresAt: Date }> {
    const token = newSessionToken();
    const now = clock();
    const expiresAt = addSeconds(now, OPERATOR_SESSION_HOURS * 3600);
    await db.insert(operatorSessions).values({
      tokenHash: tokenDigest(token),
      operatorId,
      expiresAt,
      createdAt: now,
      lastSeenAt: now,
      client: origin.client,
      userAgent: origin.userAgent?.slice(0, 200) ?? null,
      ip: origin.ip?.slice(0, 64) ?? null,
    });
    return { token, expiresAt };
  }

  /** Ends sessions of one operator: all, or all but `keep`. */
  async function endSessions(tx: Db | Tx, operatorId: string, keep: number | null): Promise<number> {
    const ended = await tx
      .update(operatorSessions)
      .set({ revokedAt: clock() })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt), keep === null ? undefined : ne(operatorSessions.id, keep)))
      .returning({ id: operatorSessions.id });
    return ended.length;
  }

  /**
   * A check of the operator's own code or password while signed in (rotating the TOTP, changing the
   * password): counted against the same lock as the sign-in, so a taken-over session cannot guess.
   */
  async function recheck(operatorId: string, verify: (tx: Tx) => Promise<boolean>, wrong: () => Error): Promise<void> {
    await lockout.guard(`operator:${operatorId}`, verify, {
      locked: (until) => {
        const seconds = secondsUntil(until, clock());
        return waitRefusal('login.locked', seconds, { minutes: Math.ceil(seconds / 60) });
      },
      wrong,
    });
  }

  async function operatorRow(id: string) {
    const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
    if (!row) throw new AppError('session.gone', 401);
    return row;
  }

  return {
    /**
     * Password and a current, unused code. Wrong passwords, unknown names and wrong codes all
     * count against the same lock (5 in 15 minutes), so the code cannot be guessed either.
     */
    async login(input: OperatorLogin, origin: SessionOrigin): Promise<{ token: string; expiresAt: Date }> {
      const totp = input.totp?.trim() ?? '';
      if (!totp) throw new Refusal('ops.totpRequired', 400, { field: 'totp' });
      const [operator] = await db
        .select()
        .from(operators)
        .where(sql`lower(${operators.username}) = lower(${input.username.trim().normalize('NFKC')})`)
        .limit(1);
      let failure: 'password' | 'totp' = 'password';
      await lockout.guard(
        lockKeyOfOperator(operator, input.username),
        async (tx) => {
          const passwordOk =
            operator && !operator.disabled
              ? await verifyPassword(operator.passwordHash, input.password)
              : await verifyAgainstDecoy(input.password);
          if (!operator || !passwordOk) return false;
          failure = 'totp';
          const secret = openOperatorSecret(sealer, operator.id, operator.totpSealed);
          const step = secret === null ? null : matchingStep(secret, totp, clock(), operator.lastTotpStep);
          return step !== null && (await takeStep(tx, operator.id, step));
        },
        {
          locked: (until) => {
            const seconds = secondsUntil(until, clock());
            return waitRefusal('login.locked', seconds, { minutes: Math.ceil(seconds / 60) });
          },
          wrong: () => (failure === 'totp' ? new Refusal('ops.totpWrong', 401, { field: 'totp' }) : new AppError('ops.loginFailed', 401)),
        },
      );
      // guard() resolves only when the password and the code matched, which takes an operator.
      return openSession(operator!.id, origin);
    },

    /** 401 session.required for no or an unknown token (a user's token too); session.gone when ended. */
    async authenticate(credential: { token: string } | null): Promise<OperatorViewer> {
      if (!credential) throw new AppError('session.required', 401);
      const { token } = credential;
      const now = clock();
      const [row] = await SESSION_OF_TOKEN(db, [tokenDigest(token), now.toISOString()]);
      if (!row) throw new AppError('session.required', 401);
      if (row.gone) throw new AppError('session.gone', 401);
      const sessionId = Number(row.id);
      if (row.seen_long_ago) await db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, sessionId));
      return { operatorId: row.operator_id, username: row.username, role: row.role, sessionId };
    },

    /**
     * A ticket that lets a socket join the operators' live queues: the session's id and a minute's
     * end, signed with the server's secret (the same in every process), so the socket needs neither
     * the session's token (which no script of the console can read) nor a table.
     */
    liveTicket(viewer: OperatorViewer): string {
      const body = `${viewer.sessionId}.${Math.floor(clock().getTime() / 1000) + LIVE_TICKET_SECONDS}`;
      return `${body}.${ticketMac(body)}`;
    },

    /** The session of a ticket signed here, not yet past its minute, whose session is still open; else null. */
    async liveTicketSession(ticket: string): Promise<number | null> {
      const match = /^(\d{1,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
      if (!match) return null;
      const [, sessionId, until, mac] = match;
      const expected = Buffer.from(ticketMac(`${sessionId}.${until}`));
      if (!crypto.timingSafeEqual(Buffer.from(mac), expected) || Number(until) * 1000 < clock().getTime()) return null;
      const open = await this.openSessions([Number(sessionId)]);
      return open.has(Number(sessionId)) ? Number(sessionId) : null;
    },

    /** Which of these sessions are still open: not ended, not past their 8 hours or idle half hour, their operator not disabled. */
    async openSessions(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const now = clock();
      const rows = await rowsOf<{ id: number }>(
        db,
        sql`SELECT s.id FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
            WHERE s.id = ANY(${`{${ids.join(',')}}`}::bigint[]) AND s.revoked_at IS NULL AND s.expires_at > ${now}
              AND s.last_seen_at > ${addSeconds(now, -OPERATOR_IDLE_MINUTES * 60)} AND NOT o.disabled`,
      );
      return new Set(rows.map((row) => Number(row.id)));
    },

    /** The session of the request: who, until when (its absolute end and its idle end). */
    async session(viewer: OperatorViewer): Promise<{ expiresAt: Date; idleExpiresAt: Date }> {
      const [row] = await db.select().from(operatorSessions).where(eq(operatorSessions.id, viewer.sessionId)).limit(1);
      if (!row) throw new AppError('session.gone', 401);
      // authenticate() has just seen the request: the idle end runs from now.
      const seen = row.lastSeenAt > clock() ? row.lastSeenAt : clock();
      return { expiresAt: row.expiresAt, idleExpiresAt: idleEnd(seen) };
    },

    /** The operator's open sessions, newest first, this one marked. */
    async sessions(viewer: OperatorViewer): Promise<OperatorSessionEntry[]> {
      const now = clock();
      const rows = await db
        .select()
        .from(operatorSessions)
        .where(
          and(
            eq(operatorSessions.operatorId, viewer.operatorId),
            isNull(operatorSessions.revokedAt),
            gt(operatorSessions.expiresAt, now),
            gt(operatorSessions.lastSeenAt, addSeconds(now, -OPERATOR_IDLE_MINUTES * 60)),
          ),
        )
        .orderBy(desc(operatorSessions.id));
      return rows.map((row) => ({
        id: row.id,
        client: row.client,
        userAgent: row.userAgent,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        idleExpiresAt: idleEnd(row.lastSeenAt).toISOString(),
        current: row.id === viewer.sessionId,
      }));
    },

    async logout(viewer: OperatorViewer): Promise<void> {
      await db
        .update(operatorSessions)
        .set({ revokedAt: clock() })
        .where(and(eq(operatorSessions.id, viewer.sessionId), isNull(operatorSessions.revokedAt)));
    },

    /** Ends one of the operator's own sessions; another operator's is not found. */
    async endSession(viewer: OperatorViewer, id: number): Promise<{ ended: number }> {
      const ended = await db
        .update(operatorSessions)
        .set({ revokedAt: clock() })
        .where(and(eq(operatorSessions.id, id), eq(operatorSessions.operatorId, viewer.operatorId), isNull(operatorSessions.revokedAt)))
        .returning({ id: operatorSessions.id });
      if (ended.length === 0) throw new AppError('record.notFound', 404);
      return { ended: 1 };
    },

    /** Logs out everywhere: every session of the operator, this one too. */
    async logoutEverywhere(viewer: OperatorViewer): Promise<{ ended: number }> {
      return { ended: await endSessions(db, viewer.operatorId, null) };
    },

    /**
     * The operator's own new password, with the current one: the other sessions end (whoever else
     * held one is out), this one stays. Audited.
     */
    async changePassword(viewer: OperatorViewer, input: { currentPassword: string; newPassword: string }): Promise<{ ended: number }> {
      const row = await operatorRow(viewer.operatorId);
      await recheck(viewer.operatorId, () => verifyPassword(row.passwordHash, input.currentPassword), () => new Refusal('password.wrongOld', 400, { field: 'currentPassword' }));
      if (await verifyPassword(row.passwordHash, input.newPassword)) throw new Refusal('password.sameAsOld', 400, { field: 'newPassword' });
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock();
      return db.transaction(async (tx) => {
        await tx.update(operators).set({ passwordHash, passwordChangedAt: now }).where(eq(operators.id, viewer.operatorId));
        const ended = await endSessions(tx, viewer.operatorId, viewer.sessionId);
        await recordAudit(tx, { operatorId: viewer.operatorId, at: now }, {
          action: 'operator.password',
          subject: `operator:${viewer.operatorId}`,
          details: { sessionsEnded: ended },
        });
        return { ended };
      });
    },

    /**
     * Starts a TOTP rotation with a current code: a new secret is kept aside and shown this once;
     * the old one stays in use until confirmRotation sees a code of the new one.
     */
    async startRotation(viewer: OperatorViewer, input: { totp: string }): Promise<{ totpSecret: string; otpauthUrl: string }> {
      const row = await operatorRow(viewer.operatorId);
      await recheck(
        viewer.operatorId,
        async (tx) => {
          const secret = openOperatorSecret(sealer, row.id, row.totpSealed);
          const step = secret === null ? null : matchingStep(secret, input.totp.trim(), clock(), row.lastTotpStep);
          return step !== null && (await takeStep(tx, row.id, step));
        },
        () => new Refusal('ops.totpWrong', 401, { field: 'totp' }),
      );
      const totpSecret = newTotpSecret();
      await db.update(operators).set({ pendingTotpSealed: sealOperatorSecret(sealer, row.id, totpSecret) }).where(eq(operators.id, row.id));
      return { totpSecret, otpauthUrl: otpauthUrl(TOTP_ISSUER, row.username, totpSecret) };
    },

    /** Ends a rotation with a code of the new secret, which then replaces the old one. Audited. */
    async confirmRotation(viewer: OperatorViewer, input: { totp: string }): Promise<{ rotated: true }> {
      const row = await operatorRow(viewer.operatorId);
      const pending = openOperatorSecret(sealer, row.id, row.pendingTotpSealed);
      if (!pending) throw new AppError('record.notFound', 404);
      let step: number | null = null;
      await recheck(
        viewer.operatorId,
        async () => {
          step = matchingStep(pending, input.totp.trim(), clock(), 0);
          return step !== null;
        },
        () => new Refusal('ops.totpWrong', 401, { field: 'totp' }),
      );
      const now = clock();
      await db.transaction(async (tx) => {
        // The confirming code counts as used: it cannot sign in a second time.
        await tx
          .update(operators)
          .set({ totpSealed: row.pendingTotpSealed, pendingTotpSealed: null, lastTotpStep: sql`greatest(${operators.lastTotpStep}, ${step})` })
          .where(and(eq(operators.id, row.id), eq(operators.pendingTotpSealed, row.pendingTotpSealed!)));
        await recordAudit(tx, { operatorId: viewer.operatorId, at: now }, { action: 'operator.totp', subject: `operator:${viewer.operatorId}` });
      });
      return { rotated: true };
    },

    /**
     * A new operator with a fresh TOTP secret. The secret is shown in this reply only: whoever
     * creates the account hands it to its owner, who puts it into an authenticator app.
     */
    async create(
      by: OperatorViewer,
      input: { username: string; password: string; role: OperatorRole },
    ): Promise<{ id: string; username: string; role: OperatorRole; totpSecret: string; otpauthUrl: string }> {
      const totpSecret = newTotpSecret();
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      const newId = crypto.randomUUID();
      try {
        const id = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(operators)
            .values({ id: newId, username: input.username, passwordHash, totpSealed: sealOperatorSecret(sealer, newId, totpSecret), role: input.role, createdAt: now })
            .returning({ id: operators.id });
          await recordAudit(tx, { operatorId: by.operatorId, at: now }, {
            action: 'operator.create',
            subject: `operator:${created.id}`,
            details: { username: input.username, role: input.role },
          });
          return created.id;
        });
        return { id, username: input.username, role: input.role, totpSecret, otpauthUrl: otpauthUrl(TOTP_ISSUER, input.username, totpSecret) };
      } catch (error) {
        if (uniqueViolation(error) !== null) throw new Refusal('username.taken', 409, { field: 'username' });
        throw error;
      }
    },

    /** Every operator account with its role, state, last use and open sessions (the admins' list). */
    async list(): Promise<OperatorEntry[]> {
      const now = clock();
      const idleSince = addSeconds(now, -OPERATOR_IDLE_MINUTES * 60);
      const rows = await rowsOf<{ id: string; username: string; role: OperatorRole; disabled: boolean; created_at: Date | string; last_seen_at: Date | string | null; open_sessions: number }>(
        db,
        sql`SELECT o.id, o.username, o.role, o.disabled, o.created_at,
                   max(s.last_seen_at) AS last_seen_at,
                   count(s.id) FILTER (WHERE s.revoked_at IS NULL AND s.expires_at > ${now} AND s.last_seen_at > ${idleSince})::int AS open_sessions
            FROM operators o LEFT JOIN operator_sessions s ON s.operator_id = o.id
            GROUP BY o.id ORDER BY o.disabled, o.username`,
      );
      return rows.map(entryOf);
    },

    /** A new role for an operator, with a reason; the last enabled admin keeps theirs. Audited. */
    async changeRole(by: OperatorViewer, input: { username: string; role: OperatorRole; reason: string }): Promise<OperatorEntry> {
      const now = clock();
      const id = await db.transaction(async (tx: Tx) => {
        // Admin rows locked first, as disable() does: two admins demoting each other cannot leave none.
        await tx.execute(sql`SELECT id FROM operators WHERE role = 'admin' ORDER BY id FOR UPDATE`);
        const [before] = await rowsOf<{ id: string; role: OperatorRole }>(
          tx,
          sql`SELECT id, role FROM operators WHERE lower(username) = lower(${input.username}) FOR UPDATE`,
        );
        if (!before) throw new AppError('record.notFound', 404);
        await tx.update(operators).set({ role: input.role }).where(eq(operators.id, before.id));
        await keepAnAdmin(tx);
        await recordAudit(tx, { operatorId: by.operatorId, at: now }, {
          action: 'operator.role',
          subject: `operator:${before.id}`,
          reason: input.reason,
          details: { username: input.username, from: before.role, to: input.role },
        });
        return before.id;
      });
      const entry = (await this.list()).find((operator) => operator.id === id);
      if (!entry) throw new AppError('record.notFound', 404);
      return entry;
    },

    /** Disables an operator (the demo one, a leaver): no sign-in, and its sessions end at once. */
    async disable(by: OperatorViewer, input: { username: string; reason: string }): Promise<{ username: string; disabled: true }> {
      const now = clock();
      return db.transaction(async (tx: Tx) => {
        // Admin rows locked first: two admins disabling each other at once cannot leave none.
        await tx.execute(sql`SELECT id FROM operators WHERE role = 'admin' ORDER BY id FOR UPDATE`);
        const [target] = await tx
          .update(operators)
          .set({ disabled: true })
          .where(sql`lower(${operators.username}) = lower(${input.username}) AND NOT ${operators.disabled}`)
          .returning({ id: operators.id, username: operators.username });
        if (!target) throw new AppError('record.notFound', 404);
        // Somebody must still be able to change settings and operators.
        await keepAnAdmin(tx);
        await tx.update(operatorSessions).set({ revokedAt: now }).where(and(eq(operatorSessions.operatorId, target.id), isNull(operatorSessions.revokedAt)));
        await recordAudit(tx, { operatorId: by.operatorId, at: now }, {
          action: 'operator.disable',
          subject: `operator:${target.id}`,
          reason: input.reason,
          details: { username: target.username },
        });
        return { username: target.username, disabled: true as const };
      });
    },
  };
}

export interface OperatorEntry {
  id: string;
  username: string;
  role: OperatorRole;
  disabled: boolean;
  createdAt: string;
  lastSeenAt: string | null;
  openSessions: number;
}

const isoOf = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function entryOf(row: { id: string; username: string; role: OperatorRole; disabled: boolean; created_at: Date | string; last_seen_at: Date | string | null; open_sessions: number }): OperatorEntry {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled,
    createdAt: isoOf(row.created_at),
    lastSeenAt: row.last_seen_at === null ? null : isoOf(row.last_seen_at),
    openSessions: Number(row.open_sessions),
  };
}

/** Refuses (rolling back the caller's change) when no enabled admin would be left. */
async function keepAnAdmin(tx: Tx): Promise<void> {
  const admins = await rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM operators WHERE role = 'admin' AND NOT disabled`);
  if (Number(admins[0].n) === 0) throw new AppError('ops.lastAdmin', 409);
}

/** True when an enabled admin exists: the first one is then made through the API, not bootstrapped. */
export async function hasActiveAdmin(db: Db | Tx): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(db, sql`SELECT id FROM operators WHERE role = 'admin' AND NOT disabled LIMIT 1`);
  return rows.length > 0;
}

export type BootstrapResult =
  | { ok: true; id: string; username: string; password: string; totpSecret: string; otpauthUrl: string }
  | { ok: false; reason: 'adminExists' | 'nameTaken' };

/** 24 random bytes: 32 characters of base64url, far above OPERATOR_PASSWORD_MIN. */
const generatedPassword = () => crypto.randomBytes(24).toString('base64url');

/**
 * The first admin of an installation without demo data (`npm run ops -- bootstrap-admin NAME`):
 * there is nobody yet to create it over the API. Only while no enabled admin exists; the table
 * lock makes two runs at once wait for each other, so the second sees the first's admin and
 * refuses. The audit row names the new admin as its own creator (there is no other actor).
 */
export async function bootstrapAdmin(db: Db, sealer: Sealer, username: string, now = new Date()): Promise<BootstrapResult> {
  const password = generatedPassword();
  const totpSecret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  const id = crypto.randomUUID();
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE operators IN SHARE ROW EXCLUSIVE MODE`);
    if (await hasActiveAdmin(tx)) return { ok: false as const, reason: 'adminExists' as const };
    const taken = await rowsOf<{ id: string }>(tx, sql`SELECT id FROM operators WHERE lower(username) = lower(${username})`);
    if (taken.length > 0) return { ok: false as const, reason: 'nameTaken' as const };
    const [created] = await tx
      .insert(operators)
      .values({ id, username, passwordHash, totpSealed: sealOperatorSecret(sealer, id, totpSecret), role: 'admin', createdAt: now })
      .returning({ id: operators.id });
    await recordAudit(tx, { operatorId: created.id, at: now }, {
      action: 'operator.bootstrap',
      subject: `operator:${created.id}`,
      details: { username, role: 'admin' },
    });
    return { ok: true as const, id: created.id, username, password, totpSecret, otpauthUrl: otpauthUrl(TOTP_ISSUER, username, totpSecret) };
  });
}

/** Seeds the demo operator once (see demo.ts); a disabled or changed one is left as it is. */
export async function seedDemoOperator(db: Db, sealer: Sealer): Promise<void> {
  const existing = await rowsOf<{ id: string }>(db, sql`SELECT id FROM operators WHERE lower(username) = lower(${DEMO_OPERATOR.username})`);
  if (existing.length > 0) return;
  const id = crypto.randomUUID();
  await db
    .insert(operators)
    .values({
      id,
      username: DEMO_OPERATOR.username,
      passwordHash: await hashPassword(DEMO_OPERATOR.password),
      totpSealed: sealOperatorSecret(sealer, id, DEMO_OPERATOR.totpSecret),
      role: DEMO_OPERATOR.role,
      createdAt: new Date(),
    })
    // Another process seeding at the same moment got there first.
    .onConflictDoNothing();
}
