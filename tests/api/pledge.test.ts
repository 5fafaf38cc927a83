/**
 * The pledge: what the overview shows before confirming, every refusal with its message, the
 * daily interest paid exactly once per order and day (run twice, by two processes at once, after
 * a pause of several days), maturity, early redemption with its penalty, the interest wallet, the
 * operators' products, and another user's order out of reach. The ledger is verified after each.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { PledgeInterest, PledgeOrder, PledgeOverview, PledgeProduct } from '../../src/domain/pledge';
import type { Page } from '../../src/domain/wire';
import { errorText } from '../../src/locales/errors';
import { rowsOf } from '../../server/db/rows';
import { balanceOf } from '../../server/ledger/accounts';
import { startTestApp, USDT, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());
afterEach(async () => {
  await t.assertLedgerClean();
});

type PayingUser = Awaited<ReturnType<TestApp['payingUser']>>;
const DAY = 24 * 3600;

async function richUser(usdt = 1_000): Promise<PayingUser> {
  const user = await t.payingUser();
  await t.fund(user.userId, 'USDT', USDT(usdt));
  return user;
}

function paid<T>(user: PayingUser, url: string, body: Record<string, unknown>, key: string = crypto.randomUUID()) {
  return t.post<T>(url, { payPassword: user.payPassword, ...body }, { token: user.token, headers: { 'idempotency-key': key } });
}

async function overview(user: PayingUser): Promise<PledgeOverview> {
  const reply = await t.get<PledgeOverview>('/pledge/overview', { token: user.token });
  expect(reply.status).toBe(200);
  return reply.body.data!;
}

/** The 7-day product of the seed: 0.02 % a day, at least 100 USDT, 1 % penalty. */
async function sevenDays(user: PayingUser): Promise<PledgeProduct> {
  const product = (await overview(user)).products.find((p) => p.asset === 'USDT' && p.lockDays === 7);
  expect(product).toMatchObject({ minAmount: '100.000000', dailyRate: '0.02', yearlyRate: '7.3', penaltyRate: '1' });
  return product!;
}

async function start(user: PayingUser, amount: string, key?: string) {
  const product = await sevenDays(user);
  return paid<PledgeOrder>(user, '/pledge/start', { productId: product.id, amount }, key);
}

const balances = async (userId: string) => ({
  available: await balanceOf(t.database.db, userId, 'USDT', 'available'),
  pledged: await balanceOf(t.database.db, userId, 'USDT', 'pledged'),
  interest: await balanceOf(t.database.db, userId, 'USDT', 'interest'),
});

async function interestRows(user: PayingUser): Promise<PledgeInterest[]> {
  const reply = await t.get<Page<PledgeInterest>>('/pledge/interest', { token: user.token, query: { pageSize: '50' } });
  expect(reply.status).toBe(200);
  return reply.body.data!.list;
}

const runDue = () => t.app.services.pledge.runDue();

describe('starting a pledge', () => {
  test('the overview shows the products, what is available and nothing running; starting locks the amount', async () => {
    const user = await richUser(1_000);
    const before = await overview(user);
    expect(before.active).toBeNull();
    expect(before.available.USDT).toBe('1000.000000');
    expect(before.products.map((p) => p.lockDays)).toEqual([7, 30, 90]);
    expect(new Date(before.nextPayoutAt).toISOString()).toBe('2030-01-16T00:00:00.000Z');

    const reply = await start(user, '500');
    expect(reply.status).toBe(200);
    // 500 × 0.02 % = 0.1 USDT a day; 0.7 over 7 days; 1 % penalty = 5 USDT.
    expect(reply.body.data).toMatchObject({
      amount: '500.000000',
      daily: '0.100000',
      maturity: '500.700000',
      earned: '0.000000',
      redeemPenalty: '5.000000',
      redeemReturn: '495.000000',
      status: 'active',
      startedAt: t.clock.now().toISOString(),
      endsAt: new Date(t.clock.now().getTime() + 7 * DAY * 1000).toISOString(),
    });
    expect(await balances(user.userId)).toEqual({ available: USDT(500), pledged: USDT(500), interest: 0n });
    const after = await overview(user);
    expect(after.active?.id).toBe(reply.body.data!.id);
    expect(after.managed.USDT).toBe('500.000000');
  });

  test('the same key again returns the first order and locks once', async () => {
    const user = await richUser(1_000);
    const key = crypto.randomUUID();
    const first = await start(user, '200', key);
    const again = await start(user, '200', key);
    expect(again.status).toBe(200);
    expect(again.body.data!.id).toBe(first.body.data!.id);
    expect((await balances(user.userId)).pledged).toBe(USDT(200));
  });

  test('every refusal says why in the user’s language and changes nothing', async () => {
    const user = await richUser(150);
    const product = await sevenDays(user);

    const below = await paid(user, '/pledge/start', { productId: product.id, amount: '99.99' });
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({ key: 'pledge.belowMinimum', field: 'amount', message: 'The minimum for this product is 100 USDT.' });

    const above = await paid(user, '/pledge/start', { productId: product.id, amount: '150.01' });
    expect(above.body).toMatchObject({ key: 'balance.insufficient', field: 'amount' });

    const unknown = await paid(user, '/pledge/start', { productId: 999_999, amount: '100' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ key: 'pledge.productNotFound' });

    const wrongPin = await t.post('/pledge/start', { productId: product.id, amount: '100', payPassword: '000000' }, { token: user.token, headers: { 'idempotency-key': crypto.randomUUID() } });
    expect(wrongPin.status).toBe(400);

    const noKey = await t.post('/pledge/start', { productId: product.id, amount: '100', payPassword: user.payPassword }, { token: user.token });
    expect(noKey.status).toBe(400);

    expect(await balances(user.userId)).toEqual({ available: USDT(150), pledged: 0n, interest: 0n });

    // A second order while one runs: the notice of the product, in German for a German caller.
    expect((await paid(user, '/pledge/start', { productId: product.id, amount: '100' })).status).toBe(200);
    const second = await t.post(
      '/pledge/start',
      { productId: product.id, amount: '50', payPassword: user.payPassword },
      { token: user.token, headers: { 'idempotency-key': crypto.randomUUID(), 'accept-language': 'de' } },
    );
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ key: 'pledge.orderOpen', message: errorText('de', 'pledge.orderOpen') });
    expect(await balances(user.userId)).toEqual({ available: USDT(50), pledged: USDT(100), interest: 0n });
  });

  test('two starts at once with different keys: one runs, the other is refused', async () => {
    const user = await richUser(1_000);
    const replies = await Promise.all([start(user, '300'), start(user, '300'), start(user, '300')]);
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    for (const reply of replies.filter((r) => r.status !== 200)) expect(reply.body).toMatchObject({ key: 'pledge.orderOpen' });
    expect((await balances(user.userId)).pledged).toBe(USDT(300));
  });
});

describe('the daily interest', () => {
  test('three days later, three payments, each once however often the job runs; the record lists them', async () => {
    const user = await richUser(1_000);
    await runDue(); // today's payout time has passed before the order: nothing for it
    const order = (await start(user, '1000')).body.data!;
    await runDue();
    expect(await interestRows(user)).toHaveLength(0);

    t.clock.advance(3 * DAY);
    const [first, second] = await Promise.all([runDue(), runDue()]);
    expect(first.days + second.days).toBe(3);
    await runDue();
    const rows = await interestRows(user);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.day)).size).toBe(3);
    for (const row of rows) expect(row).toMatchObject({ orderNo: order.orderNo, asset: 'USDT', amount: '0.200000' });
    expect(await balances(user.userId)).toEqual({ available: 0n, pledged: USDT(1000), interest: 600_000n });
    const shown = (await overview(user)).active!;
    expect(shown).toMatchObject({ earned: '0.600000', daysPaid: 3 });
  });

  test('a second server process running the job at the same moment pays each day once', async () => {
    const user = await richUser(1_000);
    await start(user, '1000');
    const other = await startTestApp({ sameInstallationAs: { database: t.database, clock: t.clock, codePepper: t.codePepper, secretsKey: t.secretsKey } });
    try {
      t.clock.advance(2 * DAY);
      await Promise.all([runDue(), other.app.services.pledge.runDue(), runDue(), other.app.services.pledge.runDue()]);
    } finally {
      await other.close();
    }
    const rows = await interestRows(user);
    expect(rows).toHaveLength(2);
    expect((await balances(user.userId)).interest).toBe(400_000n);
    const [{ duplicates }] = await rowsOf<{ duplicates: string }>(
      t.database.db,
      sql`SELECT count(*)::text AS duplicates FROM (SELECT reference FROM ledger_transfers WHERE kind = 'pledge_interest' GROUP BY idempotency_key, reference HAVING count(*) > 1) d`,
    );
    expect(duplicates).toBe('0');
  });

  test('at its end the principal returns: seven payments in all, then completed', async () => {
    const user = await richUser(700);
    const order = (await start(user, '700')).body.data!;
    t.clock.advance(10 * DAY); // a server off for ten days catches up in one round
    const report = await runDue();
    expect(report.matured).toBeGreaterThanOrEqual(1);
    expect(await interestRows(user)).toHaveLength(7);
    // 700 × 0.02 % = 0.14 a day, 0.98 in all.
    expect(await balances(user.userId)).toEqual({ available: USDT(700), pledged: 0n, interest: 980_000n });
    const orders = await t.get<Page<PledgeOrder>>('/pledge/orders', { token: user.token });
    expect(orders.body.data!.list[0]).toMatchObject({ id: order.id, status: 'completed', earned: '0.980000', daysPaid: 7, endedAt: order.endsAt, redeemReturn: null });
    // Another order may start now.
    expect((await overview(user)).active).toBeNull();
  });
});

describe('early redemption', () => {
  test('returns the principal less the penalty shown before, and no later day is paid', async () => {
    const user = await richUser(1_000);
    const order = (await start(user, '1000')).body.data!;
    t.clock.advance(DAY + 3600); // one payout time passed
    await runDue();
    const shown = (await overview(user)).active!;
    expect(shown).toMatchObject({ redeemPenalty: '10.000000', redeemReturn: '990.000000', daysPaid: 1 });

    const fees = () => t.platformBalance('fees', 'USDT');
    const feesBefore = await fees();
    const redeemed = await paid<PledgeOrder>(user, '/pledge/redeem', { id: order.id });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data).toMatchObject({ status: 'redeemed', redeemPenalty: '10.000000', redeemReturn: null, endedAt: t.clock.now().toISOString() });
    expect(await balances(user.userId)).toEqual({ available: USDT(990), pledged: 0n, interest: 200_000n });
    expect((await fees()) - feesBefore).toBe(USDT(10));

    t.clock.advance(3 * DAY);
    await runDue();
    expect(await interestRows(user)).toHaveLength(1);

    const again = await paid(user, '/pledge/redeem', { id: order.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'pledge.notActive', message: errorText('en', 'pledge.notActive') });
  });

  test('a payout time that passed before the redemption is still paid when the job comes late', async () => {
    const user = await richUser(1_000);
    const order = (await start(user, '1000')).body.data!;
    t.clock.advance(DAY); // the payout time has passed, the job has not run yet
    expect((await paid(user, '/pledge/redeem', { id: order.id })).status).toBe(200);
    await runDue();
    expect(await interestRows(user)).toHaveLength(1);
  });

  test("another user's order cannot be redeemed or seen", async () => {
    const owner = await richUser(1_000);
    const stranger = await richUser(10);
    const order = (await start(owner, '1000')).body.data!;
    const reply = await paid(stranger, '/pledge/redeem', { id: order.id });
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ key: 'record.notFound' });
    const list = await t.get<Page<PledgeOrder>>('/pledge/orders', { token: stranger.token });
    expect(list.body.data!.list).toEqual([]);
    expect((await balances(owner.userId)).pledged).toBe(USDT(1000));
  });
});

describe('the interest wallet', () => {
  test('moves interest to available; not more than it holds', async () => {
    const user = await richUser(1_000);
    await start(user, '1000');
    t.clock.advance(2 * DAY);
    await runDue();
    expect((await balances(user.userId)).interest).toBe(400_000n);

    const tooMuch = await paid(user, '/pledge/interest/transfer', { asset: 'USDT', amount: '0.4000001' });
    expect(tooMuch.status).toBe(400);
    const tooMuchAtPrecision = await paid(user, '/pledge/interest/transfer', { asset: 'USDT', amount: '0.500001' });
    expect(tooMuchAtPrecision.body).toMatchObject({ key: 'pledge.interestInsufficient', field: 'amount', message: errorText('en', 'pledge.interestInsufficient') });

    const moved = await paid(user, '/pledge/interest/transfer', { asset: 'USDT', amount: '0.25' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ asset: 'USDT', amount: '0.250000', transferId: expect.any(Number) });
    expect(await balances(user.userId)).toMatchObject({ available: 250_000n, interest: 150_000n });
  });
});

describe('the products, for operators', () => {
  test('finance creates and changes a product, audited; a running order keeps its terms', async () => {
    const user = await richUser(1_000);
    const running = (await start(user, '1000')).body.data!;
    const operatorId = await t.financeOperator();
    const token = await t.operatorToken(operatorId);
    const created = await t.post<PledgeProduct>('/ops/pledge/products', { asset: 'USDT', minAmount: '50', dailyRate: '0.0125', lockDays: 14, penaltyRate: '2.5' }, { token });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ minAmount: '50.000000', dailyRate: '0.0125', lockDays: 14, penaltyRate: '2.5', active: true });

    const product = await sevenDays(user);
    const changed = await t.post<PledgeProduct>('/ops/pledge/products', { id: product.id, asset: 'USDT', minAmount: '100', dailyRate: '0.05', lockDays: 7, penaltyRate: '1' }, { token });
    expect(changed.body.data).toMatchObject({ dailyRate: '0.05' });
    expect((await overview(user)).active).toMatchObject({ id: running.id, dailyRate: '0.02', daily: '0.200000' });
    // Back as it was, for the other tests.
    await t.post('/ops/pledge/products', { id: product.id, asset: 'USDT', minAmount: '100', dailyRate: '0.02', lockDays: 7, penaltyRate: '1' }, { token });

    const bad = await t.post('/ops/pledge/products', { asset: 'USDT', minAmount: '50', dailyRate: '0.00001', lockDays: 14, penaltyRate: '2' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ key: 'pledge.rateInvalid' });
    const badDays = await t.post('/ops/pledge/products', { asset: 'USDT', minAmount: '50', dailyRate: '0.01', lockDays: 0, penaltyRate: '2' }, { token });
    expect(badDays.body).toMatchObject({ key: 'pledge.lockDaysInvalid' });

    const audit = await rowsOf<{ action: string; subject: string }>(t.database.db, sql`SELECT action, subject FROM audit_log WHERE action = 'pledge.product' ORDER BY id`);
    expect(audit.map((row) => row.subject)).toContain(`pledge_product:${created.body.data!.id}`);

    // A user's token is no operator's.
    expect((await t.get('/ops/pledge/products', { token: user.token })).status).toBe(401);
  });
});
