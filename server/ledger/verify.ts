/**
 * The ledger's invariants, checked by `npm run ledger:verify` and by the tests
 * after every concurrent scenario:
 *  - per asset, all account balances sum to zero (every transfer adds to one and takes from another);
 *  - every account's balance equals the sum of its postings (credits minus debits);
 *  - no user account is negative;
 *  - every transfer is between two accounts of its own asset;
 *  - every transfer names the owners of its accounts (debit_user_id, credit_user_id: null for a
 *    platform account), by which the asset log finds a user's postings;
 *  - each user's trading account holds exactly what their offers and unsettled orders hold, and
 *    each offer holds enough for what it may still give (docs/trading.md);
 *  - each user's pledged account holds exactly their running pledge orders (docs/pledge.md);
 *  - each user's collateral account holds exactly the collateral of their paid-out principal
 *    loans not yet repaid, in the collateral's asset (docs/loans.md).
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';

export interface LedgerProblem {
  check: 'asset-sum' | 'balance-postings' | 'user-negative' | 'asset-mismatch' | 'owner-mismatch' | 'trading-holds' | 'offer-hold' | 'pledge-holds' | 'collateral-holds';
  detail: string;
}

export interface LedgerReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  problems: LedgerProblem[];
}

export async function verifyLedger(db: Db | Tx): Promise<LedgerReport> {
  // Bigints travel as text: PGlite would hand back JavaScript numbers.
  const sums = await rowsOf<{ asset: string; total: string }>(
    db,
    sql`SELECT asset, sum(balance)::text AS total FROM ledger_accounts GROUP BY asset`,
  );
  const drift = await rowsOf<{ id: string; purpose: string; user_id: string | null; asset: string; balance: string; postings: string }>(
    db,
    sql`SELECT a.id::text, a.purpose, a.user_id, a.asset, a.balance::text,
               (coalesce(c.total, 0) - coalesce(d.total, 0))::text AS postings
        FROM ledger_accounts a
        LEFT JOIN (SELECT credit_account_id AS id, sum(amount) AS total FROM ledger_transfers GROUP BY credit_account_id) c ON c.id = a.id
        LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS total FROM ledger_transfers GROUP BY debit_account_id) d ON d.id = a.id
        WHERE a.balance <> coalesce(c.total, 0) - coalesce(d.total, 0)`,
  );
  const negative = await rowsOf<{ id: string; user_id: string; asset: string; purpose: string; balance: string }>(
    db,
    sql`SELECT id::text, user_id, asset, purpose, balance::text FROM ledger_accounts WHERE owner_kind = 'user' AND balance < 0`,
  );
  const mismatched = await rowsOf<{ id: string }>(
    db,
    sql`SELECT t.id::text FROM ledger_transfers t
        JOIN ledger_accounts d ON d.id = t.debit_account_id
        JOIN ledger_accounts c ON c.id = t.credit_account_id
        WHERE d.asset <> t.asset OR c.asset <> t.asset`,
  );
  const misowned = await rowsOf<{ id: string }>(
    db,
    sql`SELECT t.id::text FROM ledger_transfers t
        JOIN ledger_accounts d ON d.id = t.debit_account_id
        JOIN ledger_accounts c ON c.id = t.credit_account_id
        WHERE t.debit_user_id IS DISTINCT FROM d.user_id OR t.credit_user_id IS DISTINCT FROM c.user_id`,
  );
  const trading = await rowsOf<{ id: string; user_id: string; asset: string; balance: string; expected: string }>(
    db,
    sql`WITH held AS (
          SELECT user_id, CASE WHEN side = 'sell' THEN 'USDT' ELSE 'EUR' END AS asset, held AS amount FROM trade_offers WHERE held <> 0
          UNION ALL
          SELECT user_id, CASE WHEN side = 'sell' THEN 'USDT' ELSE 'EUR' END, hold FROM trade_orders WHERE status IN ('matching', 'matched')
        ), expected AS (SELECT user_id, asset, sum(amount) AS total FROM held GROUP BY user_id, asset)
        SELECT a.id::text, a.user_id, a.asset, a.balance::text, coalesce(e.total, 0)::text AS expected
        FROM ledger_accounts a LEFT JOIN expected e ON e.user_id = a.user_id AND e.asset = a.asset
        WHERE a.owner_kind = 'user' AND a.purpose = 'trading' AND a.balance <> coalesce(e.total, 0)`,
  );
  // A sell offer holds its remaining and pending USDT; a buy offer at least the EUR its matched
  // orders will take and, while open, the total of its remaining and pending quantity (rounded down).
  const offers = await rowsOf<{ id: string }>(
    db,
    sql`SELECT f.id::text FROM trade_offers f
        LEFT JOIN (SELECT offer_id, sum(amount) AS amount, sum(total) AS total FROM trade_orders WHERE status = 'matched' GROUP BY offer_id) m ON m.offer_id = f.id
        WHERE f.pending <> coalesce(m.amount, 0)
           OR (f.side = 'sell' AND f.held <> f.remaining + f.pending)
           OR (f.side = 'buy' AND (f.held < coalesce(m.total, 0) OR (f.status = 'open' AND f.held < ((f.remaining + f.pending) * f.price) / 100000000)))
           OR (f.status <> 'open' AND f.remaining <> 0)`,
  );
  const pledged = await rowsOf<{ id: string; user_id: string; asset: string; balance: string; expected: string }>(
    db,
    sql`WITH expected AS (SELECT user_id, asset, sum(amount) AS total FROM pledge_orders WHERE status = 'active' GROUP BY user_id, asset)
        SELECT a.id::text, a.user_id, a.asset, a.balance::text, coalesce(e.total, 0)::text AS expected
        FROM ledger_accounts a LEFT JOIN expected e ON e.user_id = a.user_id AND e.asset = a.asset
        WHERE a.owner_kind = 'user' AND a.purpose = 'pledged' AND a.balance <> coalesce(e.total, 0)`,
  );
  const collateral = await rowsOf<{ id: string; user_id: string; asset: string; balance: string; expected: string }>(
    db,
    sql`WITH expected AS (SELECT user_id, collateral_asset AS asset, sum(collateral) AS total FROM loans
                      WHERE type = 'principal' AND status IN ('approved', 'repaying', 'failed') GROUP BY user_id, collateral_asset)
        SELECT a.id::text, a.user_id, a.asset, a.balance::text, coalesce(e.total, 0)::text AS expected
        FROM ledger_accounts a LEFT JOIN expected e ON e.user_id = a.user_id AND e.asset = a.asset
        WHERE a.owner_kind = 'user' AND a.purpose = 'collateral' AND a.balance <> coalesce(e.total, 0)`,
  );
  const [counts] = await rowsOf<{ accounts: string; transfers: string }>(
    db,
    sql`SELECT (SELECT count(*) FROM ledger_accounts)::text AS accounts, (SELECT count(*) FROM ledger_transfers)::text AS transfers`,
  );

  const problems: LedgerProblem[] = [
    ...sums.filter((row) => BigInt(row.total) !== 0n).map((row) => ({ check: 'asset-sum' as const, detail: `${row.asset}: balances sum to ${row.total}, not 0` })),
    ...drift.map((row) => ({
      check: 'balance-postings' as const,
      detail: `account ${row.id} (${row.user_id ?? 'platform'} ${row.asset} ${row.purpose}): balance ${row.balance}, postings ${row.postings}`,
    })),
    ...negative.map((row) => ({ check: 'user-negative' as const, detail: `account ${row.id} (${row.user_id} ${row.asset} ${row.purpose}): ${row.balance}` })),
    ...mismatched.map((row) => ({ check: 'asset-mismatch' as const, detail: `transfer ${row.id} moves between accounts of another asset` })),
    ...misowned.map((row) => ({ check: 'owner-mismatch' as const, detail: `transfer ${row.id} does not name the owners of its accounts` })),
    ...trading.map((row) => ({
      check: 'trading-holds' as const,
      detail: `trading account ${row.id} (${row.user_id} ${row.asset}): balance ${row.balance}, offers and orders hold ${row.expected}`,
    })),
    ...offers.map((row) => ({ check: 'offer-hold' as const, detail: `offer ${row.id} holds other than its quantity needs` })),
    ...pledged.map((row) => ({
      check: 'pledge-holds' as const,
      detail: `pledged account ${row.id} (${row.user_id} ${row.asset}): balance ${row.balance}, running pledges ${row.expected}`,
    })),
    ...collateral.map((row) => ({
      check: 'collateral-holds' as const,
      detail: `collateral account ${row.id} (${row.user_id} ${row.asset}): balance ${row.balance}, open principal loans ${row.expected}`,
    })),
  ];
  return { ok: problems.length === 0, accounts: Number(counts.accounts), transfers: Number(counts.transfers), problems };
}
