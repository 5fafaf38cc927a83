/**
 * Platform loan (/loan): the two kinds of loan with their periods, daily rate, APR and amounts
 * (a principal loan with the collateral the borrower has for it), and the way to apply; the loan not yet ended, if any, instead of a second application; my loans.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { asOfTime } from '../../api/query';
import { QueryFallback } from '../../ui/EmptyState';
import { BankIcon, ListIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { LOAN_TYPES, type Loan, type LoanConfig, type LoanType } from '../../domain/loan';
import { collateralAssetOf, LTV_MAX_BP, LTV_MIN_BP } from '../../domain/ltv';
import { percentText } from '../../domain/money';
import { Amount, Percent } from '../../ui/Amount';
import { AsOfLine } from '../../ui/AsOf';
import { Fact } from '../shared/records';
import { useLoanConfig } from './api/queries';
import { acrossAssetsOf, LoanCard, MarginCallBanner, useLoanWords } from './parts';
import { useCounts } from '../../ui/counts';
import { buttonClasses } from '../../ui/Button';

export default function LoanScreen() {
  const { t } = useLingui();
  const config = useLoanConfig();
  return (
    <Screen
      right={
        <Link to="/loan/my-loan" aria-label={t`My loans`} title={t`My loans`} className="flex size-12 items-center justify-center text-ink">
          <ListIcon size={22} />
        </Link>
      }
    >
      {config.data ? (
        <div className="space-y-4 px-4 pt-2 pb-8">
          <AsOfLine time={asOfTime(config)} />
          {config.data.open ? (
            <section aria-label={t`Your loan`} className="space-y-2">
              <h2 className="px-1 text-sm font-semibold text-muted">
                <Trans>Your loan</Trans>
              </h2>
              <OpenLoanMarginCall loan={config.data.open} config={config.data} />
              <LoanCard loan={config.data.open} />
              <p role="note" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
                <Trans>You can apply for another loan once this one is repaid.</Trans>
              </p>
            </section>
          ) : null}
          {LOAN_TYPES.map((type) => (
            <LoanKind key={type} type={type} config={config.data!} />
          ))}
          <Link to="/loan/components/article" className="flex min-h-11 items-center px-1 text-sm font-semibold text-sea-700">
            <Trans>Read the loan terms</Trans>
          </Link>
        </div>
      ) : (
        <QueryFallback query={config} icon={<BankIcon size={36} />} failedTitle={t`The loans could not be loaded`} />
      )}
    </Screen>
  );
}

function LoanKind({ type, config }: { type: LoanType; config: LoanConfig }) {
  const { t } = useLingui();
  const counts = useCounts();
  const words = useLoanWords();
  const products = config.products.filter((product) => product.type === type);
  if (products.length === 0) return null;
  const minLtv = percentText(LTV_MIN_BP);
  const maxLtv = percentText(LTV_MAX_BP);
  return (
    <section aria-label={words.type[type]} className="rounded-2xl bg-surface p-4">
      <h2 className="text-lg font-semibold text-ink">{words.type[type]}</h2>
      <p className="mt-1 text-sm leading-relaxed text-muted">
        {type === 'credit' ? (
          <Trans>Borrow on your identity, without collateral.</Trans>
        ) : (
          <Trans>
            Borrow one currency against the other: the other is locked from your balance as collateral, at a loan-to-value (LTV) of {minLtv}–{maxLtv} %. The loan is paid out to your balance, yours to spend.
          </Trans>
        )}
      </p>
      <ul className="mt-3 divide-y divide-line">
        {products.map((product) => (
          <li key={product.id} className="py-2">
            <dl>
              <Fact label={t`Period`}>{counts.days(product.days)}</Fact>
              <Fact label={t`Interest rate`}>
                <Percent value={product.dailyRate} /> {t`a day`} · <Percent value={product.apr} /> {t`a year`}
              </Fact>
              <Fact label={t`Amount`}>
                <Amount value={product.minAmount} asset={product.asset} code={false} /> – <Amount value={product.maxAmount} asset={product.asset} />
              </Fact>
              {type === 'principal' ? (
                <Fact label={t`Collateral available`}>
                  <Amount value={config.available[collateralAssetOf(product.asset)]} asset={collateralAssetOf(product.asset)} />
                </Fact>
              ) : null}
            </dl>
            {config.open ? null : (
              <Link
                to="/loan/apply-loan"
                search={{ product: String(product.id) }}
                className={`mt-2 ${buttonClasses()}`}
              >
                {t`Apply`}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The open loan's margin call, if one is under way, with a link to the loan. */
function OpenLoanMarginCall({ loan, config }: { loan: Loan; config: LoanConfig }) {
  const across = acrossAssetsOf(config, loan.asset);
  return across ? <MarginCallBanner loan={loan} thresholds={across.thresholds} link /> : null;
}
