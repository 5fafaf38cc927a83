/**
 * Forgets what has no use any more, so the tables that grow with every request stay small:
 * idempotency keys past their keeping time (IDEMPOTENCY_KEEP_HOURS), sessions and operator
 * sessions a week after they ended, verification codes and unused conversion quotes a day after
 * they expired, WebAuthn challenges once they expired (nothing can use one after),
 * password-failure counts whose window and lock have passed, and sign-ins older than
 * SIGN_INS_KEPT_DAYS (30). Money, records,
 * quotes that were executed and the audit log are never touched.
 *
 * `npm run serve` sweeps a minute after start and then every hour; each sweep is a few
 * DELETEs, each its own statement, so a sweep never holds locks for long.
 */
import { startRepeating, type Repeating } from './repeating';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEEP_HOURS } from '../src/domain/ledger';
import { LOGIN_LOCK_MINUTES } from '../src/domain/constants';
import { SIGN_INS_KEPT_DAYS } from '../src/domain/devices';
import { addSeconds, type Clock } from './clock';
import type { Db } from './db/client';
import { rowsOf } from './db/rows';

const HOUR = 3600;
const DAY = 24 * HOUR;
/** Ended sessions stay a week: "signed out on another device" can still be told apart from a wrong token. */
const SESSION_AFTERLIFE = 7 * DAY;

export interface SweepReport {
  idempotencyKeys: number;
  sessions: number;
  operatorSessions: number;
  verificationCodes: number;
  conversionQuotes: number;
  webauthnChallenges: number;
  failureCounts: number;
  loginTickets: number;
  securityAlerts: number;
  signIns: number;
}

async function deleted(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  const rows = await rowsOf<{ n: number }>(db, sql`WITH gone AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM gone`);
  return Number(rows[0]?.n ?? 0);
}

export async function sweep(db: Db, clock: Clock): Promise<SweepReport> {
  const now = clock();
  const at = (seconds: number) => sql`${addSeconds(now, -seconds).toISOString()}::timestamptz`;
  const keysBefore = at(IDEMPOTENCY_KEEP_HOURS * HOUR);
  const endedBefore = at(SESSION_AFTERLIFE);
  const failedBefore = at(LOGIN_LOCK_MINUTES * 60);
  const nowSql = at(0);
  return {
    // A 'running' key this old belongs to a process that died long ago: nothing waits on it.
    idempotencyKeys: await deleted(db, sql`DELETE FROM idempotency_keys WHERE created_at < ${keysBefore} AND (state = 'done' OR locked_until < ${keysBefore})`),
    sessions: await deleted(db, sql`DELETE FROM sessions WHERE expires_at < ${endedBefore} OR revoked_at < ${endedBefore}`),
    operatorSessions: await deleted(db, sql`DELETE FROM operator_sessions WHERE expires_at < ${endedBefore} OR revoked_at < ${endedBefore}`),
    verificationCodes: await deleted(db, sql`DELETE FROM verification_codes WHERE expires_at < ${at(DAY)}`),
    conversionQuotes: await deleted(
      db,
      sql`DELETE FROM conversion_quotes q WHERE q.used_at IS NULL AND q.expires_at < ${at(DAY)}
            AND NOT EXISTS (SELECT 1 FROM conversions c WHERE c.quote_id = q.id)`,
    ),
    webauthnChallenges: await deleted(db, sql`DELETE FROM webauthn_challenges WHERE expires_at < ${nowSql}`),
    failureCounts:
      (await deleted(db, sql`DELETE FROM login_failures WHERE last_failure < ${failedBefore} AND (locked_until IS NULL OR locked_until < ${nowSql})`)) +
      (await deleted(db, sql`DELETE FROM pay_password_failures WHERE last_failure < ${failedBefore} AND (locked_until IS NULL OR locked_until < ${nowSql})`)) +
      (await deleted(db, sql`DELETE FROM second_factor_failures WHERE last_failure < ${failedBefore} AND (locked_until IS NULL OR locked_until < ${nowSql})`)),
    // A sign-in's second step lives five minutes; an alert's claim only has to outlive the calls that could report it again.
    loginTickets: await deleted(db, sql`DELETE FROM login_tickets WHERE expires_at < ${at(DAY)}`),
    securityAlerts: await deleted(db, sql`DELETE FROM security_alerts WHERE sent_at < ${at(30 * DAY)}`),
    signIns: await deleted(db, sql`DELETE FROM sign_ins WHERE at < ${at(SIGN_INS_KEPT_DAYS * DAY)}`),
  };
}

/** Sweeps after `firstDelayMs`, then every `everyMs` (repeating.ts); a failed sweep is logged and tried again next time. */
export function startHousekeeping(
  db: Db,
  clock: Clock,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  { firstDelayMs = 60_000, everyMs = HOUR * 1000, record }: { firstDelayMs?: number; everyMs?: number; record?: (ok: boolean) => void } = {},
): Repeating {
  return startRepeating(
    async () => {
      try {
        const report = await sweep(db, clock);
        const total = Object.values(report).reduce((sum, n) => sum + n, 0);
        if (total > 0) log.info({ housekeeping: report }, 'housekeeping: forgot expired rows');
      } catch (error) {
        log.error({ err: error }, 'housekeeping failed');
        return false;
      }
    },
    { firstDelayMs, everyMs, record },
  );
}
