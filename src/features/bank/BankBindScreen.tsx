/**
 * Account binding (/mine/bind): the bank account EUR withdrawals are paid to. The
 * IBAN is shown in groups of four and its check digits are tested when the field is left (IbanFields); the
 * shared bankBindingSchema checks everything before the payment password (and the second factor,
 * once the account has one) is asked for. After
 * saving, a ?redirect= (the bank withdrawal sends people here) is followed back.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Preloader } from 'konsta/react';
import { Button } from '../../ui/Button';
import { useState } from 'react';
import { saveBank, type BankBindingRequest } from './api/calls';
import { useBankBinding } from './api/queries';
import { loadable } from '../../api/query';
import { toast } from '../../ui/feedback/toast';
import { postLoginTarget } from '../../app/guard';
import { splitHref } from '../../ui/navigation';
import { Screen } from '../../ui/Screen';
import { useGoBack } from '../../ui/useGoBack';
import { bankBindingSchema } from '../../domain/payments';
import type { BankBinding } from '../../domain/wire';
import { FAMILY_NAME_FIRST } from '../../domain/locales';
import { errorMessage, localeAtom } from '../../i18n';
import { LoadFailed } from '../shared/records';
import { AsOf } from '../../ui/AsOf';
import { useZodForm } from '../../ui/form/form';
import { TextField } from '../../ui/form/TextField';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { groupIban } from '../shared/money/iban';
import { IbanFields } from '../shared/money/IbanFields';

type Field = 'firstName' | 'lastName' | 'iban' | 'swift' | 'bankName' | 'country' | 'address';
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'iban', 'swift', 'bankName', 'country', 'address'];
type Values = Record<Field, string>;
const EMPTY: Values = { firstName: '', lastName: '', iban: '', swift: '', bankName: '', country: '', address: '' };

/** The binding without the payment password, which is asked for later, in the sheet. */
const formSchema = bankBindingSchema.omit({ payPassword: true });
type Request = Omit<BankBindingRequest, 'payPassword'>;

function valuesOf(binding: BankBinding): Values {
  return {
    firstName: binding.firstName,
    lastName: binding.lastName,
    iban: groupIban(binding.iban),
    swift: binding.swift,
    bankName: binding.bankName,
    country: binding.country,
    address: binding.address,
  };
}

export default function BankBindScreen() {
  const { t } = useLingui();
  const current = loadable(useBankBinding());
  const binding = current.data ?? null;
  const ready = current.data !== undefined;
  return (
    <Screen>
      {current.asOf !== null ? (
        <p className="mx-4 mb-2 rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
          <AsOf time={current.asOf} />
        </p>
      ) : null}
      {ready ? (
        <BankForm key={binding?.updatedAt ?? 'new'} binding={binding} />
      ) : current.loading ? (
        <div className="flex justify-center py-16" role="status" aria-label={t`Loading`}>
          <Preloader />
        </div>
      ) : (
        <LoadFailed text={current.failure ?? ''} onRetry={current.reload} />
      )}
    </Screen>
  );
}

function BankForm({ binding }: { binding: BankBinding | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const goBack = useGoBack('/mine');
  const { redirect } = useSearch({ from: '/members/mine/bind' });
  const locale = useAtomValue(localeAtom);
  const form = useZodForm(formSchema, { defaultValues: binding ? valuesOf(binding) : EMPTY });
  const [saved, setSaved] = useState<BankBinding | null>(binding);
  const action = useMoneyAction<Request, BankBinding, Field>({
    send: (request, payPassword, options, secondFactor) => saveBank({ ...request, payPassword: payPassword ?? '', ...(secondFactor ? { secondFactor } : {}) }, options),
    // A new destination for money asks for the second factor once the account has one.
    stepUp: true,
    fields: FIELDS,
    onFieldError: (name, message) => form.setError(name, { type: 'server', message }),
    async onSuccess(result) {
      setSaved(result);
      form.reset(valuesOf(result));
      toast.success(t`Bank account saved`);
      if (redirect) {
        const { to, search: nextSearch } = splitHref(postLoginTarget(redirect));
        await navigate({ to, search: nextSearch, replace: true });
      } else {
        goBack();
      }
    },
  });

  /** A field's value and message; typing clears its message until the next check. */
  const field = (name: Field) => ({
    value: form.watch(name),
    onChange: (value: string) => {
      form.setValue(name, value, { shouldDirty: true });
      form.clearErrors(name);
    },
    error: form.formState.errors[name]?.message,
  });

  const confirm = form.handleSubmit((request) => void action.confirm(request));
  const pendingIban = groupIban(action.pending?.iban ?? '');
  const boundOn = saved ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(Date.parse(saved.updatedAt)) : null;

  return (
    <>
      <form onSubmit={(event) => void confirm(event)} noValidate className="space-y-5 px-4 pt-2">
        <p className="text-sm leading-relaxed text-muted">
          {boundOn ? (
            <Trans>Bound on {boundOn}. EUR withdrawals are paid to this account; changing it asks for your payment password.</Trans>
          ) : (
            <Trans>EUR withdrawals are paid to this account. It must be in your own name.</Trans>
          )}
        </p>
        {/* In the order the language writes a name: the family name first in Chinese (姓, then 名). */}
        <div className="grid grid-cols-2 gap-3">
          {(FAMILY_NAME_FIRST.includes(locale) ? (['lastName', 'firstName'] as const) : (['firstName', 'lastName'] as const)).map((name) =>
            name === 'firstName' ? (
              <TextField key={name} label={t`First name`} autoComplete="given-name" {...field(name)} />
            ) : (
              <TextField key={name} label={t`Last name`} autoComplete="family-name" {...field(name)} />
            ),
          )}
        </div>
        <IbanFields
          iban={form.watch('iban')}
          bic={form.watch('swift')}
          errors={{ iban: form.formState.errors.iban?.message, bic: form.formState.errors.swift?.message }}
          onChange={(name, value) => field(name === 'iban' ? 'iban' : 'swift').onChange(value)}
          onProblem={(name, key) => form.setError(name === 'iban' ? 'iban' : 'swift', { type: 'validate', message: errorMessage(key) })}
        />
        <TextField label={t`Bank name`} {...field('bankName')} autoComplete="off" />
        <TextField label={t`Country or region`} {...field('country')} autoComplete="country-name" />
        <TextField label={t`Address`} {...field('address')} autoComplete="street-address" />
        <Button type="submit">
          {saved ? t`Save changes` : t`Bind bank account`}
        </Button>
      </form>
      <MoneyActionSheet
        action={action}
        summary={
          <Trans>
            Bind{' '}
            <bdi dir="ltr" className="tabular-nums tracking-wide font-semibold">
              {pendingIban}
            </bdi>{' '}
            for your EUR withdrawals
          </Trans>
        }
      />
    </>
  );
}

