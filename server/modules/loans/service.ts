/**
 * Loans (docs/loans.md). A user uploads identity images one by one (JPG, PNG or HEIC by
 * content, ≤ 2 MB), then applies with the images' ids: the figures are fixed at application.
 * An operator approves (paid out from the platform's loans account; a principal loan also holds
 * its amount from the balance as collateral) or rejects (with a reason, or none). "Repay now"
 * holds the total from the balance and waits for review; the operator confirms (principal back to
 * the loans account, interest to fees, collateral released) or refuses (the hold returns: failed).
 * One loan not yet ended per user. Identity images are read only by their owner and operators,
 * and removed a stated time after their loan ended (unused ones after a day).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import {
  aprText,
  LOAN_DOCUMENT_MAX_BYTES,
  LOAN_DOCUMENT_TYPES,
  loanFigures,
  loanNo,
  needsBack,
  principalRange,
  PRINCIPAL_MAX_PERCENT,
  PRINCIPAL_MIN_PERCENT,
  type IdType,
  type Loan,
  type LoanApplyInput,
  type LoanConfig,
  type LoanProduct,
  type LoanStatus,
  type LoanType,
} from '../../../src/domain/loan';
import { ASSET_CODES, isAsset, toDecimalString, type Asset } from '../../../src/domain/money';
import { rateText } from '../../../src/domain/pledge';
import type { Page } from '../../../src/domain/wire';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf, uniqueViolation } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { amountOrRefusal, Refusal } from '../../errors';
import { recordAudit, type AuditActor } from '../../ledger/audit';
import { postTransfers, type TransferInput } from '../../ledger/transfers';
import { ImageStore, type CheckedImage } from '../../storage/image-store';

const DAY_MS = 24 * 3600 * 1000;
/** An uploaded image no application took is removed after this long. */
const UNUSED_DOCUMENT_MS = DAY_MS;

export function loanDocumentStoreOf(config: { uploadsDir: string }): ImageStore {
  return new ImageStore(path.join(config.uploadsDir, 'identity'), {
    maxBytes: LOAN_DOCUMENT_MAX_BYTES,
    emptyKey: 'loan.documentRequired',
    extensions: LOAN_DOCUMENT_TYPES,
  });
}

interface ProductRow {
  id: number;
  type: LoanType;
  asset: string;
  days: number;
  daily_ppm: string;
  min_amount: string;
  max_amount: string;
  active: boolean;
}

interface LoanRow {
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
}

const PRODUCT_COLUMNS = sql`id, type, asset, days, daily_ppm::text, min_amount::text, max_amount::text, active`;
/** A loan's columns, of the table under `alias`. */
const loanColumns = (alias: string) =>
  sql.raw(
    ['id::text', 'user_id', 'type', 'asset', 'amount::text', 'days', 'daily_ppm::text', 'interest::text', 'total::text', 'collateral::text', 'status',
      'full_name', 'id_type', 'id_number', 'front_document::text', 'back_document::text', 'reason', 'repay_reason', 'created_at', 'decided_at', 'due_at',
      'repay_requested_at', 'repaid_at'].map((column) => `${alias}.${column}`).join(', '),
  );
const LOAN_COLUMNS = loanColumns('loans');

function assetOf(value: string): Asset {
  if (!isAsset(value)) throw new Error(`unknown asset: ${value}`);
  return value;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function productOf(row: ProductRow): LoanProduct {
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

function loanOf(row: LoanRow): Loan {
  const asset = assetOf(row.asset);
  const money = (value: string) => toDecimalString(BigInt(value), asset);
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
    collateral: money(row.collateral),
    status: row.status,
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


const plain = (minor: bigint, asset: Asset) => toDecimalString(minor, asset).replace(/\.?0+$/, '');

export interface OperatorLoan extends Loan {
  userId: string;
  username: string;
}

export function createLoans(db: Db, clock: Clock, documents: ImageStore) {
  async function openLoanOf(executor: Db | Tx, userId: string): Promise<LoanRow | null> {
    const [row] = await rowsOf<LoanRow>(
      executor,
      sql`SELECT ${LOAN_COLUMNS} FROM loans WHERE user_id = ${userId} AND status IN ('pending', 'approved', 'repaying', 'failed')`,
    );
    return row ?? null;
  }

  async function available(executor: Db | Tx, userId: string): Promise<Record<Asset, bigint>> {
    const rows = await rowsOf<{ asset: string; balance: string }>(
      executor,
      sql`SELECT asset, balance::text FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = ${userId} AND purpose = 'available'`,
    );
    return Object.fromEntries(ASSET_CODES.map((asset) => [asset, BigInt(rows.find((row) => row.asset === asset)?.balance ?? '0')])) as Record<Asset, bigint>;
  }

  /** Locks a loan for a change; another user's loan is as unknown as a missing one. */
  async function lockLoan(tx: Tx, id: number, userId?: string): Promise<LoanRow> {
    const [row] = await rowsOf<LoanRow>(
      tx,
      sql`SELECT ${LOAN_COLUMNS} FROM loans WHERE id = ${id} ${userId === undefined ? sql`` : sql`AND user_id = ${userId}`} FOR UPDATE`,
    );
    if (!row) throw new AppError('loan.notFound', 404);
    return row;
  }

  async function reread(tx: Tx, id: number | string): Promise<Loan> {
    const [row] = await rowsOf<LoanRow>(tx, sql`SELECT ${LOAN_COLUMNS} FROM loans WHERE id = ${id}`);
    return loanOf(row);
  }

  /** The postings of a loan, named by it: `loan:<id>:<step>`. */
  const leg = (row: LoanRow, step: string, at: Date, operatorId: string | null, fields: Pick<TransferInput, 'debit' | 'credit' | 'amount' | 'kind'>): TransferInput => ({
    ...fields,
    asset: assetOf(row.asset),
    reference: `loan:${row.id}`,
    idempotencyKey: `loan:${row.id}:${step}`,
    operatorId,
    at,
  });

  return {
    /** GET /loan/config: the terms on offer, the wallet balance, the loan not yet ended. */
    async config(userId: string): Promise<LoanConfig> {
      const [products, balances, open] = await Promise.all([
        rowsOf<ProductRow>(db, sql`SELECT ${PRODUCT_COLUMNS} FROM loan_products WHERE active ORDER BY type, days, id`),
        available(db, userId),
        openLoanOf(db, userId),
      ]);
      return {
        products: products.map(productOf),
        available: Object.fromEntries(ASSET_CODES.map((asset) => [asset, toDecimalString(balances[asset], asset)])) as Record<Asset, string>,
        principalMinPercent: Number(PRINCIPAL_MIN_PERCENT),
        principalMaxPercent: Number(PRINCIPAL_MAX_PERCENT),
        open: open ? loanOf(open) : null,
      };
    },

    /** POST /loan/document: one identity image, checked by its bytes; its id for the application. */
    async addDocument(userId: string, image: CheckedImage): Promise<{ id: number }> {
      const file = await documents.write(image);
      try {
        const [row] = await rowsOf<{ id: string }>(
          db,
          sql`INSERT INTO loan_documents (user_id, file, created_at) VALUES (${userId}, ${file}, ${clock().toISOString()}::timestamptz) RETURNING id::text`,
        );
        return { id: Number(row.id) };
      } catch (error) {
        await documents.remove(file);
        throw error;
      }
    },

    /** POST /loan/apply: the checks of the product's rules, then the application with its figures. */
    async apply(userId: string, input: LoanApplyInput): Promise<Loan> {
      const at = clock();
      return inTransaction(db, async (tx) => {
        const [product] = await rowsOf<ProductRow>(tx, sql`SELECT ${PRODUCT_COLUMNS} FROM loan_products WHERE id = ${input.productId}`);
        if (!product?.active) throw new Refusal('loan.configNotFound', 404);
        if (await openLoanOf(tx, userId)) throw new Refusal('loan.openExists', 409);
        const asset = assetOf(product.asset);
        const amount = amountOrRefusal(input.amount, asset);
        const minimum = BigInt(product.min_amount);
        if (product.type === 'credit') {
          const maximum = BigInt(product.max_amount);
          if (amount < minimum || amount > maximum) {
            throw new Refusal('loan.amountOutOfRange', 400, { params: { min: plain(minimum, asset), max: plain(maximum, asset), asset }, field: 'amount' });
          }
        } else {
          const balance = (await available(tx, userId))[asset];
          const range = principalRange(balance);
          const low = range.min > minimum ? range.min : minimum;
          if (range.max < low || amount > balance) throw new Refusal('balance.insufficient', 400, { field: 'amount' });
          if (amount < low || amount > range.max) {
            throw new Refusal('loan.principalRange', 400, { params: { min: plain(low, asset), max: plain(range.max, asset), asset }, field: 'amount' });
          }
        }
        if (needsBack(input.idType) && input.backDocument === undefined) throw new Refusal('loan.backRequired', 400, { field: 'backDocument' });
        const wanted = needsBack(input.idType) ? [input.frontDocument, input.backDocument!] : [input.frontDocument];
        if (new Set(wanted).size !== wanted.length) throw new Refusal('loan.documentInvalid', 400, { field: 'backDocument' });
        // The user's own images, not taken by another application.
        const mine = await rowsOf<{ id: string }>(
          tx,
          sql`SELECT id::text FROM loan_documents WHERE user_id = ${userId} AND loan_id IS NULL AND id IN (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)}) FOR UPDATE`,
        );
        if (mine.length !== wanted.length) throw new Refusal('loan.documentInvalid', 400, { field: 'frontDocument' });
        const { interest, total } = loanFigures(amount, BigInt(product.daily_ppm), product.days);
        let id: string;
        try {
          [{ id }] = await rowsOf<{ id: string }>(
            tx,
            sql`INSERT INTO loans (user_id, product_id, type, asset, amount, days, daily_ppm, interest, total, collateral, status,
                                   full_name, id_type, id_number, front_document, back_document, created_at)
                VALUES (${userId}, ${product.id}, ${product.type}, ${asset}, ${amount.toString()}::bigint, ${product.days}, ${product.daily_ppm}::bigint,
                        ${interest.toString()}::bigint, ${total.toString()}::bigint, ${product.type === 'principal' ? amount.toString() : '0'}::bigint, 'pending',
                        ${input.fullName}, ${input.idType}, ${input.idNumber.replace(/\s+/g, ' ')}, ${input.frontDocument},
                        ${needsBack(input.idType) ? input.backDocument! : null}, ${at.toISOString()}::timestamptz)
                RETURNING id::text`,
          );
        } catch (error) {
          if (uniqueViolation(error) === 'loans_one_open') throw new Refusal('loan.openExists', 409);
          throw error;
        }
        await tx.execute(sql`UPDATE loan_documents SET loan_id = ${id} WHERE id IN (${sql.join(wanted.map((doc) => sql`${doc}`), sql`, `)})`);
        return reread(tx, id);
      });
    },

    /** GET /loan/list: the user's loans, newest first, of one status or all. */
    async loansOf(userId: string, status: LoanStatus | undefined, page: number, pageSize: number): Promise<Page<Loan>> {
      const where = status ? sql`user_id = ${userId} AND status = ${status}` : sql`user_id = ${userId}`;
      const [rows, [{ total }]] = await Promise.all([
        rowsOf<LoanRow>(db, sql`SELECT ${LOAN_COLUMNS} FROM loans WHERE ${where} ORDER BY id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
        rowsOf<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM loans WHERE ${where}`),
      ]);
      return { list: rows.map(loanOf), total: Number(total), page, pageSize };
    },

    /** GET /loan/detail: one of the user's loans; another's is loan.notFound. */
    async loanOf(userId: string, id: number): Promise<Loan> {
      const [row] = await rowsOf<LoanRow>(db, sql`SELECT ${LOAN_COLUMNS} FROM loans WHERE id = ${id} AND user_id = ${userId}`);
      if (!row) throw new AppError('loan.notFound', 404);
      return loanOf(row);
    },

    /** An identity image of a loan: for its owner (userId given) or an operator (none). */
    async document(id: number, side: 'front' | 'back', userId?: string): Promise<{ bytes: Buffer; mime: string }> {
      const [row] = await rowsOf<{ file: string }>(
        db,
        sql`SELECT d.file FROM loans l JOIN loan_documents d ON d.id = ${side === 'front' ? sql`l.front_document` : sql`l.back_document`}
            WHERE l.id = ${id} ${userId === undefined ? sql`` : sql`AND l.user_id = ${userId}`}`,
      );
      const image = row ? await documents.read(row.file) : null;
      if (!image) throw new AppError('loan.notFound', 404);
      return image;
    },

    /** POST /loan/repay, inside the payment's transaction: the total is held and waits for review. */
    async repay(tx: Tx, userId: string, id: number, at: Date): Promise<Loan> {
      const row = await lockLoan(tx, id, userId);
      if (row.status !== 'approved' && row.status !== 'failed') throw new Refusal('loan.notRepayable', 409);
      const attempt = (await rowsOf<{ n: string }>(tx, sql`SELECT count(*)::text AS n FROM ledger_transfers WHERE reference = ${`loan:${row.id}`} AND kind = 'loan_repay_hold'`))[0].n;
      await postTransfers(tx, [
        leg(row, `repay-hold:${attempt}`, at, null, { debit: { userId, purpose: 'available' }, credit: { userId, purpose: 'held' }, amount: BigInt(row.total), kind: 'loan_repay_hold' }),
      ]).catch((error: unknown) => {
        if (error instanceof AppError && error.key === 'balance.insufficient') throw new Refusal('balance.insufficient', 400);
        throw error;
      });
      await tx.execute(sql`UPDATE loans SET status = 'repaying', repay_requested_at = ${at.toISOString()}::timestamptz, repay_reason = NULL WHERE id = ${row.id}`);
      return reread(tx, row.id);
    },

    // ---- operators ----------------------------------------------------------------------------

    async list(status: LoanStatus | undefined, page: number, pageSize: number): Promise<Page<OperatorLoan>> {
      const where = status ? sql`l.status = ${status}` : sql`true`;
      const [rows, [{ total }]] = await Promise.all([
        rowsOf<LoanRow & { username: string }>(
          db,
          sql`SELECT ${loanColumns('l')}, u.username
              FROM loans l JOIN users u ON u.id = l.user_id WHERE ${where} ORDER BY l.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
        ),
        rowsOf<{ total: string }>(db, sql`SELECT count(*)::text AS total FROM loans l WHERE ${where}`),
      ]);
      return { list: rows.map((row) => ({ ...loanOf(row), userId: row.user_id, username: row.username })), total: Number(total), page, pageSize };
    },

    /** Approves an application: paid out; a principal loan's collateral held from the balance. */
    async approve(id: number, actor: AuditActor): Promise<Loan> {
      return inTransaction(db, async (tx) => {
        const row = await lockLoan(tx, id);
        if (row.status !== 'pending') throw new AppError('ops.alreadyDecided', 409);
        const userId = row.user_id;
        const amount = BigInt(row.amount);
        const legs = [leg(row, 'disburse', actor.at, actor.operatorId, { debit: { platform: 'loans' }, credit: { userId, purpose: 'available' }, amount, kind: 'loan_disburse' })];
        const collateral = BigInt(row.collateral);
        if (collateral > 0n) {
          legs.push(leg(row, 'collateral', actor.at, actor.operatorId, { debit: { userId, purpose: 'available' }, credit: { userId, purpose: 'collateral' }, amount: collateral, kind: 'loan_collateral' }));
        }
        await postTransfers(tx, legs);
        const due = new Date(actor.at.getTime() + row.days * DAY_MS);
        await tx.execute(
          sql`UPDATE loans SET status = 'approved', operator_id = ${actor.operatorId}, decided_at = ${actor.at.toISOString()}::timestamptz, due_at = ${due.toISOString()}::timestamptz
              WHERE id = ${row.id}`,
        );
        await recordAudit(tx, actor, { action: 'loan.approve', subject: `loan:${row.id}`, userId, details: { amount: toDecimalString(amount, assetOf(row.asset)), type: row.type } });
        return reread(tx, row.id);
      });
    },

    /** Rejects an application, with the reason the user reads (or none: the app says so). */
    async reject(id: number, reason: string | undefined, actor: AuditActor): Promise<Loan> {
      return inTransaction(db, async (tx) => {
        const row = await lockLoan(tx, id);
        if (row.status !== 'pending') throw new AppError('ops.alreadyDecided', 409);
        await tx.execute(
          sql`UPDATE loans SET status = 'rejected', reason = ${reason || null}, operator_id = ${actor.operatorId}, decided_at = ${actor.at.toISOString()}::timestamptz,
              ended_at = ${actor.at.toISOString()}::timestamptz WHERE id = ${row.id}`,
        );
        await recordAudit(tx, actor, { action: 'loan.reject', subject: `loan:${row.id}`, userId: row.user_id, reason: reason || null });
        return reread(tx, row.id);
      });
    },

    /** Confirms a repayment: principal back to the loans account, interest to fees, collateral released. */
    async confirmRepayment(id: number, actor: AuditActor): Promise<Loan> {
      return inTransaction(db, async (tx) => {
        const row = await lockLoan(tx, id);
        if (row.status !== 'repaying') throw new AppError('ops.alreadyDecided', 409);
        const userId = row.user_id;
        const interest = BigInt(row.interest);
        const collateral = BigInt(row.collateral);
        await postTransfers(tx, [
          leg(row, 'repay', actor.at, actor.operatorId, { debit: { userId, purpose: 'held' }, credit: { platform: 'loans' }, amount: BigInt(row.amount), kind: 'loan_repay' }),
          ...(interest > 0n ? [leg(row, 'interest', actor.at, actor.operatorId, { debit: { userId, purpose: 'held' }, credit: { platform: 'fees' }, amount: interest, kind: 'loan_interest' })] : []),
          ...(collateral > 0n
            ? [leg(row, 'collateral-release', actor.at, actor.operatorId, { debit: { userId, purpose: 'collateral' }, credit: { userId, purpose: 'available' }, amount: collateral, kind: 'loan_collateral_release' })]
            : []),
        ]);
        await tx.execute(
          sql`UPDATE loans SET status = 'repaid', repaid_at = ${actor.at.toISOString()}::timestamptz, ended_at = ${actor.at.toISOString()}::timestamptz WHERE id = ${row.id}`,
        );
        await recordAudit(tx, actor, { action: 'loan.repaid', subject: `loan:${row.id}`, userId, details: { total: toDecimalString(BigInt(row.total), assetOf(row.asset)) } });
        return reread(tx, row.id);
      });
    },

    /** Refuses a repayment: its hold returns to the balance, the loan shows "repayment failed" with the reason. */
    async refuseRepayment(id: number, reason: string | undefined, actor: AuditActor): Promise<Loan> {
      const text = reason?.trim() ?? '';
      if (text.length < 3) throw new AppError('ops.reasonRequired', 400);
      return inTransaction(db, async (tx) => {
        const row = await lockLoan(tx, id);
        if (row.status !== 'repaying') throw new AppError('ops.alreadyDecided', 409);
        const attempt = (await rowsOf<{ n: string }>(tx, sql`SELECT count(*)::text AS n FROM ledger_transfers WHERE reference = ${`loan:${row.id}`} AND kind = 'loan_repay_release'`))[0].n;
        await postTransfers(tx, [
          leg(row, `repay-release:${attempt}`, actor.at, actor.operatorId, {
            debit: { userId: row.user_id, purpose: 'held' },
            credit: { userId: row.user_id, purpose: 'available' },
            amount: BigInt(row.total),
            kind: 'loan_repay_release',
          }),
        ]);
        await tx.execute(sql`UPDATE loans SET status = 'failed', repay_reason = ${text} WHERE id = ${row.id}`);
        await recordAudit(tx, actor, { action: 'loan.repayRefused', subject: `loan:${row.id}`, userId: row.user_id, reason: text });
        return reread(tx, row.id);
      });
    },

    /**
     * Removes identity images no longer needed: an upload no application took after a day, and
     * the images of a loan `retentionDays` after it ended (repaid or rejected).
     */
    async purgeDocuments(retentionDays: number): Promise<number> {
      const now = clock().getTime();
      const gone = await rowsOf<{ id: string; file: string }>(
        db,
        sql`SELECT d.id::text, d.file FROM loan_documents d LEFT JOIN loans l ON l.id = d.loan_id
            WHERE (d.loan_id IS NULL AND d.created_at < ${new Date(now - UNUSED_DOCUMENT_MS).toISOString()}::timestamptz)
               OR (l.ended_at IS NOT NULL AND l.ended_at < ${new Date(now - retentionDays * DAY_MS).toISOString()}::timestamptz AND d.file <> '')
            LIMIT 1000`,
      );
      for (const row of gone) {
        await documents.remove(row.file);
        // A loan's row keeps naming its documents; the file is gone and the name with it.
        await db.execute(sql`UPDATE loan_documents SET file = '' WHERE id = ${row.id}`);
      }
      await db.execute(sql`DELETE FROM loan_documents d WHERE d.file = '' AND d.loan_id IS NULL`);
      return gone.length;
    },
  };
}

export type Loans = ReturnType<typeof createLoans>;
