/**
 * The fund record (GET /wallet/movements): one row per movement a person made or received, each
 * with its legs seen from their side, newest first, filtered by currency on the server.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TransferKind } from '../../src/domain/ledger';
import type { Asset } from '../../src/domain/money';
import { summarizeMovement } from '../../src/domain/movements';
import type { Movement, Page, QuoteReply } from '../../src/domain/wire';
import { inTransaction } from '../../server/db/transaction';
import type { AccountRef } from '../../server/ledger/accounts';
import { postTransfers } from '../../server/ledger/transfers';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
type User = Awaited<ReturnType<TestApp['payingUser']>>;
let alice: User;
let bob: User;

interface Leg {
  kind: TransferKind;
  debit: AccountRef;
  credit: AccountRef;
  asset: Asset;
  amount: bigint;
  reason?: string;
}

/** One movement as a module posts it: every leg in one statement, one reference, one moment. */
async function move(reference: string, legs: Leg[]): Promise<void> {
  t.clock.advance(1000);
  const at = t.clock.now();
  await inTransaction(t.database.db, (tx) =>
    postTransfers(
      tx,
      legs.map((leg) => ({ ...leg, reference, idempotencyKey: `movements-test:${crypto.randomUUID()}`, reason: leg.reason ?? null, at })),
    ),
  );
}

const movements = (user: User, query: Record<string, string> = {}) => t.get<Page<Movement>>('/wallet/movements', { token: user.token, query });
const mine = (user: User, purpose: 'available' | 'held' | 'interest' | 'pledged' | 'trading') => ({ userId: user.userId, purpose });

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.payingUser();
  bob = await t.payingUser();
  await t.fund(alice.userId, 'EUR', 100_00n);
  // A deposit with its VIP bonus, approved at once.
  await move('deposit:7', [
    { kind: 'deposit', debit: { platform: 'deposits' }, credit: mine(alice, 'available'), asset: 'USDT', amount: 500_000_000n },
    { kind: 'deposit_bonus', debit: { platform: 'bonus' }, credit: mine(alice, 'available'), asset: 'USDT', amount: 5_000_000n },
  ]);
  // A withdrawal: requested (held), then paid with its fee.
  await move('withdrawal:3', [{ kind: 'withdrawal_hold', debit: mine(alice, 'available'), credit: mine(alice, 'held'), asset: 'USDT', amount: 50_000_000n }]);
  await move('withdrawal:3', [
    { kind: 'withdrawal_payout', debit: mine(alice, 'held'), credit: { platform: 'withdrawals' }, asset: 'USDT', amount: 49_000_000n },
    { kind: 'withdrawal_fee', debit: mine(alice, 'held'), credit: { platform: 'fees' }, asset: 'USDT', amount: 1_000_000n },
  ]);
  // A pledge locked, then at maturity the last day's interest and the principal at the same moment.
  await move('pledge:5', [{ kind: 'pledge_lock', debit: mine(alice, 'available'), credit: mine(alice, 'pledged'), asset: 'USDT', amount: 100_000_000n }]);
  await move('pledge:5', [
    { kind: 'pledge_interest', debit: { platform: 'interest' }, credit: mine(alice, 'interest'), asset: 'USDT', amount: 1_500_000n },
    { kind: 'pledge_release', debit: mine(alice, 'pledged'), credit: mine(alice, 'available'), asset: 'USDT', amount: 100_000_000n },
  ]);
  // A trade between Alice (selling from her offer's set-aside USDT) and Bob (buying with EUR he set aside).
  await t.fund(bob.userId, 'EUR', 200_00n);
  await move('trade_offer:9', [{ kind: 'trade_hold', debit: mine(alice, 'available'), credit: mine(alice, 'trading'), asset: 'USDT', amount: 30_000_000n }]);
  await move('trade_order:11', [{ kind: 'trade_hold', debit: mine(bob, 'available'), credit: mine(bob, 'trading'), asset: 'EUR', amount: 28_00n }]);
  await move('trade_order:11', [
    { kind: 'trade_settle', debit: mine(alice, 'trading'), credit: mine(bob, 'available'), asset: 'USDT', amount: 29_940_000n },
    { kind: 'trade_fee', debit: mine(alice, 'trading'), credit: { platform: 'fees' }, asset: 'USDT', amount: 60_000n },
    { kind: 'trade_settle', debit: mine(bob, 'trading'), credit: mine(alice, 'available'), asset: 'EUR', amount: 27_60n },
    { kind: 'trade_release', debit: mine(bob, 'trading'), credit: mine(bob, 'available'), asset: 'EUR', amount: 40n },
  ]);
  // A conversion through the API, as the app makes it.
  t.clock.advance(1000);
  const quote = await t.post<QuoteReply>('/transfer/quote', { from: 'EUR', to: 'USDT', amount: '40' }, { token: alice.token });
  const done = await t.post(
    '/transfer',
    { quoteId: quote.body.data!.quoteId, payPassword: alice.payPassword },
    { token: alice.token, headers: { 'idempotency-key': 'movements-conversion' } },
  );
  if (done.status !== 200) throw new Error(`conversion failed: ${JSON.stringify(done.body)}`);
});
afterAll(() => t?.close());

describe('the fund record', () => {
  test('one row per movement, newest first, each described in the words of what happened', async () => {
    const reply = await movements(alice, { pageSize: '50' });
    expect(reply.status).toBe(200);
    const page = reply.body.data!;
    const summaries = page.list.map(summarizeMovement);
    expect(summaries.map((s) => s.topic)).toEqual([
      'conversion',
      'trade_sold',
      'trade_set_aside',
      'pledge_ended',
      'pledge_interest',
      'pledge_started',
      'withdrawal_sent',
      'withdrawal_requested',
      'deposit',
      'adjustment',
    ]);
    expect(page.total).toBe(10);
    expect(page.list.map((m) => m.id)).toEqual([...page.list.map((m) => m.id)].sort((a, b) => b - a));

    const [conversion, sold, setAside, ended, interest, started, sent, requested, deposit] = summaries;
    // 40.00 EUR at 0.5 %: fee 0.20, 39.80 × the demo rate → 43.260848 USDT; the three legs are one row.
    expect(page.list[0].legs.map((leg) => leg.kind).sort()).toEqual(['conversion_fee', 'conversion_in', 'conversion_out']);
    expect(conversion.gave).toEqual({ asset: 'EUR', minor: 40_00n });
    expect(conversion.got).toEqual({ asset: 'USDT', minor: 43_260_848n });
    expect(conversion.orderNo).toBeNull();

    expect(sold).toMatchObject({ gave: { asset: 'USDT', minor: 30_000_000n }, got: { asset: 'EUR', minor: 27_60n }, orderNo: 'T0000000011' });
    expect(setAside).toMatchObject({ net: [], aside: [{ asset: 'USDT', minor: 30_000_000n }], offer: true });
    expect(ended).toMatchObject({ net: [], back: [{ asset: 'USDT', minor: 100_000_000n }] });
    expect(interest.net).toEqual([{ asset: 'USDT', minor: 1_500_000n }]);
    expect(started.aside).toEqual([{ asset: 'USDT', minor: 100_000_000n }]);
    expect(sent).toMatchObject({ net: [{ asset: 'USDT', minor: -50_000_000n }], orderNo: 'W0000000003' });
    expect(requested).toMatchObject({ net: [], aside: [{ asset: 'USDT', minor: 50_000_000n }], orderNo: 'W0000000003' });
    expect(deposit).toMatchObject({ net: [{ asset: 'USDT', minor: 505_000_000n }], extra: { asset: 'USDT', minor: 5_000_000n }, orderNo: 'D0000000007' });
  });

  test("a movement with another user shows each side only its own legs, from its own side", async () => {
    const trade = (await movements(bob)).body.data!.list.find((m) => m.reference === 'trade_order:11')!;
    expect(trade.legs).toEqual([
      { kind: 'trade_settle', asset: 'USDT', amount: '29.940000', from: null, to: 'available' },
      { kind: 'trade_settle', asset: 'EUR', amount: '27.60', from: 'trading', to: null },
      { kind: 'trade_release', asset: 'EUR', amount: '0.40', from: 'trading', to: 'available' },
    ]);
    expect(summarizeMovement(trade)).toMatchObject({ topic: 'trade_bought', gave: { asset: 'EUR', minor: 27_60n }, got: { asset: 'USDT', minor: 29_940_000n } });
    const aliceSide = (await movements(alice)).body.data!.list.find((m) => m.reference === 'trade_order:11')!;
    expect(aliceSide.legs.map((leg) => [leg.kind, leg.from, leg.to])).toEqual([
      ['trade_settle', 'trading', null],
      ['trade_fee', 'trading', null],
      ['trade_settle', null, 'available'],
    ]);
  });

  test('the currency filter is applied on the server: movements with a leg in it, whole, and their count', async () => {
    const eur = (await movements(alice, { asset: 'EUR', pageSize: '50' })).body.data!;
    expect(eur.list.map((m) => summarizeMovement(m).topic)).toEqual(['conversion', 'trade_sold', 'adjustment']);
    expect(eur.total).toBe(3);
    // The conversion keeps its USDT leg: the row says what the EUR became.
    expect(new Set(eur.list[0].legs.map((leg) => leg.asset))).toEqual(new Set(['EUR', 'USDT']));
    const usdt = (await movements(alice, { asset: 'USDT', pageSize: '50' })).body.data!;
    expect(usdt.total).toBe(9);
    expect(usdt.list.some((m) => m.legs.some((leg) => leg.kind === 'adjustment'))).toBe(false);
  });

  test('pages are consecutive slices of the same list', async () => {
    const whole = (await movements(alice, { pageSize: '50' })).body.data!.list;
    const pages: Movement[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const reply = (await movements(alice, { page: String(page), pageSize: '3' })).body.data!;
      expect(reply.total).toBe(10);
      pages.push(...reply.list);
    }
    expect(pages).toEqual(whole);
    expect((await movements(alice, { page: '5', pageSize: '3' })).body.data).toEqual({ list: [], total: 10, page: 5, pageSize: 3 });
  });

  test('a user sees only their own movements; bad questions are refused in their language; a session is needed', async () => {
    const carol = await t.payingUser();
    expect((await movements(carol)).body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 10 });
    const bobs = (await movements(bob, { pageSize: '50' })).body.data!;
    expect(bobs.list.map((m) => m.reference).filter((ref) => !ref.startsWith('test:'))).toEqual(['trade_order:11', 'trade_order:11']);

    const bad = await t.get('/wallet/movements', { token: alice.token, query: { asset: 'BTC' }, headers: { 'accept-language': 'de' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 0 });
    expect(bad.body.message).not.toMatch(/request\.invalid/);
    expect((await t.get('/wallet/movements', { token: alice.token, query: { pageSize: '51' } })).status).toBe(400);
    expect((await t.get('/wallet/movements')).status).toBe(401);
    await t.assertLedgerClean();
  });
});
