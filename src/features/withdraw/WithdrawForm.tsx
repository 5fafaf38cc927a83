/**
 * The part both withdrawal screens share: the amount with "All", the live preview of what is
 * charged and what arrives (shown before confirming, and exactly what is charged), the checks the
 * server makes, and the payment-password sheet that sends it (useMoneyAction) — with the code of
 * the authenticator app when the account has one. While withdrawals are paused after a security
 * change, the form says until when and sends nothing.
 */
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { requestWithdrawal, type WithdrawRequest } from './api/calls';
import { toast } from '../../ui/feedback/toast';
import type { UsdtNetwork } from '../../domain/ledger';
import { plainDecimal, withdrawFormSchema } from '../../domain/payments';
import type { WithdrawMethodInfo } from '../../domain/wire';
import { Amount, useFormatAmount } from '../../ui/Amount';
import { submitOnce, useZodForm } from '../../ui/form/form';
import { Fact } from '../shared/records';
import { AmountField } from '../shared/money/AmountField';
import { useDecimalShown } from '../shared/money/DecimalField';
import { netAmount } from '../shared/money/amounts';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { PayPasswordNotice } from '../shared/money/PayPasswordNotice';
import { notePausedWithdrawals, useWithdrawalPause, WithdrawalPauseNotice } from '../shared/money/WithdrawalPause';

/** Where the money goes: an address typed (crypto), the bound account (bank), or an entry of the address book (either). */
export type Destination = { method: 'crypto'; network?: UsdtNetwork; address?: string; entryId?: number } | { method: 'bank'; entryId?: number };
type DestinationField = 'network' | 'address' | 'entryId';
type Field = DestinationField | 'amount';
const FIELDS: readonly Field[] = ['network', 'address', 'entryId', 'amount'];

/** What the form holds: the destination's fields (an entry, or for crypto the network and address typed) and the amount. */
export interface WithdrawValues {
  method: Destination['method'];
  network?: UsdtNetwork;
  address?: string;
  entryId?: number;
  amount: string;
}
type Request = WithdrawRequest extends infer W ? (W extends unknown ? Omit<W, 'payPassword'> : never) : never;
export type WithdrawFormApi = UseFormReturn<WithdrawValues, unknown, Request>;

export interface WithdrawFormProps {
  info: WithdrawMethodInfo;
  destination: Destination;
  /** The destination fields (network, address) or the bound account, above the amount. */
  children?: ReactNode | ((form: WithdrawFormApi) => ReactNode);
  /** How the summary names where the money goes ("T9yD…k3p", "DE89 … 3000"). */
  shortName(request: Request): ReactNode;
  /** A refusal that is not about a field (bank.required: the binding went away meanwhile), or about the entry (its wait, the lock). */
  onRefused?(key: string | undefined): void;
  disabled?: boolean;
}

export function WithdrawForm({ info, destination, children, shortName, onRefused, disabled }: WithdrawFormProps) {
  const { t } = useLingui();
  const format = useFormatAmount();
  const decimal = useDecimalShown();
  const navigate = useNavigate();
  // The destination by the shared withdrawSchema's rules, the amount by the method's limits; checked again only on sending.
  const form = useZodForm(withdrawFormSchema(info), { defaultValues: { ...destination, amount: '' } as WithdrawValues, reValidateMode: 'onSubmit' }) as WithdrawFormApi;
  const pausedUntil = useWithdrawalPause();
  const action = useMoneyAction<Request, unknown, Field>({
    send: (request, payPassword, options, secondFactor) =>
      requestWithdrawal({ ...request, payPassword: payPassword ?? '', ...(secondFactor ? { secondFactor } : {}) } as WithdrawRequest, options),
    stepUp: true,
    fields: FIELDS,
    onFieldError: (field, message) => form.setError(field, { type: 'server', message }),
    onRefused: (error) => {
      notePausedWithdrawals(error);
      onRefused?.((error as { key?: string } | null)?.key);
    },
    async onSuccess() {
      toast.success(t`Withdrawal requested. You can follow it in your records.`);
      await navigate({ to: '/withdraw/records' });
    },
  });

  const asset = info.asset;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const net = netAmount(amount, info.fee, asset);
  const confirm = submitOnce(form, (request) => void action.confirm(request));

  const pending = action.pending;
  const off = disabled || pausedUntil !== null;
  const summary = pending ? (
    <WithdrawSummary
      amount={format(pending.amount, asset)}
      fee={format(info.fee, asset)}
      receive={format(netAmount(pending.amount, info.fee, asset) ?? '0', asset)}
      asset={asset}
      to={shortName(pending)}
    />
  ) : null;

  return (
    <>
      <form onSubmit={confirm} noValidate className="space-y-5 px-4 pt-2">
        {pausedUntil ? <WithdrawalPauseNotice until={pausedUntil} /> : null}
        <PayPasswordNotice />
        {typeof children === 'function' ? children(form) : children}
        <AmountField form={form} name="amount" asset={asset} all={info.available} placeholder={t`At least ${decimal(plainDecimal(info.minimum))}`} disabled={off} />
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
          <Fact label={t`You receive`} strong total>
            <span data-testid="net-amount">
              <Amount value={net} asset={asset} />
            </span>
          </Fact>
        </dl>
        <p className="text-xs leading-relaxed text-muted">
          <Trans>
            The fee is taken from the amount. The amount is held until an operator pays it out; if the withdrawal is cancelled, it
            returns to your balance.
          </Trans>
        </p>
        <Button type="submit" disabled={off}>
          {t`Withdraw`}
        </Button>
      </form>
      <MoneyActionSheet action={action} summary={summary} />
    </>
  );
}

/** What the payment password confirms: the amount, where it goes, the fee and what arrives. */
function WithdrawSummary({ amount: shown, fee, receive, asset, to }: { amount: string; fee: string; receive: string; asset: string; to: ReactNode }) {
  return (
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
  );
}
