/**
 * Operator accounts: not users, with their own table, a password (argon2id) and a TOTP second
 * factor; their own sessions (opaque token, only its sha-256 stored, 8 hours), so a user's token
 * opens nothing under /api/ops. Roles are ranked: support reads, finance also decides money,
 * admin also changes settings and operators.
 */
import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OperatorRole, OperatorViewer } from '../../http/auth';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../../../src/domain/constants';
import { AppError } from '../../../src/domain/errors';
import { addSeconds, secondsUntil, type Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf, uniqueViolation } from '../../db/rows';
import { operators, operatorSessions } from '../../db/schema';
import { Refusal, waitRefusal } from '../../errors';
import { recordAudit } from '../../ledger/audit';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../security/passwords';
import { newSessionToken, tokenDigest } from '../../security/tokens';
import { createLockout } from '../auth';
import { DEMO_OPERATOR } from './demo';
import { matchingStep, newTotpSecret, otpauthUrl } from './totp';

export {  type OperatorRole, type OperatorViewer } from '../../http/auth';

export const OPERATOR_SESSION_HOURS = 8;
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

export function createOperators(db: Db, clock: Clock) {
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

  async function openSession(operatorId: string): Promise<{ token: string; expiresAt: string }> {
    const token = newSessionToken();
    const now = clock();
    const expiresAt = addSeconds(now, OPERATOR_SESSION_HOURS * 3600);
    await db.insert(operatorSessions).values({ tokenHash: tokenDigest(token), operatorId, expiresAt, createdAt: now });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  return {
    /**
     * Password and a current, unused code. Wrong passwords, unknown names and wrong codes all
     * count against the same lock (5 in 15 minutes), so the code cannot be guessed either.
     */
    async login(input: OperatorLogin): Promise<{ token: string; expiresAt: string }> {
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
          const step = matchingStep(operator.totpSecret, totp, clock(), operator.lastTotpStep);
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
      return openSession(operator!.id);
    },

    /** 401 session.required for no or an unknown token (a user's token too); session.gone when ended. */
    async authenticate(token: string | null): Promise<OperatorViewer> {
      if (!token) throw new AppError('session.required', 401);
      const [row] = await db
        .select({ session: operatorSessions, username: operators.username, role: operators.role, disabled: operators.disabled })
        .from(operatorSessions)
        .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
        .where(eq(operatorSessions.tokenHash, tokenDigest(token)))
        .limit(1);
      if (!row) throw new AppError('session.required', 401);
      if (row.session.revokedAt || row.session.expiresAt <= clock() || row.disabled) throw new AppError('session.gone', 401);
      return { operatorId: row.session.operatorId, username: row.username, role: row.role, sessionId: row.session.id };
    },

    async logout(viewer: OperatorViewer): Promise<void> {
      await db
        .update(operatorSessions)
        .set({ revokedAt: clock() })
        .where(and(eq(operatorSessions.id, viewer.sessionId), isNull(operatorSessions.revokedAt)));
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
      try {
        const id = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(operators)
            .values({ username: input.username, passwordHash, totpSecret, role: input.role, createdAt: now })
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
        const admins = await rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM operators WHERE role = 'admin' AND NOT disabled`);
        if (Number(admins[0].n) === 0) throw new AppError('ops.roleForbidden', 403);
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
export async function bootstrapAdmin(db: Db, username: string, now = new Date()): Promise<BootstrapResult> {
  const password = generatedPassword();
  const totpSecret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE operators IN SHARE ROW EXCLUSIVE MODE`);
    if (await hasActiveAdmin(tx)) return { ok: false as const, reason: 'adminExists' as const };
    const taken = await rowsOf<{ id: string }>(tx, sql`SELECT id FROM operators WHERE lower(username) = lower(${username})`);
    if (taken.length > 0) return { ok: false as const, reason: 'nameTaken' as const };
    const [created] = await tx
      .insert(operators)
      .values({ username, passwordHash, totpSecret, role: 'admin', createdAt: now })
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
export async function seedDemoOperator(db: Db): Promise<void> {
  const existing = await rowsOf<{ id: string }>(db, sql`SELECT id FROM operators WHERE lower(username) = lower(${DEMO_OPERATOR.username})`);
  if (existing.length > 0) return;
  await db
    .insert(operators)
    .values({
      username: DEMO_OPERATOR.username,
      passwordHash: await hashPassword(DEMO_OPERATOR.password),
      totpSecret: DEMO_OPERATOR.totpSecret,
      role: DEMO_OPERATOR.role,
      createdAt: new Date(),
    })
    // Another process seeding at the same moment got there first.
    .onConflictDoNothing();
}
