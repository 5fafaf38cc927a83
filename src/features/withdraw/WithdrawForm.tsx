/**
 * The part both withdrawal screens share: the amount with "All", the live preview of what is
 * charged and what arrives (SPEC §3, ARCHITECTURE §6: shown before confirming, and the ones
 * charged), the checks the server makes, and the payment-password sheet that sends it.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Button } from 'konsta/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../api/client';
import { requestWithdrawal, type WithdrawRequest } from '../../api/money';
import { invalidateAccount } from '../../api/query';
import { toast } from '../../app/feedback/toast';
import { withdrawSchema } from '../../domain/payments';
import type { WithdrawMethodInfo } from '../../domain/wire';
import { errorMessage } from '../../i18n';
import { userInfoAtom } from '../../storage/session';
import { Amount, useFormatAmount } from '../shared/Amount';
import { validate, type FieldErrors } from '../shared/fieldErrors';
import { PayPasswordSheet } from '../shared/PayPasswordSheet';
import { TextField } from '../shared/TextField';
import { refuseWhenOffline } from '../shared/money/online';
import { Fact } from '../shared/records';
import { decimalInput, netAmount, plainDecimal, withdrawProblem } from '../shared/money/amounts';
import { isRetryableInSheet, useIdempotencyKeys, usePaySheet } from '../shared/money/moneyAction';

export type Destination = { method: 'crypto'; network: 'TRC20' | 'ERC20'; address: string } | { method: 'bank' };
export type DestinationField = 'network' | 'address';

/** Passes the schema's rule for the payment password, which is asked for later, in the sheet. */
const PASSWORD_LATER = '000000';

export interface WithdrawFormProps {
  info: WithdrawMethodInfo;
  /** The destination fields (network, address) or the bound account, above the amount. */
  children?: ReactNode;
  /** The destination as typed, and how the summary names it ("T9yD…k3p", "DE89 … 3000"). */
  destination(): { value: Destination; shortName: ReactNode };
  /** Problems with the destination fields, from the shared schema or the server; {} clears them. */
  onDestinationErrors(errors: FieldErrors<DestinationField>): void;
  /** A refusal that is not about a field (bank.required: the binding went away meanwhile). */
  onRefused?(key: string | undefined): void;
  disabled?: boolean;
}

export function WithdrawForm({ info, children, destination, onDestinationErrors, onRefused, disabled }: WithdrawFormProps) {
  const { t } = useLingui();
  const format = useFormatAmount();
  const navigate = useNavigate();
  const user = useAtomValue(userInfoAtom);
  const keys = useIdempotencyKeys();
  const sheet = usePaySheet();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ request: Omit<WithdrawRequest, 'payPassword'>; summary: ReactNode } | null>(null);

  const asset = info.asset;
  const net = netAmount(amount, info.fee, asset);

  function check(): Omit<WithdrawRequest, 'payPassword'> | null {
    const { value } = destination();
    const { data, errors } = validate<typeof withdrawSchema, DestinationField | 'amount'>(withdrawSchema, {
      ...value,
      amount,
      payPassword: PASSWORD_LATER,
    });
    // The amount's own rules (with this asset's decimals) and the limits, in the server's order.
    const problem = withdrawProblem(amount, info);
    const amountText = problem ? errorMessage(problem.key, problem.params) : null;
    setAmountError(amountText);
    onDestinationErrors({ network: errors?.network, address: errors?.address });
    if (!data || amountText) return null;
    const { payPassword: _later, ...request } = data;
    return request as Omit<WithdrawRequest, 'payPassword'>;
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    const request = check();
    if (!request || refuseWhenOffline()) return;
    const shown = format(request.amount, asset);
    const fee = format(info.fee, asset);
    const receive = format(netAmount(request.amount, info.fee, asset) ?? '0', asset);
    const to = destination().shortName;
    setPending({
      request,
      summary: (
        <div className="space-y-1">
          <p>
            <Trans>
              Withdraw{' '}
              <bdi dir="ltr" className="font-semibold tabular-nums">
                {shown} {asset}
              </bdi>{' '}
              to {to}
            </Trans>
          </p>
          <p className="text-muted">
            <Trans>
              Fee{' '}
              <bdi dir="ltr" className="tabular-nums">
                {fee} {asset}
              </bdi>
              ; you receive{' '}
              <bdi dir="ltr" className="font-semibold text-ink tabular-nums">
                {receive} {asset}
              </bdi>
            </Trans>
          </p>
        </div>
      ),
    });
    sheet.open();
  }

  async function send(payPassword: string) {
    if (!pending) return;
    const idempotencyKey = keys.keyFor(pending.request);
    try {
      await requestWithdrawal({ ...pending.request, payPassword } as WithdrawRequest, { idempotencyKey });
    } catch (error) {
      if (isRetryableInSheet(error)) throw error;
      // Refused as a request (the API client has shown its text): back to the form to correct it.
      sheet.close();
      if (isApiError(error)) {
        if (error.key === 'idempotency.keyReused') keys.finish();
        if (error.field === 'amount') setAmountError(error.message);
        else if (error.field === 'address' || error.field === 'network') onDestinationErrors({ [error.field]: error.message });
        onRefused?.(error.key);
      }
      return;
    }
    keys.finish();
    sheet.close();
    toast.success(t`Withdrawal requested. You can follow it in your records.`);
    void invalidateAccount();
    await navigate({ to: '/withdraw/records' });
  }

  return (
    <>
      <form onSubmit={confirm} noValidate className="space-y-5 px-5 pt-2">
        {children}
        <TextField
          label={t`Amount (${asset})`}
          value={amount}
          onChange={(value) => {
            setAmount(decimalInput(value));
            setAmountError(null);
          }}
          error={amountError}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t`At least ${plainDecimal(info.minimum)}`}
          ltr
          disabled={disabled}
          trailing={
            <button
              type="button"
              onClick={() => {
                setAmount(plainDecimal(info.available));
                setAmountError(null);
              }}
              disabled={disabled}
              className="shrink-0 rounded-full px-2 py-1 text-sm font-semibold text-sea-700"
            >
              {t`All`}
            </button>
          }
        />
        <dl className="rounded-2xl bg-surface px-4 py-3" aria-label={t`What this withdrawal costs`}>
          <Fact label={t`Available`}>
            <Amount value={info.available} asset={asset} />
          </Fact>
          <Fact label={t`Minimum`}>
            <Amount value={info.minimum} asset={asset} />
          </Fact>
          <Fact label={t`Fee`}>
            <Amount value={info.fee} asset={asset} />
          </Fact>
          <div className="mt-1 border-t border-line pt-1">
            <Fact label={t`You receive`} strong>
              <span data-testid="net-amount">
                <Amount value={net} asset={asset} />
              </span>
            </Fact>
          </div>
        </dl>
        <p className="text-xs leading-relaxed text-muted">
          <Trans>
            The fee is taken from the amount. The amount is held until an operator pays it out; if the withdrawal is cancelled, it
            returns to your balance.
          </Trans>
        </p>
        <Button large rounded type="submit" disabled={disabled}>
          {t`Withdraw`}
        </Button>
      </form>
      {sheet.mounted ? (
        <PayPasswordSheet
          key={sheet.key}
          opened={sheet.opened}
          summary={pending?.summary}
          onSubmit={send}
          onClose={sheet.close}
          hasPayPassword={Boolean(user?.hasPayPassword)}
        />
      ) : null}
    </>
  );
}

/** "T9yDqf…k3pX": enough of an address to recognise it. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** "DE89 •••• 3000": a bank account recognisable without showing it whole. */
export function maskedIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return compact.length > 8 ? `${compact.slice(0, 4)} •••• ${compact.slice(-4)}` : compact;
}
