/**
 * The borrower's side of loans (docs/loans.md): the terms on offer, identity images, the
 * application, the user's loans and "repay now".
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import {
  LOAN_PENDING_DOCUMENTS_MAX,
  loanFigures,
  needsBack,
  type Loan,
  type LoanApplyInput,
  type LoanConfig,
  type LoanStatus,
} from '../../../src/domain/loan';
import { collateralAssetOf, collateralRange, LTV_MAX_BP, LTV_MIN_BP, LTV_SETTING_BOUNDS, ltvAllowed } from '../../../src/domain/ltv';
import { ASSET_CODES, percentText, toDecimalString, type Asset } from '../../../src/domain/money';
import type { Page } from '../../../src/domain/wire';
import type { Tx } from '../../db/client';
import { rowsOf, uniqueViolation } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { amountOrRefusal, Refusal } from '../../errors';
import { postTransfers } from '../../ledger/transfers';
import { type CheckedImage } from '../../storage/image-store';
import { readSettings, SETTING_KEYS } from '../settings';
import {
  type ProductRow,
  type LoanRow,
  PRODUCT_COLUMNS,
  LOAN_COLUMNS,
  assetOf,
  productOf,
  loanOf,
  plain,
  openLoanOf,
  available,
  lockLoan,
  reread,
  leg,
  acrossAssets,
  referenceRate,
  endOldLoan,
  owedSoFar,
  postingsOf,
  type LoansDeps,
} from './rows';
import { recordStanding, watchTerms } from './watch';

export function borrowerCalls({ db, clock, documents }: LoansDeps) {
  return {
    /** GET /loan/config: the terms on offer, the wallet balance, the loan not yet ended. */
    async config(userId: string): Promise<LoanConfig> {
      const [products, balances, open, rate, [marginCall, liquidation, fee]] = await Promise.all([
        rowsOf<ProductRow>(db, sql`SELECT ${PRODUCT_COLUMNS} FROM loan_products WHERE active ORDER BY type, days, id`),
        available(db, userId),
        openLoanOf(db, userId),
        referenceRate(db),
        readSettings(db, [SETTING_KEYS.loanMarginCallLtv, SETTING_KEYS.loanLiquidationLtv, SETTING_KEYS.loanLiquidationFeePercent]),
      ]);
      return {
        products: products.map(productOf),
        available: Object.fromEntries(ASSET_CODES.map((asset) => [asset, toDecimalString(balances[asset], asset)])) as Record<Asset, string>,
        open: open ? loanOf(open) : null,
        acrossAssets: {
          // Millionths shown with six decimals, as the rate setting is written: "0.920000".
          rate: toDecimalString(rate, 'USDT'),
          minLtv: percentText(LTV_MIN_BP),
          maxLtv: percentText(LTV_MAX_BP),
          // Seeded by migration 0013; an operator changes them within their bounds.
          marginCallLtv: marginCall ?? LTV_SETTING_BOUNDS.marginCall.default,
          liquidationLtv: liquidation ?? LTV_SETTING_BOUNDS.liquidation.default,
          liquidationFeePercent: fee ?? LTV_SETTING_BOUNDS.liquidationFee.default,
        },
      };
    },

    /**
     * POST /loan/document: one identity image, checked by its bytes; its id for the application.
     * At most LOAN_PENDING_DOCUMENTS_MAX of the user's images wait for an application at a time
     * (409 loan.documentsPending): nothing else bounds what one user keeps on disk until the
     * clean-up removes the unused ones, a day later.
     */
    async addDocument(userId: string, image: CheckedImage): Promise<{ id: number }> {
      let file: string | null = null;
      try {
        return await inTransaction(db, async (tx) => {
          // One user's uploads one after the other, so that parallel ones cannot pass the limit together.
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`loan_documents:${userId}`}, 0))`);
          const [{ pending }] = await rowsOf<{ pending: number }>(tx, sql`SELECT count(*)::int AS pending FROM loan_documents WHERE user_id = ${userId} AND loan_id IS NULL`);
          if (pending >= LOAN_PENDING_DOCUMENTS_MAX) throw new Refusal('loan.documentsPending', 409, { params: { max: LOAN_PENDING_DOCUMENTS_MAX }, field: 'file' });
          file ??= await documents.write(image);
          const [row] = await rowsOf<{ id: string }>(
            tx,
            sql`INSERT INTO loan_documents (user_id, file, created_at) VALUES (${userId}, ${file}, ${clock().toISOString()}::timestamptz) RETURNING id::text`,
          );
          return { id: Number(row.id) };
        });
      } catch (error) {
        if (file) await documents.remove(file);
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
        // Both kinds: the product's amounts.
        const minimum = BigInt(product.min_amount);
        const maximum = BigInt(product.max_amount);
        if (amount < minimum || amount > maximum) {
          throw new Refusal('loan.amountOutOfRange', 400, { params: { min: plain(minimum, asset), max: plain(maximum, asset), asset }, field: 'amount' });
        }
        // A credit loan has no collateral. A principal loan (docs/loans.md) has the other asset's, at
        // an LTV of 10–80 % at the rate of the day, in the borrower's own balance now; the old kind,
        // held in the loan's own asset, is no longer taken.
        let collateral: { amount: bigint; asset: Asset | null } = { amount: 0n, asset: null };
        if (product.type === 'principal') {
          const collateralAsset = collateralAssetOf(asset);
          if (input.collateralAsset !== collateralAsset || input.collateral === undefined) {
            throw new Refusal('loan.collateralRequired', 400, { params: { asset, other: collateralAsset }, field: input.collateralAsset === collateralAsset ? 'collateral' : 'collateralAsset' });
          }
          collateral = { amount: amountOrRefusal(input.collateral, collateralAsset, 'collateral'), asset: collateralAsset };
          const pair = { loanAsset: asset, collateralAsset, rate: await referenceRate(tx) };
          if (!ltvAllowed(amount, collateral.amount, pair)) {
            const range = collateralRange(amount, pair);
            throw new Refusal('loan.collateralRange', 400, { params: { min: plain(range.min, collateralAsset), max: plain(range.max, collateralAsset), asset: collateralAsset }, field: 'collateral' });
          }
          if ((await available(tx, userId))[collateralAsset] < collateral.amount) throw new Refusal('balance.insufficient', 400, { field: 'collateral' });
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
            sql`INSERT INTO loans (user_id, product_id, type, asset, amount, days, daily_ppm, interest, total, collateral, collateral_asset, status,
                                   full_name, id_type, id_number, front_document, back_document, created_at)
                VALUES (${userId}, ${product.id}, ${product.type}, ${asset}, ${amount.toString()}::bigint, ${product.days}, ${product.daily_ppm}::bigint,
                        ${interest.toString()}::bigint, ${total.toString()}::bigint, ${collateral.amount.toString()}::bigint,
                        ${collateral.asset}, 'pending',
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

    /**
     * POST /loan/collateral/add, inside the payment's transaction: more collateral from the
     * borrower's available balance, in the collateral's asset, lowering the LTV. A loan across
     * assets, paid out and not under a repayment's review.
     */
    async addCollateral(tx: Tx, userId: string, id: number, amountText: string, at: Date): Promise<Loan> {
      const row = await lockLoan(tx, id, userId);
      if (row.status === 'liquidated') throw new Refusal('loan.liquidated', 409);
      if (!acrossAssets(row) || (row.status !== 'approved' && row.status !== 'failed')) throw new Refusal('loan.collateralNotAddable', 409);
      const asset = assetOf(row.collateral_asset!);
      const amount = amountOrRefusal(amountText, asset);
      const added = await postingsOf(tx, row, 'loan_collateral');
      await postTransfers(tx, [
        { ...leg(row, `collateral-add:${added}`, at, null, { debit: { userId, purpose: 'available' }, credit: { userId, purpose: 'collateral' }, amount, kind: 'loan_collateral' }), asset },
      ]).catch((error: unknown) => {
        if (error instanceof AppError && error.key === 'balance.insufficient') throw new Refusal('balance.insufficient', 400, { field: 'amount' });
        throw error;
      });
      await tx.execute(sql`UPDATE loans SET collateral = collateral + ${amount.toString()}::bigint WHERE id = ${row.id}`);
      // The LTV it lowers, at once: a margin call under way ends when it is back below the threshold.
      await recordStanding(tx, { ...row, collateral: (BigInt(row.collateral) + amount).toString() }, at, await watchTerms(tx));
      return reread(tx, row.id);
    },

    /**
     * POST /loan/repay/part, inside the payment's transaction: the interest so far and `amountText`
     * of the principal, in the loan's asset, from the borrower's available balance (docs/loans.md,
     * "Partial repayment"); interest then runs on the principal left. A loan across assets, paid
     * out and not under a repayment's review; the part less than the principal left.
     */
    async repayPart(tx: Tx, userId: string, id: number, amountText: string, at: Date): Promise<Loan> {
      const row = await lockLoan(tx, id, userId);
      if (row.status === 'liquidated') throw new Refusal('loan.liquidated', 409);
      if (!acrossAssets(row) || (row.status !== 'approved' && row.status !== 'failed')) throw new Refusal('loan.partNotRepayable', 409);
      const asset = assetOf(row.asset);
      const part = amountOrRefusal(amountText, asset);
      const owed = owedSoFar(row, at);
      if (part >= owed.principal) throw new Refusal('loan.partTooLarge', 400, { params: { left: plain(owed.principal, asset), asset }, field: 'amount' });
      const n = await postingsOf(tx, row, 'loan_part_repay');
      await postTransfers(tx, [
        ...(owed.interest > 0n
          ? [leg(row, `part:${n}:interest`, at, null, { debit: { userId, purpose: 'available' }, credit: { platform: 'fees' }, amount: owed.interest, kind: 'loan_part_interest' })]
          : []),
        leg(row, `part:${n}:principal`, at, null, { debit: { userId, purpose: 'available' }, credit: { platform: 'loans' }, amount: part, kind: 'loan_part_repay' }),
      ]).catch((error: unknown) => {
        if (error instanceof AppError && error.key === 'balance.insufficient') throw new Refusal('balance.insufficient', 400, { field: 'amount' });
        throw error;
      });
      await tx.execute(
        sql`UPDATE loans SET principal_repaid = principal_repaid + ${part.toString()}::bigint, interest_repaid = interest_repaid + ${owed.interest.toString()}::bigint,
                             interest_days_paid = ${owed.days}
            WHERE id = ${row.id}`,
      );
      // The LTV it lowers, at once: a margin call under way ends when it is back below the threshold.
      const repaid = { ...row, principal_repaid: (BigInt(row.principal_repaid) + part).toString(), interest_days_paid: owed.days };
      await recordStanding(tx, repaid, at, await watchTerms(tx));
      return reread(tx, row.id);
    },

    /**
     * POST /loan/repay, inside the payment's transaction: the total is held and waits for review.
     * An old principal loan is ended at once instead, without interest (a repayment of it already
     * under review returned in full): docs/loans.md, "Ending the old principal loans".
     */
    async repay(tx: Tx, userId: string, id: number, at: Date): Promise<Loan> {
      const row = await lockLoan(tx, id, userId);
      // Under the loan's row lock: a liquidation that came first ended it (docs/loans.md).
      if (row.status === 'liquidated') throw new Refusal('loan.liquidated', 409);
      if (row.old_rule && (row.status === 'approved' || row.status === 'failed' || row.status === 'repaying')) {
        await endOldLoan(tx, row, at, null);
        return reread(tx, row.id);
      }
      if (row.status !== 'approved' && row.status !== 'failed') throw new Refusal('loan.notRepayable', 409);
      const attempt = await postingsOf(tx, row, 'loan_repay_hold');
      // Across assets: the principal left and the interest of the days used since the payout
      // (started days, at most the period) not yet paid by a partial repayment.
      const owed = acrossAssets(row) ? owedSoFar(row, at) : null;
      const interest = owed?.interest ?? null;
      const total = owed?.total ?? BigInt(row.total);
      await postTransfers(tx, [
        leg(row, `repay-hold:${attempt}`, at, null, { debit: { userId, purpose: 'available' }, credit: { userId, purpose: 'held' }, amount: total, kind: 'loan_repay_hold' }),
      ]).catch((error: unknown) => {
        if (error instanceof AppError && error.key === 'balance.insufficient') throw new Refusal('balance.insufficient', 400);
        throw error;
      });
      await tx.execute(
        sql`UPDATE loans SET status = 'repaying', repay_requested_at = ${at.toISOString()}::timestamptz, repay_reason = NULL, repay_interest = ${interest?.toString() ?? null}::bigint
            WHERE id = ${row.id}`,
      );
      return reread(tx, row.id);
    },
  };
}
