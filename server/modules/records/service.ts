/**
 * The user's asset log and totals, read straight from the ledger: what the user sees is the sum
 * of the postings, never a separately kept counter: the numbers shown must be the ones the ledger holds.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TransferKind } from '../../../src/domain/ledger';
import { isAsset, toDecimalString, type Asset } from '../../../src/domain/money';
import type { AssetTotals, CalcReply, LedgerEntry, Page } from '../../../src/domain/wire';
import type { Db } from '../../db/client';
import { namedRowsOf, rowsOf } from '../../db/rows';
import type { UserPurpose } from '../../ledger/accounts';

/** Money that arrived from outside. */
const RECHARGED_KINDS: TransferKind[] = ['deposit'];
/** Money that left to the user's address or bank account, fee included (taken from the held account). */
const WITHDRAWN_KINDS: TransferKind[] = ['withdrawal_payout', 'withdrawal_fee'];
/** Money the platform gave: VIP gifts on deposits (pledge interest joins when pledges exist). */
const EARNED_KINDS: TransferKind[] = ['deposit_bonus'];

interface EntryRow {
  id: string;
  asset: string;
  amount: string;
  credited: boolean;
  purpose: UserPurpose;
  kind: string;
  reference: string;
  reason: string | null;
  created_at: Date | string;
}

function asset(value: string): Asset {
  if (!isAsset(value)) throw new Error(`unknown asset in the ledger: ${value}`);
  return value;
}

const kindList = (kinds: readonly string[]) => sql.join(kinds.map((kind) => sql`${kind}`), sql`, `);

const zeroTotals = (): Record<Asset, bigint> => ({ USDT: 0n, EUR: 0n });

function totalsText(totals: Record<Asset, bigint>): AssetTotals {
  return { USDT: toDecimalString(totals.USDT, 'USDT'), EUR: toDecimalString(totals.EUR, 'EUR') };
}

export function createRecords(db: Db) {
  /** The user's own accounts; every query starts from these few rows and their posting indexes. */
  const mine = (userId: string) => sql`SELECT id, purpose FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = ${userId}`;

  return {
    /**
     * Every posting on one of the user's accounts, newest first. A transfer between two of the
     * user's own accounts (a withdrawal hold) is two entries: minus on one, plus on the other.
     */
    async assetLog(userId: string, page: number, pageSize: number): Promise<Page<LedgerEntry>> {
      const offset = (page - 1) * pageSize;
      // Per account and side, a backward scan of its (account, id) index reads at most
      // offset + pageSize postings, however long the history is.
      const reach = offset + pageSize;
      const side = (column: SQL, credited: boolean) =>
        sql`SELECT t.id, t.asset, t.amount, ${sql.raw(credited ? 'true' : 'false')} AS credited, m.purpose, t.kind, t.reference, t.reason, t.created_at
            FROM mine m CROSS JOIN LATERAL (
              SELECT * FROM ledger_transfers t WHERE ${column} = m.id ORDER BY t.id DESC LIMIT ${reach}
            ) t`;
      // One round trip: the page and the count of all entries (one row of nulls beside the
      // count when the page is past the end).
      const rows = await namedRowsOf<EntryRow & { total: string }>(
        db,
        'records_asset_log',
        sql`WITH mine AS (${mine(userId)}),
            counted AS (
              SELECT ((SELECT count(*) FROM ledger_transfers t JOIN mine m ON t.credit_account_id = m.id)
                    + (SELECT count(*) FROM ledger_transfers t JOIN mine m ON t.debit_account_id = m.id))::text AS total
            )
            SELECT counted.total, page.* FROM counted LEFT JOIN LATERAL (
              SELECT id::text, asset, amount::text, credited, purpose, kind, reference, reason, created_at
              FROM (${side(sql`t.credit_account_id`, true)} UNION ALL ${side(sql`t.debit_account_id`, false)}) entries
              ORDER BY entries.id DESC, entries.credited DESC
              LIMIT ${pageSize} OFFSET ${offset}
            ) page ON true`,
      );
      const total = Number(rows[0].total);
      const entries = rows.filter((row) => row.id !== null);
      return {
        list: entries.map((row) => {
          const entryAsset = asset(row.asset);
          const amount = toDecimalString(BigInt(row.amount), entryAsset);
          return {
            id: Number(row.id),
            asset: entryAsset,
            amount: `${row.credited ? '+' : '-'}${amount}`,
            account: row.purpose,
            kind: row.kind,
            reference: row.reference,
            reason: row.reason,
            createdAt: new Date(row.created_at).toISOString(),
          };
        }),
        total,
        page,
        pageSize,
      };
    },

    /** Totals per asset: recharged, withdrawn, earned, and the available and held balances. */
    async totals(userId: string): Promise<CalcReply> {
      const rows = await rowsOf<{ asset: string; purpose: UserPurpose; balance: string; recharged: string; withdrawn: string; earned: string }>(
        db,
        sql`SELECT a.asset, a.purpose, a.balance::text,
              (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t
               WHERE t.credit_account_id = a.id AND t.kind IN (${kindList(RECHARGED_KINDS)}))::text AS recharged,
              (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t
               WHERE t.debit_account_id = a.id AND t.kind IN (${kindList(WITHDRAWN_KINDS)}))::text AS withdrawn,
              (SELECT coalesce(sum(t.amount), 0) FROM ledger_transfers t
               WHERE t.credit_account_id = a.id AND t.kind IN (${kindList(EARNED_KINDS)}))::text AS earned
            FROM ledger_accounts a
            WHERE a.owner_kind = 'user' AND a.user_id = ${userId}`,
      );
      const recharged = zeroTotals();
      const withdrawn = zeroTotals();
      const earned = zeroTotals();
      const available = zeroTotals();
      const held = zeroTotals();
      for (const row of rows) {
        const a = asset(row.asset);
        recharged[a] += BigInt(row.recharged);
        withdrawn[a] += BigInt(row.withdrawn);
        earned[a] += BigInt(row.earned);
        if (row.purpose === 'available') available[a] += BigInt(row.balance);
        if (row.purpose === 'held') held[a] += BigInt(row.balance);
      }
      return {
        recharged: totalsText(recharged),
        withdrawn: totalsText(withdrawn),
        earned: totalsText(earned),
        available: totalsText(available),
        held: totalsText(held),
      };
    },
  };
}
