/**
 * The loan terms (/loan/components/article): what an applicant accepts, in plain words, with the
 * operators' margin-call and liquidation LTVs and liquidation fee as they are set now
 * (docs/loans.md says the same with an example in numbers).
 */
import { Trans } from '@lingui/react/macro';
import { thresholdsOf } from '../../domain/ltv';
import { percentText } from '../../domain/money';
import { useFormatPercent } from '../../ui/Amount';
import { Screen } from '../../ui/Screen';
import { useLoanConfig } from './api/queries';

export default function LoanTermsScreen() {
  const percent = useFormatPercent();
  const config = useLoanConfig();
  // Before the terms are read (or offline without a copy), the defaults the operators start from.
  const thresholds = thresholdsOf(config.data?.acrossAssets);
  const marginCall = percent(percentText(thresholds.marginCallBp));
  const liquidation = percent(percentText(thresholds.liquidationBp));
  const fee = percent(percentText(thresholds.feeBp));
  return (
    <Screen>
      <article className="space-y-4 px-4 pt-2 pb-10 text-sm leading-relaxed text-ink">
        <p>
          <Trans>Interest is the amount times the daily rate times the days. The interest for the whole period and the total to repay are shown before you apply.</Trans>
        </p>
        <p>
          <Trans>
            A principal loan lends one currency against the other: to borrow EUR you lock USDT as collateral, to borrow USDT you lock EUR. The collateral comes from your own balance when the loan is approved; if your balance no longer holds it then, the loan is not approved and nothing moves. The loan is paid out to your balance in full, yours to spend.
          </Trans>
        </p>
        <p>
          <Trans>
            The loan-to-value (LTV) is what you owe, the loan and the interest so far, divided by what the collateral is worth at our reference rate, the rate Convert quotes from, without its fee. A loan starts at an LTV of 10 % to 80 %, which you choose.
          </Trans>
        </p>
        <p>
          <Trans>
            When the collateral loses value and the LTV reaches {marginCall}, we send you a margin call by notification, e-mail and on the loan: you may add collateral or repay. When the LTV reaches {liquidation}, we sell just enough of the collateral at the reference rate to repay the loan, the interest so far and a liquidation fee of {fee} of that sum, and return the rest of the collateral to your balance. You keep the money you borrowed.
          </Trans>
        </p>
        <p>
          <Trans>
            You can repay a principal loan at any time before it is due: you then pay the interest for the days used, each started day counting, not for the whole period. Your collateral is released in the same step.
          </Trans>
        </p>
        <p>
          <Trans>
            You can also repay a part of a principal loan at any time: you pay the interest so far with it, and interest then runs only on the principal left. The collateral stays locked until the whole loan is repaid.
          </Trans>
        </p>
        <p>
          <Trans>To repay, tap "Repay now": the total is held from your balance and an operator confirms it. If the repayment cannot be confirmed, the amount returns to your balance and you can repay again.</Trans>
        </p>
        <p>
          <Trans>A credit loan needs no collateral. Its interest is for the whole period, as shown before you apply.</Trans>
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
