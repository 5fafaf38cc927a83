/**
 * The deposit's report: the amount (the asset's decimals) and the payment proof (JPG, PNG, HEIC or
 * WebP, at most 2 MB), checked by the domain's depositFormSchema before anything is sent; then
 * the upload with its progress, sent once per idempotency key (useMoneyAction, no payment password).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/Button';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import type { ApiError } from '../../api/client';
import { requestDeposit } from './api/calls';
import { DEPOSIT_PROOF_MAX_BYTES, DEPOSIT_PROOF_TYPES, type UsdtNetwork } from '../../domain/ledger';
import { imageProblem } from '../../domain/images';
import { depositFormSchema } from '../../domain/payments';
import type { DepositAddressReply, DepositRecord } from '../../domain/wire';
import { errorMessage } from '../../i18n';
import { useZodForm } from '../../ui/form/form';
import { ImagePicker, useImageRules } from '../../ui/form/ImagePicker';
import { useMoneyAction } from '../shared/money/useMoneyAction';
import { DecimalField } from '../shared/money/DecimalField';
import { UploadProgressBar, useUploadProgress } from '../../ui/UploadProgress';

/** Deposits uploads can be slow on a phone: more time than the usual 10 s. */
const UPLOAD_TIMEOUT_MS = 60_000;

type Field = 'amount' | 'proof';

interface DepositInput {
  coinId: number;
  network?: UsdtNetwork;
  amount: string;
  proof: File;
}

/** Where a refusal of the upload goes: the amount, or the proof (its part is called `file`). */
function depositFieldOf(error: ApiError): Field | undefined {
  if (error.field === 'amount') return 'amount';
  if (error.field === 'file' || error.key === 'deposit.proofRequired' || error.key?.startsWith('upload.')) return 'proof';
  return undefined;
}

export function DepositForm({ target, usdtNetwork, onSubmitted }: { target: DepositAddressReply; usdtNetwork?: UsdtNetwork; onSubmitted(record: DepositRecord): void }) {
  const { t } = useLingui();
  const asset = target.asset;
  const form = useZodForm(depositFormSchema(asset), { defaultValues: { amount: '', proof: null as File | null }, reValidateMode: 'onSubmit' });
  const amount = useWatch({ control: form.control, name: 'amount' }) as string;
  const proof = useWatch({ control: form.control, name: 'proof' }) as File | null;
  const errors = form.formState.errors;
  const upload = useUploadProgress();
  const { kinds, megabytes } = useImageRules(DEPOSIT_PROOF_TYPES, DEPOSIT_PROOF_MAX_BYTES);
  // Nothing leaves the account: no payment password, straight to the server with its key.
  const action = useMoneyAction<DepositInput, DepositRecord, Field>({
    send: (input, _noPassword, options) => {
      upload.reset();
      return requestDeposit(input, { ...options, timeoutMs: UPLOAD_TIMEOUT_MS, onUploadProgress: upload.report });
    },
    fieldOf: depositFieldOf,
    onFieldError: (field, message) => form.setError(field, { type: 'server', message }),
    onSuccess: (record) => onSubmitted(record),
  });
  const busy = action.busy;
  const valueNotCoin = target.kind === 'crypto' && target.coin !== 'USDT';

  function chooseProof(file: File | null) {
    // A file that breaks the rules is not kept; an empty choice is simply no file yet.
    const problem = file ? imageProblem(file, DEPOSIT_PROOF_TYPES, DEPOSIT_PROOF_MAX_BYTES) : null;
    form.setValue('proof', problem ? null : file);
    if (problem) form.setError('proof', { type: 'validate', message: errorMessage(problem) });
    else form.clearErrors('proof');
  }

  const submit = form.handleSubmit(async (data) => {
    if (!data.proof) return;
    await action.sendNow({ coinId: target.coinId, ...(usdtNetwork ? { network: usdtNetwork } : {}), amount: data.amount, proof: data.proof });
  });

  let hint: ReactNode;
  if (target.kind === 'bank') hint = t`The EUR amount you transferred.`;
  else if (valueNotCoin) {
    const coin = target.coin;
    hint = t`Enter the USDT value of the ${coin} you sent. An operator credits the value that arrives, which can differ.`;
  } else hint = t`The USDT amount you sent.`;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <DecimalField
        label={t`Amount (${asset})`}
        value={amount}
        onChange={(value) => {
          form.setValue('amount', value);
          form.clearErrors('amount');
        }}
        error={errors.amount?.message}
        hint={hint}
        disabled={busy}
        ltr="whole"
        trailing={<span className="shrink-0 text-sm font-medium text-muted">{asset}</span>}
      />
      <ImagePicker
        label={t`Payment proof`}
        hint={t`A screenshot or photo of your payment. ${kinds}, at most ${megabytes} MB.`}
        inputLabel={t`Payment proof image`}
        previewAlt={t`Chosen payment proof`}
        file={proof}
        onChange={chooseProof}
        error={errors.proof?.message}
        disabled={busy}
      />
      <Button type="submit" disabled={busy}>
        {busy ? (
          <span className="flex w-full flex-col items-center gap-1 py-1" role="status" aria-label={t`Uploading your proof…`}>
            <span className="text-sm">{t`Uploading your proof…`}</span>
            <UploadProgressBar progress={upload.progress} tone="white" />
          </span>
        ) : (
          t`Submit deposit`
        )}
      </Button>
      <p className="text-xs leading-relaxed text-muted">
        <Trans>An operator checks your proof and then credits the deposit. You can follow it in your records.</Trans>
      </p>
    </form>
  );
}

