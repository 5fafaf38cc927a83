/**
 * Withdraw USDT to a crypto address (/withdraw/index11): an entry of the address book, or (while
 * "only to my address book" is off) the network and the address typed (checked for the network
 * when the field is left); the amount with its live preview, then the payment password.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useWatch } from 'react-hook-form';
import { USDT_NETWORKS, type UsdtNetwork } from '../../domain/ledger';
import type { AddressBook, WithdrawMethodInfo } from '../../domain/wire';
import { errorMessage } from '../../i18n';
import { CryptoAddressFields } from './CryptoAddressFields';
import { EntryDestination, shortAddress } from './entries';
import { bookFor, EntryPicker, startingEntry, useBookForForm } from './EntryPicker';
import { WithdrawForm, type WithdrawFormApi } from './WithdrawForm';
import { Waiting, WithdrawMethodScreen } from './WithdrawMethodScreen';

export default function CryptoWithdrawScreen() {
  return <WithdrawMethodScreen method="crypto">{(crypto) => <CryptoWithdrawal crypto={crypto} />}</WithdrawMethodScreen>;
}

function CryptoWithdrawal({ crypto }: { crypto: WithdrawMethodInfo }) {
  const { book, waiting } = useBookForForm();
  const networks = crypto.networks.filter((name): name is UsdtNetwork => (USDT_NETWORKS as readonly string[]).includes(name));
  const firstNetwork: UsdtNetwork = networks.includes('TRC20') ? 'TRC20' : (networks[0] ?? 'TRC20');
  const entryId = startingEntry(book, 'crypto');
  if (waiting) return <Waiting />;
  return (
    <WithdrawForm
      info={crypto}
      destination={entryId !== undefined ? { method: 'crypto', entryId } : { method: 'crypto', network: firstNetwork, address: '' }}
      shortName={(request) => {
        const entry = request.entryId === undefined ? undefined : book?.entries.find((each) => each.id === request.entryId);
        return entry ? (
          <>
            <bdi dir="auto">“{entry.label}”</bdi> <EntryDestination entry={entry} />
          </>
        ) : (
          <bdi dir="ltr" className="tabular-nums tracking-wide">
            {shortAddress(request.method === 'crypto' ? (request.address ?? '') : '')}
          </bdi>
        );
      }}
    >
      {(form) => <CryptoDestinationChoice form={form} networks={networks} firstNetwork={firstNetwork} book={book} />}
    </WithdrawForm>
  );
}

/** An entry of the book, or (while the lock is off) the network and the address typed. */
function CryptoDestinationChoice({ form, networks, firstNetwork, book }: { form: WithdrawFormApi; networks: UsdtNetwork[]; firstNetwork: UsdtNetwork; book: AddressBook | undefined }) {
  const { t } = useLingui();
  const entryId = useWatch({ control: form.control, name: 'entryId' });
  const { entries, locked } = bookFor(book, 'crypto');
  const typing = entryId === undefined && !locked;
  function choose(id: number | undefined) {
    // An entry names its own network and address: the typed ones are not sent with it.
    form.setValue('entryId', id);
    form.setValue('network', id === undefined ? firstNetwork : undefined);
    form.setValue('address', id === undefined ? '' : undefined);
    form.clearErrors(['entryId', 'network', 'address']);
  }
  return (
    <>
      {entries.length > 0 || locked ? (
        <EntryPicker kind="crypto" book={book} value={entryId} onChange={choose} other={t`Type an address`} error={form.formState.errors.entryId?.message} />
      ) : null}
      {typing ? <CryptoDestination form={form} networks={networks} /> : null}
      {entries.length === 0 && !locked ? (
        <Link to="/withdraw/address-book" className="inline-flex min-h-11 items-center text-sm font-semibold text-sea-700">
          {t`Save addresses in your address book`}
        </Link>
      ) : null}
    </>
  );
}

/** The network and the address, checked for the network when the field is left. */
function CryptoDestination({ form, networks }: { form: WithdrawFormApi; networks: UsdtNetwork[] }) {
  const chosenNetwork = useWatch({ control: form.control, name: 'network' }) ?? 'TRC20';
  const address = useWatch({ control: form.control, name: 'address' }) ?? '';
  const errors = form.formState.errors;
  return (
    <CryptoAddressFields
      networks={networks}
      network={chosenNetwork}
      address={address}
      onNetwork={(name) => {
        form.setValue('network', name);
        form.clearErrors(['network', 'address']);
      }}
      onAddress={(value) => {
        form.setValue('address', value);
        form.clearErrors('address');
      }}
      onChecked={(problem) => (problem ? form.setError('address', { type: 'validate', message: errorMessage(problem) }) : form.clearErrors('address'))}
      errors={{ network: errors.network?.message, address: errors.address?.message }}
    />
  );
}
