/**
 * The user's asset log and totals, read straight from the ledger: what the user sees is the sum
 * of the postings, never a separately kept counter: the numbers shown must be the ones the ledger holds.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TransferKind } from '../../../src/domain/ledger';
import { isAsset, toDecimalString, type Asset } from '../../../src/domain/money';
import type { AssetTotals, CalcReply, LedgerEntry, Page } from '../../../src/domain/wire';
import type { Db } from '../../db/client';
import { batchedRead, rowsPerAsker } from '../../db/batched-reads';
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

/** One page of one user's asset log, as the route asks for it. */
interface PageQuestion {
  userId: string;
  page: number;
  pageSize: number;
}

function entryOf(row: EntryRow): LedgerEntry {
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
}

const pageKey = ({ userId, page, pageSize }: PageQuestion) => `${userId}:${page}:${pageSize}`;

export function createRecords(db: Db) {
  /**
   * Pages of asset logs, every user asking at once in one named statement (server/db/batched-reads.ts).
   * Per asked page: the user's own accounts (a few rows), and per account and side a backward scan
   * of its (account, id) index that reads at most offset + pageSize postings, however long the
   * history is; beside the page, the count of all the user's entries (one row of nulls beside the
   * count when the page is past the end).
   */
  const assetLogPages = batchedRead<PageQuestion, Page<LedgerEntry>>({
    keyOf: pageKey,
    async answer(questions) {
      const list = (pick: (question: PageQuestion) => string | number) => questions.map(pick).join(',');
      const side = (column: SQL, credited: boolean) =>
        sql`SELECT t.id, t.asset, t.amount, ${sql.raw(credited ? 'true' : 'false')} AS credited, m.purpose, t.kind, t.reference, t.reason, t.created_at
            FROM mine m CROSS JOIN LATERAL (
              SELECT * FROM ledger_transfers t WHERE ${column} = m.id ORDER BY t.id DESC LIMIT asked.reach
            ) t
            WHERE m.n = asked.n`;
      const count = (column: SQL) => sql`(SELECT count(*) FROM mine m JOIN ledger_transfers t ON ${column} = m.id WHERE m.n = asked.n)`;
      const rows = await namedRowsOf<EntryRow & { n: string; total: string }>(
        db,
        'records_asset_log_pages',
        sql`WITH asked AS (
              SELECT *, page_size + skip AS reach FROM unnest(
                string_to_array(${list((q) => q.userId)}, ',')::uuid[],
                string_to_array(${list((q) => q.pageSize)}, ',')::int[],
                string_to_array(${list((q) => (q.page - 1) * q.pageSize)}, ',')::int[]
              ) WITH ORDINALITY AS a(user_id, page_size, skip, n)
            ),
            -- The askers' own accounts, looked up once for the count and the page.
            mine AS MATERIALIZED (
              SELECT asked.n, m.id, m.purpose FROM asked JOIN ledger_accounts m ON m.owner_kind = 'user' AND m.user_id = asked.user_id
            ),
            -- Counted once per asked page (materialized: as a column beside the page rows, the
            -- count ran again for every row of the page).
            counted AS MATERIALIZED (
              SELECT asked.*, (${count(sql`t.credit_account_id`)} + ${count(sql`t.debit_account_id`)})::text AS total FROM asked
            )
            SELECT asked.n::text, asked.total, page.*
            FROM counted asked
            LEFT JOIN LATERAL (
              SELECT id::text, asset, amount::text, credited, purpose, kind, reference, reason, created_at
              FROM (${side(sql`t.credit_account_id`, true)} UNION ALL ${side(sql`t.debit_account_id`, false)}) entries
              ORDER BY entries.id DESC, entries.credited DESC
              LIMIT asked.page_size OFFSET asked.skip
            ) page ON true
            ORDER BY asked.n, page.id::bigint DESC, page.credited DESC`,
      );
      const pages = new Map<string, Page<LedgerEntry>>();
      const perAsker = rowsPerAsker(rows, (row) => row.n);
      questions.forEach((question, index) => {
        // Every asked page has at least its row of the count.
        const mine = perAsker.get(String(index + 1)) ?? [];
        pages.set(pageKey(question), {
          list: mine.filter((row) => row.id !== null).map(entryOf),
          total: Number(mine[0].total),
          page: question.page,
          pageSize: question.pageSize,
        });
      });
      return pages;
    },
  });

  return {
    /**
     * Every posting on one of the user's accounts, newest first. A transfer between two of the
     * user's own accounts (a withdrawal hold) is two entries: minus on one, plus on the other.
     */
    assetLog(userId: string, page: number, pageSize: number): Promise<Page<LedgerEntry>> {
      return assetLogPages({ userId, page, pageSize });
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
