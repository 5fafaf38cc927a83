/**
 * What the whole ledger holds and did, for the operators (GET /ops/totals): what users hold per
 * asset and account purpose, each platform account, today's deposits approved, withdrawals paid,
 * conversions and trades settled (UTC day), and the fees earned per day. Read from the ledger's
 * postings, like everything the records module shows. And the ledger's verification as an
 * operator's action, recorded in the audit trail (POST /ops/ledger/verify).
 */
import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../../src/domain/constants';
import type { PlatformPurpose, TransferKind, UserPurpose } from '../../../src/domain/ledger';
import { FEE_DAYS } from '../../../src/domain/ops-wire';
import { ASSET_CODES, isAsset, toDecimalString, type Asset } from '../../../src/domain/money';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { balanceTotals } from '../../ledger/accounts';
import { recordAudit, type AuditActor } from '../../ledger/audit';
import { verifyLedger, type LedgerReport } from '../../ledger/verify';

/** Per asset, an amount of each key, as decimal strings of the asset. */
export type AmountsPerAsset<K extends string> = Record<Asset, Record<K, string>>;

export function amountsText<K extends string>(perAsset: Record<Asset, Record<K, bigint>>): AmountsPerAsset<K> {
  return Object.fromEntries(
    ASSET_CODES.map((asset) => [asset, Object.fromEntries(Object.entries<bigint>(perAsset[asset]).map(([key, value]) => [key, toDecimalString(value, asset)]))]),
  ) as AmountsPerAsset<K>;
}

/** The day's business, each counted by its postings: the kind that carries it and what that leg moved. */
const DAY_FIGURES = {
  /** An approved deposit's credit (its VIP gift apart). */
  depositsApproved: 'deposit',
  /** What reached the user's address or bank account (its fee apart). */
  withdrawalsPaid: 'withdrawal_payout',
  /** What users converted from. */
  conversions: 'conversion_out',
  /** What changed hands in settled trades: the USDT and the EUR side of each. */
  tradesSettled: 'trade_settle',
} as const satisfies Record<string, TransferKind>;

type DayFigure = keyof typeof DAY_FIGURES;

/** How many movements of one kind, and how much they moved, in one asset. */
export interface CountAndAmount {
  count: number;
  amount: string;
}

export interface PlatformTotals {
  asOf: string;
  users: AmountsPerAsset<UserPurpose>;
  platform: AmountsPerAsset<PlatformPurpose>;
  today: { day: string } & Record<DayFigure, Record<Asset, CountAndAmount>>;
  /** The fees accounts' net change per UTC day, oldest first, today last. */
  feesPerDay: Array<{ day: string } & Record<Asset, string>>;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

function assetOf(value: string): Asset {
  if (!isAsset(value)) throw new Error(`unknown asset in the ledger: ${value}`);
  return value;
}

/**
 * GET /ops/totals. The day's figures and the fees scan the postings since their first day: there
 * is no index by time on ledger_transfers (a posting writes no more index entries than it must),
 * and an operator's read of the dashboard may cost that; the fees read only the platform side's
 * own indexes (0005_ledger_transfer_owners.sql).
 */
export async function platformTotals(db: Db, now: Date): Promise<PlatformTotals> {
  const today = new Date(`${dayOf(now)}T00:00:00.000Z`);
  const tomorrow = new Date(today.getTime() + DAY_MS);
  const firstFeeDay = new Date(today.getTime() - (FEE_DAYS - 1) * DAY_MS);
  const kinds = Object.values(DAY_FIGURES);
  const [balances, dayRows, feeRows] = await Promise.all([
    balanceTotals(db),
    rowsOf<{ kind: string; asset: string; movements: string; amount: string }>(
      db,
      sql`SELECT kind, asset, count(DISTINCT reference)::text AS movements, sum(amount)::text AS amount FROM ledger_transfers
          WHERE created_at >= ${today.toISOString()}::timestamptz AND created_at < ${tomorrow.toISOString()}::timestamptz
            AND kind IN (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})
          GROUP BY kind, asset`,
    ),
    rowsOf<{ day: string; asset: string; net: string }>(
      db,
      sql`WITH fees AS (SELECT id FROM ledger_accounts WHERE owner_kind = 'platform' AND purpose = 'fees'),
          moves AS (
            SELECT t.created_at, t.asset, t.amount FROM ledger_transfers t JOIN fees f ON t.credit_account_id = f.id
            WHERE t.credit_user_id IS NULL AND t.created_at >= ${firstFeeDay.toISOString()}::timestamptz AND t.created_at < ${tomorrow.toISOString()}::timestamptz
            UNION ALL
            SELECT t.created_at, t.asset, -t.amount FROM ledger_transfers t JOIN fees f ON t.debit_account_id = f.id
            WHERE t.debit_user_id IS NULL AND t.created_at >= ${firstFeeDay.toISOString()}::timestamptz AND t.created_at < ${tomorrow.toISOString()}::timestamptz
          )
          SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, asset, sum(amount)::text AS net FROM moves GROUP BY 1, 2`,
    ),
  ]);
  const figure = (kind: TransferKind) =>
    Object.fromEntries(
      ASSET_CODES.map((asset) => {
        const row = dayRows.find((r) => r.kind === kind && assetOf(r.asset) === asset);
        return [asset, { count: Number(row?.movements ?? 0), amount: toDecimalString(BigInt(row?.amount ?? 0), asset) }];
      }),
    ) as Record<Asset, CountAndAmount>;
  const feesPerDay = Array.from({ length: FEE_DAYS }, (_, i) => {
    const day = dayOf(new Date(firstFeeDay.getTime() + i * DAY_MS));
    const of = (asset: Asset) => toDecimalString(BigInt(feeRows.find((row) => row.day === day && row.asset === asset)?.net ?? 0), asset);
    return { day, ...(Object.fromEntries(ASSET_CODES.map((asset) => [asset, of(asset)])) as Record<Asset, string>) };
  });
  return {
    asOf: now.toISOString(),
    users: amountsText(balances.users),
    platform: amountsText(balances.platform),
    today: {
      day: dayOf(today),
      ...(Object.fromEntries(Object.entries(DAY_FIGURES).map(([name, kind]) => [name, figure(kind)])) as Record<DayFigure, Record<Asset, CountAndAmount>>),
    },
    feesPerDay,
  };
}

/** Problems kept in the audit row of a verification (the count is kept whole). */
const KEPT_PROBLEMS = 50;

/**
 * POST /ops/ledger/verify: the checks of `npm run ledger:verify` (ledger/verify.ts), recorded in
 * the audit trail as `ledger.verify` with their outcome, which GET /ops/ledger/verify reads back.
 */
export async function verifyLedgerAs(db: Db, actor: AuditActor): Promise<LedgerReport> {
  const report = await verifyLedger(db);
  await inTransaction(db, (tx) =>
    recordAudit(tx, actor, {
      action: 'ledger.verify',
      subject: 'ledger',
      details: { ok: report.ok, accounts: report.accounts, transfers: report.transfers, problemCount: report.problems.length, problems: report.problems.slice(0, KEPT_PROBLEMS) },
    }),
  );
  return report;
}
