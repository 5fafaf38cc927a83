/**
 * Ledger accounts, one per (owner, asset, purpose) (ARCHITECTURE §3). This issue only opens them
 * and reads them; transfers between them come with the ledger issue. Nothing else may write
 * `balance`.
 */
import { and, eq } from 'drizzle-orm';
import { ASSET_CODES, type Asset } from '../../src/domain/money';
import type { Db, Tx } from '../db/client';
import { ledgerAccounts } from '../db/schema';

export type AccountPurpose = 'available';

/** Every user has an available account per asset from registration on, so balances are never "missing". */
export async function openUserAccounts(tx: Db | Tx, userId: string): Promise<void> {
  await tx
    .insert(ledgerAccounts)
    .values(ASSET_CODES.map((asset) => ({ ownerKind: 'user' as const, userId, asset, purpose: 'available' })))
    .onConflictDoNothing();
}

export interface AccountBalance {
  asset: Asset;
  /** Minor units. */
  balance: bigint;
}

export async function availableBalances(db: Db | Tx, userId: string): Promise<AccountBalance[]> {
  const rows = await db
    .select({ asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKind, 'user'), eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.purpose, 'available')));
  // USDT first, then EUR: the order of ASSET_CODES, which the app shows.
  return rows.sort((a, b) => ASSET_CODES.indexOf(a.asset) - ASSET_CODES.indexOf(b.asset));
}
