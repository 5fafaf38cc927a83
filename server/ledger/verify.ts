/**
 * The ledger's invariants, checked by `npm run ledger:verify` and by the tests
 * after every concurrent scenario:
 *  - per asset, all account balances sum to zero (every transfer adds to one and takes from another);
 *  - every account's balance equals the sum of its postings (credits minus debits);
 *  - no user account is negative;
 *  - every transfer is between two accounts of its own asset;
 *  - every transfer names the owners of its accounts (debit_user_id, credit_user_id: null for a
 *    platform account), by which the asset log finds a user's postings.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

export interface LedgerProblem {
  check: 'asset-sum' | 'balance-postings' | 'user-negative' | 'asset-mismatch' | 'owner-mismatch';
  detail: string;
}

export interface LedgerReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  problems: LedgerProblem[];
}

export async function verifyLedger(db: Db): Promise<LedgerReport> {
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
  ];
  return { ok: problems.length === 0, accounts: Number(counts.accounts), transfers: Number(counts.transfers), problems };
}
