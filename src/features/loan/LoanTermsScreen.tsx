/** The loan terms (/loan/components/article): what an applicant accepts, in plain words. */
import { Trans } from '@lingui/react/macro';
import { Screen } from '../../ui/Screen';

export default function LoanTermsScreen() {
  return (
    <Screen>
      <article className="space-y-4 px-4 pt-2 pb-10 text-sm leading-relaxed text-ink">
        <p>
          <Trans>Interest is charged for the whole period from the day the loan is paid out: the amount times the daily rate times the days. The total to repay is shown before you apply and does not change.</Trans>
        </p>
        <p>
          <Trans>A principal loan is between 10 % and 80 % of your wallet balance. The same amount of your balance is held as collateral from the payout until the loan is repaid, and is then released.</Trans>
        </p>
        <p>
          <Trans>To repay, tap "Repay now": the total is held from your balance and an operator confirms it. If the repayment cannot be confirmed, the amount returns to your balance and you can repay again.</Trans>
        </p>
        <p>
          <Trans>We review every application and may refuse one, for example when your credit information does not allow it. One loan can be open at a time.</Trans>
        </p>
        <p>
          <Trans>The photos of your ID are used only to check your identity, are seen only by you and our staff, and are deleted after the loan has ended.</Trans>
        </p>
      </article>
    </Screen>
  );
}
