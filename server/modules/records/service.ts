/**
 * The user's balances, asset log and totals, read straight from the ledger: what the user sees is the sum
 * of the postings, never a separately kept counter: the numbers shown must be the ones the ledger holds.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TransferKind, UserPurpose } from '../../../src/domain/ledger';
import { isAsset, toDecimalString, type Asset } from '../../../src/domain/money';
import type { AssetTotals, CalcReply, LedgerEntry, Movement, Page, UserAccount, WalletListReply } from '../../../src/domain/wire';
import type { Db } from '../../db/client';
import { batchedRead, rowsPerAsker } from '../../db/batched-reads';
import { KeptReply } from '../../http/kept-reply';
import { rowsOf } from '../../db/rows';
import { availableBalancesOfUsers, revisionsOfUsers, userRevisionOf } from '../../ledger/accounts';
import type { AuditActor } from '../../ledger/audit';
import { createKeptPages } from './kept-pages';
import { platformTotals, verifyLedgerAs } from './totals';

/** Money that arrived from outside. */
const RECHARGED_KINDS: TransferKind[] = ['deposit'];
/** Money that left to the user's address or bank account, fee included (taken from the held account). */
const WITHDRAWN_KINDS: TransferKind[] = ['withdrawal_payout', 'withdrawal_fee'];
/** Money the platform gave: VIP gifts on deposits and pledge interest. */
const EARNED_KINDS: TransferKind[] = ['deposit_bonus', 'pledge_interest'];

interface EntryRow {
  id: string;
  asset: string;
  amount: string;
  credited: boolean;
  purpose: UserPurpose;
  kind: string;
  reference: string;
  reason: string | null;
  /** ISO 8601 in UTC with milliseconds, as toISOString writes it (PostgreSQL's to_char: see below). */
  created_at: string;
}

interface MovementRow {
  total: string;
  last_id: string | null;
  id: string | null;
  asset: string;
  amount: string;
  kind: string;
  reference: string;
  reason: string | null;
  created_at: string;
  from_account: UserAccount | null;
  to_account: UserAccount | null;
}

function asset(value: string): Asset {
  if (!isAsset(value)) throw new Error(`unknown asset in the ledger: ${value}`);
  return value;
}

/** Something read with the revision of the records it was read from, in the same statement. */
interface AtRevision<T> {
  revision: string;
  data: T;
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
    createdAt: row.created_at,
  };
}

const pageKey = ({ userId, page, pageSize }: PageQuestion) => `${userId}:${page}:${pageSize}`;

/** At most this many asked pages in one statement (the statement's row estimates say so too). */
const MAX_PAGES_PER_STATEMENT = 64;

export function createRecords(db: Db) {
  /**
   * Pages of asset logs, every user asking at once in one named statement (server/db/batched-reads.ts).
   * A transfer carries the owners of its accounts (debit_user_id, credit_user_id), so per asked
   * page PostgreSQL runs four index scans whatever the user's accounts: per side, a backward scan
   * of the user's (owner, id) index that stops after offset + pageSize postings, merged newest
   * first, and a count of the user's postings beside the page (one row of nulls beside the count
   * when the page is past the end); then each entry's account (its purpose) by primary key.
   *
   * The time of each entry is written in ISO 8601 by PostgreSQL (to_char), not parsed into a Date
   * and written again by the server: parsing and toISOString took a microsecond per entry of the
   * server's one thread.
   *
   * The asked pages travel as one JSON parameter read by json_to_recordset, which PostgreSQL
   * cannot look into while planning: every execution of the named statement then has the same
   * estimates, so after its first few it keeps one generic plan. Arrays spelled out in the
   * parameters (string_to_array) let it count the askers, and a batch of one to a few made it
   * plan the statement again at each execution, which cost more than running it.
   */
  const assetLogPages = batchedRead<PageQuestion, AtRevision<Page<LedgerEntry>>>({
    keyOf: pageKey,
    maxBatch: MAX_PAGES_PER_STATEMENT,
    async answer(questions) {
      const asked = JSON.stringify(
        questions.map((question, index) => ({ n: index + 1, user_id: question.userId, page_size: question.pageSize, skip: (question.page - 1) * question.pageSize })),
      );
      const side = (owner: SQL, account: SQL, credited: boolean) =>
        sql`(SELECT t.id, t.asset, t.amount, ${sql.raw(credited ? 'true' : 'false')} AS credited, ${account} AS account_id, t.kind, t.reference, t.reason, t.created_at
             FROM ledger_transfers t WHERE ${owner} = asked.user_id ORDER BY t.id DESC LIMIT asked.page_size + asked.skip)`;
      const rows = await rowsOf<EntryRow & { n: number; total: string; revision: string }>(
        db,
        sql`WITH asked AS MATERIALIZED (
              -- Counted once per asked page (materialized: as a column beside the page rows, the
              -- count ran again for every row of the page).
              SELECT a.*,
                (SELECT count(*) FROM ledger_transfers t WHERE t.credit_user_id = a.user_id)
                + (SELECT count(*) FROM ledger_transfers t WHERE t.debit_user_id = a.user_id) AS total,
                ${userRevisionOf(sql`a.user_id`)} AS revision
              FROM (SELECT * FROM json_to_recordset(${asked}::json) AS a(n int, user_id uuid, page_size int, skip int) LIMIT ${sql.raw(String(MAX_PAGES_PER_STATEMENT))}) a
            )
            SELECT asked.n, asked.total::text, asked.revision, page.id::text, page.asset, page.amount::text, page.credited, page.purpose, page.kind, page.reference, page.reason,
              to_char(page.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
            FROM asked
            LEFT JOIN LATERAL (
              SELECT e.*, m.purpose
              FROM (
                ${side(sql`t.credit_user_id`, sql`t.credit_account_id`, true)}
                UNION ALL
                ${side(sql`t.debit_user_id`, sql`t.debit_account_id`, false)}
                -- A transfer between two of the user's own accounts is two entries: the credit first.
                ORDER BY id DESC, credited DESC
                LIMIT asked.page_size OFFSET asked.skip
              ) e
              JOIN ledger_accounts m ON m.id = e.account_id
            ) page ON true
            ORDER BY asked.n, page.id DESC, page.credited DESC`,
      );
      const pages = new Map<string, AtRevision<Page<LedgerEntry>>>();
      const perAsker = rowsPerAsker(rows, (row) => String(row.n));
      questions.forEach((question, index) => {
        // Every asked page has at least its row of the count.
        const mine = perAsker.get(String(index + 1)) ?? [];
        pages.set(pageKey(question), {
          revision: mine[0].revision,
          data: {
            list: mine.filter((row) => row.id !== null).map(entryOf),
            total: Number(mine[0].total),
            page: question.page,
            pageSize: question.pageSize,
          },
        });
      });
      return pages;
    },
  });

  /**
   * One page of the user's movements, newest first: their postings grouped by business row and
   * moment (every leg of one posting shares both), a pledge's interest apart from its principal
   * (a maturity pays the last day and returns the principal at the same moment). With an asset,
   * only movements with a leg in it, each with all its legs (a conversion shows both sides).
   */
  async function movements(userId: string, page: number, pageSize: number, onlyAsset: Asset | undefined): Promise<AtRevision<Page<Movement>>> {
    const rows = await rowsOf<MovementRow & { revision: string }>(
      db,
      sql`WITH mine AS (
            SELECT t.id, t.asset, t.amount, t.kind, t.reference, t.reason, t.created_at, t.debit_account_id, t.credit_account_id,
              t.debit_user_id = ${userId} AS from_mine, t.credit_user_id = ${userId} AS to_mine, t.kind = 'pledge_interest' AS apart
            FROM ledger_transfers t WHERE t.credit_user_id = ${userId} OR t.debit_user_id = ${userId}
          ), moves AS (
            SELECT reference, created_at, apart, max(id) AS last_id
            FROM mine GROUP BY reference, created_at, apart
            HAVING ${onlyAsset ?? null}::text IS NULL OR bool_or(asset = ${onlyAsset ?? null})
          ), counted AS (
            SELECT count(*)::text AS total, ${userRevisionOf(sql`${userId}::uuid`)} AS revision FROM moves
          ), page AS (
            SELECT * FROM moves ORDER BY last_id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}
          )
          SELECT counted.total, counted.revision, p.last_id::text, m.id::text, m.asset, m.amount::text, m.kind, m.reference, m.reason,
            to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
            CASE WHEN m.from_mine THEN d.purpose END AS from_account,
            CASE WHEN m.to_mine THEN c.purpose END AS to_account
          FROM counted
          LEFT JOIN (page p JOIN mine m ON m.reference = p.reference AND m.created_at = p.created_at AND m.apart = p.apart) ON true
          LEFT JOIN ledger_accounts d ON d.id = m.debit_account_id
          LEFT JOIN ledger_accounts c ON c.id = m.credit_account_id
          ORDER BY p.last_id DESC, m.id`,
    );
    const list: Movement[] = [];
    for (const row of rows) {
      if (row.id === null || row.last_id === null) continue;
      const legAsset = asset(row.asset);
      let movement = list.at(-1);
      if (movement?.id !== Number(row.last_id)) {
        movement = { id: Number(row.last_id), reference: row.reference, reason: null, createdAt: row.created_at, legs: [] };
        list.push(movement);
      }
      movement.reason ??= row.reason;
      movement.legs.push({
        kind: row.kind,
        asset: legAsset,
        amount: toDecimalString(BigInt(row.amount), legAsset),
        from: row.from_account,
        to: row.to_account,
      });
    }
    return { revision: rows[0].revision, data: { list, total: Number(rows[0].total), page, pageSize } };
  }

  /** The revision of each asking user's records, in one statement for every user asking at once. */
  const revisions = batchedRead<string, string>({
    keyOf: (userId) => userId,
    answer: (userIds) => revisionsOfUsers(db, userIds),
  });

  const keptPages = createKeptPages();

  /** Page `key` of the user's records: the kept reply while their revision is unchanged, else read (`read`) and kept. */
  async function kept(userId: string, key: string, read: () => Promise<AtRevision<unknown>>): Promise<KeptReply> {
    const hit = keptPages.get(userId, await revisions(userId), key);
    if (hit) return hit;
    const fresh = await read();
    return keptPages.keep(userId, fresh.revision, key, new KeptReply(fresh.data));
  }

  /**
   * The available balances, for every user asking at once in one statement (the ledger's
   * availableBalancesOfUsers): the home screen asks for them on every visit.
   */
  const balancePages = batchedRead<string, WalletListReply>({
    keyOf: (userId) => userId,
    async answer(userIds) {
      const perUser = await availableBalancesOfUsers(db, userIds);
      return new Map(
        userIds.map((userId) => {
          const balance = (perUser.get(userId) ?? []).map((row) => ({ currency_name: row.asset, legal_balance: toDecimalString(row.balance, row.asset) }));
          return [userId, { legal_wallet: { balance } }];
        }),
      );
    },
  });

  return {
    /** POST /wallet/list: the user's available balances, USDT first. */
    balances: balancePages,

    /** One page of the user's fund record (the operators' view of it). */
    movements: async (userId: string, page: number, pageSize: number, onlyAsset: Asset | undefined) => (await movements(userId, page, pageSize, onlyAsset)).data,

    /** GET /wallet/movements: one page of the user's fund record as a kept reply (kept-pages.ts). */
    keptMovements: (userId: string, page: number, pageSize: number, onlyAsset: Asset | undefined) =>
      kept(userId, `movements:${page}:${pageSize}:${onlyAsset ?? ''}`, () => movements(userId, page, pageSize, onlyAsset)),

    /** GET /wallet/legal_log: one page of the user's asset log as a kept reply (kept-pages.ts). */
    keptAssetLog: (userId: string, page: number, pageSize: number) => kept(userId, `log:${page}:${pageSize}`, () => assetLogPages({ userId, page, pageSize })),

    /** GET /ops/totals: what users and the platform's accounts hold, today's business and the fees per day (totals.ts). */
    platformTotals: (now: Date) => platformTotals(db, now),

    /** POST /ops/ledger/verify: `npm run ledger:verify`'s checks, recorded in the audit trail. */
    verifyLedger: (actor: AuditActor) => verifyLedgerAs(db, actor),

    /**
     * Every posting on one of the user's accounts, newest first. A transfer between two of the
     * user's own accounts (a withdrawal hold) is two entries: minus on one, plus on the other.
     */
    async assetLog(userId: string, page: number, pageSize: number): Promise<Page<LedgerEntry>> {
      return (await assetLogPages({ userId, page, pageSize })).data;
    },

    /** Totals per asset: recharged, withdrawn, earned, and the available and held balances. */
    async totals(userId: string): Promise<CalcReply> {
      // The user's postings by owner, one pass per side (the indexes of 0005_ledger_transfer_owners.sql), summed per account.
      const rows = await rowsOf<{ asset: string; purpose: UserPurpose; balance: string; recharged: string; withdrawn: string; earned: string }>(
        db,
        sql`SELECT a.asset, a.purpose, a.balance::text,
              coalesce(c.recharged, 0)::text AS recharged, coalesce(d.withdrawn, 0)::text AS withdrawn, coalesce(c.earned, 0)::text AS earned
            FROM ledger_accounts a
            LEFT JOIN (
              SELECT t.credit_account_id AS id,
                sum(t.amount) FILTER (WHERE t.kind IN (${kindList(RECHARGED_KINDS)})) AS recharged,
                sum(t.amount) FILTER (WHERE t.kind IN (${kindList(EARNED_KINDS)})) AS earned
              FROM ledger_transfers t WHERE t.credit_user_id = ${userId} GROUP BY t.credit_account_id
            ) c ON c.id = a.id
            LEFT JOIN (
              SELECT t.debit_account_id AS id, sum(t.amount) FILTER (WHERE t.kind IN (${kindList(WITHDRAWN_KINDS)})) AS withdrawn
              FROM ledger_transfers t WHERE t.debit_user_id = ${userId} GROUP BY t.debit_account_id
            ) d ON d.id = a.id
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
