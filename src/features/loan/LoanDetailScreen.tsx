/**
 * A loan (/loan/loan-detail?id=): its figures and identity, its status and what comes next —
 * rejected: the reason (or that the credit information does not allow it) and "apply again";
 * pending repayment or repayment failed: "repay now", which holds the total from the balance
 * (payment password) and waits for review.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button, buttonClasses } from '../../ui/Button';
import { repayLoan } from './api/calls';
import { asOfTime, useAccountQuery } from '../../api/query';
import { ApiError } from '../../api/errors';
import { EmptyState, QueryFallback } from '../../ui/EmptyState';
import { toast } from '../../ui/feedback/toast';
import { BankIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import type { Loan } from '../../domain/loan';
import { Amount, Percent } from '../../ui/Amount';
import { AsOfLine } from '../../ui/AsOf';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { Fact, useFormatTime } from '../shared/records';
import { loanDetailQuery } from './api/queries';
import { LoanStatusBadge, useLoanWords } from './parts';
import { useCounts } from '../../ui/counts';

export default function LoanDetailScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // The route sends a link without an id to my loans (listWithoutId).
  const { id = 0 } = useSearch({ from: '/members/loan/loan-detail' });
  const loan = useAccountQuery(loanDetailQuery(id));
  const gone = loan.error instanceof ApiError && loan.error.key === 'loan.notFound';
  return (
    <Screen>
      {loan.data && !gone ? (
        <div className="space-y-4 px-4 pt-2 pb-8">
          <AsOfLine time={asOfTime(loan)} />
          <LoanDetail loan={loan.data} />
        </div>
      ) : gone ? (
        <EmptyState
          icon={<BankIcon size={36} />}
          title={t`This loan is not among yours`}
          text={t`The link may be old or mistyped. Your loans are all listed under My loans.`}
          action={
            <Button onClick={() => void navigate({ to: '/loan/my-loan', replace: true })}>
              {t`My loans`}
            </Button>
          }
        />
      ) : (
        <QueryFallback query={loan} icon={<BankIcon size={36} />} failedTitle={t`Error getting the loan details`} />
      )}
    </Screen>
  );
}

function LoanDetail({ loan }: { loan: Loan }) {
  const { t } = useLingui();
  const counts = useCounts();
  const words = useLoanWords();
  const formatTime = useFormatTime();
  const action = useMoneyAction<Loan, Loan>({
    send: (repaid, payPassword, options) => repayLoan({ id: repaid.id, payPassword: payPassword ?? '' }, options),
    onSuccess() {
      toast.success(t`Repayment sent. It is held from your balance until it is confirmed.`);
    },
  });
  const repayable = loan.status === 'approved' || loan.status === 'failed';
  return (
    <>
      <section aria-label={t`Loan ${loan.loanNo}`} className="rounded-2xl bg-surface p-4">
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-ink">
            <Amount value={loan.amount} asset={loan.asset} />
          </h2>
          <LoanStatusBadge status={loan.status} />
        </div>
        <p className="mt-0.5 text-xs text-muted">
          {words.type[loan.type]} · <bdi dir="ltr">{loan.loanNo}</bdi>
        </p>
        <dl className="mt-3 border-t border-line pt-2">
          <Fact label={t`Period`}>{counts.days(loan.days)}</Fact>
          <Fact label={t`Interest rate`}>
            <Percent value={loan.dailyRate} /> {t`a day`} · <Percent value={loan.apr} /> {t`a year`}
          </Fact>
          <Fact label={t`Interest`}>
            <Amount value={loan.interest} asset={loan.asset} />
          </Fact>
          <Fact label={t`Repayment amount`} strong>
            <Amount value={loan.total} asset={loan.asset} />
          </Fact>
          {loan.type === 'principal' ? (
            <Fact label={t`Collateral held`}>
              <Amount value={loan.collateral} asset={loan.collateralAsset ?? loan.asset} />
            </Fact>
          ) : null}
          <Fact label={t`Loan time`}>{formatTime(loan.createdAt)}</Fact>
          {loan.dueAt ? <Fact label={t`Repay by`}>{formatTime(loan.dueAt)}</Fact> : null}
          {loan.repaidAt ? <Fact label={t`Repaid`}>{formatTime(loan.repaidAt)}</Fact> : null}
        </dl>
      </section>
      <section aria-label={t`Your identity`} className="rounded-2xl bg-surface p-4">
        <dl>
          <Fact label={t`Full name`}>{loan.fullName}</Fact>
          <Fact label={t`ID type`}>{words.idType[loan.idType]}</Fact>
          <Fact label={t`ID number`}>
            <bdi dir="ltr">{loan.idNumber}</bdi>
          </Fact>
        </dl>
      </section>
      {loan.status === 'rejected' ? (
        <section role="note" className="space-y-3 rounded-2xl bg-rose-50 p-4 text-sm text-rose-900">
          <p>{loan.reason ? t`Rejected: ${loan.reason}` : t`The loan was rejected because your credit information does not allow it.`}</p>
          <Link to="/loan/apply-loan" className={buttonClasses()}>
            <Trans>Apply again</Trans>
          </Link>
        </section>
      ) : null}
      {loan.status === 'pending' ? (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Trans>Your application is being reviewed. We will tell you the outcome here.</Trans>
        </p>
      ) : null}
      {loan.status === 'repaying' ? (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Trans>Your repayment is held from your balance and waits for confirmation.</Trans>
        </p>
      ) : null}
      {loan.status === 'failed' && loan.repayReason ? (
        <p role="note" className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-900">
          {t`Repayment failed: ${loan.repayReason}`}
        </p>
      ) : null}
      {repayable ? (
        <Button onClick={() => void action.confirm(loan)}>
          {t`Repay now`}
        </Button>
      ) : null}
      <MoneyActionSheet
        action={action}
        summary={
          action.pending ? (
            <p>
              <Trans>
                Repay <Amount value={action.pending.total} asset={action.pending.asset} className="font-semibold" /> (principal and interest) of loan{' '}
                <bdi dir="ltr">{action.pending.loanNo}</bdi>
              </Trans>
            </p>
          ) : null
        }
      />
    </>
  );
}
