/**
 * Adding to the withdrawal address book (/withdraw/address-book/add): a crypto address (network,
 * address checked for it when the field is left) or a bank account (holder, IBAN with its check
 * digits, BIC), under a label. The shared addressEntryFormSchema checks everything before the
 * payment password is asked for, and the payment sheet asks for the second factor too once the
 * account has one (as for a withdrawal). Saved, the entry is usable 24 hours later: the screen
 * says from when, and goes back to the book.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { ADDRESS_ENTRY_FIELDS, ADDRESS_COOLING_OFF_HOURS, ADDRESS_LABEL_MAX_LENGTH, addressEntryFormSchema, type AddressEntryInput } from '../../domain/address-book';
import { USDT_NETWORKS, type UsdtNetwork } from '../../domain/ledger';
import type { AddressEntry } from '../../domain/wire';
import { errorMessage } from '../../i18n';
import { Button } from '../../ui/Button';
import { Choices } from '../../ui/Choices';
import { toast } from '../../ui/feedback/toast';
import { submitOnce, textField, useZodForm } from '../../ui/form/form';
import { TextField } from '../../ui/form/TextField';
import { Screen } from '../../ui/Screen';
import { groupIban } from '../shared/money/iban';
import { IbanFields } from '../shared/money/IbanFields';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { PayPasswordNotice } from '../shared/money/PayPasswordNotice';
import { useFormatTime } from '../shared/records';
import { addAddressEntry } from './api/calls';
import { CryptoAddressFields } from './CryptoAddressFields';
import { shortAddress } from './entries';

type Field = (typeof ADDRESS_ENTRY_FIELDS)[number];
interface Values {
  kind: 'crypto' | 'bank';
  label: string;
  network: UsdtNetwork;
  address: string;
  holder: string;
  iban: string;
  bic: string;
}
const EMPTY: Values = { kind: 'crypto', label: '', network: 'TRC20', address: '', holder: '', iban: '', bic: '' };

export default function AddAddressScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const formatTime = useFormatTime();
  const form = useZodForm<typeof addressEntryFormSchema, Values>(addressEntryFormSchema, { defaultValues: EMPTY, params: { max: ADDRESS_LABEL_MAX_LENGTH } });
  const action = useMoneyAction<AddressEntryInput, AddressEntry, Field>({
    send: (request, payPassword, options, secondFactor) =>
      addAddressEntry({ ...request, payPassword: payPassword ?? '', ...(secondFactor ? { secondFactor } : {}) }, options),
    // A new destination asks for what a withdrawal asks: the sheet takes the second factor too.
    stepUp: true,
    fields: ADDRESS_ENTRY_FIELDS,
    onFieldError: (field, message) => form.setError(field, { type: 'server', message }),
    async onSuccess(entry) {
      toast.success(t`Saved. You can withdraw to it from ${formatTime(entry.usableAt)}.`, 5000);
      await navigate({ to: '/withdraw/address-book', replace: true });
    },
  });

  const kind = form.watch('kind');
  const network = form.watch('network');
  const errors = form.formState.errors;
  const confirm = submitOnce(form, (request) => void action.confirm(request));

  const set = (name: keyof Values, value: string) => {
    form.setValue(name, value as never, { shouldDirty: true });
    form.clearErrors(name);
  };
  const pending = action.pending;

  return (
    <Screen>
      <form onSubmit={confirm} noValidate className="space-y-5 px-4 pt-2 pb-6">
        <PayPasswordNotice />
        <p className="text-sm leading-relaxed text-muted">
          <Trans>
            A new address can be used {ADDRESS_COOLING_OFF_HOURS} hours after you add it. We e-mail you when one is added, so that you can
            remove it if it was not you.
          </Trans>
        </p>
        <Choices
          label={t`What to save`}
          options={[
            { value: 'crypto', label: t`Crypto address` },
            { value: 'bank', label: t`Bank account` },
          ]}
          value={kind}
          onChange={(next) => {
            form.setValue('kind', next);
            form.clearErrors();
          }}
        />
        <TextField label={t`Name`} hint={t`How you will recognise it, e.g. “My cold wallet”.`} maxLength={ADDRESS_LABEL_MAX_LENGTH} autoComplete="off" {...textField(form, 'label')} />
        {kind === 'crypto' ? (
          <>
            <CryptoAddressFields
              networks={USDT_NETWORKS}
              network={network}
              address={form.watch('address')}
              onNetwork={(name) => {
                form.setValue('network', name);
                form.clearErrors(['network', 'address']);
              }}
              onAddress={(value) => set('address', value)}
              onChecked={(problem) => problem && form.setError('address', { type: 'validate', message: errorMessage(problem) })}
              errors={{ network: errors.network?.message, address: errors.address?.message }}
            />
          </>
        ) : (
          <>
            <TextField label={t`Account holder`} value={form.watch('holder')} onChange={(value) => set('holder', value)} error={errors.holder?.message} autoComplete="name" />
            <IbanFields
              iban={form.watch('iban')}
              bic={form.watch('bic')}
              errors={{ iban: errors.iban?.message, bic: errors.bic?.message }}
              onChange={set}
              onProblem={(name, key) => form.setError(name, { type: 'validate', message: errorMessage(key) })}
            />
          </>
        )}
        <Button type="submit">{t`Save address`}</Button>
      </form>
      <MoneyActionSheet
        action={action}
        summary={
          pending ? (
            <Trans>
              Save “{pending.label}”:{' '}
              <bdi dir="ltr" className="font-semibold tabular-nums tracking-wide">
                {pending.kind === 'crypto' ? `${pending.network} ${shortAddress(pending.address)}` : groupIban(pending.iban)}
              </bdi>
            </Trans>
          ) : null
        }
      />
    </Screen>
  );
}
