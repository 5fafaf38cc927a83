/**
 * Idempotency-Key for money calls (docs/api.md): the first reply to a key is kept with a
 * fingerprint of the request; a replay gets that reply and moves nothing, the same key with a
 * different request is refused, and a replay while the first is still running is refused (409)
 * rather than run twice.
 *
 * The key is claimed and marked done in the same database transaction as the money it moved, so
 * a crash can never leave money moved with the key still open (a later retry would move it again),
 * nor the key closed with nothing moved. Only a success is kept: a refused request moved nothing
 * and may be corrected and sent again.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../src/domain/errors';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../src/domain/ledger';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { fixedStatement, rowsOf } from '../db/rows';
import { inTransaction, withCommit } from '../db/transaction';

/** A running request that has not finished after this long is taken to have died with its process. */
const RUNNING_LEASE_SECONDS = 60;

export interface IdempotencyScope {
  /** The account whose money the call moves. */
  userId: string;
  /** Who sends the key: the account holder ('user', the default) or `operator:<id>`. Their keys never meet. */
  caller?: string;
  key: string;
  /** "POST /api/wallet/out": a key belongs to one call. */
  route: string;
  /** What makes two requests "the same": the validated input without secrets such as the payment password. */
  input: unknown;
  /** Uploaded bytes that belong to the request. */
  file?: Buffer;
}

interface Stored {
  data: unknown;
}

interface KeyRow {
  route: string;
  fingerprint: Buffer | Uint8Array;
  state: 'running' | 'done';
  status: number | null;
  reply: Stored | null;
  locked_until: Date | string;
}

/** The key of a money call, from its header; money calls without one are refused. */
/** The request's Idempotency-Key where a call takes one but does not need it (an operator's decision); null without one. */
export function optionalIdempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return value === undefined || value === '' ? null : idempotencyKeyOf(request);
}

export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined || value === '') throw new AppError('idempotency.keyRequired', 400);
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) throw new AppError('idempotency.keyInvalid', 400);
  return value;
}

/** Key order does not change a JSON object's meaning, so it does not change the fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(typeof value === 'bigint' ? value.toString() : value) ?? 'null';
}

/** What makes two requests under one key "the same" (exported so tests can recreate a key a crashed process left). */
export function fingerprintOf(scope: IdempotencyScope): Buffer {
  const hash = crypto.createHash('sha256').update(scope.route).update('\0').update(canonical(scope.input));
  if (scope.file) hash.update('\0').update(crypto.createHash('sha256').update(scope.file).digest());
  return hash.digest();
}

const callerOf = (scope: IdempotencyScope) => scope.caller ?? 'user';
/** The name of the key's advisory lock, which its claim takes and holds until the transaction ends. */
const keyLockOf = (scope: IdempotencyScope) => `idempotency:${scope.userId}:${callerOf(scope)}:${scope.key}`;

/**
 * A gate (the payment-password check) runs inside a call's transaction beside the key's claim: it
 * sends its first statements at once, so that they leave with the claim (one round trip), and
 * learns from `replayed` whether it guards the call or a replay. Whatever of its statements would
 * wait for a lock it takes only while the transaction holds the key's lock (`keyLock`: a key busy
 * in another transaction is answered 409 at once, not after that lock).
 */
export type GateCheck = (tx: Tx, replayed: Promise<boolean>, keyLock: string) => Promise<Gate>;

/**
 * What a gate (the payment-password check) decides inside a call's transaction, before the key is
 * claimed: go on; refuse (what the gate wrote, a wrong try's count, is committed, then `error`
 * is thrown); or run the call again in a new transaction once what the gate wrote is committed.
 */
export type Gate = { kind: 'open' } | { kind: 'refuse'; error: Error } | { kind: 'again' };

/** A call whose gate keeps answering "again" has met something it cannot settle. */
const GATE_ROUNDS = 3;

/** The key's reply, the last statement of every money call (it goes out with COMMIT): its text written once. */
const REPLY = fixedStatement(
  `UPDATE idempotency_keys SET state = 'done', status = $1, reply = $2::jsonb
   WHERE user_id = $3::uuid AND caller = $4 AND key = $5`,
);

/** The claim of a key, the first statement of every money call: its text written once (db/rows.ts). */
const CLAIM = fixedStatement<{ key: string }>(
  `INSERT INTO idempotency_keys (user_id, caller, key, route, fingerprint, state, created_at, locked_until)
   SELECT $1::uuid, $2::text, $3::text, $4::text, $5::bytea, 'running', $6::timestamptz, $7::timestamptz
   WHERE pg_try_advisory_xact_lock(hashtextextended($8, 0))
   ON CONFLICT (user_id, caller, key) DO NOTHING
   RETURNING key`,
);

export function createIdempotency(db: Db, clock: Clock) {
  /**
   * Claims the key for this request inside the call's transaction: true when we may run it, else
   * replays or refuses. The claim holds the key's advisory lock until the transaction ends, so a
   * second request with the key meanwhile is answered 409 at once instead of waiting; the key's
   * row is committed with the money, or not at all.
   */
  async function claim(tx: Tx, scope: IdempotencyScope, fingerprint: Buffer): Promise<{ run: true } | { run: false; reply: unknown }> {
    const now = clock();
    const lease = new Date(now.getTime() + RUNNING_LEASE_SECONDS * 1000);
    const lockKey = keyLockOf(scope);
    const inserted = await CLAIM(tx, [scope.userId, callerOf(scope), scope.key, scope.route, fingerprint, now.toISOString(), lease.toISOString(), lockKey]);
    if (inserted.length > 0) return { run: true };

    const [row] = await rowsOf<KeyRow>(
      tx,
      sql`SELECT route, fingerprint, state, status, reply, locked_until FROM idempotency_keys
          WHERE user_id = ${scope.userId} AND caller = ${callerOf(scope)} AND key = ${scope.key}`,
    );
    // No row and no claim: another request holds the key's lock and has not committed yet.
    if (!row) throw new AppError('idempotency.inProgress', 409);
    if (row.route !== scope.route || !Buffer.from(row.fingerprint).equals(fingerprint)) {
      throw new AppError('idempotency.keyReused', 422);
    }
    if (row.state === 'done' && row.reply) return { run: false, reply: row.reply.data };
    // A committed 'running' row was left by an earlier version of the server, which claimed keys
    // in a transaction of their own: taken over only after its lease.
    const taken = await rowsOf<{ key: string }>(
      tx,
      sql`UPDATE idempotency_keys SET locked_until = ${lease.toISOString()}::timestamptz
          WHERE user_id = ${scope.userId} AND caller = ${callerOf(scope)} AND key = ${scope.key} AND state = 'running'
            AND locked_until < ${now.toISOString()}::timestamptz
            AND pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0))
          RETURNING key`,
    );
    if (taken.length === 0) throw new AppError('idempotency.inProgress', 409);
    return { run: true };
  }

  /** The key's reply, kept: a statement for withCommit (the reply is written as JSON text here, so a reply that cannot be throws before COMMIT). */
  function finished(scope: IdempotencyScope, status: number, stored: Stored): (tx: Tx) => Promise<unknown> {
    const params = [status, JSON.stringify(stored), scope.userId, callerOf(scope), scope.key];
    return (tx) => REPLY(tx, params);
  }

  async function unclaim(tx: Tx, scope: IdempotencyScope): Promise<void> {
    await tx.execute(
      sql`DELETE FROM idempotency_keys WHERE user_id = ${scope.userId} AND caller = ${callerOf(scope)} AND key = ${scope.key} AND state = 'running'`,
    );
  }

  type Round<T> = { kind: 'done'; data: T } | Exclude<Gate, { kind: 'open' }>;

  return {
    /**
     * Runs `work` once per key, in one transaction with the key's claim and reply: a refusal or
     * a failure rolls all of it back (nothing moved, the key free to be sent again), a crash
     * leaves nothing behind. `work`'s result must be JSON (it is what a replay returns). `gate`
     * runs beside the claim in the same transaction (GateCheck), decides before the work or a
     * replay (the payment password: a replay needs it too), and is told which of the two it guards.
     */
    async run<T>(scope: IdempotencyScope, work: (tx: Tx) => Promise<T>, gate?: GateCheck): Promise<T> {
      const fingerprint = fingerprintOf(scope);
      for (let round = 1; ; round++) {
        const outcome: Round<T> = await inTransaction(db, async (tx) => {
          // The key first, the gate's reads sent with it (one round trip): a request whose key is
          // busy is answered 409 at once — the gate waits for no lock unless the key's is held.
          const claiming = claim(tx, scope, fingerprint);
          const gating = gate?.(
            tx,
            claiming.then((claimed) => !claimed.run),
            keyLockOf(scope),
          );
          // Awaited once the key is ours; a refused claim leaves it to fail unheard.
          gating?.catch(() => undefined);
          const claimed = await claiming;
          if (gating) {
            const passed = await gating;
            if (passed.kind !== 'open') {
              // What the gate wrote is committed, the claim is not: the key stays free.
              if (claimed.run) await unclaim(tx, scope);
              return passed;
            }
          }
          // A replay, once the gate let it through.
          if (!claimed.run) return { kind: 'done', data: claimed.reply as T };
          const data = await work(tx);
          // The key's reply is the last statement: it goes out with COMMIT (server/db/transaction.ts).
          withCommit(tx, finished(scope, 200, { data: data ?? null }));
          return { kind: 'done', data };
        });
        if (outcome.kind === 'done') return outcome.data;
        if (outcome.kind === 'refuse') throw outcome.error;
        // Wrong tries keep arriving between the rounds: the call is as busy as a running key.
        if (round >= GATE_ROUNDS) throw new AppError('idempotency.inProgress', 409);
      }
    },

    /** Keys older than the keeping time (at least IDEMPOTENCY_KEEP_HOURS) are forgotten. */
    async forgetOlderThan(cutoff: Date): Promise<void> {
      await db.execute(sql`DELETE FROM idempotency_keys WHERE created_at < ${cutoff.toISOString()}::timestamptz AND state = 'done'`);
    },
  };
}
