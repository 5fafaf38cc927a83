/**
 * A loan (/loan/loan-detail?id=): its figures and identity, its status and what comes next —
 * rejected: the reason (or that the credit information does not allow it) and "apply again";
 * pending repayment or repayment failed: "repay now", which holds the total from the balance
 * (payment password) and waits for review. A principal loan against the other currency shows its
 * collateral, its LTV now and the prices of a margin call and a liquidation, takes more
 * collateral (payment password), and repays early with the interest of the days used.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button, buttonClasses } from '../../ui/Button';
import { addLoanCollateral, repayLoan, repayLoanPart } from './api/calls';
import { asOfTime, useAccountQuery } from '../../api/query';
import { ApiError } from '../../api/errors';
import { EmptyState, QueryFallback } from '../../ui/EmptyState';
import { toast } from '../../ui/feedback/toast';
import { BankIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { loanAmountFormSchema, type Loan } from '../../domain/loan';
import { interestOwed } from '../../domain/ltv';
import { toDecimalString, type Asset } from '../../domain/money';
import { minorOf, plainDecimal } from '../../domain/payments';
import { parseRate } from '../../domain/pledge';
import { plural } from '@lingui/core/macro';
import { submitOnce, useZodForm } from '../../ui/form/form';
import { AmountField } from '../shared/money/AmountField';
import { useLoanConfig } from './api/queries';
import { Amount, Percent, RateLine } from '../../ui/Amount';
import { AsOfLine } from '../../ui/AsOf';
import { MoneyActionSheet, useMoneyAction, type SendOptions } from '../shared/money/useMoneyAction';
import { Fact, useFormatTime } from '../shared/records';
import { loanDetailQuery } from './api/queries';
import { acrossAssetsOf, LoanStatusBadge, LtvFacts, MarginCallBanner, useLoanWords } from './parts';
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
    onSuccess(ended) {
      // An old-rule loan ends at once; any other repayment waits for an operator's confirmation.
      toast.success(ended.status === 'repaid' ? t`The loan is ended. Nothing was taken from your balance.` : t`Repayment sent. It is held from your balance until it is confirmed.`);
    },
  });
  // An old-rule principal loan (its collateral the payout itself) is ended, without interest, also while a repayment of it is held.
  const oldRule = loan.oldRule === true && (loan.status === 'approved' || loan.status === 'failed' || loan.status === 'repaying');
  const repayable = !oldRule && (loan.status === 'approved' || loan.status === 'failed');
  const config = useLoanConfig();
  const across = loan.type === 'principal' && loan.collateralAsset && loan.collateralAsset !== loan.asset ? acrossAssetsOf(config.data, loan.asset) : null;
  // What repaying now costs: across assets the interest of the days used so far, else the total fixed at application.
  const [now] = useState(() => Date.now());
  // The principal left after partial repayments, and the interest of the started days not yet paid for on it.
  const principalLeft = minorOf(loan.principalLeft ?? loan.amount, loan.asset);
  const interest = across && loan.decidedAt ? interestOwed(principalLeft, parseRate(loan.dailyRate) ?? 0n, loan.days, new Date(loan.decidedAt), loan.interestDaysPaid ?? 0, new Date(now)) : null;
  const owedNow = interest ? { days: interest.days - (loan.interestDaysPaid ?? 0), interest: interest.interest, total: principalLeft + interest.interest } : null;
  const repayTotal = owedNow ? toDecimalString(owedNow.total, loan.asset) : loan.total;
  // Repaid or being repaid early: the interest of the days used, fixed when the repayment was asked for.
  // An old-rule loan ended: none (0), its payout returned from the collateral.
  const repaidInterest = loan.repayInterest ?? null;
  const repaidTotal = repaidInterest === null ? null : toDecimalString(minorOf(loan.amount, loan.asset) + minorOf(repaidInterest, loan.asset), loan.asset);
  return (
    <>
      {across && loan.status !== 'repaying' ? <MarginCallBanner loan={loan} thresholds={across.thresholds} /> : null}
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
          <Fact label={repaidInterest !== null && across ? t`Interest for the days used` : t`Interest`}>
            <Amount value={repaidInterest ?? loan.interest} asset={loan.asset} />
          </Fact>
          <Fact label={t`Repayment amount`} strong>
            <Amount value={repaidTotal ?? loan.total} asset={loan.asset} />
          </Fact>
          {loan.type === 'principal' ? (
            <Fact label={loan.status === 'repaid' || loan.status === 'liquidated' ? t`Collateral` : t`Collateral held`}>
              <span data-testid="loan-collateral">
                <Amount value={loan.collateral} asset={loan.collateralAsset ?? loan.asset} />
              </span>
            </Fact>
          ) : null}
          {loan.principalLeft && minorOf(loan.principalLeft, loan.asset) < minorOf(loan.amount, loan.asset) ? (
            <>
              <Fact label={t`Principal left`}>
                <Amount value={loan.principalLeft} asset={loan.asset} />
              </Fact>
              <Fact label={t`Interest paid with parts`}>
                <Amount value={loan.interestRepaid ?? null} asset={loan.asset} />
              </Fact>
            </>
          ) : null}
          {across && owedNow && repayable ? (
            <>
              <Fact label={t({ message: plural(owedNow.days, { one: 'Owed now (# day of interest)', other: 'Owed now (# days of interest)' }) })} strong>
                <span data-testid="loan-owed">
                  <Amount value={repayTotal} asset={loan.asset} />
                </span>
              </Fact>
              <LtvFacts
                debt={owedNow.total}
                collateral={minorOf(loan.collateral, across.pair.collateralAsset)}
                pair={across.pair}
                thresholds={across.thresholds}
                ltvLabel={t`LTV now`}
                ltvBp={loan.ltvBp ?? undefined}
              />
            </>
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
      {loan.liquidation && loan.collateralAsset ? <Liquidated loan={loan} liquidation={loan.liquidation} collateralAsset={loan.collateralAsset} /> : null}
      {loan.status === 'pending' ? (
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Trans>Your application is being reviewed. We will tell you the outcome here.</Trans>
        </p>
      ) : null}
      {oldRule ? (
        <section role="note" aria-label={t`Old terms`} className="space-y-3 rounded-2xl bg-sea-50 p-4 text-sm text-ink">
          <p>
            <Trans>
              This loan was made under terms we no longer offer: its collateral was the loan's own payout. Ending it returns the payout from the collateral; nothing is taken from your balance, no interest is charged, and a repayment you sent is returned in full.
            </Trans>
          </p>
          <Button onClick={() => void action.confirm(loan)}>{t`End the loan`}</Button>
        </section>
      ) : null}
      {loan.status === 'repaying' && !oldRule ? (
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
        <Button onClick={() => void action.confirm({ ...loan, total: repayTotal })}>
          {t`Repay now`}
        </Button>
      ) : null}
      {across && repayable && owedNow && principalLeft > 1n ? (
        <RepayPart loan={loan} principalLeft={toDecimalString(principalLeft, loan.asset)} interestNow={toDecimalString(owedNow.interest, loan.asset)} />
      ) : null}
      {across && repayable && config.data ? <AddCollateral loan={loan} available={config.data.available[across.pair.collateralAsset]} /> : null}
      <MoneyActionSheet
        action={action}
        summary={
          action.pending === null ? null : oldRule ? (
            <p>
              <Trans>
                End loan <bdi dir="ltr">{action.pending.loanNo}</bdi>: its collateral of <Amount value={action.pending.collateral} asset={action.pending.asset} className="font-semibold" /> goes back, nothing is taken from your balance
              </Trans>
            </p>
          ) : across ? (
            <p>
              <Trans>
                Repay <Amount value={action.pending.total} asset={action.pending.asset} className="font-semibold" /> (principal and interest so far) of loan{' '}
                <bdi dir="ltr">{action.pending.loanNo}</bdi>
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>
                Repay <Amount value={action.pending.total} asset={action.pending.asset} className="font-semibold" /> (principal and interest) of loan <bdi dir="ltr">{action.pending.loanNo}</bdi>
              </Trans>
            </p>
          )
        }
      />
    </>
  );
}

/** A money call beside a loan that moves an amount: the form, its payment-password sheet and its toast. */
function LoanAmountAction({
  loan,
  title,
  text,
  label,
  button,
  asset,
  limit,
  send,
  done,
  summary,
}: {
  loan: Loan;
  title: string;
  text: ReactNode;
  label: string;
  button: string;
  asset: Asset;
  limit: { available: string } | { left: string };
  send(request: { id: number; amount: string; payPassword: string }, options: SendOptions): Promise<Loan>;
  done(amount: string): string;
  summary(amount: string): ReactNode;
}) {
  const form = useZodForm(loanAmountFormSchema(asset, limit), { defaultValues: { amount: '' } });
  const action = useMoneyAction<{ amount: string }, Loan, 'amount'>({
    send: (request, payPassword, options) => send({ id: loan.id, amount: request.amount, payPassword: payPassword ?? '' }, options),
    fields: ['amount'],
    onFieldError: (name, message) => form.setError(name, { type: 'server', message }),
    onSuccess(_loan, request) {
      form.setValue('amount', '');
      toast.success(done(request.amount));
    },
  });
  const submit = submitOnce(form, (request) => void action.confirm(request));
  return (
    <section aria-label={title} className="space-y-3 rounded-2xl bg-surface p-4">
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      <p className="text-sm text-muted">{text}</p>
      <form noValidate className="space-y-3" onSubmit={submit}>
        <AmountField form={form} name="amount" asset={asset} label={label} all={'available' in limit ? limit.available : undefined} />
        <Button type="submit" kind="secondary">
          {button}
        </Button>
      </form>
      <MoneyActionSheet action={action} summary={(pending) => <p>{summary(pending.amount)}</p>} />
    </section>
  );
}

/**
 * More collateral for a loan against the other currency: from the available balance of the
 * collateral's currency, with the payment password; it lowers the LTV and moves the margin-call
 * and liquidation prices away.
 */
function AddCollateral({ loan, available }: { loan: Loan; available: string }) {
  const { t } = useLingui();
  const asset = loan.collateralAsset!;
  return (
    <LoanAmountAction
      loan={loan}
      title={t`Add collateral`}
      text={<Trans>More collateral lowers the LTV and keeps the loan further from a margin call and a liquidation. It is returned with the rest when the loan is repaid.</Trans>}
      label={t`Collateral to add (${asset})`}
      button={t`Add collateral`}
      asset={asset}
      limit={{ available }}
      send={addLoanCollateral}
      done={(amount) => t`${plainDecimal(amount)} ${asset} added to the collateral.`}
      summary={(amount) => (
        <Trans>
          Lock <Amount value={amount} asset={asset} className="font-semibold" /> more as collateral of loan <bdi dir="ltr">{loan.loanNo}</bdi>
        </Trans>
      )}
    />
  );
}

/**
 * A part of a loan across assets repaid now, from the available balance: the interest so far and
 * the part of the principal; interest then runs on the principal left, and the LTV falls.
 */
function RepayPart({ loan, principalLeft, interestNow }: { loan: Loan; principalLeft: string; interestNow: string }) {
  const { t } = useLingui();
  const asset = loan.asset;
  return (
    <LoanAmountAction
      loan={loan}
      title={t`Repay a part`}
      text={
        <Trans>
          A part of the loan is repaid at once with the interest so far (<Amount value={interestNow} asset={asset} />
          ); interest then runs only on the principal left, and the LTV falls. Your collateral stays locked until the loan is repaid.
        </Trans>
      }
      label={t`Part of the principal (${asset})`}
      button={t`Repay a part`}
      asset={asset}
      limit={{ left: principalLeft }}
      send={repayLoanPart}
      done={(amount) => t`${plainDecimal(amount)} ${asset} of the loan repaid.`}
      summary={(amount) => (
        <Trans>
          Repay <Amount value={amount} asset={asset} className="font-semibold" /> of the principal of loan <bdi dir="ltr">{loan.loanNo}</bdi>, with the interest so far of{' '}
          <Amount value={interestNow} asset={asset} className="font-semibold" />
        </Trans>
      )}
    />
  );
}

/**
 * A loan ended by the LTV watch: at which rate, how much of the collateral was sold for what,
 * what came back, and that the borrowed money stays the borrower's.
 */
function Liquidated({ loan, liquidation, collateralAsset }: { loan: Loan; liquidation: NonNullable<Loan['liquidation']>; collateralAsset: Asset }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const when = formatTime(liquidation.at);
  return (
    <section aria-label={t`Liquidation`} className="space-y-2 rounded-2xl bg-surface p-4 text-sm text-ink">
      <h2 className="text-base font-semibold">{t`Liquidation`}</h2>
      <p className="text-muted">
        <Trans>
          On {when} the LTV reached the liquidation threshold. Just enough of the collateral was sold at the reference rate to repay the loan, the interest so far and the liquidation fee; the rest came back to your balance. You keep the <Amount value={loan.amount} asset={loan.asset} /> you borrowed.
        </Trans>
      </p>
      <dl>
        <Fact label={t`Reference rate`}>
          <RateLine base="USDT" rate={liquidation.rate} quote="EUR" />
        </Fact>
        <Fact label={t`Collateral sold`}>
          <Amount value={liquidation.converted} asset={collateralAsset} />
        </Fact>
        <Fact label={t`Interest`}>
          <Amount value={liquidation.interest} asset={loan.asset} />
        </Fact>
        <Fact label={t`Liquidation fee`}>
          <Amount value={liquidation.fee} asset={loan.asset} />
        </Fact>
        <Fact label={t`Collateral returned`} strong>
          <Amount value={liquidation.returned} asset={collateralAsset} />
        </Fact>
        {minorOf(liquidation.shortfall, loan.asset) > 0n ? (
          <Fact label={t`Not covered by the collateral (you do not owe it)`}>
            <Amount value={liquidation.shortfall} asset={loan.asset} />
          </Fact>
        ) : null}
      </dl>
    </section>
  );
}
