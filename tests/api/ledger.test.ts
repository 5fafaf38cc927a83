/**
 * The ledger's guarantees held by the database itself, not only by our code: transfers cannot be
 * edited or removed, user accounts cannot go negative, the verifier sees a broken ledger, and
 * concurrent postings on one account never spend the same money twice.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../../src/domain/errors';
import type { Tx } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { balanceOf, type AccountRef } from '../../server/ledger/accounts';
import { PLATFORM_SHARDS, POST_MOVEMENT, movementParameter, postTransfer, postTransfers, type TransferInput } from '../../server/ledger/transfers';
import { verifyLedger } from '../../server/ledger/verify';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The PostgreSQL error of a statement that must fail (Drizzle wraps it; the code sits on a cause). */
async function refusal(statement: SQL): Promise<{ code?: string; message: string }> {
  try {
    await t.database.db.execute(statement);
  } catch (error) {
    for (let e = error as { code?: string; message: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (e.code) return { code: e.code, message: e.message };
    }
    return { message: (error as Error).message };
  }
  throw new Error('the statement was accepted');
}

function transfer(debit: AccountRef, credit: AccountRef, amount: bigint, asset: 'USDT' | 'EUR' = 'USDT') {
  return inTransaction(t.database.db, (tx) =>
    postTransfer(tx, {
      debit,
      credit,
      asset,
      amount,
      kind: 'adjustment',
      reference: 'test:ledger',
      idempotencyKey: `ledger-test:${crypto.randomUUID()}`,
      at: t.clock.now(),
    }),
  );
}

async function anyTransferId(): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(t.database.db, sql`SELECT id::text FROM ledger_transfers ORDER BY id LIMIT 1`);
  return row.id;
}

describe('immutable history', () => {
  test('UPDATE, DELETE and TRUNCATE of ledger_transfers are refused by the database', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', 5_000_000n);
    const id = await anyTransferId();

    const update = await refusal(sql`UPDATE ledger_transfers SET amount = amount + 1 WHERE id = ${id}`);
    expect(update.message).toMatch(/immutable/);
    const remove = await refusal(sql`DELETE FROM ledger_transfers WHERE id = ${id}`);
    expect(remove.message).toMatch(/immutable/);
    const truncate = await refusal(sql`TRUNCATE ledger_transfers CASCADE`);
    expect(truncate.message).toMatch(/immutable/);

    const [row] = await rowsOf<{ amount: string }>(t.database.db, sql`SELECT amount::text FROM ledger_transfers WHERE id = ${id}`);
    expect(row.amount).not.toBeUndefined();
    await t.assertLedgerClean();
  });

  test('a user account cannot go below zero even through a raw UPDATE', async () => {
    const user = await t.payingUser();
    const negative = await refusal(
      sql`UPDATE ledger_accounts SET balance = -1 WHERE owner_kind = 'user' AND user_id = ${user.userId} AND asset = 'EUR' AND purpose = 'held'`,
    );
    expect(negative.code).toBe('23514'); // check_violation
    expect(negative.message).toMatch(/ledger_accounts_user_not_negative/);
    expect(await balanceOf(t.database.db, user.userId, 'EUR', 'held')).toBe(0n);
  });

  test('an account of no known owner, asset, purpose or shard is refused by the database, written or changed', async () => {
    const user = await t.payingUser();
    const refused = async (statement: SQL, constraint: string) => {
      const error = await refusal(statement);
      expect(error.code, constraint).toBe('23514'); // check_violation
      expect(error.message).toMatch(new RegExp(constraint));
    };
    const insert = (owner: string, userId: string | null, asset: string, purpose: string, shard = 0) =>
      sql`INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose, shard) VALUES (${owner}, ${userId}, ${asset}, ${purpose}, ${shard})`;
    await refused(insert('bank', null, 'USDT', 'fees'), 'ledger_accounts_owner_kind_check');
    await refused(insert('platform', null, 'BTC', 'fees', 3), 'ledger_accounts_asset_check');
    await refused(insert('platform', user.userId, 'USDT', 'fees', 3), 'ledger_accounts_check');
    await refused(insert('platform', null, 'USDT', 'available', 3), 'ledger_accounts_purpose_known');
    await refused(insert('platform', null, 'USDT', 'fees', 16), 'ledger_accounts_shard_known');
    const mine = sql`owner_kind = 'user' AND user_id = ${user.userId} AND asset = 'EUR' AND purpose = 'held'`;
    await refused(sql`UPDATE ledger_accounts SET purpose = 'fees' WHERE ${mine}`, 'ledger_accounts_purpose_known');
    await refused(sql`UPDATE ledger_accounts SET shard = 1 WHERE ${mine}`, 'ledger_accounts_shard_known');
    await refused(sql`UPDATE ledger_accounts SET user_id = NULL WHERE ${mine}`, 'ledger_accounts_check');
    await t.assertLedgerClean();
  });

  test('postTransfer refuses to overdraw a user account and moves nothing', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'EUR', 10_00n);
    const before = (await verifyLedger(t.database.db)).transfers;
    await expect(transfer({ userId: user.userId, purpose: 'available' }, { platform: 'fees' }, 10_01n, 'EUR')).rejects.toMatchObject({
      key: 'balance.insufficient',
    });
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(10_00n);
    expect((await verifyLedger(t.database.db)).transfers).toBe(before);
  });
});

describe('a movement of several legs', () => {
  const leg = (debit: AccountRef, credit: AccountRef, amount: bigint, asset: 'USDT' | 'EUR'): TransferInput => ({
    debit,
    credit,
    asset,
    amount,
    kind: 'adjustment',
    reference: 'test:movement',
    idempotencyKey: `movement-test:${crypto.randomUUID()}`,
    at: t.clock.now(),
  });

  test('posts every leg or none: a last leg that would overdraw refuses the whole movement', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'EUR', 10_00n);
    const available = { userId: user.userId, purpose: 'available' as const };
    const before = (await verifyLedger(t.database.db)).transfers;
    // 6.00 and then 5.00 of 10.00: each leg alone fits, both together do not.
    await expect(
      inTransaction(t.database.db, (tx) => postTransfers(tx, [leg(available, { platform: 'exchange' }, 6_00n, 'EUR'), leg(available, { platform: 'fees' }, 5_00n, 'EUR')])),
    ).rejects.toMatchObject({ key: 'balance.insufficient' });
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(10_00n);
    expect((await verifyLedger(t.database.db)).transfers).toBe(before);

    const ids = await inTransaction(t.database.db, (tx) =>
      postTransfers(tx, [leg(available, { platform: 'exchange' }, 6_00n, 'EUR'), leg(available, { platform: 'fees' }, 4_00n, 'EUR')]),
    );
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBeGreaterThan(ids[0]);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(0n);
    await t.assertLedgerClean();
  });

  test('movements over the same accounts in opposite orders at once all go through, none as a deadlock', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'EUR', 1_000_00n);
    await t.fund(user.userId, 'USDT', 1_000_000_000n);
    const available = { userId: user.userId, purpose: 'available' as const };
    const exchange = { platform: 'exchange' as const };
    // Conversions both ways: USDT first then EUR, and EUR first then USDT, on the same two exchange accounts.
    const usdtToEur = () => [leg(available, exchange, 1_000_000n, 'USDT'), leg(exchange, available, 92n, 'EUR')];
    const eurToUsdt = () => [leg(available, exchange, 1_00n, 'EUR'), leg(exchange, available, 1_086_956n, 'USDT')];
    const deadlocks: unknown[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        // Straight on the database, without the retry: a deadlock would show here.
        t.database.db.transaction((tx) => postTransfers(tx, i % 2 === 0 ? usdtToEur() : eurToUsdt())).catch((error: unknown) => {
          deadlocks.push(error);
          throw error;
        }),
      ),
    );
    expect(deadlocks).toEqual([]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(1_000_00n + 10n * 92n - 10n * 1_00n);
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(1_000_000_000n - 10n * 1_000_000n + 10n * 1_086_956n);
    await t.assertLedgerClean();
  });
});

describe('verifyLedger', () => {
  test('is clean after normal postings and reports a balance changed behind the ledger', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', 70_000_000n);
    await transfer({ userId: user.userId, purpose: 'available' }, { userId: user.userId, purpose: 'held' }, 20_000_000n);
    await transfer({ userId: user.userId, purpose: 'held' }, { platform: 'withdrawals' }, 20_000_000n);
    const clean = await verifyLedger(t.database.db);
    expect(clean).toMatchObject({ ok: true, problems: [] });
    expect(clean.transfers).toBeGreaterThanOrEqual(3);

    const platform = sql`owner_kind = 'platform' AND purpose = 'fees' AND asset = 'USDT' AND shard = 0`;
    await t.database.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 7 WHERE ${platform}`);
    const broken = await verifyLedger(t.database.db);
    expect(broken.ok).toBe(false);
    expect(broken.problems.map((p) => p.check).sort()).toEqual(['asset-sum', 'balance-postings']);
    expect(broken.problems.find((p) => p.check === 'asset-sum')?.detail).toMatch(/USDT: balances sum to 7/);
    await expect(t.assertLedgerClean()).rejects.toThrow(/ledger broken/);

    // Putting it back makes it clean again: the verifier compares with the postings, not with a snapshot.
    await t.database.db.execute(sql`UPDATE ledger_accounts SET balance = balance - 7 WHERE ${platform}`);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });

  test('reports a user balance that is not the sum of its postings', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'EUR', 5_00n);
    await t.database.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE owner_kind = 'user' AND user_id = ${user.userId} AND asset = 'EUR' AND purpose = 'available'`,
    );
    const broken = await verifyLedger(t.database.db);
    expect(broken.problems.find((p) => p.check === 'balance-postings')?.detail).toContain(user.userId);
    await t.database.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE owner_kind = 'user' AND user_id = ${user.userId} AND asset = 'EUR' AND purpose = 'available'`,
    );
    await t.assertLedgerClean();
  });
  test('names the owners of both accounts on every posting, and reports a posting that names another user', async () => {
    const [ann, ben] = [await t.payingUser(), await t.payingUser()];
    await t.fund(ann.userId, 'USDT', 9_000_000n);
    const hold = await transfer({ userId: ann.userId, purpose: 'available' }, { userId: ann.userId, purpose: 'held' }, 2_000_000n);
    const owners = await rowsOf<{ debit: string | null; credit: string | null }>(
      t.database.db,
      sql`SELECT debit_user_id::text AS debit, credit_user_id::text AS credit FROM ledger_transfers WHERE id = ${hold}`,
    );
    expect(owners).toEqual([{ debit: ann.userId, credit: ann.userId }]);
    await t.assertLedgerClean();

    // Transfers are immutable: the wrong owner is written, checked and rolled back in one transaction.
    const rolledBack = new Error('rolled back');
    const seen = await inTransaction(t.database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO ledger_transfers (asset, amount, debit_account_id, credit_account_id, debit_user_id, credit_user_id, kind, reference, idempotency_key, created_at)
        SELECT 'USDT', 1, d.id, c.id, NULL, ${ben.userId}, 'adjustment', 'test', ${`owner-test:${crypto.randomUUID()}`}, now()
        FROM ledger_accounts d, ledger_accounts c
        WHERE d.owner_kind = 'platform' AND d.asset = 'USDT' AND d.purpose = 'adjustments' AND d.shard = 0
          AND c.owner_kind = 'user' AND c.user_id = ${ann.userId} AND c.asset = 'USDT' AND c.purpose = 'available'`);
      const report = await verifyLedger(tx as unknown as Parameters<typeof verifyLedger>[0]);
      throw Object.assign(rolledBack, { report });
    }).catch((error: unknown) => (error === rolledBack ? (rolledBack as Error & { report: Awaited<ReturnType<typeof verifyLedger>> }).report : Promise.reject(error)));
    expect(seen.problems.map((p) => p.check)).toContain('owner-mismatch');
    await t.assertLedgerClean();
  });
});

describe('concurrency', () => {
  test('40 concurrent debits of 30 from 100: exactly 3 go through, the balance ends at 10', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', 100_000_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => transfer({ userId: user.userId, purpose: 'available' }, { platform: 'withdrawals' }, 30_000_000n)),
    );
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(done).toHaveLength(3);
    expect(refused).toHaveLength(37);
    for (const r of refused) expect((r.reason as AppError).key).toBe('balance.insufficient');
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(10_000_000n);
    await t.assertLedgerClean();
  });

  test('concurrent transfers both ways between two users keep every unit (deadlocks are retried)', async () => {
    const a = await t.payingUser();
    const b = await t.payingUser();
    await t.fund(a.userId, 'EUR', 1_000_00n);
    await t.fund(b.userId, 'EUR', 1_000_00n);
    const aAccount = { userId: a.userId, purpose: 'available' as const };
    const bAccount = { userId: b.userId, purpose: 'available' as const };
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? transfer(aAccount, bAccount, 1_00n, 'EUR') : transfer(bAccount, aAccount, 3_00n, 'EUR'))),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    // Three of 1.00 one way, three of 3.00 the other.
    expect(await balanceOf(t.database.db, a.userId, 'EUR')).toBe(1_000_00n - 3_00n + 9_00n);
    expect(await balanceOf(t.database.db, b.userId, 'EUR')).toBe(1_000_00n + 3_00n - 9_00n);
    await t.assertLedgerClean();
  });
});

describe('deadlock retry', () => {
  /** The SQLSTATE of an error, however deeply the driver wrapped it. */
  function stateOf(error: unknown): string {
    for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    }
    return 'other';
  }

  /** A transfer run by inTransaction that records how each attempt ended ('ok' or its SQLSTATE). */
  function observedTransfer(debit: AccountRef, credit: AccountRef, amount: bigint, attempts: string[], inject?: (tx: Tx, attempt: number) => Promise<void>) {
    return inTransaction(t.database.db, async (tx) => {
      attempts.push('running');
      const attempt = attempts.length;
      try {
        const id = await postTransfer(tx, {
          debit,
          credit,
          asset: 'EUR',
          amount,
          kind: 'adjustment',
          reference: 'test:deadlock',
          idempotencyKey: `deadlock-test:${crypto.randomUUID()}`,
          at: t.clock.now(),
        });
        await inject?.(tx, attempt);
        attempts[attempt - 1] = 'ok';
        return id;
      } catch (error) {
        attempts[attempt - 1] = stateOf(error);
        throw error;
      }
    });
  }

  const available = (userId: string) => ({ userId, purpose: 'available' as const });

  test('a transaction the database aborts as a deadlock (40P01) or serialization failure (40001) runs again; its first try leaves nothing', async () => {
    for (const state of ['40P01', '40001']) {
      const a = await t.payingUser();
      const b = await t.payingUser();
      await t.fund(a.userId, 'EUR', 10_00n);
      const attempts: string[] = [];
      // The first attempt has posted when the database aborts it.
      await observedTransfer(available(a.userId), available(b.userId), 4_00n, attempts, async (tx, attempt) => {
        if (attempt === 1) await tx.execute(sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'aborted by the test' USING ERRCODE = '${state}'; END $$`));
      });
      expect(attempts).toEqual([state, 'ok']);
      expect(await balanceOf(t.database.db, a.userId, 'EUR')).toBe(6_00n);
      expect(await balanceOf(t.database.db, b.userId, 'EUR')).toBe(4_00n);
    }
    await t.assertLedgerClean();
  });

  test('any other failure is not retried', async () => {
    const a = await t.payingUser();
    const attempts: string[] = [];
    await expect(observedTransfer(available(a.userId), { platform: 'fees' }, 1_00n, attempts)).rejects.toMatchObject({ key: 'balance.insufficient' });
    expect(attempts).toEqual(['other']);
  });

  // A second connection is needed to hold locks while the transfer runs; PGlite has one.
  test.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a real deadlock: an outside connection locks the two accounts in the opposite order; the transfer is aborted with 40P01, retried, and posted once',
    async () => {
      const a = await t.payingUser();
      const b = await t.payingUser();
      await t.fund(a.userId, 'EUR', 100_00n);
      await t.fund(b.userId, 'EUR', 100_00n);
      const accountId = async (userId: string) =>
        (
          await rowsOf<{ id: string }>(
            t.database.db,
            sql`SELECT id::text FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = ${userId} AND purpose = 'available' AND asset = 'EUR'`,
          )
        )[0].id;
      const [aId, bId] = [await accountId(a.userId), await accountId(b.userId)];

      const outside = new pg.Client({ connectionString: t.database.url });
      await outside.connect();
      try {
        // The outside session looks for deadlocks later than the transfer's (1 s), so the transfer is the one aborted.
        await outside.query(`SET deadlock_timeout = '20s'`);
        await outside.query('BEGIN');
        await outside.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [bId]);
        const attempts: string[] = [];
        // The transfer locks its debit account (a) first, then waits for b.
        const posted = observedTransfer(available(a.userId), available(b.userId), 7_00n, attempts);
        posted.catch(() => undefined);
        for (let i = 0; ; i++) {
          const { rows } = await outside.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          );
          if (rows[0].n > 0) break;
          if (i > 400) throw new Error('the transfer never waited for the lock on b');
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        // Opposite order: the outside connection now wants a, which the waiting transfer holds.
        await outside.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [aId]);
        // The outside connection got a, so the transfer's first attempt was aborted; its retry waits until we commit.
        expect(attempts[0]).toBe('40P01');
        await outside.query('COMMIT');
        await posted;
        expect(attempts).toEqual(['40P01', 'ok']);
        expect(await balanceOf(t.database.db, a.userId, 'EUR')).toBe(93_00n);
        expect(await balanceOf(t.database.db, b.userId, 'EUR')).toBe(107_00n);
        const [{ n }] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = 'test:deadlock' AND amount = 700`);
        expect(n).toBe(1);
        await t.assertLedgerClean();
      } finally {
        await outside.query('ROLLBACK').catch(() => undefined);
        await outside.end();
      }
    },
    30_000,
  );
});

describe('platform accounts in shards', () => {
  test('every platform account has its sixteen shards, and what it holds is their sum', async () => {
    const shards = await rowsOf<{ asset: string; purpose: string; shards: number[] }>(
      t.database.db,
      sql`SELECT asset, purpose, array_agg(shard ORDER BY shard)::int[] AS shards FROM ledger_accounts WHERE owner_kind = 'platform' GROUP BY 1, 2`,
    );
    expect(shards.length).toBeGreaterThan(0);
    for (const row of shards) expect(row, `${row.asset} ${row.purpose}`).toMatchObject({ shards: Array.from({ length: PLATFORM_SHARDS }, (_, n) => n) });
    const user = await t.payingUser();
    const before = await t.platformBalance('adjustments', 'EUR');
    await t.fund(user.userId, 'EUR', 12_34n);
    expect(await t.platformBalance('adjustments', 'EUR')).toBe(before - 12_34n);
    await t.assertLedgerClean();
  });

  test.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "two connections credit the platform's fees at once without waiting for each other's COMMIT",
    async () => {
      const [ann, ben] = [await t.payingUser(), await t.payingUser()];
      await t.fund(ann.userId, 'USDT', 5_000_000n);
      await t.fund(ben.userId, 'USDT', 5_000_000n);
      const feesBefore = await t.platformBalance('fees', 'USDT');
      // Two connections whose shards differ (each its process id modulo the shard count).
      const clients: pg.Client[] = [];
      const shardOf = new Map<pg.Client, number>();
      try {
        while (new Set(shardOf.values()).size < 2) {
          if (clients.length > 20) throw new Error('no two connections on different shards');
          const client = new pg.Client({ connectionString: t.database.url });
          clients.push(client);
          await client.connect();
          const { rows } = await client.query<{ shard: number }>(`SELECT pg_backend_pid() % ${PLATFORM_SHARDS} AS shard`);
          if (![...shardOf.values()].includes(rows[0].shard)) shardOf.set(client, rows[0].shard);
        }
        const [first, second] = [...shardOf.keys()];
        const fee = (client: pg.Client, userId: string) =>
          client.query<{ id: string }>(POST_MOVEMENT, [
            movementParameter([
              { debit: { userId, purpose: 'available' }, credit: { platform: 'fees' }, asset: 'USDT', amount: 1_000_000n, kind: 'adjustment',
                reference: 'test:shards', idempotencyKey: `shard-test:${crypto.randomUUID()}`, at: t.clock.now() },
            ]),
          ]);
        await first.query('BEGIN');
        expect((await fee(first, ann.userId)).rows).toHaveLength(1);
        // The first transaction holds its shard's row until it ends; the second posting, on another
        // shard, must not queue behind it (with one row for the account it would wait here).
        await second.query(`SET statement_timeout = '3s'`);
        await second.query('BEGIN');
        expect((await fee(second, ben.userId)).rows).toHaveLength(1);
        await second.query('COMMIT');
        await first.query('COMMIT');

        const credited = await rowsOf<{ shard: number }>(
          t.database.db,
          sql`SELECT a.shard FROM ledger_transfers x JOIN ledger_accounts a ON a.id = x.credit_account_id WHERE x.reference = 'test:shards' ORDER BY x.id`,
        );
        expect(credited.map((row) => row.shard)).toEqual([shardOf.get(first), shardOf.get(second)]);
        expect(await t.platformBalance('fees', 'USDT')).toBe(feesBefore + 2_000_000n);
        await t.assertLedgerClean();
      } finally {
        for (const client of clients) await client.end().catch(() => undefined);
      }
    },
    30_000,
  );
});
