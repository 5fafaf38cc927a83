/**
 * The network and the address of a crypto destination, as a withdrawal and the address book ask
 * for them: the networks as a choice, the address without spaces, checked for the network as soon
 * as the field is left (an empty one waits for sending), with a hint of what it looks like.
 */
import { useLingui } from '@lingui/react/macro';
import type { ErrorKey } from '../../domain/errors';
import type { UsdtNetwork } from '../../domain/ledger';
import { addressProblem } from '../../domain/payments';
import { Choices } from '../../ui/Choices';
import { TextField } from '../../ui/form/TextField';

export interface CryptoAddressFieldsProps {
  networks: readonly UsdtNetwork[];
  network: UsdtNetwork;
  address: string;
  onNetwork(network: UsdtNetwork): void;
  onAddress(address: string): void;
  /** The address was left: its problem for the network, or null (the form shows or clears it). */
  onChecked(problem: ErrorKey | null): void;
  errors: { network?: string; address?: string };
}

export function CryptoAddressFields({ networks, network, address, onNetwork, onAddress, onChecked, errors }: CryptoAddressFieldsProps) {
  const { t } = useLingui();
  function check() {
    const trimmed = address.trim();
    // An empty field is only "required" when sending; leaving it empty is not yet a mistake.
    onChecked(trimmed ? addressProblem(trimmed, network) : null);
  }
  return (
    <>
      <div>
        <p className="mb-1.5 text-sm font-medium text-ink" id="network-label">
          {t`Network`}
        </p>
        <Choices
          labelledBy="network-label"
          options={networks.map((name) => ({ value: name, label: <bdi dir="ltr">{name}</bdi> }))}
          value={network}
          onChange={onNetwork}
        />
        {errors.network ? (
          <p role="alert" className="mt-1.5 text-xs text-rose-700">
            {errors.network}
          </p>
        ) : null}
      </div>
      <TextField
        label={t`Address (${network})`}
        value={address}
        onChange={(value) => onAddress(value.replace(/\s+/g, ''))}
        onBlur={check}
        error={errors.address}
        hint={network === 'TRC20' ? t`A TRON address: starts with T, 34 characters.` : t`An Ethereum address: starts with 0x, 42 characters.`}
        placeholder={network === 'TRC20' ? 'T…' : '0x…'}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        ltr
        className="[&_input]:tracking-wide"
      />
    </>
  );
}
