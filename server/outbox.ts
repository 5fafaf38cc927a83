/**
 * The transactional outbox (issue 39; docs/operations.md): what a committed change must still
 * cause — a settled trade's tick into the candles, an order's socket and push notices, a news
 * piece's push notices — is a row written in the change's own transaction, so that it commits or
 * rolls back with it. Nothing of it lives only in a process's memory between COMMIT and delivery.
 *
 * Delivery: the process that committed delivers its own rows at once (`deliver(rows)`); a row that
 * is still there after GRACE_SECONDS was left by a process that stopped in between (kill -9, a
 * crash, a lost connection), and any process's sweep delivers it. Each topic has one handler, and
 * topics are delivered side by side, so that a slow push service delays no candle.
 *
 * Two kinds of handler:
 * - `write`: writes in the transaction that locks the rows (FOR UPDATE SKIP LOCKED: no other
 *   process takes them meanwhile) and deletes them (the candles): exactly once, as the write and
 *   the deletion commit together; a process that stops lets its rows go at once. It may return
 *   what to do after COMMIT (announce the changed candles).
 * - `effect`: does something outside the database (a socket message, a push): its rows are first
 *   claimed for LEASE_SECONDS in one statement (no transaction stays open while a push service
 *   answers), then each is done and deleted: at least once — a process that stops in between
 *   leaves the row for the next once the lease ends. Socket
 *   messages only say "fetch again", and a push is claimed per device and message
 *   (modules/push), so a repeat sends nothing twice.
 *
 * A row whose handler throws is tried again at the next sweep; after ATTEMPTS failures it waits
 * for an operator (logged at error level, with its last error) instead of blocking those after it.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { batchedRead } from './db/batched-reads';
import { rowsOf } from './db/rows';
import { startRepeating, type Repeating } from './repeating';

/** The outbox's topics, each with its one handler (the module that registers it). */
export const OUTBOX_TOPICS = ['trade.socket', 'trade.push', 'trade.tick', 'news.push'] as const;
export type OutboxTopic = (typeof OUTBOX_TOPICS)[number];

/** A row left this long undelivered was left by a process that stopped: any process delivers it. */
export const GRACE_SECONDS = 5;
/** How long a process holds the rows it delivers; a process that stops holding them lets them go after it. */
export const LEASE_SECONDS = 60;
/** Failures after which a row waits for an operator (as the index of 0031_outbox.sql says). */
export const ATTEMPTS = 5;
/** Rows of one topic claimed at once. */
const BATCH = 100;

type Payload = Record<string, unknown>;
export type OutboxHandler =
  | { kind: 'write'; run: (tx: Tx, payload: Payload) => Promise<(() => void) | void> }
  | {
      kind: 'effect';
      /** Each claimed row, with what `prepare` read for the batch it came in. */
      run: (payload: Payload, prepared: unknown) => Promise<unknown>;
      /** Once per claimed batch, before its rows: what they all need read at once (e.g. which of their users have devices). */
      prepare?: (payloads: Payload[]) => Promise<unknown>;
    };

/** A row written into the outbox: what `deliver` needs once its transaction committed. */
export interface OutboxRef {
  id: string;
  topic: OutboxTopic;
}

/** Writes rows of the outbox in the caller's transaction; their ids and topics, for `deliver` once committed. */
export async function writeOutbox(tx: Db | Tx, rows: ReadonlyArray<{ topic: OutboxTopic; payload: Payload }>): Promise<OutboxRef[]> {
  if (rows.length === 0) return [];
  return rowsOf<OutboxRef>(
    tx,
    sql`INSERT INTO outbox (topic, payload)
        SELECT r.topic, r.payload FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r (topic text, payload jsonb)
        RETURNING id::text, topic`,
  );
}

interface OutboxRow {
  id: string;
  payload: Payload;
}

export interface OutboxOptions {
  db: Db;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How often the sweep looks for rows left behind. */
  sweepMs?: number;
}

export type Outbox = ReturnType<typeof createOutbox>;

const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

export function createOutbox({ db, log, sweepMs = 2000 }: OutboxOptions) {
  const handlers = new Map<OutboxTopic, OutboxHandler>();
  let sweeps: Repeating | null = null;
  let delivering = 0;
  let idle: Array<() => void> = [];

  /** Which rows of `topic` are waiting: `ids`, or those left behind; never one held by another process or out of attempts. */
  const waiting = (topic: OutboxTopic, ids: readonly string[] | null) =>
    sql`topic = ${topic} AND attempts < ${ATTEMPTS} AND (claimed_until IS NULL OR claimed_until < now())
        AND ${ids ? sql`id = ANY(${idArray(ids)}::bigint[])` : sql`created_at < now() - make_interval(secs => ${GRACE_SECONDS})`}`;

  /** Claims waiting rows for an `effect` handler: this process's for LEASE_SECONDS, no transaction kept open; in the order written. */
  const claim = async (topic: OutboxTopic, ids: readonly string[] | null) =>
    (
      await rowsOf<OutboxRow>(
        db,
        sql`UPDATE outbox SET claimed_until = now() + make_interval(secs => ${LEASE_SECONDS})
            WHERE id IN (SELECT id FROM outbox WHERE ${waiting(topic, ids)} ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
            RETURNING id::text, payload`,
      )
    ).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)); // RETURNING follows no ORDER BY

  /** Deletes delivered rows; in a `write` handler's transaction, throws (rolling it back) when one was no longer there. */
  async function remove(tx: Db | Tx, ids: readonly string[]): Promise<void> {
    const gone = await rowsOf<{ id: string }>(tx, sql`DELETE FROM outbox WHERE id = ANY(${idArray(ids)}::bigint[]) RETURNING id::text`);
    if (gone.length !== ids.length) throw new Error(`outbox: ${ids.length - gone.length} of ${ids.length} rows were delivered by another process meanwhile`);
  }

  /** A failed row: one attempt more, its error kept, let go at once; a row that has run out of attempts is reported. */
  async function failed(row: OutboxRow, topic: OutboxTopic, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const [kept] = await rowsOf<{ attempts: number }>(
      db,
      sql`UPDATE outbox SET attempts = attempts + 1, last_error = ${message.slice(0, 1000)}, claimed_until = NULL WHERE id = ${row.id}::bigint RETURNING attempts`,
    );
    if (kept && kept.attempts >= ATTEMPTS) log.error({ err: error, outbox: row.id, topic }, 'outbox: a row could not be delivered and waits for an operator');
    else log.warn({ err: error, outbox: row.id, topic }, 'outbox: a delivery failed; tried again at the next sweep');
  }

  /**
   * A `write` topic's waiting rows, locked in the transaction that handles and deletes them (a
   * process that stops lets them go at once); a batch that fails is tried row by row, so that one
   * bad row holds back no other. How many rows there were.
   */
  async function deliverWrites(topic: OutboxTopic, run: (tx: Tx, payload: Payload) => Promise<(() => void) | void>, ids: readonly string[] | null): Promise<number> {
    const writeAll = async (which: readonly string[] | null): Promise<OutboxRow[]> => {
      const after: Array<() => void> = [];
      let rows: OutboxRow[] = [];
      await db.transaction(async (tx) => {
        after.length = 0;
        rows = await rowsOf<OutboxRow>(tx, sql`SELECT id::text, payload FROM outbox WHERE ${waiting(topic, which)} ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`);
        for (const row of rows) {
          const announce = await run(tx, row.payload);
          if (announce) after.push(announce);
        }
        if (rows.length > 0) await remove(tx, rows.map((row) => row.id));
      });
      for (const announce of after) announce();
      return rows;
    };
    try {
      return (await writeAll(ids)).length;
    } catch {
      // One row may be the cause: each alone, so that the others go through.
    }
    const left = ids ?? (await rowsOf<{ id: string }>(db, sql`SELECT id::text FROM outbox WHERE ${waiting(topic, null)} ORDER BY id LIMIT ${BATCH}`)).map((row) => row.id);
    for (const id of left) {
      await writeAll([id]).catch((error: unknown) => failed({ id, payload: {} }, topic, error));
    }
    return left.length;
  }

  /** An `effect` topic's rows, claimed, each done, then those done deleted; how many were claimed. */
  async function deliverEffects(topic: OutboxTopic, handler: Extract<OutboxHandler, { kind: 'effect' }>, ids: readonly string[] | null, results: Map<string, unknown>): Promise<number> {
    const rows = await claim(topic, ids);
    if (rows.length === 0) return 0;
    // A failure here leaves the rows claimed until their lease ends; the sweep then tries them again.
    const prepared = handler.prepare ? await handler.prepare(rows.map((row) => row.payload)) : undefined;
    const done: string[] = [];
    for (const row of rows) {
      try {
        results.set(row.id, await handler.run(row.payload, prepared));
        done.push(row.id);
      } catch (error) {
        await failed(row, topic, error);
      }
    }
    // Deleted together (a process stopping before this sends them again: at least once).
    if (done.length > 0) await remove(db, done);
    return rows.length;
  }

  /** One topic's rows; never rejects (what failed is recorded, or left for the sweep): how many, or -1 when the delivery itself failed. */
  async function deliverTopic(topic: OutboxTopic, ids: readonly string[] | null, results: Map<string, unknown>): Promise<number> {
    const handler = handlers.get(topic);
    if (!handler) return 0;
    try {
      return handler.kind === 'write' ? await deliverWrites(topic, handler.run, ids) : await deliverEffects(topic, handler, ids, results);
    } catch (error) {
      log.error({ err: error, topic }, 'outbox: delivery failed; the sweep tries again');
      return -1;
    }
  }

  /** Runs `work`, counted, so that `stop()` can wait for deliveries under way. */
  async function counted<T>(work: () => Promise<T>): Promise<T> {
    delivering++;
    try {
      return await work();
    } finally {
      if (--delivering === 0) {
        for (const resolve of idle) resolve();
        idle = [];
      }
    }
  }

  /**
   * The rows handed to `deliver` in one turn of the event loop, delivered together (db/batched-reads.ts
   * gathers them): per topic, a claim of at most BATCH rows at a time. Every row of the turn is
   * answered with the turn's results.
   */
  const deliverTurn = batchedRead<OutboxRef, Map<string, unknown>>({
    keyOf: (row) => row.id,
    maxBatch: Number.POSITIVE_INFINITY,
    async answer(rows) {
      const byTopic = new Map<OutboxTopic, string[]>();
      for (const row of rows) byTopic.set(row.topic, [...(byTopic.get(row.topic) ?? []), row.id]);
      const results = new Map<string, unknown>();
      await Promise.all(
        [...byTopic].map(async ([topic, ids]) => {
          for (let start = 0; start < ids.length; start += BATCH) await deliverTopic(topic, ids.slice(start, start + BATCH), results);
        }),
      );
      return new Map(rows.map((row) => [row.id, results]));
    },
  });

  /** Every row left behind longer than the grace period, a batch per topic at a time; false when a delivery failed. */
  const sweep = () =>
    counted(async () => {
      const rounds = await Promise.all(
        [...handlers.keys()].map(async (topic) => {
          let delivered: number;
          while ((delivered = await deliverTopic(topic, null, new Map())) === BATCH);
          return delivered >= 0;
        }),
      );
      return rounds.every(Boolean) ? undefined : (false as const);
    });

  return {
    /** The one handler of `topic` (a module registers it at start). */
    handle(topic: OutboxTopic, handler: OutboxHandler): void {
      if (handlers.has(topic)) throw new Error(`outbox: ${topic} has a handler already`);
      handlers.set(topic, handler);
    },

    /**
     * Delivers rows this process has just committed, the topics side by side, only the topics
     * they are of; the `effect` handlers' results by id. The rows of every transaction that
     * committed in the same turn of the event loop go together (deliverTurn: nothing waits on a
     * quiet server beyond the current turn): one claim and one deletion per topic for all of them,
     * one transaction for all the candles' ticks. Never rejects: a row that cannot be delivered now
     * is left for the sweep (logged).
     */
    deliver(rows: readonly OutboxRef[]): Promise<Map<string, unknown>> {
      if (rows.length === 0) return Promise.resolve(new Map());
      // Counted from now: stop() waits for it even before the turn ends.
      return counted(async () => (await Promise.all(rows.map(deliverTurn)))[0]);
    },

    /** Delivers every row left behind longer than the grace period (the sweep's round; tests). */
    sweep,

    /** Starts the sweep: at once (rows a stopped process left), then every `sweepMs`; `record` is told each round's result. */
    start(record?: (ok: boolean) => void): void {
      sweeps ??= startRepeating(sweep, { firstDelayMs: 0, everyMs: sweepMs, record });
    },

    /** Stops the sweep and waits for the deliveries under way (the process stops). */
    async stop(): Promise<void> {
      sweeps?.stop();
      sweeps = null;
      if (delivering > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
