/**
 * The words of the asset log for each kind of ledger transfer (src/domain/ledger.ts). A Record
 * over TransferKind: a new kind without a label here is a compile error, not an untranslated code.
 */
import { useLingui } from '@lingui/react/macro';
import { TRANSFER_KINDS, type TransferKind } from '../../domain/ledger';

export function isTransferKind(kind: string): kind is TransferKind {
  return (TRANSFER_KINDS as readonly string[]).includes(kind);
}

export function useKindLabels(): Record<TransferKind, string> {
  const { t } = useLingui();
  return {
    deposit: t({ message: 'Deposit', context: 'screen title' }),
    deposit_bonus: t`VIP bonus`,
    withdrawal_hold: t`Withdrawal (held)`,
    withdrawal_release: t`Withdrawal returned`,
    withdrawal_payout: t`Withdrawal paid`,
    withdrawal_fee: t`Withdrawal fee`,
    conversion_out: t`Conversion out`,
    conversion_in: t`Conversion in`,
    conversion_fee: t`Conversion fee`,
    adjustment: t`Adjustment`,
    trade_hold: t`Set aside for trading`,
    trade_release: t`Returned from trading`,
    trade_settle: t`Trade settled`,
    trade_fee: t`Trading fee`,
    pledge_lock: t`Pledged`,
    pledge_release: t`Pledge returned`,
    pledge_penalty: t`Early redemption penalty`,
    pledge_interest: t`Pledge interest`,
    interest_transfer: t`Interest moved to balance`,
    loan_disburse: t`Loan paid out`,
    loan_collateral: t`Loan collateral held`,
    loan_repay_hold: t`Loan repayment (held)`,
    loan_repay_release: t`Loan repayment returned`,
    loan_repay: t`Loan repaid`,
    loan_interest: t`Loan interest`,
    loan_collateral_release: t`Loan collateral released`,
    loan_payout_return: t`Old loan ended: payout returned, no interest`,
    loan_liquidation: t`Loan collateral converted (liquidation)`,
    loan_liquidation_repay: t`Loan principal repaid by liquidation`,
    loan_liquidation_fee: t`Loan interest and liquidation fee`,
    loan_part_repay: t`Loan partly repaid`,
    loan_part_interest: t`Loan interest so far (partial repayment)`,
  };
}
