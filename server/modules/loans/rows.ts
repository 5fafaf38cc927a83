/** What the loans service's parts share (docs/loans.md): the rows of products and loans, their views, the locks and the postings of a loan. */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import {
  aprText,
  LOAN_DOCUMENT_MAX_BYTES,
  LOAN_DOCUMENT_TYPES,
  loanNo,
  type IdType,
  type Loan,
  type LoanProduct,
  type LoanStatus,
  type LoanType,
} from '../../../src/domain/loan';
import { DAY_MS } from '../../../src/domain/constants';
import { interestOwed } from '../../../src/domain/ltv';
import { isAsset, parseRate, toDecimalString, type Asset } from '../../../src/domain/money';
import { rateText } from '../../../src/domain/pledge';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { balancesByPurpose } from '../../ledger/accounts';
import { rowsOf } from '../../db/rows';
import { postTransfers, type TransferInput } from '../../ledger/transfers';
import type { TransferKind } from '../../../src/domain/ledger';
import { ImageStore } from '../../storage/image-store';
import { readSettings, SETTING_KEYS } from '../settings';

/** The reference rate (EUR for one USDT, millionths) now; seeded at every start. */
export async function referenceRate(executor: Db | Tx): Promise<bigint> {
  const [text] = await readSettings(executor, [SETTING_KEYS.usdtEurRate]);
  const rate = text === null ? null : parseRate(text);
  if (rate === null) throw new AppError('server.error', 500);
  return rate;
}

/** What the loans service is built from. */
export interface LoansDeps {
  db: Db;
  clock: Clock;
  documents: ImageStore;
}

/** An uploaded image no application took is removed after this long: a day. */
export const UNUSED_DOCUMENT_MS = 24 * 3600 * 1000;

export function loanDocumentStoreOf(config: { uploadsDir: string }): ImageStore {
  return new ImageStore(path.join(config.uploadsDir, 'identity'), {
    maxBytes: LOAN_DOCUMENT_MAX_BYTES,
    emptyKey: 'loan.documentRequired',
    extensions: LOAN_DOCUMENT_TYPES,
  });
}

export interface ProductRow {
  id: number;
  type: LoanType;
  asset: string;
  days: number;
  daily_ppm: string;
  min_amount: string;
  max_amount: string;
  active: boolean;
}

export interface LoanRow {
  id: string;
  user_id: string;
  type: LoanType;
  asset: string;
  amount: string;
  days: number;
  daily_ppm: string;
  interest: string;
  total: string;
  collateral: string;
  /** A principal loan's collateral asset: the other asset (the loan's own for an old one: docs/loans.md); null for a credit loan. */
  collateral_asset: string | null;
  status: LoanStatus;
  full_name: string;
  id_type: IdType;
  id_number: string;
  front_document: string;
  back_document: string | null;
  reason: string | null;
  repay_reason: string | null;
  created_at: string;
  decided_at: string | null;
  due_at: string | null;
  repay_requested_at: string | null;
  repaid_at: string | null;
  /** The interest of the repayment under way or made, for the days used; null: `interest`. */
  repay_interest: string | null;
  /** A principal loan of the old rule, its collateral the payout itself (migration 0017): ended without interest. */
  old_rule: boolean;
  /** The LTV watch (migration 0016): the LTV last seen and when, the margin call under way, the calls sent. */
  ltv_bp: string | null;
  ltv_at: string | null;
  margin_call_at: string | null;
  margin_call_ltv_bp: string | null;
  margin_calls: number;
  /** A liquidated loan's figures (all null otherwise). */
  liquidated_at: string | null;
  liquidation_rate: string | null;
  liquidation_converted: string | null;
  liquidation_returned: string | null;
  liquidation_interest: string | null;
  liquidation_fee: string | null;
  liquidation_shortfall: string | null;
  /** Partial repayments (migration 0018): the principal and the interest they paid, and the days of interest paid for. */
  principal_repaid: string;
  interest_repaid: string;
  interest_days_paid: number;
}

export const PRODUCT_COLUMNS = sql`id, type, asset, days, daily_ppm::text, min_amount::text, max_amount::text, active`;
/** A loan's columns, of the table under `alias`. */
export const loanColumns = (alias: string) =>
  sql.raw(
    ['id::text', 'user_id', 'type', 'asset', 'amount::text', 'days', 'daily_ppm::text', 'interest::text', 'total::text', 'collateral::text', 'collateral_asset', 'status',
      'full_name', 'id_type', 'id_number', 'front_document::text', 'back_document::text', 'reason', 'repay_reason', 'created_at', 'decided_at', 'due_at',
      'repay_requested_at', 'repaid_at', 'repay_interest::text', 'ltv_bp::text', 'ltv_at', 'margin_call_at', 'margin_call_ltv_bp::text', 'margin_calls',
      'liquidated_at', 'liquidation_rate::text', 'liquidation_converted::text', 'liquidation_returned::text', 'liquidation_interest::text',
      'liquidation_fee::text', 'liquidation_shortfall::text', 'old_rule',
      'principal_repaid::text', 'interest_repaid::text', 'interest_days_paid'].map((column) => `${alias}.${column}`).join(', '),
  );
export const LOAN_COLUMNS = loanColumns('loans');

export function assetOf(value: string): Asset {
  if (!isAsset(value)) throw new Error(`unknown asset: ${value}`);
  return value;
}

export const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export function productOf(row: ProductRow): LoanProduct {
  const asset = assetOf(row.asset);
  return {
    id: row.id,
    type: row.type,
    asset,
    days: row.days,
    dailyRate: rateText(BigInt(row.daily_ppm)),
    apr: aprText(BigInt(row.daily_ppm)),
    minAmount: toDecimalString(BigInt(row.min_amount), asset),
    maxAmount: toDecimalString(BigInt(row.max_amount), asset),
  };
}

/** All but the last 4 characters hidden. */
function maskedIdNumber(value: string): string {
  const compact = value.replace(/\s/g, '');
  return `${'•'.repeat(Math.max(0, compact.length - 4))}${compact.slice(-4)}`;
}

export function loanOf(row: LoanRow): Loan {
  const asset = assetOf(row.asset);
  const money = (value: string) => toDecimalString(BigInt(value), asset);
  const collateralAsset = row.collateral_asset === null ? null : assetOf(row.collateral_asset);
  return {
    id: Number(row.id),
    loanNo: loanNo(Number(row.id)),
    type: row.type,
    asset,
    amount: money(row.amount),
    days: row.days,
    dailyRate: rateText(BigInt(row.daily_ppm)),
    apr: aprText(BigInt(row.daily_ppm)),
    interest: money(row.interest),
    total: money(row.total),
    collateral: toDecimalString(BigInt(row.collateral), collateralAsset ?? asset),
    collateralAsset,
    repayInterest: row.repay_interest === null ? null : money(row.repay_interest),
    oldRule: row.old_rule,
    principalLeft: money(principalLeft(row).toString()),
    interestRepaid: money(row.interest_repaid),
    interestDaysPaid: row.interest_days_paid,
    interestFrom: row.decided_at === null ? null : new Date(new Date(row.decided_at).getTime() + row.interest_days_paid * DAY_MS).toISOString(),
    status: row.status,
    ltvBp: row.ltv_bp === null ? null : Number(row.ltv_bp),
    ltvAt: iso(row.ltv_at),
    marginCall: row.margin_call_at === null ? null : { since: iso(row.margin_call_at)!, ltvBp: Number(row.margin_call_ltv_bp) },
    marginCalls: row.margin_calls,
    liquidation:
      row.liquidated_at === null
        ? null
        : {
            at: iso(row.liquidated_at)!,
            rate: toDecimalString(BigInt(row.liquidation_rate!), 'USDT'),
            converted: toDecimalString(BigInt(row.liquidation_converted!), collateralAsset ?? asset),
            returned: toDecimalString(BigInt(row.liquidation_returned!), collateralAsset ?? asset),
            interest: money(row.liquidation_interest!),
            fee: money(row.liquidation_fee!),
            shortfall: money(row.liquidation_shortfall!),
          },
    fullName: row.full_name,
    idType: row.id_type,
    idNumber: maskedIdNumber(row.id_number),
    documents: row.back_document === null ? ['front'] : ['front', 'back'],
    reason: row.reason,
    repayReason: row.repay_reason,
    createdAt: iso(row.created_at)!,
    decidedAt: iso(row.decided_at),
    dueAt: iso(row.due_at),
    repayRequestedAt: iso(row.repay_requested_at),
    repaidAt: iso(row.repaid_at),
  };
}


export const plain = (minor: bigint, asset: Asset) => toDecimalString(minor, asset).replace(/\.?0+$/, '');

export interface OperatorLoan extends Loan {
  userId: string;
  username: string;
}

export async function openLoanOf(executor: Db | Tx, userId: string): Promise<LoanRow | null> {
  const [row] = await rowsOf<LoanRow>(
    executor,
    sql`SELECT ${LOAN_COLUMNS} FROM loans WHERE user_id = ${userId} AND status IN ('pending', 'approved', 'repaying', 'failed')`,
  );
  return row ?? null;
}

export async function available(executor: Db | Tx, userId: string): Promise<Record<Asset, bigint>> {
  return (await balancesByPurpose(executor, userId, ['available'])).available;
}

/** Locks a loan for a change; another user's loan is as unknown as a missing one. */
export async function lockLoan(tx: Tx, id: number, userId?: string): Promise<LoanRow> {
  const [row] = await rowsOf<LoanRow>(
    tx,
    sql`SELECT ${LOAN_COLUMNS} FROM loans WHERE id = ${id} ${userId === undefined ? sql`` : sql`AND user_id = ${userId}`} FOR UPDATE`,
  );
  if (!row) throw new AppError('loan.notFound', 404);
  return row;
}

export async function reread(tx: Tx, id: number | string): Promise<Loan> {
  const [row] = await rowsOf<LoanRow>(tx, sql`SELECT ${LOAN_COLUMNS} FROM loans WHERE id = ${id}`);
  return loanOf(row);
}

/** Across assets: the collateral in the other asset. */
export const acrossAssets = (row: LoanRow): boolean => row.collateral_asset !== null && row.collateral_asset !== row.asset;

/** The principal not yet repaid: the amount less what partial repayments paid of it. */
export const principalLeft = (row: LoanRow): bigint => BigInt(row.amount) - BigInt(row.principal_repaid);

/**
 * What a loan across assets owes at `at`: its principal left and the interest so far (the started
 * days since the payout, at most the period, not yet paid for by a partial repayment, on the
 * principal left; src/domain/ltv.ts), and the days used so far. The one place this is computed:
 * the LTV watch (its LTV, margin calls and liquidations), the LTV shown, an early
 * repayment and a partial repayment all take it from here.
 */
export function owedSoFar(row: LoanRow, at: Date): { principal: bigint; interest: bigint; total: bigint; days: number } {
  const principal = principalLeft(row);
  const { days, interest } = interestOwed(principal, BigInt(row.daily_ppm), row.days, new Date(row.decided_at!), row.interest_days_paid, at);
  return { principal, interest, total: principal + interest, days };
}

/**
 * What a repayment holds and then takes: the principal left and the interest of the days used
 * across assets (fixed when asked), else the amount and the interest fixed at application.
 */
export function repayFigures(row: LoanRow): { principal: bigint; interest: bigint; total: bigint } {
  const principal = principalLeft(row);
  const interest = BigInt(row.repay_interest ?? row.interest);
  return { principal, interest, total: principal + interest };
}

/** How many postings of `kind` a loan has had: the number of the next attempt of a step that may repeat. */
export async function postingsOf(tx: Tx, row: LoanRow, kind: TransferKind): Promise<string> {
  return (await rowsOf<{ n: string }>(tx, sql`SELECT count(*)::text AS n FROM ledger_transfers WHERE reference = ${`loan:${row.id}`} AND kind = ${kind}`))[0].n;
}

/**
 * Ends a principal loan of the old rule (docs/loans.md, "Ending the old principal loans"), at the
 * borrower's repayment or an operator's confirmation of one: without interest, its collateral — the
 * payout itself — back to the platform's loans account, nothing taken from the borrower's
 * available balance, and a repayment already held returned in full. The borrower ends where they
 * were before the loan.
 */
export async function endOldLoan(tx: Tx, row: LoanRow, at: Date, operatorId: string | null): Promise<void> {
  const userId = row.user_id;
  const held = row.status === 'repaying' ? repayFigures(row).total : 0n;
  await postTransfers(tx, [
    ...(held > 0n
      ? [leg(row, `repay-release:${await postingsOf(tx, row, 'loan_repay_release')}`, at, operatorId, { debit: { userId, purpose: 'held' }, credit: { userId, purpose: 'available' }, amount: held, kind: 'loan_repay_release' })]
      : []),
    leg(row, 'payout-return', at, operatorId, { debit: { userId, purpose: 'collateral' }, credit: { platform: 'loans' }, amount: BigInt(row.collateral), kind: 'loan_payout_return' }),
  ]);
  await tx.execute(
    sql`UPDATE loans SET status = 'repaid', repay_interest = 0, repay_reason = NULL, repay_requested_at = coalesce(repay_requested_at, ${at.toISOString()}::timestamptz),
        repaid_at = ${at.toISOString()}::timestamptz, ended_at = ${at.toISOString()}::timestamptz WHERE id = ${row.id}`,
  );
}

/** The postings of a loan, named by it: `loan:<id>:<step>`. */
export const leg = (row: LoanRow, step: string, at: Date, operatorId: string | null, fields: Pick<TransferInput, 'debit' | 'credit' | 'amount' | 'kind'>): TransferInput => ({
  ...fields,
  asset: assetOf(row.asset),
  reference: `loan:${row.id}`,
  idempotencyKey: `loan:${row.id}:${step}`,
  operatorId,
  at,
});
