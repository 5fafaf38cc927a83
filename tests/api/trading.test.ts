/**
 * The trading hall (docs/trading.md): merchant applications, offers holding what they may give,
 * orders matched with the best offer, settlement on the ledger, cancels, expiries, the daily
 * limits, and that nobody sees or acts on another user's orders. Every scenario ends with the
 * ledger verified, which includes that each trading account holds exactly what its owner's open
 * offers and unsettled orders hold.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { MerchantApplication, Page, TradeOffer, TradeOrder, TradeSummary } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limits';
import { balanceOf } from '../../server/ledger/accounts';
import { HALL_SYMBOL } from '../../src/domain/market';
import { TradeNotices } from '../../server/modules/trading';
import { roundTripsOf, startTestApp, USDT, type TestApp } from './harness';

let t: TestApp;
let operatorId: string;
beforeAll(async () => {
  // Seventy-odd sign-ups from one address: the code and login limits are raised for this file.
  const many = { max: 10_000, windowSeconds: 3600 };
  t = await startTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, codesPerIp: many, loginsPerIp: many } });
  operatorId = await t.financeOperator();
});
afterAll(() => t?.close());

type User = Awaited<ReturnType<TestApp['payingUser']>>;
const EUR = (euros: number) => BigInt(Math.round(euros * 100));

async function setDailyOrders(level: number, orders: number): Promise<void> {
  await t.database.db.execute(sql`UPDATE vip_levels SET daily_orders = ${orders} WHERE level = ${level}`);
}

/** Ends every open offer and unsettled order through the service, so each test starts with an empty book and a clean ledger. */
async function emptyBook(): Promise<void> {
  const { trading } = t.app.services;
  const orders = await rowsOf<{ id: string; user_id: string }>(t.database.db, sql`SELECT id::text, user_id FROM trade_orders WHERE status IN ('matching', 'matched')`);
  for (const order of orders) await trading.cancelOrder(order.user_id, Number(order.id), new TradeNotices());
  const offers = await rowsOf<{ id: string; user_id: string }>(t.database.db, sql`SELECT id::text, user_id FROM trade_offers WHERE status = 'open'`);
  for (const offer of offers) await trading.withdrawOffer(offer.user_id, Number(offer.id));
}

beforeEach(async () => {
  await setDailyOrders(0, 50);
  await t.database.db.execute(sql`UPDATE settings SET value = '0.2' WHERE key = 'trade_fee_percent'`);
  await emptyBook();
});
afterEach(async () => {
  await t.assertLedgerClean();
});

/** A user with the payment password, made a merchant (the application itself is tested below), with money on the available accounts. */
async function merchant(funds: { usdt?: number; eur?: number } = {}): Promise<User> {
  const user = await t.payingUser();
  await t.database.db.execute(sql`UPDATE users SET is_merchant = true WHERE id = ${user.userId}`);
  if (funds.usdt) await t.fund(user.userId, 'USDT', USDT(funds.usdt));
  if (funds.eur) await t.fund(user.userId, 'EUR', EUR(funds.eur));
  return user;
}

const key = () => ({ 'idempotency-key': crypto.randomUUID() });

function paid<T>(user: User, url: string, body: Record<string, unknown>, idempotencyKey = crypto.randomUUID()) {
  return t.post<T>(url, { ...body, payPassword: user.payPassword }, { token: user.token, headers: { 'idempotency-key': idempotencyKey } });
}

async function postOffer(user: User, body: { side: 'buy' | 'sell'; quantity: string; price: string; minAmount?: string; maxAmount?: string }): Promise<TradeOffer> {
  const reply = await paid<TradeOffer>(user, '/trade/offers/post', { minAmount: '1', maxAmount: body.quantity, ...body });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
}

async function placeOrder(user: User, body: { side: 'buy' | 'sell'; amount: string; price: string }): Promise<TradeOrder> {
  const reply = await paid<TradeOrder>(user, '/trade/orders/place', body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
}

const confirm = (user: User, id: number) => paid<TradeOrder>(user, '/trade/orders/confirm', { id });
const cancel = (user: User, id: number) => t.post<TradeOrder>('/trade/orders/cancel', { id }, { token: user.token });
const detail = (user: User, id: number) => t.get<TradeOrder>('/trade/orders/detail', { token: user.token, query: { id: String(id) } });

async function balances(user: User) {
  const db = t.database.db;
  return {
    usdt: await balanceOf(db, user.userId, 'USDT'),
    eur: await balanceOf(db, user.userId, 'EUR'),
    tradingUsdt: await balanceOf(db, user.userId, 'USDT', 'trading'),
    tradingEur: await balanceOf(db, user.userId, 'EUR', 'trading'),
  };
}


describe('becoming a merchant', () => {
  test('an application needs the payment password; one waits at a time; a rejection shows its reason; an approval opens the hall', async () => {
    const plain = await t.signedInUser();
    const noPay = await t.post('/merchant/apply', {}, { token: plain.token });
    expect(noPay.status).toBe(400);
    expect(noPay.body.code).not.toBe(1);
    expect(noPay.body.message).toBe('Please set your payment password first.');

    const user = await t.payingUser();
    // Not a merchant: neither offers nor orders, in the user's language.
    const refusedOffer = await paid(user, '/trade/offers/post', { side: 'sell', quantity: '10', price: '0.93', minAmount: '1', maxAmount: '10' });
    expect(refusedOffer.status).toBe(403);
    expect(refusedOffer.body.message).toBe('Trading needs a merchant account. Apply to upgrade your account first.');
    const refusedOrder = await t.post('/trade/orders/place', { side: 'buy', amount: '10', price: '0.95', payPassword: user.payPassword }, { token: user.token, headers: { ...key(), 'accept-language': 'de' } });
    expect(refusedOrder.status).toBe(403);
    expect(refusedOrder.body.message).toBe('Für den Handel ist ein Händlerkonto nötig. Beantragen Sie zuerst das Upgrade Ihres Kontos.');

    const applied = await t.post<MerchantApplication>('/merchant/apply', {}, { token: user.token });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ status: 'pending', reason: null, decidedAt: null });
    const again = await t.post('/merchant/apply', {}, { token: user.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your application is being reviewed. We will tell you the outcome here.');

    const ops = await t.operatorToken(operatorId);
    const queue = await t.get<Page<{ id: number; userId: string; status: string }>>('/ops/merchants', { token: ops });
    expect(queue.body.data!.list).toEqual(expect.arrayContaining([expect.objectContaining({ id: applied.body.data!.id, userId: user.userId, status: 'pending' })]));
    const noReason = await t.post('/ops/merchants/reject', { id: applied.body.data!.id, reason: ' ' }, { token: ops });
    expect(noReason.status).toBe(400);
    const rejected = await t.post('/ops/merchants/reject', { id: applied.body.data!.id, reason: 'Identity not verified yet' }, { token: ops });
    expect(rejected.status).toBe(200);
    const seen = await t.get<MerchantApplication>('/merchant/application', { token: user.token });
    expect(seen.body.data).toMatchObject({ status: 'rejected', reason: 'Identity not verified yet' });
    expect((await t.post('/ops/merchants/approve', { id: applied.body.data!.id }, { token: ops })).status).toBe(409);

    const second = await t.post<MerchantApplication>('/merchant/apply', {}, { token: user.token });
    expect(second.status).toBe(200);
    expect((await t.post('/ops/merchants/approve', { id: second.body.data!.id }, { token: ops })).status).toBe(200);
    const summary = await t.get<TradeSummary>('/trade/summary', { token: user.token });
    expect(summary.body.data).toMatchObject({ merchant: true, application: { status: 'approved' }, payPasswordSet: true });
    expect((await t.post('/merchant/apply', {}, { token: user.token })).status).toBe(409);

    const audit = await rowsOf<{ action: string; reason: string | null }>(
      t.database.db,
      sql`SELECT action, reason FROM audit_log WHERE user_id = ${user.userId} AND action LIKE 'merchant.%' ORDER BY id`,
    );
    expect(audit).toEqual([
      { action: 'merchant.reject', reason: 'Identity not verified yet' },
      { action: 'merchant.approve', reason: null },
    ]);
  });
});

describe('offers', () => {
  test('a sell offer holds its USDT at once and is listed for buyers; bad limits and prices change nothing', async () => {
    const seller = await merchant({ usdt: 100 });
    const buyer = await merchant({ eur: 100 });
    for (const [body, message] of [
      [{ side: 'sell', quantity: '60', price: '0.93', minAmount: '50', maxAmount: '20' }, 'The minimum per order must be at least 1 USDT and not above the maximum per order.'],
      [{ side: 'sell', quantity: '5', price: '0.93', minAmount: '10', maxAmount: '20' }, 'The minimum per order must be at least 1 USDT and not above the maximum per order.'],
      [{ side: 'sell', quantity: '60', price: '0.93', minAmount: '0.5', maxAmount: '20' }, 'The minimum per order must be at least 1 USDT and not above the maximum per order.'],
      [{ side: 'sell', quantity: '60', price: '0.93001', minAmount: '1', maxAmount: '20' }, 'Enter a unit price from 0.0100 to 100.0000 EUR, with at most four decimals.'],
      [{ side: 'sell', quantity: '60', price: '0', minAmount: '1', maxAmount: '20' }, 'Enter a unit price from 0.0100 to 100.0000 EUR, with at most four decimals.'],
      [{ side: 'sell', quantity: '160', price: '0.93', minAmount: '1', maxAmount: '20' }, 'Insufficient balance.'],
    ] as const) {
      const reply = await paid(seller, '/trade/offers/post', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      if (message !== 'Insufficient balance.') expect(reply.body.message).toBe(message);
    }
    expect(await balances(seller)).toMatchObject({ usdt: USDT(100), tradingUsdt: 0n });

    const offer = await postOffer(seller, { side: 'sell', quantity: '60', price: '0.9300', minAmount: '5', maxAmount: '50' });
    expect(offer).toMatchObject({ side: 'sell', price: '0.9300', quantity: '60.000000', remaining: '60.000000', status: 'open', mine: true });
    expect(await balances(seller)).toMatchObject({ usdt: USDT(40), tradingUsdt: USDT(60) });

    const hall = await t.get<TradeOffer[]>('/trade/hall', { token: buyer.token, query: { side: 'buy' } });
    expect(hall.body.data).toEqual([expect.objectContaining({ id: offer.id, mine: false, minAmount: '5.000000', maxAmount: '50.000000' })]);
    // The amount filter: outside the offer's limits, not listed.
    expect((await t.get<TradeOffer[]>('/trade/hall', { token: buyer.token, query: { side: 'buy', amount: '55' } })).body.data).toEqual([]);
    expect((await t.get<TradeOffer[]>('/trade/hall', { token: buyer.token, query: { side: 'buy', amount: '4' } })).body.data).toEqual([]);
    expect((await t.get<TradeOffer[]>('/trade/hall', { token: buyer.token, query: { side: 'buy', amount: '20' } })).body.data).toHaveLength(1);
    // Sellers see buy offers: none.
    expect((await t.get<TradeOffer[]>('/trade/hall', { token: buyer.token, query: { side: 'sell' } })).body.data).toEqual([]);
  });

  test('editing holds more or releases the rest; the price stays while an order waits for confirmation; withdrawing releases what is not pending', async () => {
    const seller = await merchant({ usdt: 100 });
    const buyer = await merchant({ eur: 100 });
    const offer = await postOffer(seller, { side: 'sell', quantity: '30', price: '0.9300' });
    const edit = (body: Record<string, unknown>) => paid<TradeOffer>(seller, '/trade/offers/edit', { id: offer.id, minAmount: '1', maxAmount: '50', price: '0.9300', ...body });

    expect((await edit({ quantity: '50' })).status).toBe(200);
    expect(await balances(seller)).toMatchObject({ usdt: USDT(50), tradingUsdt: USDT(50) });
    expect((await edit({ quantity: '20' })).status).toBe(200);
    expect(await balances(seller)).toMatchObject({ usdt: USDT(80), tradingUsdt: USDT(20) });

    const order = await placeOrder(buyer, { side: 'buy', amount: '10', price: '0.95' });
    expect(order.status).toBe('matched');
    const busy = await edit({ quantity: '20', price: '0.9400' });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('This offer has orders waiting for confirmation. Its price and quantity can change once they are settled.');
    // Same price, more quantity: allowed, the pending order keeps its share.
    const more = await edit({ quantity: '15' });
    expect(more.status).toBe(200);
    expect(more.body.data).toMatchObject({ remaining: '15.000000', pending: '10.000000' });
    expect(await balances(seller)).toMatchObject({ tradingUsdt: USDT(25) });

    const withdrawn = await t.post<TradeOffer>('/trade/offers/withdraw', { id: offer.id }, { token: seller.token });
    expect(withdrawn.body.data).toMatchObject({ status: 'withdrawn', remaining: '0.000000', pending: '10.000000' });
    expect(await balances(seller)).toMatchObject({ usdt: USDT(90), tradingUsdt: USDT(10) });
    expect((await t.post('/trade/offers/withdraw', { id: offer.id }, { token: seller.token })).status).toBe(409);

    // The matched order still settles from what the withdrawn offer kept.
    const settled = await confirm(buyer, order.id);
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(await balances(seller)).toMatchObject({ usdt: USDT(90), tradingUsdt: 0n, eur: EUR(9.3) });
  });

  test('a matched order cancelled after its offer was withdrawn releases the offer\'s share to its owner', async () => {
    const seller = await merchant({ usdt: 50 });
    const buyer = await merchant({ eur: 50 });
    const offer = await postOffer(seller, { side: 'sell', quantity: '20', price: '0.9000' });
    const order = await placeOrder(buyer, { side: 'buy', amount: '10', price: '0.9000' });
    await t.post('/trade/offers/withdraw', { id: offer.id }, { token: seller.token });
    expect(await balances(seller)).toMatchObject({ usdt: USDT(40), tradingUsdt: USDT(10) });
    expect((await cancel(buyer, order.id)).status).toBe(200);
    expect(await balances(seller)).toMatchObject({ usdt: USDT(50), tradingUsdt: 0n });
    expect(await balances(buyer)).toMatchObject({ eur: EUR(50), tradingEur: 0n });
  });
});

describe('orders, matching and settlement', () => {
  test('a buy order meets the cheapest fitting sell offer, then the oldest; confirming moves USDT, EUR and the fee in one posting', async () => {
    const [early, late, dear] = [await merchant({ usdt: 100 }), await merchant({ usdt: 100 }), await merchant({ usdt: 100 })];
    const buyer = await merchant({ eur: 100 });
    await postOffer(dear, { side: 'sell', quantity: '50', price: '0.9500' });
    const best = await postOffer(early, { side: 'sell', quantity: '50', price: '0.9300', minAmount: '5', maxAmount: '40' });
    await postOffer(late, { side: 'sell', quantity: '50', price: '0.9300' });
    const feesBefore = await t.platformBalance('fees', 'USDT');

    const order = await placeOrder(buyer, { side: 'buy', amount: '10', price: '0.9600' });
    // Held at the limit price: 10 × 0.96 = 9.60 EUR; matched at 0.93 with the oldest of the two cheapest.
    expect(order).toMatchObject({
      status: 'matched',
      role: 'taker',
      side: 'buy',
      amount: '10.000000',
      price: '0.9300',
      total: '9.30',
      fee: '0.020000',
      receive: '9.980000',
      receiveAsset: 'USDT',
      hold: '9.60',
      holdAsset: 'EUR',
      offerRemaining: '40.000000',
    });
    expect(order.confirmBy).toBe(new Date(t.clock.now().getTime() + 15 * 60_000).toISOString());
    expect(await balances(buyer)).toMatchObject({ eur: EUR(90.4), tradingEur: EUR(9.6) });
    // The merchant sees the same order from their side.
    const makerView = await detail(early, order.id);
    expect(makerView.body.data).toMatchObject({ role: 'maker', side: 'sell', receive: '9.30', receiveAsset: 'EUR', fee: '0.00', hold: '10.000000' });

    const hallCandles = () =>
      rowsOf<{ volume: string }>(t.database.db, sql`SELECT volume::text FROM market_candles WHERE symbol = ${HALL_SYMBOL} AND period = '1min' ORDER BY open_time`);
    const volumeBefore = (await hallCandles()).reduce((sum, candle) => sum + Number(candle.volume), 0);
    const done = await confirm(buyer, order.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'completed', hold: '0.00' });
    expect(await balances(buyer)).toMatchObject({ usdt: 9_980_000n, eur: EUR(90.7), tradingEur: 0n });
    expect(await balances(early)).toMatchObject({ usdt: USDT(50), tradingUsdt: USDT(40), eur: EUR(9.3) });
    expect((await t.platformBalance('fees', 'USDT')) - feesBefore).toBe(20_000n);
    // The trade is a tick of the hall's candles (through the outbox, once it committed): its USDT, its price.
    await expect.poll(async () => (await hallCandles()).reduce((sum, candle) => sum + Number(candle.volume), 0) - volumeBefore).toBe(10);
    await expect.poll(async () => (await rowsOf(t.database.db, sql`SELECT id FROM outbox`)).length).toBe(0);
    const offer = (await t.get<Page<TradeOffer>>('/trade/offers', { token: early.token })).body.data!.list.find((o) => o.id === best.id);
    expect(offer).toMatchObject({ remaining: '40.000000', pending: '0.000000', status: 'open' });
    // The merchant's record in the hall: one completed order of one matched and ended.
    const listed = (await t.get<TradeOffer[]>('/trade/hall', { token: buyer.token, query: { side: 'buy' } })).body.data!.find((o) => o.id === best.id);
    expect(listed!.merchant).toMatchObject({ completed: 1, completionRate: '100.0' });
    // Settled trades are in both fund records.
    const log = await t.get<Page<{ kind: string; amount: string; asset: string }>>('/wallet/legal_log', { token: buyer.token });
    expect(log.body.data!.list.map((entry) => `${entry.kind} ${entry.amount} ${entry.asset}`)).toEqual(
      expect.arrayContaining(['trade_settle +9.980000 USDT', 'trade_settle -9.30 EUR', 'trade_release +0.30 EUR']),
    );
    // Confirming twice (another key): ended.
    expect((await confirm(buyer, order.id)).status).toBe(409);
  });

  test('a sell order meets the dearest buy offer; the fee is cut from the EUR the seller receives; the offer fills and releases its cents', async () => {
    const seller = await merchant({ usdt: 50 });
    const buyerOffer = await merchant({ eur: 50 });
    await postOffer(buyerOffer, { side: 'buy', quantity: '20', price: '0.9100' });
    expect(await balances(buyerOffer)).toMatchObject({ eur: EUR(31.8), tradingEur: EUR(18.2) });
    const feesBefore = await t.platformBalance('fees', 'EUR');
    const order = await placeOrder(seller, { side: 'sell', amount: '20', price: '0.9000' });
    // 20 × 0.91 = 18.20 EUR; 0.2 % of it = 0.0364 → 0.03 (rounded down).
    expect(order).toMatchObject({ status: 'matched', price: '0.9100', total: '18.20', fee: '0.03', receive: '18.17', receiveAsset: 'EUR', hold: '20.000000' });
    expect((await confirm(seller, order.id)).status).toBe(200);
    expect(await balances(seller)).toMatchObject({ usdt: USDT(30), eur: EUR(18.17), tradingUsdt: 0n });
    expect(await balances(buyerOffer)).toMatchObject({ usdt: USDT(20), eur: EUR(31.8), tradingEur: 0n });
    expect((await t.platformBalance('fees', 'EUR')) - feesBefore).toBe(3n);
    const offers = (await t.get<Page<TradeOffer>>('/trade/offers', { token: buyerOffer.token })).body.data!.list;
    expect(offers[0]).toMatchObject({ status: 'filled', remaining: '0.000000', pending: '0.000000' });
  });

  test('EUR totals are rounded down per order; a buy offer split into odd amounts pays every order and returns its cents', async () => {
    const maker = await merchant({ eur: 100 });
    const sellers = [await merchant({ usdt: 10 }), await merchant({ usdt: 10 }), await merchant({ usdt: 10 })];
    // 3 × 3.333333 USDT at 0.9999: held floor(9.999999 × 0.9999) = 9.99 EUR.
    await postOffer(maker, { side: 'buy', quantity: '9.999999', price: '0.9999' });
    expect(await balances(maker)).toMatchObject({ tradingEur: EUR(9.99) });
    for (const seller of sellers) {
      const order = await placeOrder(seller, { side: 'sell', amount: '3.333333', price: '0.9999' });
      expect(order.total).toBe('3.33');
      expect((await confirm(seller, order.id)).status).toBe(200);
    }
    // Three totals of 3.33 = 9.99; nothing left held; the maker got all 9.999999 USDT.
    expect(await balances(maker)).toMatchObject({ eur: EUR(90.01), tradingEur: 0n, usdt: 9_999_999n });
  });

  test('an order with no counterparty waits, is matched by the next fitting offer, and otherwise expires after 60 minutes, releasing its hold', async () => {
    const buyer = await merchant({ eur: 100 });
    const seller = await merchant({ usdt: 100 });
    const waiting = await placeOrder(buyer, { side: 'buy', amount: '10', price: '0.9200' });
    expect(waiting).toMatchObject({ status: 'matching', price: null, total: null, fee: null, hold: '9.20', receive: '10.000000' });
    expect(waiting.expiresAt).toBe(new Date(t.clock.now().getTime() + 60 * 60_000).toISOString());
    // A dearer offer does not fit the limit; a fitting one is matched at once.
    await postOffer(seller, { side: 'sell', quantity: '20', price: '0.9300' });
    expect((await detail(buyer, waiting.id)).body.data!.status).toBe('matching');
    await postOffer(seller, { side: 'sell', quantity: '20', price: '0.9150' });
    expect((await detail(buyer, waiting.id)).body.data).toMatchObject({ status: 'matched', price: '0.9150', total: '9.15' });

    const lonely = await placeOrder(buyer, { side: 'buy', amount: '5', price: '0.5000' });
    expect(lonely.status).toBe('matching');
    t.clock.advance(59 * 60);
    await t.app.services.trading.sweep(new TradeNotices());
    expect((await detail(buyer, lonely.id)).body.data!.status).toBe('matching');
    t.clock.advance(61);
    // Run twice, as two processes after downtime would: it ends once.
    await Promise.all([t.app.services.trading.sweep(new TradeNotices()), t.app.services.trading.sweep(new TradeNotices())]);
    await t.app.services.trading.sweep(new TradeNotices());
    expect((await detail(buyer, lonely.id)).body.data).toMatchObject({ status: 'expired', hold: '0.00' });
    // The first order (matched 60 minutes ago, never confirmed) has expired too, its quantity back on the offer.
    expect((await detail(buyer, waiting.id)).body.data!.status).toBe('expired');
    expect(await balances(buyer)).toMatchObject({ eur: EUR(100), tradingEur: 0n });
  });

  test('a matched order not confirmed within 15 minutes ends, its quantity returns to the offer; confirming then is refused', async () => {
    const seller = await merchant({ usdt: 50 });
    const buyer = await merchant({ eur: 50 });
    const offer = await postOffer(seller, { side: 'sell', quantity: '20', price: '1.0000' });
    const order = await placeOrder(buyer, { side: 'buy', amount: '10', price: '1.0000' });
    t.clock.advance(15 * 60);
    const late = await confirm(buyer, order.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The time to confirm this order has passed; everything it held has been released.');
    await t.app.services.trading.sweep(new TradeNotices());
    expect((await detail(buyer, order.id)).body.data!.status).toBe('expired');
    const mine = (await t.get<Page<TradeOffer>>('/trade/offers', { token: seller.token })).body.data!.list.find((o) => o.id === offer.id);
    expect(mine).toMatchObject({ remaining: '20.000000', pending: '0.000000' });
    expect(await balances(buyer)).toMatchObject({ eur: EUR(50), tradingEur: 0n });
  });

  test('an Idempotency-Key replayed places one order and holds once', async () => {
    const buyer = await merchant({ eur: 50 });
    const sameKey = crypto.randomUUID();
    const first = await paid<TradeOrder>(buyer, '/trade/orders/place', { side: 'buy', amount: '10', price: '0.9' }, sameKey);
    const replay = await paid<TradeOrder>(buyer, '/trade/orders/place', { side: 'buy', amount: '10', price: '0.9' }, sameKey);
    expect(replay.body.data!.id).toBe(first.body.data!.id);
    expect(await balances(buyer)).toMatchObject({ eur: EUR(41), tradingEur: EUR(9) });
  });

  test('not enough money, a wrong payment password and amounts below 1 USDT are refused and hold nothing', async () => {
    const buyer = await merchant({ eur: 5 });
    const poor = await paid(buyer, '/trade/orders/place', { side: 'buy', amount: '10', price: '0.9' });
    expect(poor.status).toBe(400);
    const small = await paid(buyer, '/trade/orders/place', { side: 'buy', amount: '0.5', price: '0.9' });
    expect(small.body.message).toBe('The smallest amount is 1 USDT.');
    const wrong = await t.post('/trade/orders/place', { side: 'buy', amount: '1', price: '0.9', payPassword: '000000' }, { token: buyer.token, headers: key() });
    expect(wrong.status).toBe(400);
    expect(await balances(buyer)).toMatchObject({ eur: EUR(5), tradingEur: 0n });
    expect((await t.get<Page<TradeOrder>>('/trade/orders', { token: buyer.token })).body.data!.total).toBe(0);
  });
});

describe('refusals', () => {
  test('each refusal of an order or an offer says why, in the user\'s language, and changes nothing', async () => {
    const seller = await merchant({ usdt: 50 });
    const buyer = await merchant({ eur: 50 });
    const offer = await postOffer(seller, { side: 'sell', quantity: '20', price: '1.0000' });
    const waiting = await placeOrder(buyer, { side: 'buy', amount: '5', price: '0.5000' });
    const notYet = await confirm(buyer, waiting.id);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe('Trade information incomplete. Please try again.');
    const german = await t.post('/trade/orders/confirm', { id: waiting.id, payPassword: buyer.payPassword }, { token: buyer.token, headers: { ...key(), 'accept-language': 'de' } });
    expect(german.body.message).toBe('Handelsinformationen unvollständig. Bitte versuchen Sie es erneut.');
    expect((await cancel(buyer, waiting.id)).status).toBe(200);
    const ended = await cancel(buyer, waiting.id);
    expect(ended.status).toBe(409);
    expect(ended.body.message).toBe('This order has already ended.');
    expect((await t.post('/trade/offers/withdraw', { id: offer.id }, { token: seller.token })).status).toBe(200);
    const gone = await paid(seller, '/trade/offers/edit', { id: offer.id, quantity: '10', price: '1.0000', minAmount: '1', maxAmount: '10' });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe('This offer is no longer available.');
    expect(await balances(seller)).toMatchObject({ usdt: USDT(50), tradingUsdt: 0n });
    expect(await balances(buyer)).toMatchObject({ eur: EUR(50), tradingEur: 0n });
  });
});

describe('an order the balance does not cover', () => {
  test('is refused with balance.insufficient, matched or not, and leaves no order, no hold and the offer as it was', async () => {
    const seller = await merchant({ usdt: 50 });
    const buyer = await merchant({ eur: 5 });
    const offer = await postOffer(seller, { side: 'sell', quantity: '20', price: '0.9300' });
    const ordersBefore = await rowsOf<{ count: number }>(t.database.db, sql`SELECT count(*)::int AS count FROM trade_orders WHERE user_id = ${buyer.userId}`);
    // 10 USDT at 0.95 holds 9.50 EUR: it would meet the offer; at 0.60 (6 EUR) it would wait. Neither is covered.
    for (const price of ['0.9500', '0.6000']) {
      const refused = await paid<TradeOrder>(buyer, '/trade/orders/place', { side: 'buy', amount: '10', price });
      expect([refused.status, refused.body.key], price).toEqual([400, 'balance.insufficient']);
    }
    const ordersAfter = await rowsOf<{ count: number }>(t.database.db, sql`SELECT count(*)::int AS count FROM trade_orders WHERE user_id = ${buyer.userId}`);
    expect(ordersAfter).toEqual(ordersBefore);
    expect(await balances(buyer)).toMatchObject({ eur: EUR(5), tradingEur: 0n });
    const [row] = await rowsOf<{ remaining: string; pending: string }>(t.database.db, sql`SELECT remaining::text, pending::text FROM trade_offers WHERE id = ${offer.id}`);
    expect(row).toEqual({ remaining: String(USDT(20)), pending: '0' });
    // Covered, the same order is placed and matched.
    await t.fund(buyer.userId, 'EUR', EUR(5));
    expect((await placeOrder(buyer, { side: 'buy', amount: '10', price: '0.9500' })).status).toBe('matched');
  });
});

describe('limits', () => {
  test("the VIP level's daily orders hold, counted per UTC day", async () => {
    await setDailyOrders(0, 2);
    const buyer = await merchant({ eur: 100 });
    await placeOrder(buyer, { side: 'buy', amount: '1', price: '0.5' });
    await placeOrder(buyer, { side: 'buy', amount: '1', price: '0.5' });
    const third = await paid(buyer, '/trade/orders/place', { side: 'buy', amount: '1', price: '0.5' });
    expect(third.status).toBe(403);
    expect(third.body.message).toBe('You have placed 2 orders today, the most your VIP level allows. Try again tomorrow (UTC) or raise your level.');
    expect((await t.get<TradeSummary>('/trade/summary', { token: buyer.token })).body.data).toMatchObject({ ordersToday: 2, dailyOrders: 2, pending: 2 });
    t.clock.advance(24 * 3600);
    expect((await paid(buyer, '/trade/orders/place', { side: 'buy', amount: '1', price: '0.5' })).status).toBe(200);
  });

  test('more than 3 cancelled matched orders in a day block new orders until the day ends; cancelling a waiting order does not count', async () => {
    const seller = await merchant({ usdt: 100 });
    const buyer = await merchant({ eur: 100 });
    await postOffer(seller, { side: 'sell', quantity: '50', price: '0.9000' });
    const waiting = await placeOrder(buyer, { side: 'buy', amount: '1', price: '0.5' });
    expect((await cancel(buyer, waiting.id)).body.data!.status).toBe('cancelled');
    for (let n = 0; n < 4; n++) {
      const order = await placeOrder(buyer, { side: 'buy', amount: '2', price: '0.9' });
      expect(order.status).toBe('matched');
      const cancelled = await cancel(buyer, order.id);
      expect(cancelled.body.data).toMatchObject({ status: 'cancelled', hold: '0.00' });
    }
    const summary = (await t.get<TradeSummary>('/trade/summary', { token: buyer.token })).body.data!;
    const midnight = new Date(t.clock.now());
    midnight.setUTCHours(24, 0, 0, 0);
    expect(summary).toMatchObject({ cancelsToday: 4, cancelLimit: 3, blockedUntil: midnight.toISOString() });
    const blocked = await paid(buyer, '/trade/orders/place', { side: 'buy', amount: '2', price: '0.9' });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toBe('You cancelled more than 3 matched orders today, so new orders are paused until the day ends (midnight UTC).');
    // Everything cancelled went back: the offer has all 50 again, the buyer all 100 EUR.
    expect(await balances(buyer)).toMatchObject({ eur: EUR(100), tradingEur: 0n });
    expect((await t.get<TradeOffer[]>('/trade/hall', { token: buyer.token })).body.data![0]).toMatchObject({ remaining: '50.000000' });
    t.clock.advance((midnight.getTime() - t.clock.now().getTime()) / 1000);
    expect((await paid(buyer, '/trade/orders/place', { side: 'buy', amount: '2', price: '0.9' })).status).toBe(200);
  });
});

describe('races', () => {
  test(
    '50 buyers racing for one offer never take more than its quantity; all confirming at once settle exactly that',
    async () => {
      const seller = await merchant({ usdt: 100 });
      await postOffer(seller, { side: 'sell', quantity: '100', price: '1.0000', minAmount: '10', maxAmount: '10' });
      const buyers = await Promise.all(Array.from({ length: 50 }, () => merchant({ eur: 20 })));
      const orders = await Promise.all(buyers.map((buyer) => placeOrder(buyer, { side: 'buy', amount: '10', price: '1.0' })));
      expect(orders.filter((order) => order.status === 'matched')).toHaveLength(10);
      expect(orders.filter((order) => order.status === 'matching')).toHaveLength(40);
      const confirmed = await Promise.all(orders.map((order, n) => (order.status === 'matched' ? confirm(buyers[n], order.id) : null)));
      expect(confirmed.filter((reply) => reply?.status === 200)).toHaveLength(10);
      expect(await balances(seller)).toMatchObject({ usdt: 0n, tradingUsdt: 0n, eur: EUR(100) });
      const received = await Promise.all(buyers.map((buyer) => balanceOf(t.database.db, buyer.userId, 'USDT')));
      expect(received.reduce((sum, value) => sum + value, 0n)).toBe(USDT(100) - 10n * 20_000n);
    },
    120_000,
  );
});

describe('lock order', () => {
  /** PostgreSQL's count of deadlocks in this database (0 on the embedded one, where one connection cannot deadlock). */
  async function deadlocks(): Promise<number> {
    if (t.database.sql.kind !== 'postgres') return 0;
    // A backend reports what it counted once idle and at least a second after its last report:
    // wait that second, then give every connection of the pool a statement.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await Promise.all(Array.from({ length: 20 }, () => t.database.db.execute(sql`SELECT pg_sleep(0.02)`)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [row] = await rowsOf<{ deadlocks: string }>(t.database.db, sql`SELECT deadlocks::text FROM pg_stat_database WHERE datname = current_database()`);
    return Number(row.deadlocks);
  }

  test(
    'merchants placing orders on each other’s offers and confirming them at once: every trade settles, no deadlock counted by PostgreSQL',
    async () => {
      const merchants = await Promise.all(Array.from({ length: 8 }, () => merchant({ usdt: 1000, eur: 1000 })));
      // Each sells at nearly the same price: every order takes the cheapest offer its placer does not own.
      await Promise.all(merchants.map((seller, n) => postOffer(seller, { side: 'sell', quantity: '500', price: `1.00${n}0`, minAmount: '1', maxAmount: '500' })));
      const before = await deadlocks();
      const rounds = 12;
      const settled = await Promise.all(
        merchants.map(async (buyer) => {
          let done = 0;
          for (let round = 0; round < rounds; round++) {
            const order = await placeOrder(buyer, { side: 'buy', amount: '1', price: '1.1' });
            expect(order.status).toBe('matched');
            const reply = await confirm(buyer, order.id);
            expect(reply.status, JSON.stringify(reply.body)).toBe(200);
            done++;
          }
          return done;
        }),
      );
      expect(settled.reduce((sum, n) => sum + n, 0)).toBe(8 * rounds);
      expect((await deadlocks()) - before).toBe(0);
    },
    120_000,
  );
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('confirming takes its locks in the book’s order', () => {
  test("the offer is locked in the first round trip only behind the user's own matched order, under the key's lock", async () => {
    const seller = await merchant({ usdt: 100 });
    const buyer = await merchant({ eur: 100 });
    const stranger = await merchant();
    const offer = await postOffer(seller, { side: 'sell', quantity: '50', price: '0.9300' });
    const order = await placeOrder(buyer, { side: 'buy', amount: '10', price: '0.95' });
    expect(order.status).toBe('matched');
    /** Whether another connection finds the offer locked. */
    const offerLocked = async () => {
      try {
        await t.database.db.execute(sql`SELECT id FROM trade_offers WHERE id = ${offer.id} FOR UPDATE NOWAIT`);
        return false;
      } catch (error) {
        if ((error as { cause?: { code?: string } }).cause?.code === '55P03') return true;
        throw error;
      }
    };
    const whileReading = (userId: string, keyLock: string) =>
      inTransaction(t.database.db, async (tx) => {
        const reads = await t.app.services.trading.confirmingReads(tx, userId, order.id, keyLock);
        return { order: reads.order?.id ?? null, offer: reads.offer ? Number(reads.offer.id) : null, offerLocked: await offerLocked() };
      });
    expect(await whileReading(buyer.userId, `test:${crypto.randomUUID()}`)).toEqual({ order: order.id, offer: offer.id, offerLocked: true });
    // Someone else's order: nothing read, nothing locked.
    expect(await whileReading(stranger.userId, `test:${crypto.randomUUID()}`)).toEqual({ order: null, offer: null, offerLocked: false });
    // The key busy in another transaction: neither the order nor its offer is locked.
    const busy = `test:${crypto.randomUUID()}`;
    const underBusyKey = await inTransaction(t.database.db, async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${busy}, 0))`);
      return whileReading(buyer.userId, busy);
    });
    expect(underBusyKey).toEqual({ order: null, offer: null, offerLocked: false });
    expect((await confirm(buyer, order.id)).status).toBe(200);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('round trips to PostgreSQL', () => {
  test("placing and confirming: the key's claim, the payment password's reads and the work's first reads leave in one round trip", async () => {
    const seller = await merchant({ usdt: 1000 });
    const buyer = await merchant({ eur: 1000 });
    await postOffer(seller, { side: 'sell', quantity: '500', price: '0.9300' });
    // The buyer's session read once before, as on every call after a person's first.
    await detail(buyer, 0);
    const placed = await roundTripsOf(() => placeOrder(buyer, { side: 'buy', amount: '10', price: '0.95' }));
    expect(placed.result.status).toBe('matched');
    // BEGIN, the claim, the password's hash and wrong tries, who places it, the day's counts, the fee
    // and the id; the order and the best offer; the hold (and the check that it posted), the match,
    // the notices, the key's reply and COMMIT. (Five before the first reads went with the claim.)
    expect(placed.trips).toBe(3);
    const confirmed = await roundTripsOf(() => confirm(buyer, placed.result.id));
    expect(confirmed.result.body.data?.status).toBe('completed');
    // BEGIN, the claim, the password's reads, the order locked and the offer it met locked behind
    // it; the two rows, the posting (and the check that it posted), the notices, the reply and
    // COMMIT — the platform's fee account locked by the posting only while PostgreSQL ends that batch.
    expect(confirmed.trips).toBe(2);
  });
});

describe('privacy', () => {
  test("no user can see or act on another user's order or offer, by id, in lists or over the socket", async () => {
    const seller = await merchant({ usdt: 50 });
    const buyer = await merchant({ eur: 50 });
    const stranger = await merchant({ eur: 50, usdt: 50 });
    const offer = await postOffer(seller, { side: 'sell', quantity: '20', price: '0.9000' });

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const sockets: Socket[] = [];
    const open = async (token: string) => {
      const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise((resolve, reject) => {
        socket.on('connect', () => resolve(undefined));
        socket.on('connect_error', reject);
      });
      const events: unknown[] = [];
      socket.on('trade', (event) => events.push(event));
      const joined = (await socket.timeout(5000).emitWithAck('subscribe', { channel: 'account', token })) as { ok: boolean };
      return { socket, events, joined };
    };
    try {
      const [sellerSocket, buyerSocket, strangerSocket] = [await open(seller.token), await open(buyer.token), await open(stranger.token)];
      expect([sellerSocket.joined.ok, buyerSocket.joined.ok, strangerSocket.joined.ok]).toEqual([true, true, true]);
      const forged = await open('not-a-session');
      expect(forged.joined).toEqual({ ok: false, error: 'session.required' });

      const order = await placeOrder(buyer, { side: 'buy', amount: '10', price: '0.9' });
      // Placed and matched in one transaction: told once, as what it became (matched), to both parties.
      await expect.poll(() => buyerSocket.events.at(-1)).toEqual({ orderId: order.id, status: 'matched' });
      await expect.poll(() => sellerSocket.events.length).toBeGreaterThan(0);
      expect(buyerSocket.events).toEqual([{ orderId: order.id, status: 'matched' }]);
      expect(sellerSocket.events).toEqual([{ orderId: order.id, status: 'matched' }]);

      for (const reply of [
        await detail(stranger, order.id),
        await cancel(stranger, order.id),
        await confirm(stranger, order.id),
        await t.post('/trade/offers/withdraw', { id: offer.id }, { token: stranger.token }),
        await paid(stranger, '/trade/offers/edit', { id: offer.id, quantity: '1', price: '0.9', minAmount: '1', maxAmount: '1' }),
      ]) {
        expect(reply.status).toBe(404);
        expect(reply.body.message).toBe('This record could not be found.');
      }
      // The maker sees the order but cannot confirm or cancel it for the buyer.
      expect((await confirm(seller, order.id)).status).toBe(404);
      expect((await cancel(seller, order.id)).status).toBe(404);
      expect((await t.get<Page<TradeOrder>>('/trade/orders', { token: stranger.token })).body.data!.total).toBe(0);
      expect((await t.get<Page<TradeOrder>>('/trade/orders', { token: seller.token, query: { tab: 'review' } })).body.data!.list.map((o) => o.id)).toEqual([order.id]);
      expect((await t.get<Page<TradeOffer>>('/trade/offers', { token: stranger.token })).body.data!.total).toBe(0);

      expect((await confirm(buyer, order.id)).status).toBe(200);
      await expect.poll(() => sellerSocket.events).toContainEqual({ orderId: order.id, status: 'completed' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(strangerSocket.events).toEqual([]);
      expect(forged.events).toEqual([]);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
});
