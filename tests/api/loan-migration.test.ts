/**
 * Migration 0017 ends the old principal loans (docs/loans.md, "Ending the old principal loans"):
 * on a database of the migrations before it, loans of every state are built as the old code
 * posted them — an old principal loan pending, approved, repaying, failed, repaid and rejected,
 * beside a loan across assets and a credit loan. The migration marks the old ones and moves no
 * money (ledger:verify clean and every balance the same before and after); a pending old
 * application is rejected with the reason in its borrower's language. Then each running old loan
 * is ended — by the borrower's repayment or an operator's confirmation — without interest, and
 * every borrower ends where they were before the loan.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOCALES, type Locale } from '../../src/domain/locales';
import type { Asset } from '../../src/domain/money';
import { errorText } from '../../src/locales/errors';
import { migrate, readMigrations } from '../../server/db/migrate';
import { rowsOf } from '../../server/db/rows';
import { inTransaction } from '../../server/db/transaction';
import { openUserAccounts, balanceOf } from '../../server/ledger/accounts';
import { postTransfers, type TransferInput } from '../../server/ledger/transfers';
import { verifyLedger } from '../../server/ledger/verify';
import { createLoans, loanDocumentStoreOf } from '../../server/modules/loans';
import { openTestDatabase, type TestDatabase } from './database';

const USDT = (units: number) => BigInt(units) * 1_000_000n;
const paidOutAt = new Date('2030-01-10T09:00:00.000Z');
const endedAt = new Date('2030-01-20T09:00:00.000Z');

let database: TestDatabase;
let uploads: string;
beforeAll(async () => {
  database = await openTestDatabase({ migrated: false });
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-loan-migration-'));
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

async function ledgerProblems(): Promise<string[]> {
  return (await verifyLedger(database.db)).problems.map((p) => `${p.check}: ${p.detail}`);
}

async function balances(): Promise<Map<string, string>> {
  const rows = await rowsOf<{ id: string; balance: string }>(database.db, sql`SELECT id::text, balance::text FROM ledger_accounts ORDER BY id`);
  return new Map(rows.map((row) => [row.id, row.balance]));
}

let userNo = 0;
async function borrower(locale: Locale, funded: { asset: Asset; amount: bigint }): Promise<string> {
  userNo++;
  const [{ id }] = await rowsOf<{ id: string }>(
    database.db,
    sql`INSERT INTO users (username, email, password_hash, invite_code, nickname, locale)
        VALUES (${`old${userNo}`}, ${`old${userNo}@example.com`}, 'x', ${`OLD${userNo}`}, ${`Old ${userNo}`}, ${locale}) RETURNING id::text`,
  );
  await openUserAccounts(database.db, id);
  await post([{ debit: { platform: 'adjustments' }, credit: { userId: id, purpose: 'available' }, asset: funded.asset, amount: funded.amount, kind: 'adjustment', reference: `fund:${id}`, idempotencyKey: `fund:${id}` }]);
  return id;
}

async function post(legs: Array<Omit<TransferInput, 'at'>>): Promise<void> {
  await inTransaction(database.db, (tx) => postTransfers(tx, legs.map((leg) => ({ ...leg, at: paidOutAt }))));
}

interface Built {
  id: string;
  userId: string;
}

/**
 * A loan as the code before migration 0017 wrote it and posted it. A principal loan of the old
 * rule: collateral = amount, in its own asset; interest 0.03 % a day for 30 days.
 */
async function loan(userId: string, state: 'pending' | 'approved' | 'repaying' | 'failed' | 'repaid' | 'rejected', kind: 'old' | 'across' | 'credit' = 'old'): Promise<Built> {
  const amount = kind === 'across' ? 100_000n : USDT(400);
  const asset: Asset = kind === 'across' ? 'EUR' : 'USDT';
  const collateral = kind === 'credit' ? 0n : kind === 'across' ? 1_358_695_653n : amount;
  const collateralAsset = kind === 'credit' ? null : kind === 'across' ? 'USDT' : asset;
  const interest = (amount * 300n * 30n) / 1_000_000n;
  const [{ id: document }] = await rowsOf<{ id: string }>(database.db, sql`INSERT INTO loan_documents (user_id, file, created_at) VALUES (${userId}, 'gone', now()) RETURNING id::text`);
  const decided = state !== 'pending';
  const [{ id }] = await rowsOf<{ id: string }>(
    database.db,
    sql`INSERT INTO loans (user_id, product_id, type, asset, amount, days, daily_ppm, interest, total, collateral, collateral_asset, status,
                           full_name, id_type, id_number, front_document, created_at, decided_at, due_at, approval_rate, repay_requested_at, repaid_at, ended_at, reason)
        VALUES (${userId}, 1, ${kind === 'credit' ? 'credit' : 'principal'}, ${asset}, ${amount.toString()}::bigint, 30, 300, ${interest.toString()}::bigint,
                ${(amount + interest).toString()}::bigint, ${collateral.toString()}::bigint, ${collateralAsset}, ${state}, 'Mira Haddad', 'passport', 'X1234567', ${document},
                ${paidOutAt.toISOString()}::timestamptz, ${decided ? paidOutAt.toISOString() : null}::timestamptz,
                ${decided && state !== 'rejected' ? new Date(paidOutAt.getTime() + 30 * 86_400_000).toISOString() : null}::timestamptz,
                ${decided && state !== 'rejected' ? 920_000 : null}::bigint,
                ${['repaying', 'failed', 'repaid'].includes(state) ? paidOutAt.toISOString() : null}::timestamptz,
                ${state === 'repaid' ? paidOutAt.toISOString() : null}::timestamptz,
                ${state === 'repaid' || state === 'rejected' ? paidOutAt.toISOString() : null}::timestamptz,
                ${state === 'rejected' ? 'Not now' : null})
        RETURNING id::text`,
  );
  await database.db.execute(sql`UPDATE loan_documents SET loan_id = ${id} WHERE id = ${document}`);
  if (state === 'pending' || state === 'rejected') return { id, userId };
  const step = (name: string) => ({ reference: `loan:${id}`, idempotencyKey: `loan:${id}:${name}` });
  const total = amount + interest;
  if (collateral > 0n) await post([{ debit: { userId, purpose: 'available' }, credit: { userId, purpose: 'collateral' }, asset: collateralAsset as Asset, amount: collateral, kind: 'loan_collateral', ...step('collateral') }]);
  await post([{ debit: { platform: 'loans' }, credit: { userId, purpose: 'available' }, asset, amount, kind: 'loan_disburse', ...step('disburse') }]);
  if (state === 'approved') return { id, userId };
  await post([{ debit: { userId, purpose: 'available' }, credit: { userId, purpose: 'held' }, asset, amount: total, kind: 'loan_repay_hold', ...step('repay-hold:0') }]);
  if (state === 'failed') await post([{ debit: { userId, purpose: 'held' }, credit: { userId, purpose: 'available' }, asset, amount: total, kind: 'loan_repay_release', ...step('repay-release:0') }]);
  if (state === 'repaid') {
    await post([
      { debit: { userId, purpose: 'held' }, credit: { platform: 'loans' }, asset, amount, kind: 'loan_repay', ...step('repay') },
      { debit: { userId, purpose: 'held' }, credit: { platform: 'fees' }, asset, amount: interest, kind: 'loan_interest', ...step('interest') },
      { debit: { userId, purpose: 'collateral' }, credit: { userId, purpose: 'available' }, asset, amount: collateral, kind: 'loan_collateral_release', ...step('collateral-release') },
    ]);
  }
  return { id, userId };
}

const before = readMigrations().filter((m) => m.version < '0017');
const from0017 = readMigrations().filter((m) => m.version >= '0017');

describe('migration 0017: the old principal loans', () => {
  const built: Record<string, Built> = {};
  const pendingByLocale = new Map<Locale, Built>();

  test('marks the old loans, rejects an old application in its borrower\'s language, and moves no money', async () => {
    await migrate(database.sql, before);
    // Today's posting raises the accounts' revisions (0033) and posts to its connection's shard of a
    // platform account (0034): both are there while the old data is posted with it, and go before
    // the migrations from 0017 on run, 0033 and 0034 among them.
    await database.db.execute(sql`ALTER TABLE ledger_accounts ADD COLUMN revision bigint NOT NULL DEFAULT 0`);
    await database.db.execute(sql`ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0`);
    await database.db.execute(sql`DROP INDEX ledger_accounts_platform_key`);
    await database.db.execute(
      sql`INSERT INTO ledger_accounts (owner_kind, asset, purpose, shard) SELECT 'platform', asset, purpose, s FROM ledger_accounts CROSS JOIN generate_series(1, 15) AS s WHERE owner_kind = 'platform'`,
    );
    const funds = { asset: 'USDT' as const, amount: USDT(1_000) };
    for (const locale of LOCALES) pendingByLocale.set(locale, await loan(await borrower(locale, funds), 'pending'));
    for (const state of ['approved', 'repaying', 'failed', 'repaid', 'rejected'] as const) built[state] = await loan(await borrower('en', funds), state);
    // A second repaying one: the first is ended by the borrower, this one by an operator.
    built.repayingConfirmed = await loan(await borrower('de', funds), 'repaying');
    built.across = await loan(await borrower('en', { asset: 'USDT', amount: USDT(1_500) }), 'approved', 'across');
    built.credit = await loan(await borrower('en', funds), 'approved', 'credit');

    // One row per platform account again, as before 0034: the shards' postings and balances go to shard 0.
    await database.db.execute(sql`ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_no_update`);
    const shardOf = sql`(SELECT s.id, z.id AS zero FROM ledger_accounts s JOIN ledger_accounts z
      ON z.owner_kind = 'platform' AND z.asset = s.asset AND z.purpose = s.purpose AND z.shard = 0 WHERE s.owner_kind = 'platform' AND s.shard > 0)`;
    await database.db.execute(sql`UPDATE ledger_transfers t SET debit_account_id = o.zero FROM ${shardOf} o WHERE t.debit_account_id = o.id`);
    await database.db.execute(sql`UPDATE ledger_transfers t SET credit_account_id = o.zero FROM ${shardOf} o WHERE t.credit_account_id = o.id`);
    await database.db.execute(sql`ALTER TABLE ledger_transfers ENABLE TRIGGER ledger_transfers_no_update`);
    await database.db.execute(
      sql`UPDATE ledger_accounts z SET balance = z.balance + m.total FROM (SELECT o.zero, sum(a.balance) AS total FROM ${shardOf} o JOIN ledger_accounts a ON a.id = o.id GROUP BY o.zero) m WHERE z.id = m.zero`,
    );
    await database.db.execute(sql`DELETE FROM ledger_accounts WHERE owner_kind = 'platform' AND shard > 0`);
    await database.db.execute(sql`ALTER TABLE ledger_accounts DROP COLUMN shard`);
    await database.db.execute(sql`CREATE UNIQUE INDEX ledger_accounts_platform_key ON ledger_accounts (asset, purpose) WHERE owner_kind = 'platform'`);
    expect(await ledgerProblems()).toEqual([]);
    const balancesBefore = await balances();
    const [{ n: transfersBefore }] = await rowsOf<{ n: string }>(database.db, sql`SELECT count(*)::text AS n FROM ledger_transfers`);

    await database.db.execute(sql`ALTER TABLE ledger_accounts DROP COLUMN revision`);
    expect(await migrate(database.sql, readMigrations())).toEqual(from0017.map((m) => m.name));

    expect(await ledgerProblems()).toEqual([]);
    // Every account as it was; the platform accounts' new shards (0034) hold nothing.
    const balancesAfter = await balances();
    expect(new Map([...balancesAfter].filter(([id]) => balancesBefore.has(id)))).toEqual(balancesBefore);
    expect([...balancesAfter].filter(([id, balance]) => !balancesBefore.has(id) && balance !== '0')).toEqual([]);
    expect((await rowsOf<{ n: string }>(database.db, sql`SELECT count(*)::text AS n FROM ledger_transfers`))[0].n).toBe(transfersBefore);

    const rows = await rowsOf<{ id: string; status: string; old_rule: boolean; reason: string | null }>(database.db, sql`SELECT id::text, status, old_rule, reason FROM loans`);
    const of = (one: Built) => rows.find((row) => row.id === one.id)!;
    for (const [state, one] of Object.entries(built)) {
      const old = state !== 'across' && state !== 'credit';
      expect({ state, old: of(one).old_rule }).toEqual({ state, old });
    }
    expect(of(built.approved).status).toBe('approved');
    expect(of(built.repaying).status).toBe('repaying');
    expect(of(built.rejected)).toMatchObject({ status: 'rejected', reason: 'Not now' });
    for (const [locale, one] of pendingByLocale) {
      expect({ locale, ...of(one) }).toMatchObject({ locale, status: 'rejected', old_rule: true, reason: errorText(locale, 'loan.termsChanged') });
    }
    // The texts differ per language (none fell back to English but English itself).
    expect(new Set([...pendingByLocale.values()].map((one) => of(one).reason)).size).toBe(LOCALES.length);

    // A principal loan of the old kind can no longer be written.
    const [{ n: products }] = await rowsOf<{ n: string }>(database.db, sql`SELECT count(*)::text AS n FROM loan_products WHERE type = 'principal' AND asset = 'EUR' AND active`);
    expect(Number(products)).toBeGreaterThan(0);
    await expect(
      database.db.execute(sql`UPDATE loans SET old_rule = false WHERE id = ${built.approved.id}`),
    ).rejects.toThrow();
  });

  test('each running old loan ends without interest, by the borrower or an operator; every borrower ends where they started', async () => {
    const loans = createLoans(database.db, () => endedAt, loanDocumentStoreOf({ uploadsDir: uploads }));
    const [{ id: operatorId }] = await rowsOf<{ id: string }>(
      database.db,
      sql`INSERT INTO operators (username, password_hash, totp_secret, role, created_at) VALUES ('finance-old', 'x', 'JBSWY3DPEHPK3PXP', 'finance', now()) RETURNING id::text`,
    );
    const [{ balance: platformBefore }] = await rowsOf<{ balance: string }>(database.db, sql`SELECT sum(balance)::text AS balance FROM ledger_accounts WHERE owner_kind = 'platform' AND purpose = 'loans' AND asset = 'USDT'`);

    for (const state of ['approved', 'repaying', 'failed'] as const) {
      const { id, userId } = built[state];
      const ended = await inTransaction(database.db, (tx) => loans.repay(tx, userId, Number(id), endedAt));
      expect({ state, ...ended }).toMatchObject({ state, status: 'repaid', oldRule: true, repayInterest: '0.000000', repaidAt: endedAt.toISOString() });
    }
    const confirmed = await inTransaction(database.db, (tx) => loans.confirmRepayment(tx, Number(built.repayingConfirmed.id), { operatorId, at: endedAt }));
    expect(confirmed).toMatchObject({ status: 'repaid', oldRule: true, repayInterest: '0.000000' });

    // Each borrower has the 1,000 USDT they had before the loan: nothing taken, nothing left held.
    for (const state of ['approved', 'repaying', 'failed', 'repayingConfirmed'] as const) {
      const { userId } = built[state];
      const got = { state, available: await balanceOf(database.db, userId, 'USDT', 'available'), held: await balanceOf(database.db, userId, 'USDT', 'held'), collateral: await balanceOf(database.db, userId, 'USDT', 'collateral') };
      expect(got).toEqual({ state, available: USDT(1_000), held: 0n, collateral: 0n });
    }
    // The platform's loans account got back the four payouts of 400 USDT.
    const [{ balance: platformAfter }] = await rowsOf<{ balance: string }>(database.db, sql`SELECT sum(balance)::text AS balance FROM ledger_accounts WHERE owner_kind = 'platform' AND purpose = 'loans' AND asset = 'USDT'`);
    expect(BigInt(platformAfter) - BigInt(platformBefore)).toBe(USDT(1_600));
    // The ending is in the borrower's records: the payout back from the collateral, the hold returned.
    const kinds = await rowsOf<{ kind: string; amount: string }>(database.db, sql`SELECT kind, amount::text FROM ledger_transfers WHERE reference = ${`loan:${built.repaying.id}`} ORDER BY id`);
    expect(kinds.slice(-2)).toEqual([
      { kind: 'loan_repay_release', amount: '403600000' },
      { kind: 'loan_payout_return', amount: '400000000' },
    ]);
    const [audit] = await rowsOf<{ action: string; details: unknown }>(database.db, sql`SELECT action, details FROM audit_log WHERE subject = ${`loan:${built.repayingConfirmed.id}`}`);
    expect(audit).toMatchObject({ action: 'loan.repaid', details: { total: '0.000000', oldRule: true } });
    // Not twice; the loans across assets and the credit loan are untouched.
    await expect(inTransaction(database.db, (tx) => loans.repay(tx, built.approved.userId, Number(built.approved.id), endedAt))).rejects.toMatchObject({ key: 'loan.notRepayable' });
    expect(await ledgerProblems()).toEqual([]);
  });
});
