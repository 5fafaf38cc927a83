/**
 * Apply for a loan (/loan/apply-loan?product=): the type and period, the amount (a principal
 * loan between 10 % and 80 % of the wallet balance), and before applying the figures the loan
 * will have — interest, total to repay, APR — computed with the server's own functions; then the
 * identity: full name, ID type and number, the ID's front (and back for an ID card), each image
 * sent as soon as it is chosen (JPG, PNG or HEIC, at most 2 MB), and the terms accepted.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Button, Preloader } from 'konsta/react';
import { useState } from 'react';
import { isApiError } from '../../api/client';
import { applyForLoan, uploadLoanDocument } from './api/calls';
import { invalidateAccount } from '../../api/query';
import { QueryFallback } from '../../app/EmptyState';
import { toast } from '../../app/feedback/toast';
import { BankIcon } from '../../app/icons';
import { Screen } from '../../app/Screen';
import type { ErrorKey } from '../../domain/errors';
import { ID_TYPES, LOAN_DOCUMENT_MAX_BYTES, loanFigures, needsBack, principalRange, type IdType, type Loan, type LoanConfig, type LoanProduct } from '../../domain/loan';
import { parseAmount, toDecimalString } from '../../domain/money';
import { parseRate } from '../../domain/pledge';
import { errorMessage } from '../../i18n';
import { Amount, Percent } from '../shared/Amount';
import { Choices } from '../shared/Choices';
import { ImagePicker } from '../shared/ImagePicker';
import { amountProblem, decimalInput, plainDecimal } from '../shared/money/amounts';
import { isOnline } from '../shared/money/online';
import { Fact } from '../shared/records';
import { TextField } from '../shared/TextField';
import { useLoanConfig } from './api/queries';
import { LoanCard, useLoanWords } from './parts';
import { UploadProgressBar, type Progress } from '../shared/UploadProgress';
import { plural } from '@lingui/core/macro';
import { useCounts } from '../shared/counts';

type Side = 'front' | 'back';
type Field = 'amount' | 'fullName' | 'idNumber' | 'front' | 'back' | 'accepted';

interface Picked {
  file: File;
  /** The server's id once uploaded; null while on its way or after a failure. */
  id: number | null;
  uploading: boolean;
  /** Bytes sent of the file's upload, while it goes. */
  progress: Progress | null;
}

// Some browsers give HEIC files no type at all: the name decides then.
const TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif'];
const NAMES = /\.(jpe?g|png|heic|heif)$/i;

function imageProblem(file: File): ErrorKey | null {
  const typeOk = file.type ? TYPES.includes(file.type.toLowerCase()) : NAMES.test(file.name);
  if (!typeOk) return 'upload.wrongType';
  if (file.size > LOAN_DOCUMENT_MAX_BYTES) return 'upload.tooLarge';
  return null;
}

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
  const [amount, setAmount] = useState('');
  const [fullName, setFullName] = useState('');
  const [idType, setIdType] = useState<IdType>('id_card');
  const [idNumber, setIdNumber] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [images, setImages] = useState<Partial<Record<Side, Picked>>>({});
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const asset = product.asset;
  const balance = parseAmount(config.available[asset], asset) ?? 0n;
  const range = product.type === 'principal' ? principalRange(balance) : null;
  const low = range ? (range.min > (parseAmount(product.minAmount, asset) ?? 0n) ? range.min : parseAmount(product.minAmount, asset)!) : parseAmount(product.minAmount, asset)!;
  const high = range ? range.max : parseAmount(product.maxAmount, asset)!;
  const minor = parseAmount(amount.trim(), asset);
  const figures = minor !== null && minor > 0n ? loanFigures(minor, parseRate(product.dailyRate) ?? 0n, product.days) : null;
  const shown = (value: bigint | undefined) => (value === undefined ? null : toDecimalString(value, asset));
  const sides: Side[] = needsBack(idType) ? ['front', 'back'] : ['front'];
  const setError = (field: Field, message: string | undefined) => setErrors((current) => ({ ...current, [field]: message }));

  async function choose(side: Side, file: File | null) {
    setError(side, undefined);
    if (!file) {
      setImages((current) => ({ ...current, [side]: undefined }));
      return;
    }
    const problem = imageProblem(file);
    if (problem) return setError(side, errorMessage(problem));
    if (!isOnline()) return setError(side, errorMessage('network.error'));
    setImages((current) => ({ ...current, [side]: { file, id: null, uploading: true, progress: null } }));
    const report = (sent: number, total: number) =>
      setImages((current) => (current[side]?.file === file ? { ...current, [side]: { ...current[side], progress: { sent, total } } } : current));
    try {
      const { id } = await uploadLoanDocument(file, { quiet: true, onUploadProgress: report });
      setImages((current) => (current[side]?.file === file ? { ...current, [side]: { file, id, uploading: false, progress: null } } : current));
    } catch (error) {
      setImages((current) => (current[side]?.file === file ? { ...current, [side]: undefined } : current));
      setError(side, error instanceof Error ? error.message : errorMessage('upload.failed'));
    }
  }

  function problems(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    const basic = amountProblem(amount, asset);
    if (basic) found.amount = errorMessage(basic.key, basic.params);
    else if (minor! < low || minor! > high) {
      found.amount =
        product.type === 'principal'
          ? errorMessage('loan.principalRange', { min: plainDecimal(toDecimalString(low, asset)), max: plainDecimal(toDecimalString(high, asset)), asset })
          : errorMessage('loan.amountOutOfRange', { min: plainDecimal(product.minAmount), max: plainDecimal(product.maxAmount), asset });
    }
    if (fullName.trim().length < 2) found.fullName = errorMessage('loan.nameRequired');
    if (!/^[A-Za-z0-9 -]{4,30}$/.test(idNumber.trim())) found.idNumber = errorMessage('loan.idNumberRequired');
    for (const side of sides) {
      if (!images[side]?.id) found[side] = errorMessage(side === 'back' ? 'loan.backRequired' : 'loan.documentRequired');
    }
    if (!accepted) found.accepted = errorMessage('loan.disclaimerRequired');
    return found;
  }

  async function submit() {
    const found = problems();
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    if (!isOnline()) return void toast.error(errorMessage('network.error'));
    setBusy(true);
    try {
      const loan = await applyForLoan({
        productId: product.id,
        amount: amount.trim(),
        fullName: fullName.trim(),
        idType,
        idNumber: idNumber.trim(),
        frontDocument: images.front!.id!,
        ...(needsBack(idType) ? { backDocument: images.back!.id! } : {}),
        accepted: true,
      });
      void invalidateAccount();
      toast.success(t`Application sent. We will tell you the outcome in your loans.`);
      await navigate({ to: '/loan/loan-detail', search: { id: String(loan.id) } });
    } catch (error) {
      // The client has shown why; a refusal about a field goes under it too.
      if (isApiError(error) && error.field) {
        const field = error.field === 'frontDocument' ? 'front' : error.field === 'backDocument' ? 'back' : error.field;
        if (['amount', 'fullName', 'idNumber', 'front', 'back'].includes(field)) setError(field as Field, error.message);
      }
    } finally {
      setBusy(false);
    }
  }

  const ofType = config.products.filter((candidate) => candidate.type === product.type);
  return (
    <form
      noValidate
      className="space-y-5 px-4 pt-2 pb-10"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
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
        <TextField
          label={t`Amount (${asset})`}
          value={amount}
          onChange={(value) => {
            setAmount(decimalInput(value));
            setError('amount', undefined);
          }}
          error={errors.amount}
          hint={
            product.type === 'principal'
              ? t`Between ${plainDecimal(toDecimalString(low, asset))} and ${plainDecimal(toDecimalString(high, asset))} ${asset}: ${config.principalMinPercent}–${config.principalMaxPercent} % of your wallet balance of ${plainDecimal(config.available[asset])} ${asset}.`
              : t`Between ${plainDecimal(product.minAmount)} and ${plainDecimal(product.maxAmount)} ${asset}.`
          }
          inputMode="decimal"
          autoComplete="off"
          ltr
        />
        <dl className="rounded-2xl bg-surface px-4 py-3" aria-label={t`What this loan costs`}>
          <Fact label={t`Interest rate`}>
            <Percent value={product.dailyRate} /> {t`a day`}
          </Fact>
          <Fact label={t`Yearly rate (APR)`}>
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
        <TextField label={t`Full name`} value={fullName} onChange={(value) => (setFullName(value), setError('fullName', undefined))} error={errors.fullName} autoComplete="name" />
        <Choices<IdType> label={t`ID type`} options={ID_TYPES.map((type) => ({ value: type, label: words.idType[type] }))} value={idType} onChange={setIdType} />
        <TextField label={t`ID number`} value={idNumber} onChange={(value) => (setIdNumber(value), setError('idNumber', undefined))} error={errors.idNumber} autoComplete="off" ltr />
        {sides.map((side) => (
          <ImagePicker
            key={side}
            label={side === 'front' ? t`Front of the ID` : t`Back of the ID`}
            hint={<Trans>A clear photo. JPG, PNG or HEIC, at most 2 MB.</Trans>}
            inputLabel={side === 'front' ? t`Front of the ID image` : t`Back of the ID image`}
            previewAlt={side === 'front' ? t`Chosen front of the ID` : t`Chosen back of the ID`}
            accept="image/jpeg,image/png,image/heic,image/heif,.heic,.heif"
            file={images[side]?.file ?? null}
            onChange={(file) => void choose(side, file)}
            error={errors[side]}
            status={
              images[side]?.uploading ? (
                <span className="flex flex-col gap-1 text-muted" role="status" aria-label={t`Uploading…`}>
                  {t`Uploading…`}
                  <UploadProgressBar progress={images[side]?.progress ?? null} />
                </span>
              ) : images[side]?.id ? (
                t`Uploaded. Tap to choose another image.`
              ) : undefined
            }
            disabled={busy}
          />
        ))}
      </section>

      <div>
        <label className="flex min-h-11 items-start gap-3 text-sm text-ink">
          <input
            type="checkbox"
            checked={accepted}
            onChange={(event) => (setAccepted(event.target.checked), setError('accepted', undefined))}
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
        {errors.accepted ? (
          <p role="alert" className="mt-1 text-xs text-rose-700">
            {errors.accepted}
          </p>
        ) : null}
      </div>

      <Button large rounded type="submit" disabled={busy}>
        {busy ? <Preloader className="size-5" /> : t`Apply for the loan`}
      </Button>
    </form>
  );
}
