/**
 * Snapshots of what users are owed (issue 38; server/modules/liabilities, docs/liabilities.md), on
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL: the tree's totals are the users' balances and
 * the ledger's own; each user's proof verifies as the phone verifies it; the day's snapshot is
 * taken once however many processes try; a ledger that does not check out is not published.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import crypto from 'node:crypto';
import {
  LIABILITY_ASSETS,
  LIABILITY_PURPOSES,
  leavesFileSchema,
  proofFromFile,
  verifyLeaves,
  verifyProof,
  webCryptoSha256,
  webCryptoSignatureCheck,
  type ProofFile,
} from '../../src/domain/liabilities';
import type { OpsLiabilitySnapshot } from '../../src/domain/ops-wire';
import type { LiabilitiesReply } from '../../src/domain/wire';
import { rowsOf } from '../../server/db/rows';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const liabilities = () => t.app.services.liabilities;

/** The users' balances per asset, as the ledger holds them now. */
async function userTotals(): Promise<{ EUR: string; USDT: string }> {
  const rows = await rowsOf<{ asset: 'EUR' | 'USDT'; total: string }>(t.database.db, sql`SELECT asset, sum(balance)::text AS total FROM ledger_accounts WHERE owner_kind = 'user' GROUP BY asset`);
  return { EUR: '0', USDT: '0', ...Object.fromEntries(rows.map((row) => [row.asset, row.total])) };
}

describe('a snapshot', () => {
  test('counts every user’s balances: its totals are the ledger’s, it is published, and each user’s proof verifies on its own', async () => {
    const [ada, ben] = [await t.payingUser(), await t.payingUser()];
    await t.fund(ada.userId, 'USDT', 1_250_000_000n);
    await t.fund(ada.userId, 'EUR', 40_00n);
    await t.fund(ben.userId, 'USDT', 7_000_000n);
    const snapshot = await liabilities().take();
    expect(snapshot).not.toBeNull();
    expect(snapshot!.problem).toBeNull();
    expect(snapshot!.published).toBe(true);
    expect(snapshot!.totals).toEqual(await userTotals());
    expect((await liabilities().published()).map((each) => each.id)).toContain(snapshot!.id);

    const file = await liabilities().proofOf(ada.userId);
    expect(file).not.toBeNull();
    expect(file!.snapshot.id).toBe(snapshot!.id);
    expect(file!.snapshot.publicKey).toBe(await liabilities().publicKey());
    expect(file!.leaf.balances.USDT.available).toBe('1250000000');
    expect(file!.leaf.balances.EUR.available).toBe('4000');
    for (const purpose of LIABILITY_PURPOSES.filter((each) => each !== 'available')) expect(file!.leaf.balances.USDT[purpose]).toBe('0');
    // Nothing in the file names the user.
    expect(JSON.stringify(file)).not.toContain(ada.userId);
    expect(JSON.stringify(file)).not.toContain(ada.username);
    expect(await verifyProof(webCryptoSha256, webCryptoSignatureCheck(file!.snapshot), proofFromFile(file!))).toEqual({ ok: true });
    const bens = await liabilities().proofOf(ben.userId, snapshot!.id);
    expect(await verifyProof(webCryptoSha256, webCryptoSignatureCheck(bens!.snapshot), proofFromFile(bens!))).toEqual({ ok: true });
  });

  test('every leaf’s proof verifies, whatever its place in a tree of an odd number of leaves (read from the stored nodes)', async () => {
    for (let i = 0; i < 6; i++) {
      const user = await t.payingUser();
      await t.fund(user.userId, i % 2 ? 'EUR' : 'USDT', BigInt(1_000 + i * 17));
    }
    let snapshot = await liabilities().take();
    // An odd number of leaves, so that one node goes up a level alone.
    if (snapshot!.leafCount % 2 === 0) {
      const one = await t.payingUser();
      await t.fund(one.userId, 'EUR', 5n);
      snapshot = await liabilities().take();
    }
    expect(snapshot!.leafCount % 2).toBe(1);
    const owners = await rowsOf<{ user_id: string }>(t.database.db, sql`SELECT user_id FROM liability_leaves WHERE snapshot_id = ${snapshot!.id}::bigint ORDER BY position`);
    expect(owners).toHaveLength(snapshot!.leafCount);
    for (const { user_id } of owners) {
      const file = await liabilities().proofOf(user_id, snapshot!.id);
      expect(await verifyProof(webCryptoSha256, webCryptoSignatureCheck(file!.snapshot), proofFromFile(file!)), user_id).toEqual({ ok: true });
    }
  });

  test('a user with nothing at the time has no leaf; money after the snapshot is not in it', async () => {
    const cara = await t.payingUser();
    const before = await liabilities().take();
    expect(await liabilities().proofOf(cara.userId, before!.id)).toBeNull();
    await t.fund(cara.userId, 'USDT', 5_000_000n);
    expect(await liabilities().proofOf(cara.userId, before!.id)).toBeNull();
    const after = await liabilities().take();
    expect((await liabilities().proofOf(cara.userId))!.snapshot.id).toBe(after!.id);
    expect(BigInt(after!.totals.USDT) - BigInt(before!.totals.USDT)).toBe(5_000_000n);
  });

  test('leaves are shuffled and their nonces fresh in each snapshot', async () => {
    const dan = await t.payingUser();
    await t.fund(dan.userId, 'EUR', 1_00n);
    const [first, second] = [await liabilities().take(), await liabilities().take()];
    const leafOf = (snapshotId: string) =>
      rowsOf<{ position: number; nonce: Uint8Array }>(t.database.db, sql`SELECT position, nonce FROM liability_leaves WHERE snapshot_id = ${snapshotId}::bigint AND user_id = ${dan.userId}::uuid`);
    const [[a], [b]] = [await leafOf(first!.id), await leafOf(second!.id)];
    expect(Buffer.from(a.nonce).equals(Buffer.from(b.nonce))).toBe(false);
    expect(first!.root).not.toBe(second!.root);
  });

  test('the day’s snapshot is taken once, however many processes try at the same moment', async () => {
    const other = await startTestApp({ sameInstallationAs: t });
    try {
      const day = '2031-01-01';
      const results = await Promise.all([liabilities().take({ day }), other.app.services.liabilities.take({ day }), liabilities().take({ day })]);
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      const rows = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM liability_snapshots WHERE day = ${day}::date`);
      expect(Number(rows[0].n)).toBe(1);
      expect(await liabilities().take({ day })).toBeNull();
    } finally {
      await other.close();
    }
  });

  test('a ledger that does not check out gives an unpublished snapshot that says why', async () => {
    const eve = await t.payingUser();
    await t.fund(eve.userId, 'USDT', 3_000_000n);
    // A balance changed without a transfer: the postings no longer explain it.
    await t.database.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${eve.userId}::uuid AND asset = 'USDT' AND purpose = 'available'`);
    try {
      const snapshot = await liabilities().take();
      expect(snapshot!.published).toBe(false);
      expect(snapshot!.problem).toMatch(/balance-postings/);
      expect(snapshot!.problem).toMatch(/totals: USDT/);
      expect((await liabilities().published()).map((each) => each.id)).not.toContain(snapshot!.id);
      await expect(liabilities().proofOf(eve.userId, snapshot!.id)).rejects.toMatchObject({ key: 'liabilities.snapshotNotFound', status: 404 });
    } finally {
      await t.database.db.execute(sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE user_id = ${eve.userId}::uuid AND asset = 'USDT' AND purpose = 'available'`);
    }
  });
});

describe('while money moves', () => {
  test('no snapshot is torn: each one’s balances per asset and purpose are exactly the postings its transaction saw, however many money calls run', async () => {
    const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
    const users = await Promise.all(Array.from({ length: 4 }, () => t.payingUser()));
    for (const user of users) {
      await t.fund(user.userId, 'USDT', 500_000_000n);
      await t.fund(user.userId, 'EUR', 500_00n);
    }
    const key = () => ({ 'idempotency-key': crypto.randomUUID() });
    const moneyCalls = users.map(async (user, index) => {
      for (let round = 0; round < 6; round++) {
        // available → held (a withdrawal waiting), EUR → USDT (a conversion), and a credit from outside.
        const out = await t.post('/wallet/out', { payPassword: user.payPassword, method: 'crypto', network: 'TRC20', address: TRC20, amount: '10' }, { token: user.token, headers: key() });
        expect(out.status, JSON.stringify(out.body)).toBe(200);
        const quote = await t.post<{ quoteId: string }>('/transfer/quote', { from: 'EUR', to: 'USDT', amount: '1.50' }, { token: user.token });
        expect(quote.status, JSON.stringify(quote.body)).toBe(200);
        const done = await t.post('/transfer', { quoteId: quote.body.data!.quoteId, payPassword: user.payPassword }, { token: user.token, headers: key() });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        await t.fund(user.userId, index % 2 ? 'EUR' : 'USDT', BigInt(1 + round));
      }
    });
    const snapshots: string[] = [];
    const taking = (async () => {
      for (let i = 0; i < 5; i++) {
        const taken = await liabilities().take();
        expect(taken!.problem).toBeNull();
        snapshots.push(taken!.id);
      }
    })();
    await Promise.all([...moneyCalls, taking]);
    snapshots.push((await liabilities().take())!.id);

    for (const id of snapshots) {
      // The leaves' amounts, each asset's purposes in order (docs/liabilities.md), added up per asset and purpose.
      const leafRows = await rowsOf<{ amounts: string[] }>(t.database.db, sql`SELECT balances::text[] AS amounts FROM liability_leaves WHERE snapshot_id = ${id}::bigint`);
      const counted = LIABILITY_ASSETS.flatMap((asset, a) =>
        LIABILITY_PURPOSES.map((purpose, p) => ({ asset, purpose, total: String(leafRows.reduce((sum, row) => sum + BigInt(row.amounts[a * LIABILITY_PURPOSES.length + p]), 0n)) })),
      );
      // The transfers its transaction saw, from the snapshot of that transaction kept with it.
      const posted = await rowsOf<{ asset: string; purpose: string; total: string }>(
        t.database.db,
        sql`SELECT a.asset, a.purpose, sum(CASE WHEN x.credit_account_id = a.id THEN x.amount ELSE -x.amount END)::text AS total
            FROM ledger_transfers x JOIN ledger_accounts a ON a.id = x.credit_account_id OR a.id = x.debit_account_id
            JOIN liability_snapshots s ON s.id = ${id}::bigint
            WHERE a.owner_kind = 'user' AND pg_visible_in_snapshot(x.xmin::text::xid8, s.ledger_snapshot::pg_snapshot)
            GROUP BY a.asset, a.purpose`,
      );
      const asMap = (rows: Array<{ asset: string; purpose: string; total: string }>) =>
        Object.fromEntries(rows.filter((row) => BigInt(row.total) !== 0n).map((row) => [`${row.asset}.${row.purpose}`, row.total]));
      expect(asMap(counted), `snapshot ${id}`).toEqual(asMap(posted));
      const [row] = await rowsOf<{ totals: { EUR: string; USDT: string } }>(t.database.db, sql`SELECT totals FROM liability_snapshots WHERE id = ${id}::bigint`);
      for (const asset of LIABILITY_ASSETS) {
        expect(row.totals[asset]).toBe(String(posted.filter((each) => each.asset === asset).reduce((sum, each) => sum + BigInt(each.total), 0n)));
      }
    }
    // The money calls were seen partly: later snapshots hold more of them.
    const heldIn = async (id: string) => {
      const rows = await rowsOf<{ held: string | null }>(t.database.db, sql`SELECT sum(balances[${LIABILITY_PURPOSES.length + LIABILITY_PURPOSES.indexOf('held') + 1}])::text AS held FROM liability_leaves WHERE snapshot_id = ${id}::bigint`);
      return { held: rows[0].held ?? '0' };
    };
    const held = [await heldIn(snapshots[0]), await heldIn(snapshots[snapshots.length - 1])];
    expect(BigInt(held[held.length - 1].held)).toBeGreaterThan(BigInt(held[0].held));
    await t.assertLedgerClean();
  });
});

describe('the calls', () => {
  test('the public page, before a first snapshot or a declaration, claims nothing', async () => {
    const fresh = await startTestApp();
    try {
      const page = await fresh.get<LiabilitiesReply>('/liabilities');
      expect(page.status).toBe(200);
      expect(page.body.data).toMatchObject({ snapshots: [], ledgerPositions: [], reserves: [], coverage: [] });
      expect(page.body.data!.publicKey).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await fresh.close();
    }
  });

  test('a user reads their own proof, which verifies as the phone verifies it; the file names nobody, a snapshot they were not in gives none', async () => {
    const fay = await t.payingUser();
    await t.fund(fay.userId, 'USDT', 42_000_000n);
    const snapshot = await liabilities().take();
    const mine = await t.get<{ proof: ProofFile | null }>('/liabilities/mine', { token: fay.token });
    expect(mine.status).toBe(200);
    const proof = mine.body.data!.proof!;
    expect(proof.snapshot.id).toBe(snapshot!.id);
    expect(proof.leaf.balances.USDT.available).toBe('42000000');
    expect(JSON.stringify(proof)).not.toContain(fay.userId);
    expect(await verifyProof(webCryptoSha256, webCryptoSignatureCheck(proof.snapshot), proofFromFile(proof))).toEqual({ ok: true });

    const page = await t.get<LiabilitiesReply>('/liabilities');
    expect(page.body.data!.snapshots[0]).toEqual(proof.snapshot);
    expect(page.body.data!.publicKey).toBe(proof.snapshot.publicKey);

    // Someone with nothing at the time: no proof, not an error.
    const gil = await t.signedInUser();
    expect((await t.get<{ proof: null }>('/liabilities/mine', { token: gil.token })).body.data).toEqual({ proof: null });
    // A snapshot that does not exist, or is not a number: refused in the user's language.
    const unknown = await t.get('/liabilities/mine', { token: fay.token, query: { snapshot: '999999999', lang: 'de' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ key: 'liabilities.snapshotNotFound', message: 'Kein veröffentlichter Snapshot hat diese Nummer.' });
    expect((await t.get('/liabilities/mine', { token: fay.token, query: { snapshot: '1; DROP' } })).status).toBe(400);
    // Signed out: no proof at all.
    expect((await t.get('/liabilities/mine')).status).toBe(401);
  });

  test('many users asking at once (one statement for all) each get their own proof, in the newest snapshot or the one they name', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => t.signedInUser()));
    const ids = await Promise.all(users.map((user) => t.userIdOf(user.token)));
    for (const [i, id] of ids.entries()) await t.fund(id, 'USDT', BigInt(1_000_000 + i));
    const first = await liabilities().take();
    await t.fund(ids[0], 'USDT', 5n);
    const second = await liabilities().take();
    const replies = await Promise.all([
      ...users.map((user) => t.get<{ proof: ProofFile }>('/liabilities/mine', { token: user.token })),
      t.get<{ proof: ProofFile }>('/liabilities/mine', { token: users[0].token, query: { snapshot: first!.id } }),
    ]);
    for (const [i, reply] of replies.slice(0, users.length).entries()) {
      expect(reply.status).toBe(200);
      expect(reply.body.data!.proof.snapshot.id).toBe(second!.id);
      expect(reply.body.data!.proof.leaf.balances.USDT.available).toBe(String(1_000_000 + i + (i === 0 ? 5 : 0)));
      expect(await verifyProof(webCryptoSha256, webCryptoSignatureCheck(reply.body.data!.proof.snapshot), proofFromFile(reply.body.data!.proof))).toEqual({ ok: true });
    }
    const named = replies[users.length].body.data!.proof;
    expect(named.snapshot.id).toBe(first!.id);
    expect(named.leaf.balances.USDT.available).toBe('1000000');
  });

  test('an operator of finance takes a snapshot (audited), fetches its leaves file, which verifies, and declares reserves; support may not', async () => {
    const finance = await t.operatorToken(await t.financeOperator());
    const { id: supportId } = await t.addOperator({ username: `support${crypto.randomInt(1e6)}`, password: 'a-long-support-password', role: 'support' });
    const support = await t.operatorToken(supportId);
    expect((await t.post('/ops/liabilities/snapshot', {}, { token: support })).status).toBe(403);
    expect((await t.post('/ops/liabilities/reserves', { asset: 'USDT', amount: '1', evidence: 'wallet TXYZ' }, { token: support })).status).toBe(403);

    const hal = await t.payingUser();
    await t.fund(hal.userId, 'EUR', 12_34n);
    const taken = await t.post<OpsLiabilitySnapshot>('/ops/liabilities/snapshot', {}, { token: finance });
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ published: true, problem: null, day: null });
    const audit = await rowsOf<{ action: string }>(t.database.db, sql`SELECT action FROM audit_log WHERE subject = ${`liability_snapshot:${taken.body.data!.id}`}`);
    expect(audit.map((row) => row.action)).toEqual(['liabilities.snapshot']);
    const listed = await t.get<OpsLiabilitySnapshot[]>('/ops/liabilities/snapshots', { token: finance });
    expect(listed.body.data![0].id).toBe(taken.body.data!.id);

    const leaves = await t.app.inject({ method: 'GET', url: '/api/ops/liabilities/leaves', query: { id: taken.body.data!.id }, headers: { authorization: finance } });
    expect(leaves.statusCode).toBe(200);
    expect(leaves.headers['content-disposition']).toContain('attachment');
    const file = leavesFileSchema.parse(JSON.parse(leaves.body));
    expect(file.leaves).toHaveLength(taken.body.data!.leafCount);
    expect(await verifyLeaves(webCryptoSha256, webCryptoSignatureCheck(file.snapshot), file)).toEqual({ ok: true });
    expect((await t.get('/ops/liabilities/leaves', { token: finance, query: { id: '99999999' } })).status).toBe(404);

    // Reserves: bad input changes nothing; a declaration is audited and shown as declared.
    for (const bad of [
      { asset: 'USDT', amount: '12.1234567', evidence: 'wallet TXYZ' },
      { asset: 'EUR', amount: '-5', evidence: 'statement 2026-11' },
      { asset: 'USDT', amount: '5', evidence: ' ' },
      { asset: 'BTC', amount: '5', evidence: 'wallet' },
    ]) {
      expect((await t.post('/ops/liabilities/reserves', bad, { token: finance })).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.get<LiabilitiesReply>('/liabilities')).body.data!.reserves).toEqual([]);
    const totals = taken.body.data!.totals;
    // Declares exactly a third of what is owed in EUR: the percentage is cut, never rounded up.
    const third = BigInt(totals.EUR) / 3n;
    const declared = await t.post('/ops/liabilities/reserves', { asset: 'EUR', amount: `${third / 100n}.${String(third % 100n).padStart(2, '0')}`, evidence: 'Bank statement 2026-11 ref. 4471' }, { token: finance });
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    const page = (await t.get<LiabilitiesReply>('/liabilities')).body.data!;
    expect(page.reserves).toEqual([expect.objectContaining({ asset: 'EUR', evidence: 'Bank statement 2026-11 ref. 4471' })]);
    const eur = page.coverage.find((each) => each.asset === 'EUR')!;
    const expected = (third * 10_000n) / BigInt(totals.EUR);
    expect(eur.percent).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
    expect(Number(eur.percent)).toBeLessThanOrEqual(33.34);
    expect(page.coverage.find((each) => each.asset === 'USDT')).toMatchObject({ declared: null, percent: null });
    const reserveAudit = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'liabilities.reserves'`);
    expect(Number(reserveAudit[0].n)).toBe(1);
  });
});
