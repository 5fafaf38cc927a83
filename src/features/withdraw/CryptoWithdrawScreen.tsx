/**
 * Withdraw USDT to a crypto address (SPEC §2, /withdraw/index11): the network, the address
 * (checked for the network when the field is left), the amount with its live preview, then the
 * payment password.
 */
import { useLingui } from '@lingui/react/macro';
import { Preloader, Segmented, SegmentedButton } from 'konsta/react';
import { useState } from 'react';
import { Screen } from '../../app/Screen';
import { USDT_NETWORKS, type UsdtNetwork } from '../../domain/ledger';
import { addressProblem } from '../../domain/payments';
import { errorMessage } from '../../i18n';
import type { FieldErrors } from '../shared/fieldErrors';
import { AsOf } from '../shared/AsOf';
import { TextField } from '../shared/TextField';
import { LoadFailed, RecordsLink } from '../shared/records';
import { methodOf, useWithdrawInfo } from './useWithdrawInfo';
import { shortAddress, WithdrawForm, type DestinationField } from './WithdrawForm';

export default function CryptoWithdrawScreen() {
  const { t } = useLingui();
  const info = useWithdrawInfo();
  const crypto = methodOf(info.data, 'crypto');
  const networks = (crypto?.networks.filter((name): name is UsdtNetwork => (USDT_NETWORKS as readonly string[]).includes(name)) ??
    []) as UsdtNetwork[];
  const [network, setNetwork] = useState<UsdtNetwork>('TRC20');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<FieldErrors<DestinationField>>({});

  const chosenNetwork = networks.includes(network) ? network : (networks[0] ?? 'TRC20');

  function checkAddress() {
    const trimmed = address.trim();
    // An empty field is only "required" when sending; leaving it empty is not yet a mistake.
    const problem = trimmed ? addressProblem(trimmed, chosenNetwork) : null;
    setErrors((previous) => ({ ...previous, address: problem ? errorMessage(problem) : undefined }));
  }

  return (
    <Screen right={<RecordsLink to="/withdraw/records" label={t`Withdrawal records`} />}>
      {info.asOf !== null ? (
        <p className="mx-4 mb-2 rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
          <AsOf time={info.asOf} />
        </p>
      ) : null}
      {!crypto ? (
        info.loading ? (
          <div className="flex justify-center py-16" role="status" aria-label={t`Loading`}>
            <Preloader />
          </div>
        ) : (
          <LoadFailed text={info.failure ?? ''} onRetry={info.reload} />
        )
      ) : (
        <WithdrawForm
          info={crypto}
          destination={() => ({
            value: { method: 'crypto', network: chosenNetwork, address: address.trim() },
            shortName: (
              <bdi dir="ltr" className="font-mono">
                {shortAddress(address.trim())}
              </bdi>
            ),
          })}
          onDestinationErrors={setErrors}
        >
          <div>
            <p className="mb-1.5 text-sm font-medium text-ink" id="network-label">
              {t`Network`}
            </p>
            <Segmented strong rounded role="radiogroup" aria-labelledby="network-label">
              {networks.map((name) => (
                <SegmentedButton
                  key={name}
                  type="button"
                  role="radio"
                  aria-checked={chosenNetwork === name}
                  active={chosenNetwork === name}
                  onClick={() => {
                    setNetwork(name);
                    setErrors({});
                  }}
                >
                  <bdi dir="ltr">{name}</bdi>
                </SegmentedButton>
              ))}
            </Segmented>
            {errors.network ? (
              <p role="alert" className="mt-1.5 text-xs text-rose-600">
                {errors.network}
              </p>
            ) : null}
          </div>
          <TextField
            label={t`Address (${chosenNetwork})`}
            value={address}
            onChange={(value) => {
              setAddress(value.replace(/\s+/g, ''));
              setErrors((previous) => ({ ...previous, address: undefined }));
            }}
            onBlur={checkAddress}
            error={errors.address}
            hint={chosenNetwork === 'TRC20' ? t`A TRON address: starts with T, 34 characters.` : t`An Ethereum address: starts with 0x, 42 characters.`}
            placeholder={chosenNetwork === 'TRC20' ? 'T…' : '0x…'}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            ltr
            className="[&_input]:font-mono"
          />
        </WithdrawForm>
      )}
    </Screen>
  );
}
