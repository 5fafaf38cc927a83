/**
 * Housekeeping forgets what has no use any more — idempotency keys after their 24 h, ended
 * sessions after a week, expired codes and unused quotes after a day, spent failure counts — and
 * nothing else: a replay inside the 24 h still gets its first reply, a live session still works,
 * an executed quote, the money and the ledger stay as they were.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ConversionRecord, QuoteReply } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { sweep } from '../../server/housekeeping';
import { balanceOf } from '../../server/ledger/accounts';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const HOUR = 3600;
const DAY = 24 * HOUR;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM (${query}) AS rows`);
  return Number(row.n);
}

describe('the hourly sweep', () => {
  test('forgets expired rows on their schedule and keeps everything still in use', async () => {
    const user = await t.payingUser();
    await t.fund(user.userId, 'EUR', 50_00n);
    const quote = async () => (await t.post<QuoteReply>('/transfer/quote', { from: 'EUR', to: 'USDT', amount: '10' }, { token: user.token })).body.data!.quoteId;
    const executed = await quote();
    const key = crypto.randomUUID();
    const convert = () =>
      t.post<ConversionRecord>('/transfer', { quoteId: executed, payPassword: user.payPassword }, { token: user.token, headers: { 'idempotency-key': key } });
    const first = await convert();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const unused = await quote();

    const other = await t.login(user.username, user.password);
    expect((await t.get('/user/logout', { token: other })).status).toBe(200);
    expect((await t.post('/user/login', { account: user.username, password: 'not-the-password' })).body.key).toBe('login.failed');

    const keys = () => count(sql`SELECT 1 FROM idempotency_keys WHERE user_id = ${user.userId}`);
    const quotes = (id: string) => count(sql`SELECT 1 FROM conversion_quotes WHERE id = ${id}`);
    const sessionsOfUser = () => count(sql`SELECT 1 FROM sessions WHERE user_id = ${user.userId}`);
    const failures = () => count(sql`SELECT 1 FROM login_failures WHERE login_key = ${`user:${user.userId}`}`);
    const ledger = () => count(sql`SELECT 1 FROM ledger_transfers`);
    const eur = await balanceOf(t.database.db, user.userId, 'EUR');
    const postings = await ledger();
    expect(await keys()).toBe(1);
    expect(await sessionsOfUser()).toBe(2);
    expect(await failures()).toBe(1);

    // 23 hours on: the key still answers with the first reply; the failure count is spent.
    t.clock.advance(23 * HOUR);
    await sweep(t.database.db, t.clock.now);
    expect(await keys()).toBe(1);
    const replay = await convert();
    expect(replay.body.data).toEqual(first.body.data);
    expect(await failures()).toBe(0);
    expect(await quotes(unused)).toBe(1);

    // A day and more: the key, the unused quote and the expired codes are forgotten.
    t.clock.advance(2 * HOUR);
    const report = await sweep(t.database.db, t.clock.now);
    expect(report.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await keys()).toBe(0);
    expect(await quotes(unused)).toBe(0);
    expect(await quotes(executed)).toBe(1);
    expect(await count(sql`SELECT 1 FROM verification_codes WHERE expires_at < ${t.clock.now().toISOString()}::timestamptz - interval '1 day'`)).toBe(0);

    // Eight days: the signed-out session is gone, the live one still opens the account.
    t.clock.advance(7 * DAY);
    await sweep(t.database.db, t.clock.now);
    expect(await sessionsOfUser()).toBe(1);
    expect((await t.get('/user/info', { token: user.token })).status).toBe(200);

    // A week after its 30 days ran out, the last one goes too.
    t.clock.advance(30 * DAY);
    await sweep(t.database.db, t.clock.now);
    expect(await sessionsOfUser()).toBe(0);

    expect(await ledger()).toBe(postings);
    expect(await balanceOf(t.database.db, user.userId, 'EUR')).toBe(eur);
    await t.assertLedgerClean();
  });
});
