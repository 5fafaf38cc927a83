/**
 * Snapshots of what users are owed (issue 38; server/modules/liabilities, docs/liabilities.md), on
 * PGlite and, with TEST_DATABASE_URL, PostgreSQL: the tree's totals are the users' balances and
 * the ledger's own; each user's proof verifies as the phone verifies it; the day's snapshot is
 * taken once however many processes try; a ledger that does not check out is not published.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LIABILITY_PURPOSES, proofFromFile, verifyProof, webCryptoSha256, webCryptoSignatureCheck } from '../../src/domain/liabilities';
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
      expect(await liabilities().proofOf(eve.userId, snapshot!.id)).toBeNull();
    } finally {
      await t.database.db.execute(sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE user_id = ${eve.userId}::uuid AND asset = 'USDT' AND purpose = 'available'`);
    }
  });
});
