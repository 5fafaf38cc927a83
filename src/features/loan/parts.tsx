/**
 * What the loan screens share: the status words and badge, the type's name, a loan's card, and
 * a principal loan's collateral picture (its LTV and the prices of a margin call and a liquidation).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { IdType, Loan, LoanConfig, LoanStatus, LoanType } from '../../domain/loan';
import { collateralAssetOf, ltvPicture, thresholdsOf, type LtvThresholds, type Pair } from '../../domain/ltv';
import { parseAmount, percentText, toDecimalString, type Asset } from '../../domain/money';
import { Amount, Percent, RateLine, useFormatPercent } from '../../ui/Amount';
import { Fact, StatusBadge, useFormatTime, type StatusTone } from '../shared/records';
import { useCounts } from '../../ui/counts';

const TONE: Record<LoanStatus, StatusTone> = { pending: 'processing', approved: 'processing', repaying: 'processing', repaid: 'done', rejected: 'refused', failed: 'refused', liquidated: 'refused' };

export function useLoanWords() {
  const { t } = useLingui();
  const status: Record<LoanStatus, string> = {
    pending: t`Pending review`,
    approved: t`Pending repayment`,
    repaying: t`Repaying`,
    repaid: t`Repaid`,
    rejected: t`Rejected`,
    failed: t`Repayment failed`,
    liquidated: t`Liquidated`,
  };
  const type: Record<LoanType, string> = { credit: t`Credit loan`, principal: t`Principal loan` };
  const idType: Record<IdType, string> = { id_card: t`ID card`, passport: t`Passport`, driver_licence: t`Driver's licence` };
  return { status, type, idType };
}

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return <StatusBadge tone={TONE[status]}>{useLoanWords().status[status]}</StatusBadge>;
}

/** One loan in a list: what it is, its figures, its status; it opens the detail. */
export function LoanCard({ loan }: { loan: Loan }) {
  const { t } = useLingui();
  const counts = useCounts();
  const words = useLoanWords();
  const formatTime = useFormatTime();
  return (
    <Link to="/loan/loan-detail" search={{ id: loan.id }} className="block rounded-2xl bg-surface p-4 active:bg-sea-50">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-base font-semibold text-ink">
          <Amount value={loan.amount} asset={loan.asset} />
        </h3>
        <LoanStatusBadge status={loan.status} />
      </div>
      <p className="mt-0.5 text-xs text-muted">
        {words.type[loan.type]} · {counts.days(loan.days)} · <bdi dir="ltr">{loan.loanNo}</bdi>
      </p>
      <dl className="mt-3 border-t border-line pt-2">
        <Fact label={t`Repayment amount`}>
          <Amount value={loan.total} asset={loan.asset} />
        </Fact>
        <Fact label={t`Loan time`}>{formatTime(loan.createdAt)}</Fact>
      </dl>
    </Link>
  );
}

/** A principal loan in `asset`: what it is held against and at which rate, with the operators' thresholds; null when the server gives none. */
export function acrossAssetsOf(config: LoanConfig | undefined, asset: Asset): { pair: Pair; thresholds: LtvThresholds } | null {
  const terms = config?.acrossAssets;
  if (!terms) return null;
  // Millionths of a EUR, as the rate setting is written ("0.920000"): USDT's six decimals.
  const rate = parseAmount(terms.rate, 'USDT');
  if (rate === null || rate <= 0n) return null;
  return { pair: { loanAsset: asset, collateralAsset: collateralAssetOf(asset), rate }, thresholds: thresholdsOf(terms) };
}

/** "1 USDT ≤ 0.541176 EUR": where the rate (EUR for one USDT) has to go for a threshold to be reached. */
function Price({ rate, when }: { rate: bigint; when: 'atOrBelow' | 'atOrAbove' }) {
  return <RateLine base="USDT" rate={toDecimalString(rate, 'USDT')} quote="EUR" relation={when === 'atOrBelow' ? '≤' : '≥'} />;
}

/**
 * A principal loan's LTV — what is owed over what the collateral is worth at the reference rate —
 * and the rates at which a margin call and a liquidation would come, as facts of a list.
 */
export function LtvFacts({
  debt,
  collateral,
  pair,
  thresholds,
  ltvLabel,
  ltvBp,
}: {
  debt: bigint;
  collateral: bigint;
  pair: Pair;
  thresholds: LtvThresholds;
  ltvLabel: string;
  /** The LTV as the watch last computed it, which decides a margin call and a liquidation; else the one of `debt` at `pair.rate`. */
  ltvBp?: number;
}) {
  const { t } = useLingui();
  const percent = useFormatPercent();
  const picture = ltvPicture(debt, collateral, pair, thresholds);
  const callLtv = percent(percentText(thresholds.marginCallBp));
  const liquidationLtv = percent(percentText(thresholds.liquidationBp));
  return (
    <>
      <Fact label={ltvLabel}>
        <span data-testid="loan-ltv">
          <Percent value={percentText(ltvBp === undefined ? picture.ltvBp : BigInt(ltvBp))} />
        </span>
      </Fact>
      <Fact label={t`Reference rate`}>
        <RateLine base="USDT" rate={toDecimalString(pair.rate, 'USDT')} quote="EUR" />
      </Fact>
      <Fact label={t`Margin call at an LTV of ${callLtv}`}>
        <span data-testid="loan-margin-call">
          <Price {...picture.marginCall} />
        </span>
      </Fact>
      <Fact label={t`Liquidation at an LTV of ${liquidationLtv}`}>
        <span data-testid="loan-liquidation">
          <Price {...picture.liquidation} />
        </span>
      </Fact>
    </>
  );
}

/**
 * A margin call under way (the LTV watch found the loan at or past the margin-call LTV): what it
 * means and what the borrower can do, before the liquidation LTV is reached. Shown on the loan,
 * and on the loans' page with a link to it.
 */
export function MarginCallBanner({ loan, thresholds, link = false }: { loan: Loan; thresholds: LtvThresholds; link?: boolean }) {
  const { t } = useLingui();
  const percent = useFormatPercent();
  if (!loan.marginCall) return null;
  const ltv = percent(percentText(BigInt(loan.ltvBp ?? loan.marginCall.ltvBp)));
  const call = percent(percentText(thresholds.marginCallBp));
  const liquidation = percent(percentText(thresholds.liquidationBp));
  return (
    <section role="alert" aria-label={t`Margin call`} className="space-y-2 rounded-2xl bg-rose-50 p-4 text-sm text-rose-900">
      <h2 className="font-semibold">{t`Margin call`}</h2>
      <p>
        <Trans>
          Your collateral has lost value: this loan's LTV is {ltv}, at or past {call}. Add collateral or repay now. At {liquidation} part of the collateral is sold at the reference rate to repay the loan.
        </Trans>
      </p>
      {link ? (
        <Link to="/loan/loan-detail" search={{ id: loan.id }} className="inline-flex min-h-11 items-center font-semibold text-rose-900 underline">
          <Trans>Open the loan</Trans>
        </Link>
      ) : null}
    </section>
  );
}
