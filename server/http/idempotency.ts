/**
 * Idempotency-Key for money calls (docs/api.md): the first reply to a key is kept with a
 * fingerprint of the request; a replay gets that reply and moves nothing, the same key with a
 * different request is refused, and a replay while the first is still running is refused (409)
 * rather than run twice.
 *
 * The key is marked done in the same database transaction as the money it moved, so a crash can
 * never leave money moved with the key still open (a later retry would move it again), nor the key
 * closed with nothing moved. Only a success is kept: a refused request moved nothing and may be
 * corrected and sent again.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../src/domain/errors';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../src/domain/ledger';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { inTransaction } from '../db/transaction';

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

export type Idempotency = ReturnType<typeof createIdempotency>;

const callerOf = (scope: IdempotencyScope) => scope.caller ?? 'user';

export function createIdempotency(db: Db, clock: Clock) {
  /** Claims the key for this request: true when we may run it, else replays or refuses. */
  async function claim(scope: IdempotencyScope, fingerprint: Buffer): Promise<{ run: true } | { run: false; reply: unknown }> {
    const now = clock();
    const lease = new Date(now.getTime() + RUNNING_LEASE_SECONDS * 1000);
    const inserted = await rowsOf<{ key: string }>(
      db,
      sql`INSERT INTO idempotency_keys (user_id, caller, key, route, fingerprint, state, created_at, locked_until)
          VALUES (${scope.userId}, ${callerOf(scope)}, ${scope.key}, ${scope.route}, ${fingerprint}, 'running', ${now.toISOString()}::timestamptz, ${lease.toISOString()}::timestamptz)
          ON CONFLICT (user_id, caller, key) DO NOTHING
          RETURNING key`,
    );
    if (inserted.length > 0) return { run: true };

    const [row] = await rowsOf<KeyRow>(
      db,
      sql`SELECT route, fingerprint, state, status, reply, locked_until FROM idempotency_keys
          WHERE user_id = ${scope.userId} AND caller = ${callerOf(scope)} AND key = ${scope.key}`,
    );
    if (!row) return claim(scope, fingerprint); // removed meanwhile (a failed first attempt): try again
    if (row.route !== scope.route || !Buffer.from(row.fingerprint).equals(fingerprint)) {
      throw new AppError('idempotency.keyReused', 422);
    }
    if (row.state === 'done' && row.reply) return { run: false, reply: row.reply.data };
    // Running: either truly in progress, or its process died; take it over only after the lease.
    const taken = await rowsOf<{ key: string }>(
      db,
      sql`UPDATE idempotency_keys SET locked_until = ${lease.toISOString()}::timestamptz
          WHERE user_id = ${scope.userId} AND caller = ${callerOf(scope)} AND key = ${scope.key} AND state = 'running'
            AND locked_until < ${now.toISOString()}::timestamptz
          RETURNING key`,
    );
    if (taken.length === 0) throw new AppError('idempotency.inProgress', 409);
    return { run: true };
  }

  async function finish(tx: Db | Tx, scope: IdempotencyScope, status: number, stored: Stored): Promise<void> {
    await tx.execute(
      sql`UPDATE idempotency_keys SET state = 'done', status = ${status}, reply = ${JSON.stringify(stored)}::jsonb
          WHERE user_id = ${scope.userId} AND caller = ${callerOf(scope)} AND key = ${scope.key}`,
    );
  }

  return {
    /**
     * Runs `work` once per key. `work` gets the transaction its money moves in; its result must be
     * JSON (it is what a replay returns).
     */
    async run<T>(scope: IdempotencyScope, work: (tx: Tx) => Promise<T>): Promise<T> {
      const fingerprint = fingerprintOf(scope);
      const claimed = await claim(scope, fingerprint);
      if (!claimed.run) return claimed.reply as T;
      try {
        return await inTransaction(db, async (tx) => {
          const data = await work(tx);
          await finish(tx, scope, 200, { data: data ?? null });
          return data;
        });
      } catch (error) {
        // Nothing was committed: a refusal (wrong payment password, too little balance) or a failure
        // leaves no trace, so the user may correct it and send again, with this key or another.
        await db.execute(
          sql`DELETE FROM idempotency_keys WHERE user_id = ${scope.userId} AND caller = ${callerOf(scope)} AND key = ${scope.key} AND state = 'running'`,
        );
        throw error;
      }
    },

    /** Keys older than the keeping time (at least IDEMPOTENCY_KEEP_HOURS) are forgotten. */
    async forgetOlderThan(cutoff: Date): Promise<void> {
      await db.execute(sql`DELETE FROM idempotency_keys WHERE created_at < ${cutoff.toISOString()}::timestamptz AND state = 'done'`);
    },
  };
}
