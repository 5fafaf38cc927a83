/** A loan's figures as the decisions use them (server/modules/loans/rows.ts repayFigures), in exact minor units. */
import { parseAmount, percentText, toDecimalString, type Asset } from '../../../domain/money';
import type { OpsLoan } from './api';

const minor = (text: string | null | undefined, asset: Asset): bigint => (text ? (parseAmount(text, asset) ?? 0n) : 0n);

/** What confirming the repayment takes: the principal left, the interest fixed at the request (else the loan's), and both. */
export function repayFigures(loan: OpsLoan): { principal: string; interest: string; total: string } {
  const principal = minor(loan.principalLeft ?? loan.amount, loan.asset);
  const interest = minor(loan.repayInterest ?? loan.interest, loan.asset);
  return { principal: toDecimalString(principal, loan.asset), interest: toDecimalString(interest, loan.asset), total: toDecimalString(principal + interest, loan.asset) };
}

export const collateralAssetOf = (loan: OpsLoan): Asset => loan.collateralAsset ?? loan.asset;

/**
 * The loan-to-value: as the LTV watch last computed it (across assets), else — collateral in the
 * loan's own asset — the amount over the collateral; null for a credit loan.
 */
export function ltvText(loan: OpsLoan): string | null {
  if (loan.ltvBp !== null && loan.ltvBp !== undefined) return percentText(BigInt(loan.ltvBp));
  const collateral = minor(loan.collateral, collateralAssetOf(loan));
  if (collateral <= 0n || collateralAssetOf(loan) !== loan.asset) return null;
  return percentText((minor(loan.amount, loan.asset) * 10_000n + collateral - 1n) / collateral);
}
