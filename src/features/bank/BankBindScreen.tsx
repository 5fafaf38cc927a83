/**
 * Account binding (SPEC §2, /mine/bind): the bank account EUR withdrawals are paid to. The
 * IBAN is shown in groups of four and its check digits are tested when the field is left; the
 * shared bankBindingSchema checks everything before the payment password is asked for. After
 * saving, a ?redirect= (the bank withdrawal sends people here) is followed back.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Button, Preloader } from 'konsta/react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../api/client';
import { saveBank, type BankBindingRequest } from '../../api/money';
import { useBankBinding } from '../../api/queries';
import { invalidateAccount, loadable } from '../../api/query';
import { toast } from '../../app/feedback/toast';
import { postLoginTarget } from '../../app/guard';
import { splitHref } from '../../app/navigation';
import { Screen } from '../../app/Screen';
import { useGoBack } from '../../app/useGoBack';
import { bankBindingSchema, isValidIban, isValidSwift } from '../../domain/payments';
import type { BankBinding } from '../../domain/wire';
import { errorMessage, localeAtom } from '../../i18n';
import { userInfoAtom } from '../../storage/session';
import { refuseWhenOffline } from '../shared/money/online';
import { LoadFailed } from '../shared/records';
import { AsOf } from '../shared/AsOf';
import { validate, type FieldErrors } from '../shared/fieldErrors';
import { PayPasswordSheet } from '../shared/PayPasswordSheet';
import { serverFieldError } from '../shared/serverFieldError';
import { TextField } from '../shared/TextField';
import { isRetryableInSheet, useIdempotencyKeys, usePaySheet } from '../shared/money/moneyAction';
import { groupIban } from '../shared/money/iban';

type Field = 'firstName' | 'lastName' | 'iban' | 'swift' | 'bankName' | 'country' | 'address';
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'iban', 'swift', 'bankName', 'country', 'address'];
type Values = Record<Field, string>;
const EMPTY: Values = { firstName: '', lastName: '', iban: '', swift: '', bankName: '', country: '', address: '' };

/** Passes the schema's rule for the payment password, which is asked for later, in the sheet. */
const PASSWORD_LATER = '000000';

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
  const user = useAtomValue(userInfoAtom);
  const locale = useAtomValue(localeAtom);
  const keys = useIdempotencyKeys();
  const sheet = usePaySheet();
  const [values, setValues] = useState<Values>(binding ? valuesOf(binding) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [pending, setPending] = useState<Omit<BankBindingRequest, 'payPassword'> | null>(null);
  const [saved, setSaved] = useState<BankBinding | null>(binding);

  function set(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  /** The IBAN's check digits and the BIC's shape as soon as the field is left. */
  function checkOnBlur(field: 'iban' | 'swift') {
    const value = values[field].trim();
    if (!value) return;
    if (field === 'iban') {
      setValues((previous) => ({ ...previous, iban: groupIban(previous.iban) }));
      if (!isValidIban(value)) setErrors((previous) => ({ ...previous, iban: errorMessage('bank.ibanInvalid') }));
    } else {
      setValues((previous) => ({ ...previous, swift: previous.swift.replace(/\s+/g, '').toUpperCase() }));
      if (!isValidSwift(value)) setErrors((previous) => ({ ...previous, swift: errorMessage('bank.swiftInvalid') }));
    }
  }

  function confirm(event: FormEvent) {
    event.preventDefault();
    const { data, errors: invalid } = validate<typeof bankBindingSchema, Field>(bankBindingSchema, { ...values, payPassword: PASSWORD_LATER });
    setErrors(invalid ?? {});
    if (!data || refuseWhenOffline()) return;
    const { payPassword: _later, ...request } = data;
    setPending(request);
    sheet.open();
  }

  async function send(payPassword: string) {
    if (!pending) return;
    try {
      const result = await saveBank({ ...pending, payPassword }, { idempotencyKey: keys.keyFor(pending) });
      keys.finish();
      void invalidateAccount();
      sheet.close();
      setSaved(result);
      setValues(valuesOf(result));
      toast.success(t`Bank account saved`);
      if (redirect) {
        const { to, search: nextSearch } = splitHref(postLoginTarget(redirect));
        await navigate({ to, search: nextSearch, replace: true });
      } else {
        goBack();
      }
    } catch (error) {
      if (isRetryableInSheet(error)) throw error;
      sheet.close();
      if (isApiError(error) && error.key === 'idempotency.keyReused') keys.finish();
      setErrors(serverFieldError(error, FIELDS));
    }
  }

  const pendingIban = groupIban(pending?.iban ?? '');
  const boundOn = saved ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(Date.parse(saved.updatedAt)) : null;
  const field = (name: Field) => ({
    value: values[name],
    onChange: (value: string) => set(name, value),
    error: errors[name],
  });

  return (
    <>
      <form onSubmit={confirm} noValidate className="space-y-5 px-5 pt-2">
        <p className="text-sm leading-relaxed text-muted">
          {boundOn ? (
            <Trans>Bound on {boundOn}. EUR withdrawals are paid to this account; changing it asks for your payment password.</Trans>
          ) : (
            <Trans>EUR withdrawals are paid to this account. It must be in your own name.</Trans>
          )}
        </p>
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t`First name`} autoComplete="given-name" {...field('firstName')} />
          <TextField label={t`Last name`} autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField
          label={t`IBAN`}
          {...field('iban')}
          onChange={(value) => set('iban', value.toUpperCase().replace(/[^A-Z0-9 ]/g, ''))}
          onBlur={() => checkOnBlur('iban')}
          placeholder="DE89 3704 0044 0532 0130 00"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          ltr
          className="[&_input]:font-mono"
        />
        <TextField
          label={t`SWIFT/BIC`}
          {...field('swift')}
          onChange={(value) => set('swift', value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
          onBlur={() => checkOnBlur('swift')}
          hint={t`8 or 11 letters and digits.`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={11}
          ltr
          className="[&_input]:font-mono"
        />
        <TextField label={t`Bank name`} {...field('bankName')} autoComplete="off" />
        <TextField label={t`Country or region`} {...field('country')} autoComplete="country-name" />
        <TextField label={t`Address`} {...field('address')} autoComplete="street-address" />
        <Button large rounded type="submit">
          {saved ? t`Save changes` : t`Bind bank account`}
        </Button>
      </form>
      {sheet.mounted ? (
        <PayPasswordSheet
          key={sheet.key}
          opened={sheet.opened}
          summary={
            <Trans>
              Bind{' '}
              <bdi dir="ltr" className="font-mono font-semibold">
                {pendingIban}
              </bdi>{' '}
              for your EUR withdrawals
            </Trans>
          }
          onSubmit={send}
          onClose={sheet.close}
          hasPayPassword={Boolean(user?.hasPayPassword)}
        />
      ) : null}
    </>
  );
}

