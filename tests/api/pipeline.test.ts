/**
 * Statements sent together (server/db/pipeline.ts), a last statement sent with COMMIT
 * (withCommit in server/db/transaction.ts) and named statements (server/db/named-statements.ts):
 * what a money call saves in round trips must never cost it its all-or-nothing.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { NamingClient, statementNameOf } from '../../server/db/named-statements';
import { allInOrder } from '../../server/db/pipeline';
import { fixedStatement, rowsOf, tableRowOf } from '../../server/db/rows';
import { tradeOrders } from '../../server/db/schema';
import { inTransaction, withCommit } from '../../server/db/transaction';
import type { Tx } from '../../server/db/client';
import { balanceOf } from '../../server/ledger/accounts';
import { postTransfer, postTransfersWithCommit } from '../../server/ledger/transfers';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

function move(tx: Tx, from: string, to: string, amount: bigint) {
  return postTransfer(tx, {
    debit: { userId: from, purpose: 'available' },
    credit: { userId: to, purpose: 'available' },
    asset: 'EUR',
    amount,
    kind: 'adjustment',
    reference: 'test:pipeline',
    idempotencyKey: `pipeline-test:${crypto.randomUUID()}`,
    at: t.clock.now(),
  });
}

/** Two paying users, the first with `eur` minor units of EUR. */
async function twoUsers(eur = 0n) {
  const a = await t.payingUser();
  const b = await t.payingUser();
  if (eur > 0n) await t.fund(a.userId, 'EUR', eur);
  return { a, b };
}

/** The PostgreSQL error code of a failure (Drizzle wraps it; the code sits on a cause). */
function codeOf(error: unknown): string | undefined {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code) return e.code;
  return undefined;
}

describe('a last statement sent with COMMIT', () => {
  test('when PostgreSQL refuses it, nothing of the transaction stays and its own error is thrown', async () => {
    const { a, b } = await twoUsers(10_00n);
    const failure = await inTransaction(t.database.db, async (tx) => {
      await move(tx, a.userId, b.userId, 4_00n);
      withCommit(tx, sql`SELECT 1 / ${0}::int AS never`);
    }).catch((error: unknown) => error);
    expect(codeOf(failure)).toBe('22012');
    expect(await balanceOf(t.database.db, a.userId, 'EUR')).toBe(10_00n);
    expect(await balanceOf(t.database.db, b.userId, 'EUR')).toBe(0n);
    await t.assertLedgerClean();
  });

  test('when it cannot even be written (a value JSON cannot hold), it throws before COMMIT and nothing stays', async () => {
    const { a, b } = await twoUsers(10_00n);
    const failure = await inTransaction(t.database.db, async (tx) => {
      await move(tx, a.userId, b.userId, 4_00n);
      withCommit(tx, sql`SELECT ${JSON.stringify({ amount: 4n })}::jsonb`);
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect(await balanceOf(t.database.db, a.userId, 'EUR')).toBe(10_00n);
  });

  test('when it succeeds, it is committed with the rest', async () => {
    const { a, b } = await twoUsers(10_00n);
    const nickname = `pipeline-${crypto.randomBytes(3).toString('hex')}`;
    await inTransaction(t.database.db, async (tx) => {
      await move(tx, a.userId, b.userId, 1_00n);
      withCommit(tx, sql`UPDATE users SET nickname = ${nickname} WHERE id = ${b.userId}`);
    });
    expect(await balanceOf(t.database.db, b.userId, 'EUR')).toBe(1_00n);
    const [row] = await rowsOf<{ nickname: string }>(t.database.db, sql`SELECT nickname FROM users WHERE id = ${b.userId}`);
    expect(row.nickname).toBe(nickname);
  });

  test('a posting sent with COMMIT and refused (funds short): its refusal is thrown and nothing of the transaction stays', async () => {
    const { a, b } = await twoUsers(10_00n);
    const nickname = `pipeline-${crypto.randomBytes(3).toString('hex')}`;
    const leg = (amount: bigint) => ({
      debit: { userId: a.userId, purpose: 'available' as const },
      credit: { userId: b.userId, purpose: 'available' as const },
      asset: 'EUR' as const,
      amount,
      kind: 'adjustment' as const,
      reference: 'test:pipeline',
      idempotencyKey: `pipeline-test:${crypto.randomUUID()}`,
      at: t.clock.now(),
    });
    const failure = await inTransaction(t.database.db, async (tx) => {
      withCommit(tx, sql`UPDATE users SET nickname = ${nickname} WHERE id = ${b.userId}`);
      // The posting fails when refused: PostgreSQL skips the COMMIT behind it.
      postTransfersWithCommit(tx, [leg(4_00n), leg(7_00n)]);
    }).catch((error: unknown) => error);
    expect((failure as { key?: string }).key).toBe('balance.insufficient');
    // An account that does not exist refuses the same way.
    const missing = await inTransaction(t.database.db, async (tx) => {
      withCommit(tx, sql`UPDATE users SET nickname = ${nickname} WHERE id = ${b.userId}`);
      postTransfersWithCommit(tx, [{ ...leg(1_00n), credit: { userId: crypto.randomUUID(), purpose: 'available' as const } }]);
    }).catch((error: unknown) => error);
    expect((missing as { key?: string }).key).toBe('balance.insufficient');
    expect(await balanceOf(t.database.db, a.userId, 'EUR')).toBe(10_00n);
    expect(await balanceOf(t.database.db, b.userId, 'EUR')).toBe(0n);
    const [row] = await rowsOf<{ nickname: string }>(t.database.db, sql`SELECT nickname FROM users WHERE id = ${b.userId}`);
    expect(row.nickname).not.toBe(nickname);
    // Covered, the same posting is committed with the rest.
    await inTransaction(t.database.db, async (tx) => {
      withCommit(tx, sql`UPDATE users SET nickname = ${nickname} WHERE id = ${b.userId}`);
      postTransfersWithCommit(tx, [leg(4_00n), leg(6_00n)]);
    });
    expect(await balanceOf(t.database.db, b.userId, 'EUR')).toBe(10_00n);
    const [after] = await rowsOf<{ nickname: string }>(t.database.db, sql`SELECT nickname FROM users WHERE id = ${b.userId}`);
    expect(after.nickname).toBe(nickname);
    await t.assertLedgerClean();
  });

  test('is refused in a transaction that would not wait for it', async () => {
    await expect(t.database.db.transaction(async (tx) => withCommit(tx, sql`SELECT 1`))).rejects.toThrow(/inTransaction/);
  });
});

describe('statements sent together', () => {
  test("the first failure is the one reported, not the aborted transaction of the statements behind it", async () => {
    const { a, b } = await twoUsers();
    const failure = await inTransaction(t.database.db, (tx) =>
      allInOrder([move(tx, a.userId, b.userId, 1_00n), rowsOf(tx, sql`SELECT ${1}::int AS one`)]),
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ key: 'balance.insufficient' });
  });

  test('a read behind a posting in the same round trip sees it', async () => {
    const { a, b } = await twoUsers(5_00n);
    const [, after] = await inTransaction(t.database.db, (tx) => allInOrder([move(tx, a.userId, b.userId, 2_00n), balanceOf(tx, a.userId, 'EUR')]));
    expect(after).toBe(3_00n);
  });

  test('a query builder not yet sent is refused (it would go out behind the statements after it)', async () => {
    const builder = t.database.db.execute(sql`SELECT 1`);
    await expect(allInOrder([builder as unknown as Promise<unknown>])).rejects.toThrow(/execute\(\)/);
  });
});

/**
 * A pool of one pipelining connection, as the server's (db/client.ts), whose Syncs are counted:
 * how many times the connection ended a batch of statements.
 */
async function countedConnection() {
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, pipeline: true, Client: NamingClient } as pg.PoolConfig);
  const client = await pool.connect();
  const connection = (client as unknown as { connection: { sync(): void } }).connection;
  const sync = connection.sync.bind(connection);
  const describe = (connection as unknown as { describe(config: unknown): void }).describe.bind(connection);
  const counted = { syncs: 0, describes: 0 };
  connection.sync = () => {
    counted.syncs++;
    sync();
  };
  (connection as unknown as { describe(config: unknown): void }).describe = (config) => {
    counted.describes++;
    describe(config);
  };
  const text = (marker: string) => `SELECT $1::int AS pipeline_${marker}_${crypto.randomBytes(4).toString('hex')}`;
  return { client, counted, text, close: async () => (client.release(), pool.end()) };
}

// PGlite runs in the process: no wire, no Sync.
/**
 * Two autocommit statements sent at once — an insert into `marker` and a division by zero — each
 * with its own Sync: the insert stays although the statement after it fails; `rows` in the table then.
 */
async function expectAutocommitSyncs(client: pg.Client, counted: { syncs: number }, marker: string, rows: number): Promise<void> {
  counted.syncs = 0;
  const outcomes = await Promise.allSettled([
    client.query({ text: `INSERT INTO ${marker} VALUES ($1)`, values: [rows] }),
    client.query({ text: `SELECT 1 / $1::int AS never`, values: [0] }),
  ]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
  expect(counted.syncs).toBe(2);
  expect((await client.query(`SELECT count(*)::int AS n FROM ${marker}`)).rows[0]).toEqual({ n: rows });
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('one Sync a round trip (db/statement-batch.ts)', () => {
  test('statements of a transaction block sent together end with one Sync, each answered with its own rows', async () => {
    const { client, counted, text, close } = await countedConnection();
    try {
      const [a, b] = [text('a'), text('b')];
      const sent = [client.query('BEGIN'), client.query({ text: a, values: [1] }), client.query({ text: b, values: [2] }), client.query({ text: a, values: [3] }), client.query('COMMIT')];
      const results = await Promise.all(sent);
      expect(counted.syncs).toBe(1);
      expect(results.map((result) => result.command)).toEqual(['BEGIN', 'SELECT', 'SELECT', 'SELECT', 'COMMIT']);
      expect(results.slice(1, 4).map((result) => Object.values(result.rows[0] as object)[0])).toEqual([1, 2, 3]);
    } finally {
      await close();
    }
  });

  test('a failure in a batch: its own error, 25P02 for those behind it, nothing of the block kept, the connection usable after ROLLBACK', async () => {
    const { client, text, close } = await countedConnection();
    try {
      const marker = `pipeline_${crypto.randomBytes(4).toString('hex')}`;
      const later = text('later');
      const outcomes = await Promise.allSettled([
        client.query('BEGIN'),
        client.query({ text: `CREATE TEMP TABLE ${marker} (n int) ON COMMIT PRESERVE ROWS`, values: [] }),
        client.query({ text: `SELECT 1 / $1::int AS never`, values: [0] }),
        client.query({ text: later, values: [7] }),
        client.query('COMMIT'),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
      expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22012' });
      expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ code: '25P02' });
      await client.query('ROLLBACK');
      // The table created in the block is gone; the statement skipped was never parsed, and is now.
      const [{ rows }, again] = await Promise.all([client.query({ text: 'SELECT to_regclass($1) AS kept', values: [marker] }), client.query({ text: later, values: [8] })]);
      expect(rows[0]).toEqual({ kept: null });
      expect(Object.values(again.rows[0] as object)[0]).toBe(8);
    } finally {
      await close();
    }
  });

  test('outside a transaction block each statement keeps its Sync: one failing does not undo the one before it', async () => {
    const { client, counted, close } = await countedConnection();
    const marker = `pipeline_${crypto.randomBytes(4).toString('hex')}`;
    try {
      await client.query(`CREATE TABLE ${marker} (n int)`);
      await expectAutocommitSyncs(client, counted, marker, 1);
    } finally {
      await client.query(`DROP TABLE IF EXISTS ${marker}`);
      await close();
    }
  });

  test('a script that starts with BEGIN (a migration) is sent as the script it is, and leaves no block open behind it', async () => {
    const { client, counted, close } = await countedConnection();
    const marker = `pipeline_${crypto.randomBytes(4).toString('hex')}`;
    try {
      await client.query(`BEGIN; CREATE TABLE ${marker} (n int); INSERT INTO ${marker} VALUES (1); COMMIT;`);
      // Autocommit statements after it keep a Sync each.
      await expectAutocommitSyncs(client, counted, marker, 2);
    } finally {
      await client.query(`DROP TABLE IF EXISTS ${marker}`);
      await close();
    }
  });

  test('a statement of a block is described once on its connection: later its rows come without a RowDescription, parsed the same', async () => {
    const { client, counted, close } = await countedConnection();
    try {
      const marker = crypto.randomBytes(4).toString('hex');
      const rowsText = `SELECT n, n * 2 AS twice, now() - make_interval(days => n) AS at, NULL::text AS nothing FROM generate_series(1, $1::int) AS n -- ${marker}`;
      const noRowsText = `SELECT pg_advisory_xact_lock($1::bigint) -- ${marker}`;
      const block = async (rows: number) => {
        const sent = [client.query('BEGIN'), client.query({ text: rowsText, values: [rows] }), client.query({ text: noRowsText, values: [rows] }), client.query('COMMIT')];
        const [, many, none] = await Promise.all(sent);
        return { many, none };
      };
      counted.describes = 0;
      const first = await block(2);
      // BEGIN, COMMIT (unnamed) and the two named statements, the first time.
      expect(counted.describes).toBe(4);
      counted.describes = 0;
      const later = await block(3);
      expect(counted.describes).toBe(2);
      expect(later.many.rows.map((row: { n: number; twice: number; nothing: null }) => [row.n, row.twice, row.nothing])).toEqual([
        [1, 2, null],
        [2, 4, null],
        [3, 6, null],
      ]);
      expect(later.many.rows[0].at).toBeInstanceOf(Date);
      expect(later.many.fields.map((field: { name: string }) => field.name)).toEqual(first.many.fields.map((field: { name: string }) => field.name));
      expect(later.many.rowCount).toBe(3);
      expect(later.none.rows).toHaveLength(1);
      // Drizzle's own way: rows as arrays, with its parsers (timestamps stay text).
      const drizzleTypes = { getTypeParser: (oid: number) => (oid === 1184 ? (value: string) => value : pg.types.getTypeParser(oid)) };
      const [, asArrays] = await Promise.all([client.query('BEGIN'), client.query({ text: rowsText, values: [1], rowMode: 'array', types: drizzleTypes }), client.query('COMMIT')]);
      expect(asArrays.rows[0].slice(0, 2)).toEqual([1, 2]);
      expect(typeof asArrays.rows[0][2]).toBe('string');
      expect(asArrays.rows[0][3]).toBeNull();
    } finally {
      await close();
    }
  });

  test('a named statement outside a block is described once too, each keeping its own Sync', async () => {
    const { client, counted, text, close } = await countedConnection();
    try {
      const named = text('alone');
      await client.query({ text: named, values: [1] });
      counted.describes = 0;
      counted.syncs = 0;
      const answers = await Promise.all([client.query({ text: named, values: [2] }), client.query({ text: named, values: [3] })]);
      expect(answers.map((answer) => Object.values(answer.rows[0] as object)[0])).toEqual([2, 3]);
      expect(counted).toEqual({ describes: 0, syncs: 2 });
    } finally {
      await close();
    }
  });

  test("a named statement outside a block whose commit fails (a deferred constraint) is refused, not answered at its CommandComplete", async () => {
    const { client, close } = await countedConnection();
    const marker = `pipeline_${crypto.randomBytes(4).toString('hex')}`;
    try {
      await client.query(`CREATE TABLE ${marker} (n int, CONSTRAINT ${marker}_once UNIQUE (n) DEFERRABLE INITIALLY DEFERRED)`);
      const insert = `INSERT INTO ${marker} SELECT $1::int FROM generate_series(1, $2::int)`;
      expect((await client.query({ text: insert, values: [1, 1] })).rowCount).toBe(1);
      // Two rows of 2: the statement itself succeeds; its implicit COMMIT checks the constraint and fails.
      await expect(client.query({ text: insert, values: [2, 2] })).rejects.toMatchObject({ code: '23505' });
      expect((await client.query({ text: `SELECT count(*)::int AS n FROM ${marker} WHERE n = $1`, values: [2] })).rows[0]).toEqual({ n: 0 });
    } finally {
      await client.query(`DROP TABLE IF EXISTS ${marker}`);
      await close();
    }
  });

  test('a statement gone from the server is parsed and described again: its rows come as before', async () => {
    const { client, text, close } = await countedConnection();
    try {
      const named = text('gone');
      const inBlock = async (value: number) => (await Promise.allSettled([client.query('BEGIN'), client.query({ text: named, values: [value] }), client.query('COMMIT')]))[1];
      const rowOf = (outcome: PromiseSettledResult<pg.QueryResult>) => (outcome.status === 'fulfilled' ? Object.values(outcome.value.rows[0] as object) : outcome.reason);
      expect(rowOf(await inBlock(1))).toEqual([1]);
      expect(rowOf(await inBlock(2))).toEqual([2]);
      await client.query('DEALLOCATE ALL');
      expect(await inBlock(3)).toMatchObject({ status: 'rejected', reason: { code: '26000' } });
      // Its COMMIT was skipped with it: the block is ended as inTransaction ends a failed one.
      await client.query('ROLLBACK');
      expect(rowOf(await inBlock(4))).toEqual([4]);
    } finally {
      await close();
    }
  });

  test('a value that cannot be written fails its statement alone, before anything is sent; the statement stays usable', async () => {
    const { client, text, close } = await countedConnection();
    try {
      const named = text('value');
      await client.query({ text: named, values: [1] });
      const circular: Record<string, unknown> = {};
      circular.self = circular;
      const outcomes = await Promise.allSettled([
        client.query('BEGIN'),
        client.query({ text: named, values: [circular] }),
        client.query({ text: named, values: [2] }),
        client.query('COMMIT'),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(TypeError);
      expect(Object.values((await client.query({ text: named, values: [3] })).rows[0] as object)[0]).toBe(3);
    } finally {
      await close();
    }
  });
});

describe('named statements', () => {
  test('one name per distinct text, the same every time', () => {
    const first = statementNameOf('SELECT $1::int AS pipeline_test_a');
    expect(first).toMatch(/^auto_\d+$/);
    expect(statementNameOf('SELECT $1::int AS pipeline_test_a')).toBe(first);
    expect(statementNameOf('SELECT $1::int AS pipeline_test_b')).not.toBe(first);
  });

  // PGlite runs in the process and parses nothing over a wire; the pool's connections are PostgreSQL's.
  test.runIf(Boolean(process.env.TEST_DATABASE_URL))('on PostgreSQL a parameterised statement is prepared once on its connection and used again', async () => {
    const marker = `pipeline_${crypto.randomBytes(4).toString('hex')}`;
    const prepared = await inTransaction(t.database.db, async (tx) => {
      for (let n = 0; n < 3; n++) await rowsOf(tx, sql`SELECT ${n}::int AS ${sql.raw(marker)}`);
      return rowsOf<{ name: string }>(tx, sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE ${`%${marker}%`}`);
    });
    expect(prepared).toHaveLength(1);
    expect(prepared[0].name).toMatch(/^auto_\d+$/);
  });

  test.runIf(Boolean(process.env.TEST_DATABASE_URL))('a statement gone from the server is parsed again on the next use (one failure, not one per use)', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1, Client: NamingClient });
    try {
      const text = `SELECT $1::int AS pipeline_${crypto.randomBytes(4).toString('hex')}`;
      expect((await pool.query({ text, values: [1] })).rows).toHaveLength(1);
      // As if node-postgres had closed it after a value it could not write.
      await pool.query('DEALLOCATE ALL');
      await expect(pool.query({ text, values: [2] })).rejects.toMatchObject({ code: '26000' });
      expect((await pool.query({ text, values: [3] })).rows[0]).toEqual({ [text.split(' AS ')[1]]: 3 });
    } finally {
      await pool.end();
    }
  });
});

describe('rows of fixed statements', () => {
  test("a table's row as the database sends it maps to exactly what Drizzle's select() of it gives (bigints, dates, nulls)", async () => {
    const { token } = await t.signedInUser();
    const userId = await t.userIdOf(token);
    const at = new Date('2030-02-03T04:05:06.789Z');
    const [raw] = await fixedStatement<Record<string, unknown>>(
      `INSERT INTO trade_orders (user_id, side, amount, limit_price, hold, status, was_matched, created_at, expires_at, price)
       VALUES ($1, 'buy', 9007199254740993, 9400, 12345, 'matching', false, $2, $2, NULL) RETURNING *`,
    )(t.database.db, [userId, at.toISOString()]);
    const mapped = tableRowOf(tradeOrders)(raw);
    const [selected] = await t.database.db.select().from(tradeOrders).where(eq(tradeOrders.id, mapped.id));
    expect(mapped).toEqual(selected);
    // Beyond 2^53 and to the millisecond.
    expect(mapped.amount).toBe(9007199254740993n);
    expect(mapped.createdAt).toEqual(at);
    expect(mapped.price).toBeNull();
    await t.database.db.delete(tradeOrders).where(eq(tradeOrders.id, mapped.id));
  });
});
