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
 * - `write`: writes in the transaction that takes the rows out of the outbox (one DELETE of the
 *   rows FOR UPDATE SKIP LOCKED: no other process takes them meanwhile) (the candles): exactly
 *   once, as the write and the deletion commit together; a process that stops lets its rows go at
 *   once. It may return what to do after COMMIT (announce the changed candles).
 * - `effect`: does something outside the database (a socket message, a push), then the rows done
 *   are deleted: at least once — a process that stops in between leaves the row for the next. The
 *   writer runs its own rows from the payloads it wrote, without claiming them (within the grace
 *   period no other process takes them); a sweep first claims the rows it takes for LEASE_SECONDS
 *   in one statement (no transaction stays open while a push service answers). A delivery slower
 *   than the grace period may meet a sweep's: socket messages only say "fetch again", and a push is
 *   claimed per device and message (modules/push), so a repeat sends nothing twice.
 *
 * A row whose handler throws is tried again at the next sweep; after ATTEMPTS failures it waits
 * for an operator (logged at error level, with its last error) instead of blocking those after it.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { batchedRead } from './db/batched-reads';
import { fixedStatement, rowsOf } from './db/rows';
import { inTransaction, withCommit } from './db/transaction';
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
/**
 * A topic's deliveries start at most this often (batchedRead's gatherMs): under load the rows of
 * that time go together — one transaction for all their ticks, one deletion for all their notices
 * — instead of a delivery for every two or three trades; on a quiet server a delivery starts at once.
 * No money call waits on a delivery (it has answered), so a candle or a notice is at most this late;
 * an operator's news publication, which waits for its pushes' delivery, answers at most this much later.
 */
const DELIVERY_GATHER_MS = 25;

type Payload = Record<string, unknown>;
interface EffectHandler {
  kind: 'effect';
  /** Each row, with what `prepare` read for the batch it came in. */
  run: (payload: Payload, prepared: unknown) => Promise<unknown>;
  /** Once per batch, before its rows: what they all need read at once (e.g. which of their users have devices). */
  prepare?: (payloads: Payload[]) => Promise<unknown>;
}
/** A `write` handler: the rows of a delivery, in the order written, in one call (and one alone when a batch failed). */
/** What a `write` handler returns: nothing, or what to do once the transaction has committed (which may wait for a statement sent with COMMIT). */
type WriteRun = (tx: Tx, payloads: Payload[]) => Promise<(() => unknown) | void> | (() => unknown);
export type OutboxHandler = { kind: 'write'; run: WriteRun } | EffectHandler;

/** A row written into the outbox: what `deliver` needs once its transaction committed. */
export interface OutboxRef {
  id: string;
  topic: OutboxTopic;
  payload: Payload;
}

/**
 * The rows, in one statement. A row naming a push channel and users (`devicesOn`) is written only
 * when one of those users has a device on that channel as it commits: a push nobody can receive
 * is not written, and so not delivered (no read of the devices at delivery, no row to delete).
 */
const WRITE_OUTBOX = fixedStatement<OutboxRef>(
  `INSERT INTO outbox (topic, payload)
   SELECT r.topic, r.payload FROM jsonb_to_recordset($1::jsonb) AS r (topic text, payload jsonb, channel text, users uuid[])
   WHERE r.channel IS NULL OR EXISTS (SELECT 1 FROM push_subscriptions s WHERE r.channel = ANY (s.channels) AND s.user_id = ANY (r.users))
   RETURNING id::text, topic, payload`,
);

/** A row to write; `devicesOn`: only when one of `users` has a device on `channel` (a push). */
export interface NewOutboxRow {
  topic: OutboxTopic;
  payload: Payload;
  devicesOn?: { channel: string; users: readonly string[] };
}
type NewRows = readonly NewOutboxRow[];

const rowsText = (rows: NewRows) => JSON.stringify(rows.map(({ topic, payload, devicesOn }) => ({ topic, payload, channel: devicesOn?.channel ?? null, users: devicesOn?.users ?? null })));

/** Writes rows of the outbox in the caller's transaction; each with its id, for `deliver` once committed. */
export async function writeOutbox(tx: Db | Tx, rows: NewRows): Promise<OutboxRef[]> {
  if (rows.length === 0) return [];
  return WRITE_OUTBOX(tx, [rowsText(rows)]);
}

/**
 * Writes rows of the outbox as the last statements of an inTransaction transaction, sent with its
 * COMMIT (db/transaction.ts withCommit): they commit with it or not at all. `written` gets them
 * with their ids once PostgreSQL has answered, before the transaction returns.
 */
export function writeOutboxWithCommit(tx: Tx, rows: NewRows, written: (refs: OutboxRef[]) => void): void {
  if (rows.length === 0) return;
  withCommit(tx, (t) => {
    // writeOutbox sends its statement when called (withCommit's contract), before its first await.
    const sent = writeOutbox(t, rows);
    sent.then(written, () => undefined);
    return sent;
  });
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
/** Rows in the order they were written (RETURNING follows no ORDER BY). */
const byId = <R extends { id: string }>(rows: R[]): R[] => rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));

export function createOutbox({ db, log, sweepMs = 2000 }: OutboxOptions) {
  const handlers = new Map<OutboxTopic, OutboxHandler>();
  let sweeps: Repeating | null = null;
  let delivering = 0;
  let idle: Array<() => void> = [];

  /** Which rows of `topic` are waiting: `ids`, or those left behind; never one held by another process or out of attempts. */
  const waiting = (topic: OutboxTopic, ids: readonly string[] | null) =>
    sql`topic = ${topic} AND attempts < ${ATTEMPTS} AND (claimed_until IS NULL OR claimed_until < now())
        AND ${ids ? sql`id = ANY(${idArray(ids)}::bigint[])` : sql`created_at < now() - make_interval(secs => ${GRACE_SECONDS})`}`;

  /** Claims rows left behind for an `effect` handler: this process's for LEASE_SECONDS, no transaction kept open; in the order written. */
  const claim = async (topic: OutboxTopic) =>
    byId(
      await rowsOf<OutboxRow>(
        db,
        sql`UPDATE outbox SET claimed_until = now() + make_interval(secs => ${LEASE_SECONDS})
            WHERE id IN (SELECT id FROM outbox WHERE ${waiting(topic, null)} ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
            RETURNING id::text, payload`,
      ),
    );

  /** Deletes delivered `effect` rows; one already gone was delivered by a sweep as well (at least once). */
  async function remove(ids: readonly string[]): Promise<void> {
    await db.execute(sql`DELETE FROM outbox WHERE id = ANY(${idArray(ids)}::bigint[])`);
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
  async function deliverWrites(topic: OutboxTopic, run: WriteRun, ids: readonly string[] | null): Promise<number> {
    const writeAll = async (which: readonly string[] | null): Promise<OutboxRow[]> => {
      const after: Array<() => unknown> = [];
      let rows: OutboxRow[] = [];
      // BEGIN goes out with the DELETE (db/transaction.ts): a round trip fewer than Drizzle's own.
      await inTransaction(db, async (tx) => {
        after.length = 0;
        // Taken out first: the deletion holds the rows (another process skips them) until COMMIT
        // writes what the handler did with it, or a rollback leaves them; one statement for both.
        rows = byId(
          await rowsOf<OutboxRow>(
            tx,
            sql`DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE ${waiting(topic, which)} ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
                RETURNING id::text, payload`,
          ),
        );
        if (rows.length > 0) {
          const announce = await run(
            tx,
            rows.map((row) => row.payload),
          );
          if (announce) after.push(announce);
        }
      });
      for (const announce of after) await announce();
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

  /** An `effect` handler's rows, each done from its payload (the batch prepared once); the ids of those done. */
  async function runEffects(topic: OutboxTopic, handler: EffectHandler, rows: readonly OutboxRow[], results: Map<string, unknown>): Promise<string[]> {
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
    return done;
  }

  /** An `effect` topic's rows left behind, claimed, each done, then those done deleted; how many were claimed. */
  async function deliverEffects(topic: OutboxTopic, handler: EffectHandler): Promise<number> {
    const rows = await claim(topic);
    if (rows.length === 0) return 0;
    // A failure before the deletion leaves the rows claimed until their lease ends; a sweep then tries them again.
    const done = await runEffects(topic, handler, rows, new Map());
    if (done.length > 0) await remove(done);
    return rows.length;
  }

  /** Runs a delivery; never rejects (what failed is recorded, or left for the sweep): its count, or -1 when the delivery itself failed. */
  async function guarded(topic: string, delivery: () => Promise<number>): Promise<number> {
    try {
      return await delivery();
    } catch (error) {
      log.error({ err: error, topic }, 'outbox: delivery failed; the sweep tries again');
      return -1;
    }
  }

  /** One topic's rows left behind, a batch of them: how many, or -1 when the delivery failed. */
  function sweepTopic(topic: OutboxTopic): Promise<number> {
    const handler = handlers.get(topic);
    if (!handler) return Promise.resolve(0);
    return guarded(topic, () => (handler.kind === 'write' ? deliverWrites(topic, handler.run, null) : deliverEffects(topic, handler)));
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
   * Delivered `effect` rows are deleted together: one deletion under way at a time, the rows done
   * meanwhile in the next (a process stopping before it sends them again: at least once).
   */
  const removeDone = batchedRead<string, true>({
    keyOf: (id) => id,
    maxBatch: Number.POSITIVE_INFINITY,
    oneAtATime: true,
    gatherMs: DELIVERY_GATHER_MS,
    async answer(ids) {
      await guarded('effects', async () => (await remove(ids), ids.length));
      return new Map(ids.map((id) => [id, true as const]));
    },
  });

  interface Delivered {
    /** An `effect` handler's result. */
    result?: unknown;
    /** An `effect` row's deletion. */
    removed?: Promise<unknown>;
  }
  const deliveries = new Map<OutboxTopic, (row: OutboxRef) => Promise<Delivered>>();

  /**
   * A topic's rows handed to `deliver`, one delivery of the topic under way at a time (db/batched-reads.ts
   * `oneAtATime`, at most every DELIVERY_GATHER_MS): the rows committed while one runs go together in
   * the next, BATCH at a time — on a quiet server a turn of the event loop, under load as many trades
   * as settle in that time: one
   * transaction for all their candles' ticks, one deletion for all their notices. Topics stay side
   * by side: a slow push service holds back no candle and no socket message. A `write` topic's
   * rows go in one transaction; an `effect` topic's run from their payloads (no other process takes
   * them within the grace period, so there is nothing to claim), then are deleted (removeDone),
   * which the next delivery of the topic does not wait for. Failures are logged and left for the sweep.
   */
  function deliveryOf(topic: OutboxTopic, handler: OutboxHandler): (row: OutboxRef) => Promise<Delivered> {
    let delivery = deliveries.get(topic);
    if (delivery) return delivery;
    delivery = batchedRead<OutboxRef, Delivered>({
      keyOf: (row) => row.id,
      maxBatch: BATCH,
      oneAtATime: true,
      gatherMs: DELIVERY_GATHER_MS,
      async answer(rows) {
        const delivered = new Map<string, Delivered>(rows.map((row) => [row.id, {}]));
        if (handler.kind === 'write') {
          await guarded(topic, () =>
            deliverWrites(
              topic,
              handler.run,
              rows.map((row) => row.id),
            ),
          );
        } else {
          const results = new Map<string, unknown>();
          await guarded(topic, async () => {
            const done = await runEffects(topic, handler, rows, results);
            for (const id of done) delivered.set(id, { result: results.get(id), removed: removeDone(id) });
            return done.length;
          });
        }
        return delivered;
      },
    });
    deliveries.set(topic, delivery);
    return delivery;
  }

  /** Every row left behind longer than the grace period, a batch per topic at a time; false when a delivery failed. */
  const sweep = () =>
    counted(async () => {
      const rounds = await Promise.all(
        [...handlers.keys()].map(async (topic) => {
          let delivered: number;
          while ((delivered = await sweepTopic(topic)) === BATCH);
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
     * they are of; the `effect` handlers' results by id, once their rows are deleted. The rows of
     * every transaction that committed while a topic's delivery ran (on a quiet server, in the same
     * turn of the event loop) go together (deliveryOf): one deletion for all their notices, one
     * transaction for all the candles' ticks. Only for rows whose transaction has committed: their
     * effects run from the payloads as written, without reading them back. Never rejects: a row
     * that cannot be delivered now is left for the sweep (logged).
     */
    deliver(rows: readonly OutboxRef[]): Promise<Map<string, unknown>> {
      if (rows.length === 0) return Promise.resolve(new Map());
      // Counted from now: stop() waits for it even before its delivery begins.
      return counted(async () => {
        const delivered = await Promise.all(
          rows.map((row) => {
            const handler = handlers.get(row.topic);
            return handler ? deliveryOf(row.topic, handler)(row) : Promise.resolve<Delivered>({});
          }),
        );
        await Promise.all(delivered.map((one) => one.removed));
        return new Map(rows.map((row, n) => [row.id, delivered[n].result]));
      });
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
