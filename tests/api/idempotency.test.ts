/**
 * Idempotency-Key on a money call (POST /transfer): the key is required and well-formed, a replay
 * returns the first reply and moves nothing, a different call with the same key is refused, a
 * racing replay runs once, keys are per user, a refused call leaves the key free, and a key left
 * running by a crashed process is taken over once its lease has run out.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ConversionRecord, QuoteReply, WithdrawalRecord } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { fingerprintOf } from '../../server/http/idempotency';
import { balanceOf } from '../../server/ledger/accounts';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

type User = Awaited<ReturnType<TestApp['payingUser']>>;

async function eurUser(cents: bigint): Promise<User> {
  const user = await t.payingUser();
  await t.fund(user.userId, 'EUR', cents);
  return user;
}

async function quoteOf(user: User, amount = '10'): Promise<string> {
  const reply = await t.post<QuoteReply>('/transfer/quote', { from: 'EUR', to: 'USDT', amount }, { token: user.token });
  if (reply.status !== 200) throw new Error(`no quote: ${JSON.stringify(reply.body)}`);
  return reply.body.data!.quoteId;
}

function convert(user: User, quoteId: string, key: string | null, payPassword = user.payPassword) {
  return t.post<ConversionRecord>('/transfer', { quoteId, payPassword }, { token: user.token, headers: key === null ? {} : { 'idempotency-key': key } });
}

/** What moved for a user: conversions, ledger postings on their accounts, and the balances. */
async function movedFor(user: User) {
  const [row] = await rowsOf<{ conversions: string; postings: string }>(
    t.database.db,
    sql`SELECT (SELECT count(*) FROM conversions WHERE user_id = ${user.userId})::text AS conversions,
               (SELECT count(*) FROM ledger_transfers t JOIN ledger_accounts a
                  ON a.id IN (t.debit_account_id, t.credit_account_id)
                WHERE a.user_id = ${user.userId} AND t.kind LIKE 'conversion%')::text AS postings`,
  );
  return {
    conversions: Number(row.conversions),
    postings: Number(row.postings),
    eur: await balanceOf(t.database.db, user.userId, 'EUR'),
    usdt: await balanceOf(t.database.db, user.userId, 'USDT'),
  };
}

describe('the key itself', () => {
  test('missing: 400 idempotency.keyRequired, nothing moves', async () => {
    const user = await eurUser(20_00n);
    const quoteId = await quoteOf(user);
    for (const key of [null, '']) {
      const reply = await convert(user, quoteId, key);
      expect([reply.status, reply.body.key]).toEqual([400, 'idempotency.keyRequired']);
    }
    expect(await movedFor(user)).toEqual({ conversions: 0, postings: 0, eur: 20_00n, usdt: 0n });
  });

  test('256 characters, spaces or control characters: 400 idempotency.keyInvalid; 255 visible characters are fine', async () => {
    const user = await eurUser(20_00n);
    const quoteId = await quoteOf(user);
    for (const key of ['k'.repeat(256), 'two words', 'tab\there', 'del\x7f', 'é-accent']) {
      const reply = await convert(user, quoteId, key);
      expect([reply.status, reply.body.key], JSON.stringify(key)).toEqual([400, 'idempotency.keyInvalid']);
    }
    expect((await movedFor(user)).conversions).toBe(0);
    const longest = `${crypto.randomUUID()}${'~'.repeat(255 - 36)}`;
    expect((await convert(user, quoteId, longest)).status).toBe(200);
  });
});

describe('replays', () => {
  test('the same key again returns the first reply and moves nothing, even after the quote expired', async () => {
    const user = await eurUser(50_00n);
    const quoteId = await quoteOf(user);
    const key = crypto.randomUUID();
    const first = await convert(user, quoteId, key);
    expect(first.status).toBe(200);
    const moved = await movedFor(user);
    expect(moved).toMatchObject({ conversions: 1, postings: 3, eur: 40_00n });

    const again = await convert(user, quoteId, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    t.clock.advance(3600);
    const later = await convert(user, quoteId, key);
    expect(later.body).toEqual(first.body);
    expect(await movedFor(user)).toEqual(moved);
    await t.assertLedgerClean();
  });

  test('the same key with a different call: 422 idempotency.keyReused', async () => {
    const user = await eurUser(50_00n);
    const key = crypto.randomUUID();
    expect((await convert(user, await quoteOf(user), key)).status).toBe(200);
    const otherQuote = await quoteOf(user, '5');
    const reused = await convert(user, otherQuote, key);
    expect([reused.status, reused.body.key]).toEqual([422, 'idempotency.keyReused']);
    expect(await movedFor(user)).toMatchObject({ conversions: 1, eur: 40_00n });
    // The other quote itself is untouched and goes through with its own key.
    expect((await convert(user, otherQuote, crypto.randomUUID())).status).toBe(200);
    expect(await movedFor(user)).toMatchObject({ conversions: 2, eur: 35_00n });
  });

  test('a different payment password is not a different call: it is checked, not fingerprinted', async () => {
    const user = await eurUser(50_00n);
    const quoteId = await quoteOf(user);
    const key = crypto.randomUUID();
    const first = await convert(user, quoteId, key);
    const wrong = await convert(user, quoteId, key, '000000');
    expect([wrong.status, wrong.body.key]).toEqual([400, 'payPassword.wrong']);
    expect((await convert(user, quoteId, key)).body).toEqual(first.body);
  });

  test('eight racing requests with one key: one execution; the others are told it is in progress or get the same reply', async () => {
    const user = await eurUser(50_00n);
    const quoteId = await quoteOf(user);
    const key = crypto.randomUUID();
    const replies = await Promise.all(Array.from({ length: 8 }, () => convert(user, quoteId, key)));
    const ok = replies.filter((r) => r.status === 200);
    const busy = replies.filter((r) => r.status !== 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const reply of ok) expect(reply.body).toEqual(ok[0].body);
    for (const reply of busy) expect([reply.status, reply.body.key]).toEqual([409, 'idempotency.inProgress']);
    expect(await movedFor(user)).toMatchObject({ conversions: 1, postings: 3, eur: 40_00n });
    // Once finished, the key answers with the one reply.
    expect((await convert(user, quoteId, key)).body).toEqual(ok[0].body);
    await t.assertLedgerClean();
  });
});

describe('a call still running', () => {
  // Holding the quote's row lock from outside keeps the first call inside its transaction; PGlite
  // is one connection, so this needs a PostgreSQL server.
  test.runIf(Boolean(process.env.TEST_DATABASE_URL))('answers 409 idempotency.inProgress to the same key, then the one reply', async () => {
    const user = await eurUser(50_00n);
    const quoteId = await quoteOf(user);
    const key = crypto.randomUUID();
    const blocker = new pg.Client({ connectionString: t.database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM conversion_quotes WHERE id = $1 FOR UPDATE', [quoteId]);
      const first = convert(user, quoteId, key);
      // Wait until the first call has claimed the key (in its transaction, unseen from here) and
      // waits for the quote's lock.
      let waiting = false;
      for (let i = 0; i < 400 && !waiting; i++) {
        const { rows } = await blocker.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        waiting = rows[0].n > 0;
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(waiting).toBe(true);
      const racing = await Promise.all([convert(user, quoteId, key), convert(user, quoteId, key)]);
      for (const reply of racing) expect([reply.status, reply.body.key]).toEqual([409, 'idempotency.inProgress']);
      expect((await movedFor(user)).conversions).toBe(0);
      await blocker.query('COMMIT');
      const done = await first;
      expect(done.status).toBe(200);
      expect((await convert(user, quoteId, key)).body).toEqual(done.body);
      expect(await movedFor(user)).toMatchObject({ conversions: 1, postings: 3, eur: 40_00n });
    } finally {
      await blocker.end();
    }
  });
});

describe('a key busy in another process', () => {
  // Another process running the call holds the key's lock and the user's payment lock until it
  // commits; the payment password's read goes out with the claim, but takes the payment lock only
  // under the key's, so this request is told 409 at once instead of waiting for that commit.
  test.runIf(Boolean(process.env.TEST_DATABASE_URL))('answers 409 idempotency.inProgress at once, without waiting for the payment lock or the quote\'s row', async () => {
    const user = await eurUser(50_00n);
    const quoteId = await quoteOf(user);
    const key = crypto.randomUUID();
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0)), pg_advisory_xact_lock(hashtextextended($2, 0))', [
        `idempotency:${user.userId}:user:${key}`,
        `pay_password_failures:${user.userId}`,
      ]);
      // …and the quote's row, which the call's first reads lock (sent with the claim, but locked only under the key's lock).
      await other.query('SELECT id FROM conversion_quotes WHERE id = $1 FOR UPDATE', [quoteId]);
      const started = Date.now();
      const reply = await convert(user, quoteId, key);
      expect([reply.status, reply.body.key]).toEqual([409, 'idempotency.inProgress']);
      expect(Date.now() - started).toBeLessThan(5_000);
      await other.query('ROLLBACK');
      // Free again: the same key runs the call once.
      expect((await convert(user, quoteId, key)).status).toBe(200);
      expect(await movedFor(user)).toMatchObject({ conversions: 1, eur: 40_00n });
    } finally {
      await other.end();
    }
  });
});

describe('one user\'s burst while a payment of theirs is stuck', () => {
  // The pool has 10 connections; a payment stuck on a lock must not let the same user's next ones
  // take the rest, or everyone else waits too. PostgreSQL only, as above.
  test.runIf(Boolean(process.env.TEST_DATABASE_URL))('the others queue without a connection each; another user is answered meanwhile', async () => {
    const user = await eurUser(50_00n);
    const other = await t.signedInUser();
    const quoteId = await quoteOf(user);
    const blocker = new pg.Client({ connectionString: t.database.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM conversion_quotes WHERE id = $1 FOR UPDATE', [quoteId]);
      const stuck = convert(user, quoteId, crypto.randomUUID());
      const burst = Array.from({ length: 12 }, () => convert(user, quoteId, crypto.randomUUID()));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const read = await t.post('/wallet/list', {}, { token: other.token });
      expect(read.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      await blocker.query('COMMIT');
      // The quote executes once; the others find it used.
      const replies = await Promise.all([stuck, ...burst]);
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
      expect(await movedFor(user)).toMatchObject({ conversions: 1 });
    } finally {
      await blocker.end();
    }
  });
});

describe('keys are per user', () => {
  test("user B's key that user A already used is B's own", async () => {
    const a = await eurUser(50_00n);
    const b = await eurUser(50_00n);
    const key = `shared-${crypto.randomUUID()}`;
    const byA = await convert(a, await quoteOf(a), key);
    const byB = await convert(b, await quoteOf(b, '20'), key);
    expect(byA.status).toBe(200);
    expect(byB.status).toBe(200);
    expect(byB.body.data!.id).not.toBe(byA.body.data!.id);
    expect(byB.body.data!.amount).toBe('20.00');
    expect(await movedFor(a)).toMatchObject({ conversions: 1, eur: 40_00n });
    expect(await movedFor(b)).toMatchObject({ conversions: 1, eur: 30_00n });
  });
});

describe('a refused call keeps nothing', () => {
  test('a wrong payment password, then the right one with the same key: executed once', async () => {
    const user = await eurUser(50_00n);
    const quoteId = await quoteOf(user);
    const key = crypto.randomUUID();
    const wrong = await convert(user, quoteId, key, '000000');
    expect([wrong.status, wrong.body.key]).toEqual([400, 'payPassword.wrong']);
    expect((await movedFor(user)).conversions).toBe(0);
    const right = await convert(user, quoteId, key);
    expect(right.status).toBe(200);
    expect(await movedFor(user)).toMatchObject({ conversions: 1, postings: 3, eur: 40_00n });
  });

  test('too little balance inside the call, then funds arrive: the same key succeeds', async () => {
    const user = await eurUser(15_00n);
    const spent = await quoteOf(user);
    const waiting = await quoteOf(user);
    expect((await convert(user, spent, crypto.randomUUID())).status).toBe(200);
    const key = crypto.randomUUID();
    const refused = await convert(user, waiting, key);
    expect([refused.status, refused.body.key]).toEqual([400, 'balance.insufficient']);
    await t.fund(user.userId, 'EUR', 5_00n);
    const retried = await convert(user, waiting, key);
    expect(retried.status).toBe(200);
    expect(await movedFor(user)).toMatchObject({ conversions: 2, postings: 6, eur: 0n });
    await t.assertLedgerClean();
  });
});

describe('a key whose request died with its process', () => {
  const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
  const route = 'POST /api/wallet/out';
  const input = { method: 'crypto', network: 'TRC20', address: TRC20, amount: '30' };
  const withdraw = (user: User, key: string) =>
    t.post<WithdrawalRecord>('/wallet/out', { ...input, payPassword: user.payPassword }, { token: user.token, headers: { 'idempotency-key': key } });
  const usdt = async (user: User) => ({
    available: await balanceOf(t.database.db, user.userId, 'USDT', 'available'),
    held: await balanceOf(t.database.db, user.userId, 'USDT', 'held'),
  });

  test('is "in progress" until its 60 s lease runs out; then the next request takes it over and the money moves once', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'USDT', 100_000_000n);
    const key = crypto.randomUUID();
    // What a process killed after claiming the key leaves behind: the key running, its transaction never committed.
    const claimedAt = t.clock.now();
    await t.database.db.execute(
      sql`INSERT INTO idempotency_keys (user_id, caller, key, route, fingerprint, state, created_at, locked_until)
          VALUES (${user.userId}, 'user', ${key}, ${route}, ${fingerprintOf({ userId: user.userId, key, route, input })}, 'running',
                  ${claimedAt.toISOString()}::timestamptz, ${new Date(claimedAt.getTime() + 60_000).toISOString()}::timestamptz)`,
    );

    // The holder might still be alive: a retry within the lease is told to wait, and nothing moves.
    t.clock.advance(59);
    const early = await withdraw(user, key);
    expect([early.status, early.body.key]).toEqual([409, 'idempotency.inProgress']);
    expect(await usdt(user)).toEqual({ available: 100_000_000n, held: 0n });

    // Past the lease: three retries at once; one takes the key over and runs, the others wait or get its reply.
    t.clock.advance(2);
    const replies = await Promise.all([withdraw(user, key), withdraw(user, key), withdraw(user, key)]);
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const reply of ok) expect(reply.body).toEqual(ok[0].body);
    for (const reply of replies.filter((r) => r.status !== 200)) expect([reply.status, reply.body.key]).toEqual([409, 'idempotency.inProgress']);
    expect(ok[0].body.data).toMatchObject({ status: 'processing', amount: '30.000000' });

    expect(await usdt(user)).toEqual({ available: 70_000_000n, held: 30_000_000n });
    const [placed] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${user.userId}`);
    expect(placed.n).toBe(1);
    const [row] = await rowsOf<{ state: string }>(t.database.db, sql`SELECT state FROM idempotency_keys WHERE user_id = ${user.userId} AND key = ${key}`);
    expect(row.state).toBe('done');
    // From now on the key answers with that one reply.
    t.clock.advance(3600);
    expect((await withdraw(user, key)).body).toEqual(ok[0].body);
    expect(await usdt(user)).toEqual({ available: 70_000_000n, held: 30_000_000n });
    await t.assertLedgerClean();
  });
});
