/** The asset log and the totals: every posting on the user's accounts, signed, newest first; sums per kind. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TransferKind } from '../../src/domain/ledger';
import type { Asset } from '../../src/domain/money';
import type { CalcReply, LedgerEntry, Page, QuoteReply, WalletListReply } from '../../src/domain/wire';
import { inTransaction } from '../../server/db/transaction';
import type { AccountRef } from '../../server/ledger/accounts';
import { postOwnMoves, postPlatformCredits, postTransfer } from '../../server/ledger/transfers';
import { sql } from 'drizzle-orm';
import zlib from 'node:zlib';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
type User = Awaited<ReturnType<TestApp['payingUser']>>;
let alice: User;
let bob: User;

/**
 * Postings as the deposit and withdrawal flows make them (those modules have their own tests):
 * here only what the records show of them matters.
 */
async function post(kind: TransferKind, debit: AccountRef, credit: AccountRef, asset: Asset, amount: bigint, reason: string | null = null) {
  t.clock.advance(1);
  await inTransaction(t.database.db, (tx) =>
    postTransfer(tx, {
      debit,
      credit,
      asset,
      amount,
      kind,
      reference: `test:${kind}`,
      idempotencyKey: `records-test:${crypto.randomUUID()}`,
      reason,
      at: t.clock.now(),
    }),
  );
}

const log = (user: User, query: Record<string, string> = {}) => t.get<Page<LedgerEntry>>('/wallet/legal_log', { token: user.token, query });

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.payingUser();
  bob = await t.payingUser();
  const available = { userId: alice.userId, purpose: 'available' as const };
  const held = { userId: alice.userId, purpose: 'held' as const };

  await t.fund(alice.userId, 'EUR', 100_00n); // adjustment +100.00 EUR
  await post('deposit', { platform: 'deposits' }, available, 'USDT', 500_000_000n); // +500 USDT
  await post('deposit_bonus', { platform: 'bonus' }, available, 'USDT', 5_000_000n); // +5 USDT
  await post('withdrawal_hold', available, held, 'USDT', 50_000_000n); // a withdrawal of 50 USDT…
  await post('withdrawal_payout', held, { platform: 'withdrawals' }, 'USDT', 49_000_000n); // …paid out
  await post('withdrawal_fee', held, { platform: 'fees' }, 'USDT', 1_000_000n);
  await post('withdrawal_hold', available, held, 'USDT', 20_000_000n); // another, still pending
  await post('withdrawal_hold', available, held, 'EUR', 30_00n); // a bank withdrawal…
  await post('withdrawal_release', held, available, 'EUR', 30_00n, 'IBAN does not match the name'); // …cancelled

  t.clock.advance(1);
  const quote = await t.post<QuoteReply>('/transfer/quote', { from: 'EUR', to: 'USDT', amount: '40' }, { token: alice.token });
  const done = await t.post(
    '/transfer',
    { quoteId: quote.body.data!.quoteId, payPassword: alice.payPassword },
    { token: alice.token, headers: { 'idempotency-key': 'records-conversion' } },
  );
  if (done.status !== 200) throw new Error(`conversion failed: ${JSON.stringify(done.body)}`);
});
afterAll(() => t?.close());

/** Alice's postings, newest first: within one transfer between her own accounts, the credit first. */
const ALICE_LOG: Array<[string, string, string]> = [
  // 40.00 EUR at 0.5 %: fee 0.20, 39.80 × 1.086956 = 43.2608488 → 43.260848 USDT.
  ['conversion_in', 'available', '+43.260848'],
  ['conversion_fee', 'available', '-0.20'],
  ['conversion_out', 'available', '-39.80'],
  ['withdrawal_release', 'available', '+30.00'],
  ['withdrawal_release', 'held', '-30.00'],
  ['withdrawal_hold', 'held', '+30.00'],
  ['withdrawal_hold', 'available', '-30.00'],
  ['withdrawal_hold', 'held', '+20.000000'],
  ['withdrawal_hold', 'available', '-20.000000'],
  ['withdrawal_fee', 'held', '-1.000000'],
  ['withdrawal_payout', 'held', '-49.000000'],
  ['withdrawal_hold', 'held', '+50.000000'],
  ['withdrawal_hold', 'available', '-50.000000'],
  ['deposit_bonus', 'available', '+5.000000'],
  ['deposit', 'available', '+500.000000'],
  ['adjustment', 'available', '+100.00'],
];

describe('balances', () => {
  test('balances asked at once by several users (read in one statement) are each the asker\'s own', async () => {
    const balances = (user: User) => t.post<WalletListReply>('/wallet/list', {}, { token: user.token });
    const [aliceAlone, bobAlone] = [await balances(alice), await balances(bob)];
    expect(aliceAlone.body.data).not.toEqual(bobAlone.body.data);
    const together = await Promise.all(Array.from({ length: 10 }, (_, n) => balances(n % 2 === 0 ? alice : bob)));
    together.forEach((reply, n) => expect(reply.body.data).toEqual((n % 2 === 0 ? aliceAlone : bobAlone).body.data));
  });
});

describe('asset log', () => {
  test("lists every posting on the user's accounts, newest first, signed, with account, kind and reason", async () => {
    const reply = await log(alice, { pageSize: '50' });
    expect(reply.status).toBe(200);
    const page = reply.body.data!;
    expect(page).toMatchObject({ total: ALICE_LOG.length, page: 1, pageSize: 50 });
    expect(page.list.map((e) => [e.kind, e.account, e.amount])).toEqual(ALICE_LOG);
    expect(page.list.map((e) => e.asset)).toEqual(['USDT', 'EUR', 'EUR', 'EUR', 'EUR', 'EUR', 'EUR', ...Array(8).fill('USDT'), 'EUR']);

    const release = page.list.find((e) => e.kind === 'withdrawal_release')!;
    expect(release.reason).toBe('IBAN does not match the name');
    const conversion = page.list.filter((e) => e.kind.startsWith('conversion_'));
    expect(new Set(conversion.map((e) => e.reference)).size).toBe(1);
    expect(conversion[0].reference).toMatch(/^conversion:\d+$/);
    // Newest first by time as well as by id.
    const times = page.list.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(page.list.map((e) => e.id)).toEqual([...page.list.map((e) => e.id)].sort((a, b) => b - a));
  });

  test('pages are consecutive slices of the same list', async () => {
    const pages: LedgerEntry[] = [];
    for (let page = 1; page <= 4; page++) {
      const reply = await log(alice, { page: String(page), pageSize: '5' });
      expect(reply.body.data).toMatchObject({ total: ALICE_LOG.length, page, pageSize: 5 });
      pages.push(...reply.body.data!.list);
    }
    expect(pages.map((e) => [e.kind, e.account, e.amount])).toEqual(ALICE_LOG);
    const beyond = await log(alice, { page: '5', pageSize: '5' });
    expect(beyond.body.data).toMatchObject({ list: [], total: ALICE_LOG.length });
    // Page size 10 by default (docs/api.md).
    expect((await log(alice)).body.data).toMatchObject({ page: 1, pageSize: 10 });
    expect((await log(alice)).body.data!.list).toHaveLength(10);
  });

  test('paging limits: at most 50 a page, pages from 1', async () => {
    expect((await log(alice, { pageSize: '51' })).status).toBe(400);
    expect((await log(alice, { page: '0' })).status).toBe(400);
    expect((await log(alice, { page: 'x' })).status).toBe(400);
  });

  test('pages asked at once by several users (read in one statement) are each the asker\'s own', async () => {
    const alone = await Promise.all([log(alice, { pageSize: '3' }), log(alice, { page: '2', pageSize: '3' }), log(bob, { pageSize: '50' })]);
    const together = await Promise.all(
      Array.from({ length: 12 }, (_, n) => (n % 3 === 0 ? log(alice, { pageSize: '3' }) : n % 3 === 1 ? log(alice, { page: '2', pageSize: '3' }) : log(bob, { pageSize: '50' }))),
    );
    together.forEach((reply, n) => expect(reply.body.data).toEqual(alone[n % 3].body.data));
    expect(alone[0].body.data!.list.map((e) => e.amount)).toEqual(ALICE_LOG.slice(0, 3).map(([, , amount]) => amount));
    expect(alone[1].body.data!.list.map((e) => e.amount)).toEqual(ALICE_LOG.slice(3, 6).map(([, , amount]) => amount));
  });

  test("another user sees none of Alice's postings", async () => {
    const reply = await log(bob, { pageSize: '50' });
    expect(reply.body.data).toMatchObject({ list: [], total: 0 });
    await t.fund(bob.userId, 'USDT', 1_000_000n);
    const after = await log(bob, { pageSize: '50' });
    expect(after.body.data!.list.map((e) => [e.kind, e.amount])).toEqual([['adjustment', '+1.000000']]);
    expect((await log(alice, { pageSize: '50' })).body.data!.total).toBe(ALICE_LOG.length);
  });

  test("entries interleaved with other users' postings: only the user's own, newest first, at the time they were posted", async () => {
    const dan = await t.payingUser();
    const erin = await t.payingUser();
    const times: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const user of [dan, erin]) {
        await post('deposit', { platform: 'deposits' }, { userId: user.userId, purpose: 'available' }, 'USDT', BigInt(round + 1) * 1_000_000n);
        if (user === dan) times.push(t.clock.now().toISOString());
      }
    }
    // One of Dan's transfers between his own accounts, and one from Erin to him.
    await post('withdrawal_hold', { userId: dan.userId, purpose: 'available' }, { userId: dan.userId, purpose: 'held' }, 'USDT', 500_000n);
    await post('adjustment', { userId: erin.userId, purpose: 'available' }, { userId: dan.userId, purpose: 'available' }, 'USDT', 250_000n);
    const page = (await log(dan, { pageSize: '4' })).body.data!;
    expect(page.total).toBe(6);
    expect(page.list.map((e) => [e.kind, e.account, e.amount])).toEqual([
      ['adjustment', 'available', '+0.250000'],
      ['withdrawal_hold', 'held', '+0.500000'],
      ['withdrawal_hold', 'available', '-0.500000'],
      ['deposit', 'available', '+3.000000'],
    ]);
    const rest = (await log(dan, { page: '2', pageSize: '4' })).body.data!;
    expect(rest.list.map((e) => e.amount)).toEqual(['+2.000000', '+1.000000']);
    expect([...page.list.slice(3), ...rest.list].map((e) => e.createdAt)).toEqual([...times].reverse());
    const erinLog = (await log(erin, { pageSize: '50' })).body.data!;
    expect(erinLog.total).toBe(4);
    expect(erinLog.list.map((e) => e.amount)).toEqual(['-0.250000', '+3.000000', '+2.000000', '+1.000000']);
    await t.assertLedgerClean();
  });

  test('needs a session', async () => {
    expect((await t.get('/wallet/legal_log')).status).toBe(401);
    expect((await t.get('/user/calc')).status).toBe(401);
  });
});

describe('totals', () => {
  test('recharged, withdrawn (payout and fee), earned; available and held', async () => {
    const reply = await t.get<CalcReply>('/user/calc', { token: alice.token });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      recharged: { USDT: '500.000000', EUR: '0.00' },
      withdrawn: { USDT: '50.000000', EUR: '0.00' },
      earned: { USDT: '5.000000', EUR: '0.00' },
      // 500 + 5 − 50 − 20 + 43.260848; 100 − 40.
      available: { USDT: '478.260848', EUR: '60.00' },
      held: { USDT: '20.000000', EUR: '0.00' },
    });
    await t.assertLedgerClean();
  });

  test('a user without postings has zeros', async () => {
    const carol = await t.payingUser();
    const reply = await t.get<CalcReply>('/user/calc', { token: carol.token });
    const zero = { USDT: '0.000000', EUR: '0.00' };
    expect(reply.body.data).toEqual({ recharged: zero, withdrawn: zero, earned: zero, available: zero, held: zero });
  });
});

describe('pages kept while the ledger is unchanged', () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const read = (user: User, url: string, headers: Record<string, string> = {}, query: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, query, headers: { authorization: user.token, ...headers } });
  const kinds = (body: string) => (JSON.parse(body) as { data: { list: Array<{ kind?: string; legs?: Array<{ kind: string }> }> } }).data.list.map((e) => e.kind ?? e.legs![0].kind);

  test.each(['/wallet/legal_log', '/wallet/movements'])('%s: an ETag, 304 to the client that has the page, and a new page after any posting on the user\'s accounts', async (url) => {
    const erin = await t.payingUser();
    await t.fund(erin.userId, 'USDT', 5_000_000n);
    const first = await read(erin, url);
    expect(first.statusCode).toBe(200);
    expect(kinds(first.body)).toEqual(['adjustment']);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The user's own: a shared cache keeps none of it, and a browser keys it by the session.
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toContain('authorization');

    const again = await read(erin, url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const compressed = await read(erin, url, { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(first.body);
    // Another user naming Erin's ETag gets their own page.
    const other = await read(bob, url, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);

    // Each of the ledger's ways of posting, made behind the server's back (as another process
    // would), shows at the next read: one movement, the day's interest credits, the day's maturities.
    const etags = new Set([etag]);
    const expectNewPage = async (kind: string) => {
      const page = await read(erin, url, { 'if-none-match': [...etags].join(', ') });
      expect(page.statusCode).toBe(200);
      expect(kinds(page.body)[0]).toBe(kind);
      etags.add(page.headers.etag as string);
    };
    await post('deposit', { platform: 'deposits' }, { userId: erin.userId, purpose: 'available' }, 'USDT', 1_000_000n);
    await expectNewPage('deposit');
    const rows = (amount: number, tag: string) => sql`SELECT ${erin.userId}::uuid AS user_id, ${amount}::bigint AS amount, ${`kept:${tag}`} AS reference, ${`kept:${tag}:${crypto.randomUUID()}`} AS idempotency_key`;
    t.clock.advance(1);
    await inTransaction(t.database.db, (tx) => postPlatformCredits(tx, { from: 'interest', to: 'available', asset: 'USDT', kind: 'pledge_interest', at: t.clock.now(), rows: rows(1000, 'interest') }));
    await expectNewPage('pledge_interest');
    t.clock.advance(1);
    await inTransaction(t.database.db, (tx) => postOwnMoves(tx, { from: 'available', to: 'pledged', asset: 'USDT', kind: 'pledge_lock', at: t.clock.now(), rows: rows(2000, 'lock') }));
    await expectNewPage('pledge_lock');
    // Another user's posting leaves Erin's page as it was.
    const last = [...etags].at(-1)!;
    await t.fund(bob.userId, 'USDT', 1_000_000n);
    expect((await read(erin, url, { 'if-none-match': last })).statusCode).toBe(304);
  });

  test('every page and page size is kept apart', async () => {
    const page = (user: User, query: Record<string, string>) => read(user, '/wallet/legal_log', {}, query);
    const [one, two, big] = [await page(alice, { pageSize: '3' }), await page(alice, { page: '2', pageSize: '3' }), await page(alice, { pageSize: '50' })];
    expect(new Set([one.headers.etag, two.headers.etag, big.headers.etag]).size).toBe(3);
    expect(JSON.parse(two.body).data.list.map((e: LedgerEntry) => e.amount)).toEqual(ALICE_LOG.slice(3, 6).map(([, , amount]) => amount));
    expect((await page(alice, { page: '2', pageSize: '3' })).body).toBe(two.body);
  });

  test.skipIf(!onPostgres)('a posting that commits after a later one was read (its id lower) still shows', async () => {
    const fay = await t.payingUser();
    await t.fund(fay.userId, 'USDT', 5_000_000n);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posted!: () => void;
    const slowPosted = new Promise<void>((resolve) => (posted = resolve));
    // The slow one takes its id first and commits last.
    const slow = inTransaction(t.database.db, async (tx) => {
      await postTransfer(tx, { debit: { platform: 'deposits' }, credit: { userId: fay.userId, purpose: 'available' }, asset: 'USDT', amount: 1_000_000n, kind: 'deposit', reference: 'kept:slow', idempotencyKey: `kept:slow:${crypto.randomUUID()}`, at: t.clock.now() });
      posted();
      await held;
    });
    await slowPosted;
    // A posting to accounts the slow one does not hold (it holds Fay's available USDT and the deposits account).
    await post('deposit_bonus', { platform: 'bonus' }, { userId: fay.userId, purpose: 'held' }, 'USDT', 2_000_000n);
    const before = await read(fay, '/wallet/legal_log');
    expect(JSON.parse(before.body).data.total).toBe(2);
    release();
    await slow;
    const after = await read(fay, '/wallet/legal_log', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    const list = (JSON.parse(after.body) as { data: Page<LedgerEntry> }).data.list;
    expect(list.map((e) => e.amount)).toEqual(['+2.000000', '+1.000000', '+5.000000']);
    // Newest first by id: the slow one's id is the lower.
    expect(list[1].id).toBeLessThan(list[0].id);
  });
});
