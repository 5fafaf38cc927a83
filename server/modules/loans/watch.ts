/**
 * The LTV watch of principal loans across assets (docs/loans.md, "Steps and postings"). Each open
 * loan across assets (approved, or its repayment refused; not `repaying`, whose debt is held) is
 * valued at the reference rate: what it owes (principal + interest so far, `owedSoFar`) over its
 * collateral's value.
 *
 * - At or past the margin-call LTV: the borrower is told once (push, e-mail, `marginCall` on the
 *   Loan); once the LTV is back below, the call ends, and a new crossing tells them again.
 * - At or past the liquidation LTV: just enough collateral is converted at the rate to repay the
 *   principal, the interest so far and the fee, in one posting; the rest goes back to available;
 *   the loan is `liquidated`, with its figures, an audit row, and the borrower told.
 *
 * Every decision is taken again under the loan's row lock, in the transaction that writes it: a
 * repayment racing a liquidation finds the loan liquidated, or the watch finds it `repaying` and
 * leaves it; two processes running the watch at once change nothing twice (the second finds done
 * what the first did). The notices go once their transaction has committed.
 */
import { sql } from 'drizzle-orm';
import { loanNo } from '../../../src/domain/loan';
import { liquidation, ltvAtLeast, ltvBp, LTV_SETTING_BOUNDS, type Pair } from '../../../src/domain/ltv';
import { parseFeePercent, percentText, toDecimalString } from '../../../src/domain/money';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inTransaction } from '../../db/transaction';
import { recordAudit } from '../../ledger/audit';
import { postTransfers, type TransferInput } from '../../ledger/transfers';
import type { Mailer } from '../mailer';
import type { createPush } from '../push';
import { readSettings, SETTING_KEYS } from '../settings';
import { loanNotice, type LoanNotice, type LoanNoticeFigures } from './notices';
import { assetOf, leg, LOAN_COLUMNS, lockLoan, owedSoFar, referenceRate, type LoanRow } from './rows';

/** What the watch values loans with: the reference rate and the operators' thresholds and fee (hundredths of a percent). */
export interface WatchTerms {
  rate: bigint;
  marginCallBp: bigint;
  liquidationBp: bigint;
  feeBp: bigint;
}

const percentSetting = (text: string | null, fallback: string) => parseFeePercent(text ?? fallback) ?? parseFeePercent(fallback)!;

/** The rate and the settings now (seeded by migration 0013; an operator changes them within their bounds). */
export async function watchTerms(executor: Db | Tx): Promise<WatchTerms> {
  const [rate, [marginCall, liquidationLtv, fee]] = await Promise.all([
    referenceRate(executor),
    readSettings(executor, [SETTING_KEYS.loanMarginCallLtv, SETTING_KEYS.loanLiquidationLtv, SETTING_KEYS.loanLiquidationFeePercent]),
  ]);
  return {
    rate,
    marginCallBp: percentSetting(marginCall, LTV_SETTING_BOUNDS.marginCall.default),
    liquidationBp: percentSetting(liquidationLtv, LTV_SETTING_BOUNDS.liquidation.default),
    feeBp: percentSetting(fee, LTV_SETTING_BOUNDS.liquidationFee.default),
  };
}

/** Watched: a loan across assets, paid out, its debt not held by a repayment under review. */
const watched = (row: LoanRow) => (row.status === 'approved' || row.status === 'failed') && row.collateral_asset !== null && row.collateral_asset !== row.asset;

/** A loan's standing at `at`: what it owes, its LTV (rounded up), and whether it is at or past each threshold (exactly). */
export function standing(row: LoanRow, at: Date, terms: WatchTerms) {
  const owed = owedSoFar(row, at);
  const collateral = BigInt(row.collateral);
  const pair: Pair = { loanAsset: assetOf(row.asset), collateralAsset: assetOf(row.collateral_asset!), rate: terms.rate };
  return {
    owed,
    collateral,
    pair,
    ltv: ltvBp(owed.total, collateral, pair),
    called: ltvAtLeast(owed.total, collateral, pair, terms.marginCallBp),
    liquidate: ltvAtLeast(owed.total, collateral, pair, terms.liquidationBp),
  };
}

/**
 * Writes a watched loan's LTV and its margin call's state, under its row lock (`row` read with
 * it): a call ends when the LTV is back below the threshold; with `mayBegin` (the watch, which
 * tells the borrower) one begins when the LTV is at or past it and none is under way — the count
 * goes up and true is returned. Approval and added collateral write the LTV they bring at once.
 */
export async function recordStanding(tx: Tx, row: LoanRow, at: Date, terms: WatchTerms, mayBegin = false): Promise<boolean> {
  const { ltv, called } = standing(row, at, terms);
  const begins = mayBegin && called && row.margin_call_at === null;
  await tx.execute(
    sql`UPDATE loans SET ltv_bp = ${ltv.toString()}::bigint, ltv_at = ${at.toISOString()}::timestamptz,
               margin_call_at = ${begins ? sql`${at.toISOString()}::timestamptz` : called ? sql`margin_call_at` : sql`NULL::timestamptz`},
               margin_call_ltv_bp = ${begins ? sql`${ltv.toString()}::bigint` : called ? sql`margin_call_ltv_bp` : sql`NULL::bigint`},
               margin_calls = margin_calls + ${begins ? 1 : 0}
        WHERE id = ${row.id}`,
  );
  return begins;
}

/** A notice to send once its transaction committed. */
interface Told {
  userId: string;
  loanId: string;
  notice: LoanNotice;
  /** Tells one notice from another of the same loan (the push service's message id). */
  nth: string;
  figures: LoanNoticeFigures;
}

export interface WatchReport {
  checked: number;
  marginCalls: number;
  liquidated: number;
  /** Loans whose decision failed this round (logged; tried again at the next). */
  failed: number;
}

export interface LoanWatchDeps {
  db: Db;
  clock: Clock;
  push: Pick<ReturnType<typeof createPush>, 'broadcast'>;
  mailer: Mailer;
  log: { error(obj: object, msg: string): void };
}

/** How many loans one read of a round takes. */
const BATCH = 500;

export function createLoanWatch({ db, clock, push, mailer, log }: LoanWatchDeps) {
  /**
   * The liquidation, under the loan's row lock: the collateral converted (user collateral →
   * platform exchange), the principal to the loans account and the interest so far and the fee
   * to fees from the exchange (in the loan's asset), the rest of the collateral back to
   * available, in one posting. If the collateral is worth less than is owed, all of it goes:
   * the interest and fee are taken first and the loans account is short by the difference.
   */
  async function liquidate(tx: Tx, row: LoanRow, at: Date, terms: WatchTerms): Promise<Told> {
    const { owed, collateral, pair, ltv } = standing(row, at, terms);
    const figures = liquidation({ principal: owed.principal, interest: owed.interest, feeBp: terms.feeBp, collateral, ...pair });
    const paid = figures.proceeds < figures.owed ? figures.proceeds : figures.owed;
    const charges = owed.interest + figures.fee;
    const toFees = charges < paid ? charges : paid;
    const toLoans = paid - toFees;
    const userId = row.user_id;
    const legs: TransferInput[] = [
      { ...leg(row, 'liquidation', at, null, { debit: { userId, purpose: 'collateral' }, credit: { platform: 'exchange' }, amount: figures.converted, kind: 'loan_liquidation' }), asset: pair.collateralAsset },
    ];
    if (toLoans > 0n) legs.push(leg(row, 'liquidation-repay', at, null, { debit: { platform: 'exchange' }, credit: { platform: 'loans' }, amount: toLoans, kind: 'loan_liquidation_repay' }));
    if (toFees > 0n) legs.push(leg(row, 'liquidation-fee', at, null, { debit: { platform: 'exchange' }, credit: { platform: 'fees' }, amount: toFees, kind: 'loan_liquidation_fee' }));
    if (figures.returned > 0n) {
      legs.push({
        ...leg(row, 'liquidation-return', at, null, { debit: { userId, purpose: 'collateral' }, credit: { userId, purpose: 'available' }, amount: figures.returned, kind: 'loan_collateral_release' }),
        asset: pair.collateralAsset,
      });
    }
    await postTransfers(tx, legs);
    await tx.execute(
      sql`UPDATE loans SET status = 'liquidated', ended_at = ${at.toISOString()}::timestamptz, liquidated_at = ${at.toISOString()}::timestamptz,
                 liquidation_rate = ${terms.rate.toString()}::bigint, liquidation_converted = ${figures.converted.toString()}::bigint,
                 liquidation_returned = ${figures.returned.toString()}::bigint, liquidation_interest = ${owed.interest.toString()}::bigint,
                 liquidation_fee = ${figures.fee.toString()}::bigint, liquidation_shortfall = ${figures.shortfall.toString()}::bigint,
                 ltv_bp = ${ltv.toString()}::bigint, ltv_at = ${at.toISOString()}::timestamptz, margin_call_at = NULL, margin_call_ltv_bp = NULL
          WHERE id = ${row.id}`,
    );
    const money = (minor: bigint) => toDecimalString(minor, pair.loanAsset);
    const kept = (minor: bigint) => toDecimalString(minor, pair.collateralAsset);
    await recordAudit(tx, { operatorId: null, at }, {
      action: 'loan.liquidate',
      subject: `loan:${row.id}`,
      userId,
      details: {
        ltv: percentText(ltv),
        rate: toDecimalString(terms.rate, 'USDT'),
        converted: kept(figures.converted),
        returned: kept(figures.returned),
        principal: money(owed.principal),
        interest: money(owed.interest),
        fee: money(figures.fee),
        shortfall: money(figures.shortfall),
      },
    });
    return {
      userId,
      loanId: row.id,
      notice: 'liquidated',
      nth: 'liquidated',
      figures: {
        loanNo: loanNo(Number(row.id)),
        ltv: percentText(ltv),
        converted: kept(figures.converted),
        returned: kept(figures.returned),
        collateralAsset: pair.collateralAsset,
        rate: toDecimalString(terms.rate, 'USDT'),
        owed: money(figures.owed),
        fee: money(figures.fee),
        asset: pair.loanAsset,
      },
    };
  }

  /**
   * One loan decided again under its row lock, at the rate and thresholds read again in the same
   * transaction: liquidated, its margin call begun or ended, its LTV written; what to tell.
   */
  async function settle(id: string, at: Date): Promise<Told | null> {
    return inTransaction(db, async (tx) => {
      const row = await lockLoan(tx, Number(id));
      if (!watched(row)) return null;
      const terms = await watchTerms(tx);
      const now = standing(row, at, terms);
      if (now.liquidate) return liquidate(tx, row, at, terms);
      if (!(await recordStanding(tx, row, at, terms, true))) return null;
      return {
        userId: row.user_id,
        loanId: row.id,
        notice: 'marginCall',
        nth: `margin-call:${row.margin_calls + 1}`,
        figures: {
          loanNo: loanNo(Number(row.id)),
          ltv: percentText(now.ltv),
          threshold: percentText(terms.marginCallBp),
          liquidationLtv: percentText(terms.liquidationBp),
        },
      };
    });
  }

  /** Push to the borrower's devices and an e-mail to their address, each in their language; a failure is logged, not retried. */
  async function tell(told: Told): Promise<void> {
    const [user] = await rowsOf<{ email: string | null; locale: string }>(db, sql`SELECT email, locale FROM users WHERE id = ${told.userId}`);
    if (!user) return;
    await Promise.all([
      push
        .broadcast(
          'system',
          `loan:${told.loanId}:${told.nth}`,
          (locale) => ({ ...loanNotice(locale, told.notice, told.figures), url: `/h5/loan/loan-detail?id=${told.loanId}`, kind: 'loan', tag: `loan-${told.loanId}` }),
          told.userId,
        )
        .catch((error: unknown) => log.error({ err: error, loanId: told.loanId }, 'loans: a push notice could not be sent')),
      user.email
        ? (async () => {
            const { title, body } = loanNotice(user.locale, told.notice, told.figures);
            await mailer.send({ to: user.email!, subject: title, text: body });
          })().catch((error: unknown) => log.error({ err: error, loanId: told.loanId }, 'loans: a notice e-mail could not be sent'))
        : undefined,
    ]);
  }

  return {
    watchTerms: () => watchTerms(db),

    /**
     * One round: every watched loan valued at the rate now; those whose state would change (a
     * liquidation, a margin call beginning or ending, another LTV) are decided again under their
     * row lock, each in a transaction of its own; the borrowers told.
     */
    async round(): Promise<WatchReport> {
      const at = clock();
      const terms = await watchTerms(db);
      const report: WatchReport = { checked: 0, marginCalls: 0, liquidated: 0, failed: 0 };
      let after = '0';
      for (;;) {
        const rows = await rowsOf<LoanRow>(
          db,
          sql`SELECT ${LOAN_COLUMNS} FROM loans WHERE status IN ('approved', 'failed') AND collateral_asset <> asset AND id > ${after}::bigint ORDER BY id LIMIT ${BATCH}`,
        );
        if (rows.length === 0) return report;
        after = rows[rows.length - 1].id;
        for (const row of rows) {
          report.checked++;
          const now = standing(row, at, terms);
          const changes = now.liquidate || now.called !== (row.margin_call_at !== null) || row.ltv_bp === null || BigInt(row.ltv_bp) !== now.ltv;
          if (!changes) continue;
          // One loan that cannot be decided (logged) does not keep the others from theirs.
          const told = await settle(row.id, at).catch((error: unknown) => {
            report.failed++;
            log.error({ err: error, loanId: row.id }, 'loans: the LTV watch could not decide a loan');
            return null;
          });
          if (!told) continue;
          if (told.notice === 'liquidated') report.liquidated++;
          else report.marginCalls++;
          await tell(told);
        }
      }
    },

    /** What the rate and thresholds are now, as one text: a change of it calls for a round at once. */
    async termsText(): Promise<string> {
      const [rate, ...rest] = await readSettings(db, [
        SETTING_KEYS.usdtEurRate,
        SETTING_KEYS.loanMarginCallLtv,
        SETTING_KEYS.loanLiquidationLtv,
        SETTING_KEYS.loanLiquidationFeePercent,
      ]);
      return [rate, ...rest].join('|');
    },
  };
}

export type LoanWatch = ReturnType<typeof createLoanWatch>;
