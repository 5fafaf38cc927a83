/**
 * Ledger accounts, one per (owner, asset, purpose). Users get every purpose at
 * registration, platform accounts come with the migration, so a posting never creates one.
 * Nothing but server/ledger/transfers.ts writes `balance`.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PLATFORM_PURPOSES, USER_PURPOSES, type PlatformPurpose, type UserPurpose } from '../../src/domain/ledger';
import { ASSET_CODES, type Asset } from '../../src/domain/money';
import type { Db, Tx } from '../db/client';
import { rowsPerAsker } from '../db/batched-reads';
import { fixedStatement, rowsOf } from '../db/rows';
import { ledgerAccounts } from '../db/schema';

export type AccountRef = { userId: string; purpose: UserPurpose } | { platform: PlatformPurpose };

/**
 * A user's accounts, one per asset and purpose, in that order. The columns written are named (the
 * others take their defaults), so that a database at an older migration (tests/api/loan-migration)
 * gets the same rows.
 */
const OPEN_USER_ACCOUNTS = fixedStatement(
  `INSERT INTO ledger_accounts (owner_kind, user_id, asset, purpose)
   SELECT 'user', $1::uuid, a.asset, p.purpose
   FROM unnest($2::text[]) WITH ORDINALITY AS a(asset, i) CROSS JOIN unnest($3::text[]) WITH ORDINALITY AS p(purpose, j)
   ORDER BY a.i, p.j
   ON CONFLICT DO NOTHING`,
);

export async function openUserAccounts(tx: Db | Tx, userId: string): Promise<void> {
  await OPEN_USER_ACCOUNTS(tx, [userId, `{${ASSET_CODES.join(',')}}`, `{${USER_PURPOSES.join(',')}}`]);
}

export interface AccountBalance {
  asset: Asset;
  /** Minor units. */
  balance: bigint;
}

const BALANCES_OF = fixedStatement<{ asset: Asset; balance: string }>(
  `SELECT asset, balance::text AS balance FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = $1 AND purpose = $2`,
);

export async function balancesOf(db: Db | Tx, userId: string, purpose: UserPurpose): Promise<AccountBalance[]> {
  const rows = await BALANCES_OF(db, [userId, purpose]);
  // USDT first, then EUR: the order of ASSET_CODES, which the app shows.
  return rows.map((row) => ({ asset: row.asset, balance: BigInt(row.balance) })).sort((a, b) => ASSET_CODES.indexOf(a.asset) - ASSET_CODES.indexOf(b.asset));
}

export async function balanceOf(db: Db | Tx, userId: string, asset: Asset, purpose: UserPurpose = 'available'): Promise<bigint> {
  const rows = await balancesOf(db, userId, purpose);
  return rows.find((row) => row.asset === asset)?.balance ?? 0n;
}

/**
 * The available balances of several users in one statement (named by the pool:
 * db/named-statements.ts), per user in the order of ASSET_CODES: the balance list every home
 * screen asks for, read for all users asking at once (modules/records).
 */
export async function availableBalancesOfUsers(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, AccountBalance[]>> {
  const rows = await rowsOf<{ user_id: string; asset: Asset; balance: string }>(
    db,
    sql`SELECT user_id::text, asset, balance::text FROM ledger_accounts
        WHERE owner_kind = 'user' AND purpose = 'available' AND user_id = ANY(string_to_array(${userIds.join(',')}, ',')::uuid[])`,
  );
  const perUser = rowsPerAsker(rows, (row) => row.user_id);
  return new Map(
    userIds.map((userId) => {
      const mine = perUser.get(userId) ?? [];
      return [userId, ASSET_CODES.flatMap((asset) => mine.filter((row) => row.asset === asset).map((row) => ({ asset, balance: BigInt(row.balance) })))];
    }),
  );
}

/**
 * A user's revision as an SQL expression of their id: the sum of their accounts' revisions (each
 * raised by every statement that posts to it, transfers.ts), with PostgreSQL's start time. It
 * changes with every posting on any of the user's accounts and never comes back to an earlier
 * value, except across a restart or a failover to a standby (which could have lost the last
 * commits), where the start time differs: what the user's kept records are checked against
 * (modules/records/kept-pages.ts).
 */
export const userRevisionOf = (userId: SQL) =>
  sql`(SELECT coalesce(sum(r.revision), 0)::text || '@' || pg_postmaster_start_time()::text FROM ledger_accounts r WHERE r.owner_kind = 'user' AND r.user_id = ${userId})`;

/** The revision of each of `userIds` (userRevisionOf), in one statement. */
export async function revisionsOfUsers(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await rowsOf<{ user_id: string; revision: string }>(
    db,
    sql`SELECT u.user_id::text, ${userRevisionOf(sql`u.user_id`)} AS revision FROM unnest(string_to_array(${userIds.join(',')}, ',')::uuid[]) AS u(user_id)`,
  );
  return new Map(rows.map((row) => [row.user_id, row.revision]));
}

/** A user's balances of several purposes, every asset (0 where the user has none), in one statement. */
export async function balancesByPurpose<P extends UserPurpose>(db: Db | Tx, userId: string, purposes: readonly P[]): Promise<Record<P, Record<Asset, bigint>>> {
  const rows = await db
    .select({ asset: ledgerAccounts.asset, purpose: ledgerAccounts.purpose, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerKind, 'user'), eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.purpose, [...purposes])))
    .execute();
  const of = (purpose: P) =>
    Object.fromEntries(ASSET_CODES.map((asset) => [asset, rows.find((row) => row.asset === asset && row.purpose === purpose)?.balance ?? 0n])) as Record<Asset, bigint>;
  return Object.fromEntries(purposes.map((purpose) => [purpose, of(purpose)])) as Record<P, Record<Asset, bigint>>;
}

/** What the accounts of each asset hold in all: the users' summed per purpose, and each platform account (minor units, 0 where none). */
export interface BalanceTotals {
  users: Record<Asset, Record<UserPurpose, bigint>>;
  platform: Record<Asset, Record<PlatformPurpose, bigint>>;
}

/** Every account summed by asset, owner kind and purpose, in one statement: `npm run ledger:verify`'s report and the operators' totals. */
export async function balanceTotals(db: Db | Tx): Promise<BalanceTotals> {
  // Bigints travel as text: PGlite would hand back JavaScript numbers.
  const rows = await rowsOf<{ asset: string; owner_kind: string; purpose: string; total: string }>(
    db,
    sql`SELECT asset, owner_kind, purpose, sum(balance)::text AS total FROM ledger_accounts GROUP BY 1, 2, 3`,
  );
  const sumOf = (asset: Asset, owner: string, purpose: string) =>
    rows.filter((row) => row.asset === asset && row.owner_kind === owner && row.purpose === purpose).reduce((sum, row) => sum + BigInt(row.total), 0n);
  const perAsset = <P extends string>(owner: string, purposes: readonly P[]) =>
    Object.fromEntries(ASSET_CODES.map((asset) => [asset, Object.fromEntries(purposes.map((purpose) => [purpose, sumOf(asset, owner, purpose)]))])) as Record<Asset, Record<P, bigint>>;
  return { users: perAsset('user', USER_PURPOSES), platform: perAsset('platform', PLATFORM_PURPOSES) };
}
