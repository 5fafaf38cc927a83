/**
 * Apply for a loan (/loan/apply-loan?product=): the type, the currency lent and the period, the
 * amount within the product's limits, for a principal loan the LTV chosen and the collateral it
 * locks from the other currency of the balance, and before applying the figures the loan will
 * have — interest, total to repay, APR; for a principal loan the collateral, its LTV and the
 * prices of a margin call and a liquidation — computed with the server's own functions; then the
 * identity: full name, ID type and number, the ID's front (and back for an ID card), each image
 * sent as soon as it is chosen (JPG, PNG or HEIC, at most 2 MB), and the terms accepted.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Preloader } from 'konsta/react';
import { Button } from '../../ui/Button';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { applyForLoan } from './api/calls';
import { QueryFallback } from '../../ui/EmptyState';
import { toast } from '../../ui/feedback/toast';
import { BankIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { ID_TYPES, LOAN_TYPES, loanAmountLimits, loanFigures, loanFormSchema, needsBack, type IdType, type Loan, type LoanConfig, type LoanProduct } from '../../domain/loan';
import { collateralFor, LTV_CHOICES, LTV_DEFAULT_BP } from '../../domain/ltv';
import { parseAmount, percentText, toDecimalString } from '../../domain/money';
import { minorOf } from '../../domain/payments';
import { parseRate } from '../../domain/pledge';
import { Amount, Percent, useFormatAmount, useFormatPercent } from '../../ui/Amount';
import { Choices } from '../../ui/Choices';
import { useCounts } from '../../ui/counts';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { AmountField } from '../shared/money/AmountField';
import { Fact } from '../shared/records';
import { TextField } from '../../ui/form/TextField';
import { useAccountMutation } from '../shared/useAccountMutation';
import { useLoanConfig } from './api/queries';
import { IdDocumentPicker, type IdSide } from './IdDocumentPicker';
import { acrossAssetsOf, LoanCard, LtvFacts, useLoanWords } from './parts';
import { isApiError } from '../../api/client';

/** What the form holds: the images' ids once uploaded, the terms' box as ticked or not. */
interface LoanFormValues {
  amount: string;
  /** A principal loan's LTV in hundredths of a percent ("5000"). */
  ltv: string;
  fullName: string;
  idType: IdType;
  idNumber: string;
  frontDocument: number | null;
  backDocument: number | null;
  accepted: boolean;
}

const EMPTY: LoanFormValues = { amount: '', ltv: String(LTV_DEFAULT_BP), fullName: '', idType: 'id_card', idNumber: '', frontDocument: null, backDocument: null, accepted: false };
const DOCUMENT_FIELD = { front: 'frontDocument', back: 'backDocument' } as const;
const SERVER_FIELDS = ['amount', 'fullName', 'idNumber', 'frontDocument', 'backDocument'] as const;

export default function ApplyLoanScreen() {
  const { t } = useLingui();
  const config = useLoanConfig();
  const search = useSearch({ from: '/members/loan/apply-loan' });
  const data = config.data;
  const product = data?.products.find((candidate) => String(candidate.id) === search.product) ?? data?.products[0];
  return (
    <Screen>
      {data?.open ? (
        <OpenLoan loan={data.open} />
      ) : data && product ? (
        <ApplyForm key={product.id} config={data} initial={product} />
      ) : (
        <QueryFallback query={config} icon={<BankIcon size={36} />} failedTitle={t`The loans could not be loaded`} />
      )}
    </Screen>
  );
}

/** One loan at a time: with one not yet ended, the screen says so and shows it, instead of a form the server would refuse. */
function OpenLoan({ loan }: { loan: Loan }) {
  return (
    <div className="space-y-3 px-4 pt-2 pb-8">
      <p role="note" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
        <Trans>You can apply for another loan once this one is repaid.</Trans>
      </p>
      <LoanCard loan={loan} />
    </div>
  );
}

function ApplyForm({ config, initial }: { config: LoanConfig; initial: LoanProduct }) {
  const { t } = useLingui();
  const counts = useCounts();
  const words = useLoanWords();
  const formatPercent = useFormatPercent();
  const formatAmount = useFormatAmount();
  const navigate = useNavigate();
  const [product, setProduct] = useState(initial);
  const asset = product.asset;
  // A principal loan is held against the other currency, at the reference rate.
  const across = product.type === 'principal' ? acrossAssetsOf(config, asset) : null;
  const collateralAsset = across?.pair.collateralAsset;
  const collateralCheck = across
    ? { asset: across.pair.collateralAsset, available: minorOf(config.available[across.pair.collateralAsset], across.pair.collateralAsset), need: (amount: bigint, ltv: bigint) => collateralFor(amount, ltv, across.pair) }
    : null;
  const form = useZodForm<ReturnType<typeof loanFormSchema>, LoanFormValues>(loanFormSchema(product, collateralCheck), { defaultValues: EMPTY });
  const apply = useAccountMutation({
    call: applyForLoan,
    async onSuccess(loan: Loan) {
      toast.success(t`Application sent. We will tell you the outcome in your loans.`);
      await navigate({ to: '/loan/loan-detail', search: { id: loan.id } });
    },
    // The client has shown why; a refusal about a field goes under it too.
    onError(error) {
      // The server names the collateral; the form chooses it by the LTV.
      if (isApiError(error) && (error.field === 'collateral' || error.field === 'collateralAsset')) form.setError('ltv', { type: 'server', message: error.message });
      else setServerError(form, error, SERVER_FIELDS);
    },
  });
  const busy = apply.pending;

  const { low, high } = loanAmountLimits(product);
  const [amount, ltv, idType, accepted, ...documents] = useWatch({ control: form.control, name: ['amount', 'ltv', 'idType', 'accepted', 'frontDocument', 'backDocument'] });
  const minor = parseAmount(amount.trim(), asset);
  const lent = minor !== null && minor > 0n ? minor : null;
  const figures = lent !== null ? loanFigures(lent, parseRate(product.dailyRate) ?? 0n, product.days) : null;
  const collateral = lent !== null && across ? collateralFor(lent, BigInt(ltv), across.pair) : null;
  const shown = (value: bigint | undefined) => (value === undefined ? null : toDecimalString(value, asset));
  const sides: IdSide[] = needsBack(idType) ? ['front', 'back'] : ['front'];
  const submit = submitOnce(form, ({ backDocument, ltv: chosen, ...data }) => {
    const locked = across ? collateralFor(parseAmount(data.amount, asset)!, BigInt(chosen), across.pair) : null;
    return apply.run({
      ...data,
      productId: product.id,
      ...(needsBack(data.idType) && backDocument ? { backDocument } : {}),
      ...(across && locked !== null ? { collateralAsset: across.pair.collateralAsset, collateral: toDecimalString(locked, across.pair.collateralAsset) } : {}),
    });
  });

  // A principal loan needs the reference rate; without it only credit loans are offered.
  const offered = config.products.filter((candidate) => candidate.type === 'credit' || acrossAssetsOf(config, candidate.asset));
  const ofType = offered.filter((candidate) => candidate.type === product.type);
  const assets = [...new Set(ofType.map((candidate) => candidate.asset))];
  const periods = ofType.filter((candidate) => candidate.asset === asset);
  const choose = (next: LoanProduct | undefined) => {
    if (!next) return;
    setProduct(next);
    form.clearErrors(['amount', 'ltv']);
  };
  return (
    <form noValidate className="space-y-5 px-4 pt-2 pb-10" onSubmit={submit}>
      <section aria-label={t`Loan`} className="space-y-3">
        <Choices
          label={t`Loan type`}
          options={LOAN_TYPES.filter((type) => offered.some((candidate) => candidate.type === type)).map((type) => ({ value: type, label: words.type[type] }))}
          value={product.type}
          onChange={(type) => choose(offered.find((candidate) => candidate.type === type))}
        />
        {assets.length > 1 ? (
          <Choices
            label={t`Currency lent`}
            options={assets.map((code) => ({ value: code, label: code }))}
            value={asset}
            onChange={(code) => choose(ofType.find((candidate) => candidate.asset === code))}
          />
        ) : null}
        <Choices
          label={t`Period`}
          options={periods.map((candidate) => ({ value: String(candidate.id), label: counts.days(candidate.days) }))}
          value={String(product.id)}
          onChange={(id) => choose(periods.find((candidate) => String(candidate.id) === id))}
        />
        <AmountField
          form={form}
          name="amount"
          asset={asset}
          label={t`Amount to borrow (${asset})`}
          hint={t`Between ${formatAmount(low, asset)} and ${formatAmount(high, asset)} ${asset}.`}
        />
        {across && collateralAsset ? (
          <div>
            <p id="loan-ltv-label" className="mb-1.5 text-sm font-medium text-ink">
              <Trans>Loan-to-value (LTV)</Trans>
            </p>
            <Choices
              labelledBy="loan-ltv-label"
              options={LTV_CHOICES.map((choice) => ({ value: String(choice), label: formatPercent(percentText(choice)) }))}
              value={ltv}
              onChange={(choice) => (form.setValue('ltv', choice), form.clearErrors('ltv'))}
            />
            {form.formState.errors.ltv ? (
              <p role="alert" className="mt-1 text-xs text-rose-700">
                {form.formState.errors.ltv.message}
              </p>
            ) : (
              <p className="mt-1 text-xs text-muted">
                <Trans>
                  Your {collateralAsset} is locked as collateral: the lower the LTV, the more is locked and the further the loan is from a margin call. You have{' '}
                  <Amount value={config.available[collateralAsset]} asset={collateralAsset} /> available.
                </Trans>
              </p>
            )}
          </div>
        ) : null}
        {across && collateralAsset ? (
          <dl className="rounded-2xl bg-surface px-4 py-3" aria-label={t`Collateral`}>
            <Fact label={t`Collateral locked`} strong>
              <span data-testid="loan-collateral">
                <Amount value={collateral === null ? null : toDecimalString(collateral, collateralAsset)} asset={collateralAsset} />
              </span>
            </Fact>
            {lent !== null && collateral !== null ? (
              <LtvFacts debt={lent} collateral={collateral} pair={across.pair} thresholds={across.thresholds} ltvLabel={t`LTV at the start`} />
            ) : null}
            <Fact label={t`Liquidation fee`}>
              <Percent value={percentText(across.thresholds.feeBp)} />
            </Fact>
          </dl>
        ) : null}
        <dl className="rounded-2xl bg-surface px-4 py-3" aria-label={t`What this loan costs`}>
          <Fact label={t`Interest rate`}>
            <Percent value={product.dailyRate} /> {t`a day`}
          </Fact>
          <Fact label={t`Yearly rate (APR, simple)`}>
            <Percent value={product.apr} />
          </Fact>
          <Fact label={t({ message: plural(product.days, { one: 'Interest over # day', other: 'Interest over # days' }) })}>
            <Amount value={shown(figures?.interest)} asset={asset} />
          </Fact>
          <Fact label={t`Repayment amount`} strong total>
            <span data-testid="loan-total">
              <Amount value={shown(figures?.total)} asset={asset} />
            </span>
          </Fact>
        </dl>
      </section>

      <section aria-label={t`Your identity`} className="space-y-4">
        <h2 className="text-base font-semibold text-ink">
          <Trans>Your identity</Trans>
        </h2>
        <TextField label={t`Full name`} {...textField(form, 'fullName')} autoComplete="name" />
        <Choices<IdType> label={t`ID type`} options={ID_TYPES.map((type) => ({ value: type, label: words.idType[type] }))} value={idType} onChange={(type) => form.setValue('idType', type)} />
        <TextField label={t`ID number`} {...textField(form, 'idNumber')} autoComplete="off" ltr />
        {sides.map((side) => (
          <IdDocumentPicker
            key={side}
            side={side}
            uploaded={documents[side === 'front' ? 0 : 1]}
            onUploaded={(id) => form.setValue(DOCUMENT_FIELD[side], id, { shouldValidate: form.formState.isSubmitted && id !== null })}
            onProblem={(message) => (message ? form.setError(DOCUMENT_FIELD[side], { type: 'validate', message }) : form.clearErrors(DOCUMENT_FIELD[side]))}
            error={form.formState.errors[DOCUMENT_FIELD[side]]?.message}
            disabled={busy}
          />
        ))}
      </section>

      <div>
        <label className="flex min-h-11 items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={accepted}
            onChange={(event) => (form.setValue('accepted', event.target.checked), form.clearErrors('accepted'))}
            className="mt-0.5 size-5 shrink-0 accent-sea-700"
          />
          <span>
            <Trans>
              I have read and accept the{' '}
              <Link to="/loan/components/article" className="font-semibold text-sea-700 underline">
                loan terms
              </Link>
              .
            </Trans>
          </span>
        </label>
        {form.formState.errors.accepted ? (
          <p role="alert" className="mt-1 text-xs text-rose-700">
            {form.formState.errors.accepted.message}
          </p>
        ) : null}
      </div>

      <Button type="submit" disabled={busy}>
        {busy ? <Preloader className="size-5" /> : t`Apply for the loan`}
      </Button>
    </form>
  );
}
