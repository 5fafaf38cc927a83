/** Conversion between EUR and USDT: exact quotes, executed exactly, once, within 30 s, at an unchanged rate. */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { ConversionRecord, QuoteReply } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { balanceOf } from '../../server/ledger/accounts';
import { roundTripsOf, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function setSetting(key: string, value: string): Promise<void> {
  await t.database.db.execute(sql`UPDATE settings SET value = ${value} WHERE key = ${key}`);
}

// Every test starts from the seeded rate and fee, whatever the one before changed.
beforeEach(async () => {
  await setSetting('usdt_eur_rate', '0.92');
  await setSetting('transfer_fee_percent', '0.5');
});

type User = Awaited<ReturnType<TestApp['payingUser']>>;

async function fundedUser(eurCents = 0n, usdtMicro = 0n): Promise<User> {
  const user = await t.payingUser();
  if (eurCents > 0n) await t.fund(user.userId, 'EUR', eurCents);
  if (usdtMicro > 0n) await t.fund(user.userId, 'USDT', usdtMicro);
  return user;
}

const quote = (user: User, body: Record<string, string>) => t.post<QuoteReply>('/transfer/quote', body, { token: user.token });

function execute(user: User, quoteId: string, options: { key?: string; payPassword?: string } = {}) {
  return t.post<ConversionRecord>(
    '/transfer',
    { quoteId, payPassword: options.payPassword ?? user.payPassword },
    { token: user.token, headers: { 'idempotency-key': options.key ?? crypto.randomUUID() } },
  );
}

async function quoteId(user: User, body: Record<string, string>): Promise<string> {
  const reply = await quote(user, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!.quoteId;
}

describe('quotes', () => {
  test('EUR → USDT: fee rounded up in EUR, 1/rate cut to 6 decimals, receive cut to the micro-USDT', async () => {
    const user = await fundedUser(100_00n);
    const reply = await quote(user, { from: 'EUR', to: 'USDT', amount: '100' });
    expect(reply.status).toBe(200);
    // 1 / 0.92 = 1.0869565… → 1.086956; (100.00 − 0.50) × 1.086956 = 108.1521220 → 108.152122.
    expect(reply.body.data).toMatchObject({
      from: 'EUR',
      to: 'USDT',
      amount: '100.00',
      rate: '1.086956',
      feePercent: '0.5',
      fee: '0.50',
      receive: '108.152122',
      expiresAt: new Date(t.clock.now().getTime() + 30_000).toISOString(),
    });
  });

  test('USDT → EUR: the rate as set, fee rounded up to the micro-USDT, receive cut to the cent', async () => {
    const user = await fundedUser(0n, 50_000_000n);
    // 33.333333 × 0.5 % = 0.166666665 → 0.166667; 33.166666 × 0.92 = 30.51333272 → 30.51.
    const reply = await quote(user, { from: 'USDT', to: 'EUR', amount: '33.333333' });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ rate: '0.920000', fee: '0.166667', receive: '30.51', amount: '33.333333' });
  });

  test('a fee of 1.25 % is rounded up to the cent', async () => {
    await setSetting('transfer_fee_percent', '1.25');
    const user = await fundedUser(1_000_00n);
    // 10.01 EUR × 1.25 % = 0.125125 → 0.13; 9.88 × 1.086956 = 10.73912528 → 10.739125.
    const reply = await quote(user, { from: 'EUR', to: 'USDT', amount: '10.01' });
    expect(reply.body.data).toMatchObject({ feePercent: '1.25', fee: '0.13', receive: '10.739125' });
  });

  test('refusals: same asset, too many decimals, nothing to receive, above the balance', async () => {
    const user = await fundedUser(10_00n, 10_000_000n);
    const same = await quote(user, { from: 'EUR', to: 'EUR', amount: '1' });
    expect([same.status, same.body.key]).toEqual([400, 'transfer.sameAsset']);
    const decimals = await quote(user, { from: 'EUR', to: 'USDT', amount: '1.001' });
    expect([decimals.status, decimals.body.key]).toEqual([400, 'amount.invalid']);
    // 0.000001 USDT is worth less than a cent.
    const tiny = await quote(user, { from: 'USDT', to: 'EUR', amount: '0.000001' });
    expect([tiny.status, tiny.body.key]).toEqual([400, 'amount.tooSmall']);
    // The minimum it names does receive a cent, and one micro-USDT less does not.
    const min = (tiny.body.message.match(/(\d+\.\d+) USDT/) ?? [])[1];
    expect(min).toBeDefined();
    expect((await quote(user, { from: 'USDT', to: 'EUR', amount: min! })).body.data?.receive).toBe('0.01');
    const below = (BigInt(min!.replace('.', '')) - 1n).toString().padStart(7, '0');
    const belowText = `${below.slice(0, -6)}.${below.slice(-6)}`;
    expect((await quote(user, { from: 'USDT', to: 'EUR', amount: belowText })).body.key).toBe('amount.tooSmall');
    const above = await quote(user, { from: 'EUR', to: 'USDT', amount: '10.01' });
    expect([above.status, above.body.key]).toEqual([400, 'balance.insufficient']);
  });

  test('a quote needs a session', async () => {
    const reply = await t.post('/transfer/quote', { from: 'EUR', to: 'USDT', amount: '1' });
    expect(reply.status).toBe(401);
  });
});

describe('executing a quote', () => {
  test('moves exactly the quoted numbers, through the exchange and fee accounts', async () => {
    const user = await fundedUser(100_00n);
    const id = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '100' });
    const reply = await execute(user, id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data).toMatchObject({ from: 'EUR', to: 'USDT', amount: '100.00', fee: '0.50', receive: '108.152122', rate: '1.086956' });
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(0n);
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(108_152_122n);

    const postings = await rowsOf<{ kind: string; asset: string; amount: string; debit: string; credit: string }>(
      t.database.db,
      sql`SELECT t.kind, t.asset, t.amount::text,
                 coalesce(d.purpose || CASE WHEN d.owner_kind = 'user' THEN '@user' ELSE '' END, '') AS debit,
                 coalesce(c.purpose || CASE WHEN c.owner_kind = 'user' THEN '@user' ELSE '' END, '') AS credit
          FROM ledger_transfers t
          JOIN ledger_accounts d ON d.id = t.debit_account_id
          JOIN ledger_accounts c ON c.id = t.credit_account_id
          WHERE t.reference = ${`conversion:${reply.body.data!.id}`} ORDER BY t.id`,
    );
    expect(postings).toEqual([
      { kind: 'conversion_out', asset: 'EUR', amount: '9950', debit: 'available@user', credit: 'exchange' },
      { kind: 'conversion_fee', asset: 'EUR', amount: '50', debit: 'available@user', credit: 'fees' },
      { kind: 'conversion_in', asset: 'USDT', amount: '108152122', debit: 'exchange', credit: 'available@user' },
    ]);
    await t.assertLedgerClean();
  });

  test('USDT → EUR the other way round', async () => {
    const user = await fundedUser(0n, 50_000_000n);
    const id = await quoteId(user, { from: 'USDT', to: 'EUR', amount: '33.333333' });
    const reply = await execute(user, id);
    expect(reply.status).toBe(200);
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(50_000_000n - 33_333_333n);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(30_51n);
    await t.assertLedgerClean();
  });

  test('a quote older than 30 s is refused and moves nothing; at 30 s it still holds', async () => {
    const user = await fundedUser(20_00n);
    const late = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '10' });
    t.clock.advance(31);
    const refused = await execute(user, late);
    expect([refused.status, refused.body.key]).toEqual([409, 'transfer.quoteExpired']);
    expect(refused.body.message).toContain('30');
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(20_00n);

    const onTime = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '10' });
    t.clock.advance(30);
    expect((await execute(user, onTime)).status).toBe(200);
  });

  test('a changed reference rate refuses the quote', async () => {
    const user = await fundedUser(20_00n);
    const id = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '10' });
    await setSetting('usdt_eur_rate', '0.93');
    const refused = await execute(user, id);
    expect([refused.status, refused.body.key]).toEqual([409, 'transfer.rateChanged']);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(20_00n);
    // A new quote at the new rate goes through.
    const fresh = await quote(user, { from: 'EUR', to: 'USDT', amount: '10' });
    expect(fresh.body.data?.rate).toBe('1.075268');
    expect((await execute(user, fresh.body.data!.quoteId)).status).toBe(200);
  });

  test('a quote is used once, even with a new idempotency key', async () => {
    const user = await fundedUser(50_00n);
    const id = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '10' });
    expect((await execute(user, id)).status).toBe(200);
    const again = await execute(user, id);
    expect([again.status, again.body.key]).toEqual([409, 'transfer.quoteExpired']);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(40_00n);
  });

  test('one quote under eight idempotency keys at once: one conversion, the other seven refused with transfer.quoteExpired', async () => {
    // Enough money for all eight: only the quote being spent can stop the others.
    const user = await fundedUser(800_00n);
    const id = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '100' });
    const replies = await Promise.all(Array.from({ length: 8 }, () => execute(user, id)));
    const done = replies.filter((r) => r.status === 200);
    expect(done).toHaveLength(1);
    expect(done[0].body.data).toMatchObject({ amount: '100.00', receive: '108.152122' });
    expect(replies.filter((r) => r.status !== 200).map((r) => [r.status, r.body.key])).toEqual(Array(7).fill([409, 'transfer.quoteExpired']));
    const [row] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM conversions WHERE quote_id = ${id}`);
    expect(row.n).toBe(1);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(700_00n);
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(108_152_122n);
    await t.assertLedgerClean();
  });

  test('a wrong payment password is refused and counted whatever the quote: four wrong, then locked, the quote unspent', async () => {
    const user = await fundedUser(800_00n);
    const other = await fundedUser(800_00n);
    const own = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '100' });
    const someoneElses = await quoteId(other, { from: 'EUR', to: 'USDT', amount: '100' });
    const keys: string[] = [];
    for (const id of [own, someoneElses, crypto.randomUUID(), own, own]) keys.push((await execute(user, id, { payPassword: '999111' })).body.key!);
    expect(keys).toEqual(['payPassword.wrong', 'payPassword.wrong', 'payPassword.wrong', 'payPassword.wrong', 'payPassword.locked']);
    expect((await execute(user, own)).body.key).toBe('payPassword.locked');
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(800_00n);
    t.clock.advance(15 * 60);
    // Unlocked, with a new quote (the first has run out meanwhile): the right password pays it.
    const fresh = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '100' });
    expect((await execute(user, fresh)).status).toBe(200);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(700_00n);
    await t.assertLedgerClean();
  });

  test('the same race without the payment-password check in front: eight keys run their transactions at once, one spends the quote', async () => {
    // Payment-password checks of one user run one after another; this races the idempotent transactions alone.
    const user = await fundedUser(800_00n);
    const id = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '100' });
    const { idempotency, conversions } = t.app.services;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        idempotency.run({ userId: user.userId, key: crypto.randomUUID(), route: 'POST /api/transfer', input: { quoteId: id } }, (tx) =>
          conversions.executionReads(tx, user.userId, id, null).then((reads) => conversions.execute(tx, reads)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as { key?: string }).key] : []))).toEqual(Array(7).fill('transfer.quoteExpired'));
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(700_00n);
    expect(await balanceOf(t.database.db, user.userId, 'USDT')).toBe(108_152_122n);
    // The refused keys were let go, the winner's is kept with its reply.
    const keys = await rowsOf<{ state: string }>(t.database.db, sql`SELECT state FROM idempotency_keys WHERE user_id = ${user.userId}`);
    expect(keys).toEqual([{ state: 'done' }]);
    await t.assertLedgerClean();
  });

  test("another user's quote answers like one that does not exist", async () => {
    const owner = await fundedUser(50_00n);
    const other = await fundedUser(50_00n);
    const id = await quoteId(owner, { from: 'EUR', to: 'USDT', amount: '10' });
    const foreign = await execute(other, id);
    const missing = await execute(other, crypto.randomUUID());
    expect([foreign.status, foreign.body.key]).toEqual([404, 'record.notFound']);
    expect(foreign.body).toEqual(missing.body);
    expect(await balanceOf(t.database.db, owner.userId, 'EUR')).toBe(50_00n);
    expect(await balanceOf(t.database.db, other.userId, 'EUR')).toBe(50_00n);
    // The owner can still use it.
    expect((await execute(owner, id)).status).toBe(200);
  });

  test('money spent between quote and confirmation: balance.insufficient, nothing moves, the quote stays usable', async () => {
    const user = await fundedUser(15_00n);
    const first = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '10' });
    const second = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '10' });
    expect((await execute(user, first)).status).toBe(200);
    const refused = await execute(user, second);
    expect([refused.status, refused.body.key]).toEqual([400, 'balance.insufficient']);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(5_00n);
    const [row] = await rowsOf<{ used: boolean }>(t.database.db, sql`SELECT used_at IS NOT NULL AS used FROM conversion_quotes WHERE id = ${second}`);
    expect(row.used).toBe(false);
    await t.fund(user.userId, 'EUR', 5_00n);
    expect((await execute(user, second)).status).toBe(200);
    await t.assertLedgerClean();
  });

  test('the payment password is checked first', async () => {
    const user = await fundedUser(20_00n);
    const id = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '10' });
    const wrong = await execute(user, id, { payPassword: '000000' });
    expect([wrong.status, wrong.body.key]).toEqual([400, 'payPassword.wrong']);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(20_00n);
    expect((await execute(user, id)).status).toBe(200);
  });

  test.runIf(Boolean(process.env.TEST_DATABASE_URL))("two round trips to PostgreSQL: the key's claim, the payment password's reads and the quote under its lock leave together", async () => {
    const user = await fundedUser(20_00n);
    const id = await quoteId(user, { from: 'EUR', to: 'USDT', amount: '10' });
    const executed = await roundTripsOf(() => execute(user, id));
    expect(executed.result.status).toBe(200);
    // BEGIN, the claim, the password's hash and wrong tries, the quote locked, the pricing and the id;
    // the quote spent, the record, its postings (and the check that they posted), the key's reply and
    // COMMIT. (Four before.)
    expect(executed.trips).toBe(2);
  });

  test('the ledger is clean after all of it', async () => {
    await t.assertLedgerClean();
  });
});
