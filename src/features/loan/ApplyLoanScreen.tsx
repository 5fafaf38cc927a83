/**
 * Apply for a loan (/loan/apply-loan?product=): the type and period, the amount (a principal
 * loan between 10 % and 80 % of the wallet balance), and before applying the figures the loan
 * will have — interest, total to repay, APR — computed with the server's own functions; then the
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
import { ID_TYPES, loanAmountLimits, loanFigures, loanFormSchema, needsBack, type IdType, type Loan, type LoanConfig, type LoanProduct } from '../../domain/loan';
import { parseAmount, toDecimalString } from '../../domain/money';
import { minorOf, plainDecimal } from '../../domain/payments';
import { parseRate } from '../../domain/pledge';
import { Amount, Percent } from '../../ui/Amount';
import { Choices } from '../../ui/Choices';
import { useCounts } from '../../ui/counts';
import { setServerError, submitOnce, textField, useZodForm } from '../../ui/form/form';
import { AmountField } from '../shared/money/AmountField';
import { Fact } from '../shared/records';
import { TextField } from '../../ui/form/TextField';
import { useAccountMutation } from '../shared/useAccountMutation';
import { useLoanConfig } from './api/queries';
import { IdDocumentPicker, type IdSide } from './IdDocumentPicker';
import { LoanCard, useLoanWords } from './parts';

/** What the form holds: the images' ids once uploaded, the terms' box as ticked or not. */
interface LoanFormValues {
  amount: string;
  fullName: string;
  idType: IdType;
  idNumber: string;
  frontDocument: number | null;
  backDocument: number | null;
  accepted: boolean;
}

const EMPTY: LoanFormValues = { amount: '', fullName: '', idType: 'id_card', idNumber: '', frontDocument: null, backDocument: null, accepted: false };
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
        <QueryFallback query={config} icon={<BankIcon size={36} />} failedTitle={t`Loan configuration not found. Please try again later.`} />
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
  const navigate = useNavigate();
  const [product, setProduct] = useState(initial);
  const asset = product.asset;
  const balance = minorOf(config.available[asset], asset);
  const form = useZodForm<ReturnType<typeof loanFormSchema>, LoanFormValues>(loanFormSchema(product, balance), { defaultValues: EMPTY });
  const apply = useAccountMutation({
    call: applyForLoan,
    async onSuccess(loan: Loan) {
      toast.success(t`Application sent. We will tell you the outcome in your loans.`);
      await navigate({ to: '/loan/loan-detail', search: { id: loan.id } });
    },
    // The client has shown why; a refusal about a field goes under it too.
    onError: (error) => setServerError(form, error, SERVER_FIELDS),
  });
  const busy = apply.pending;

  const { low, high } = loanAmountLimits(product, balance);
  const [amount, idType, accepted, ...documents] = useWatch({ control: form.control, name: ['amount', 'idType', 'accepted', 'frontDocument', 'backDocument'] });
  const minor = parseAmount(amount.trim(), asset);
  const figures = minor !== null && minor > 0n ? loanFigures(minor, parseRate(product.dailyRate) ?? 0n, product.days) : null;
  const shown = (value: bigint | undefined) => (value === undefined ? null : toDecimalString(value, asset));
  const sides: IdSide[] = needsBack(idType) ? ['front', 'back'] : ['front'];
  const submit = submitOnce(form, ({ backDocument, ...data }) =>
    apply.run({ ...data, productId: product.id, ...(needsBack(data.idType) && backDocument ? { backDocument } : {}) }),
  );

  const ofType = config.products.filter((candidate) => candidate.type === product.type);
  return (
    <form noValidate className="space-y-5 px-4 pt-2 pb-10" onSubmit={submit}>
      <section aria-label={t`Loan`} className="space-y-3">
        <Choices
          label={t`Loan type`}
          options={(['credit', 'principal'] as const).filter((type) => config.products.some((candidate) => candidate.type === type)).map((type) => ({ value: type, label: words.type[type] }))}
          value={product.type}
          onChange={(type) => setProduct(config.products.find((candidate) => candidate.type === type)!)}
        />
        <Choices
          label={t`Period`}
          options={ofType.map((candidate) => ({ value: String(candidate.id), label: counts.days(candidate.days) }))}
          value={String(product.id)}
          onChange={(id) => setProduct(ofType.find((candidate) => String(candidate.id) === id)!)}
        />
        <AmountField
          form={form}
          name="amount"
          asset={asset}
          hint={
            product.type === 'principal'
              ? t`Between ${plainDecimal(toDecimalString(low, asset))} and ${plainDecimal(toDecimalString(high, asset))} ${asset}: ${config.principalMinPercent}–${config.principalMaxPercent} % of your wallet balance of ${plainDecimal(config.available[asset])} ${asset}.`
              : t`Between ${plainDecimal(product.minAmount)} and ${plainDecimal(product.maxAmount)} ${asset}.`
          }
        />
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
          {product.type === 'principal' ? (
            <Fact label={t`Collateral held`}>
              <Amount value={shown(minor !== null && minor > 0n ? minor : undefined)} asset={asset} />
            </Fact>
          ) : null}
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
