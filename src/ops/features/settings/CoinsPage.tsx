/** The deposit options with their addresses in full and the bank account; an admin changes them with a reason. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { coinChangeSchema, type OpsCoin } from '../../../domain/ops-wire';
import { depositAddressOk, isValidIban, isValidSwift } from '../../../domain/payments';
import { textField, useOpsForm } from '../../ui/form';
import { Badge, Button, Card, Facts, Loaded, Page, TextArea, TextInput } from '../../ui/kit';
import { changeCoin, coinsQuery } from './api';
import { ChangeDialog, shown, useMayChange, type Change } from './parts';

const Mono = ({ value }: { value: string | null | undefined }) => <code className="font-mono text-sm break-all">{shown(value)}</code>;

export function CoinsPage() {
  const { t } = useLingui();
  const coins = useQuery(coinsQuery);
  const mayChange = useMayChange('admin');
  const [editing, setEditing] = useState<OpsCoin | null>(null);
  return (
    <Page title={t`Coins and deposit addresses`} subtitle={t`Users send real money to these addresses: check each one twice. Deposits already requested keep the address they were shown.`}>
      <Loaded query={coins}>
        {(list) => (
          <div className="grid gap-5 xl:grid-cols-2">
            {list.map((coin) => (
              <Card
                key={coin.id}
                title={
                  <span className="inline-flex items-center gap-2">
                    {coin.name} ({coin.code}) {coin.enabled ? null : <Badge tone="neutral">{t`Disabled`}</Badge>}
                  </span>
                }
                actions={mayChange ? <Button onClick={() => setEditing(coin)}>{t`Change…`}</Button> : null}
              >
                <Facts
                  items={
                    coin.kind === 'bank'
                      ? [
                          [t`Account holder`, shown(coin.bank?.holder)],
                          [t`IBAN`, <Mono key="iban" value={coin.bank?.iban} />],
                          [t`BIC`, <Mono key="bic" value={coin.bank?.bic} />],
                          [t`Bank`, shown(coin.bank?.bankName)],
                        ]
                      : coin.code === 'USDT'
                        ? [
                            [t`TRC20 address`, <Mono key="trc" value={coin.address} />],
                            [t`ERC20 address`, <Mono key="erc" value={coin.addressErc} />],
                          ]
                        : [
                            [t`Network`, shown(coin.network)],
                            [t`Address`, <Mono key="address" value={coin.address} />],
                          ]
                  }
                />
              </Card>
            ))}
          </div>
        )}
      </Loaded>
      {editing ? <CoinDialog coin={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

interface CoinValues {
  code: string;
  address: string;
  addressErc: string;
  holder: string;
  iban: string;
  bic: string;
  bankName: string;
  reason: string;
}

function CoinDialog({ coin, onClose }: { coin: OpsCoin; onClose: () => void }) {
  const { t } = useLingui();
  const bank = coin.kind === 'bank';
  const usdt = coin.code === 'USDT';
  const form = useOpsForm<typeof coinChangeSchema, CoinValues>(coinChangeSchema, {
    defaultValues: {
      code: coin.code,
      address: coin.address ?? '',
      addressErc: coin.addressErc ?? '',
      holder: coin.bank?.holder ?? '',
      iban: coin.bank?.iban ?? '',
      bic: coin.bank?.bic ?? '',
      bankName: coin.bank?.bankName ?? '',
      reason: '',
    },
    input: ({ code, address, addressErc, holder, iban, bic, bankName, reason }) =>
      bank ? { code, bank: { holder, iban, bic, bankName }, reason } : usdt ? { code, address, addressErc, reason } : { code, address, reason },
    // The server's own checks of an address for its coin and of the bank account (it compacts and upper-cases IBAN and BIC).
    check: (values, errors) => {
      const found = { ...errors };
      const compact = (text: string) => text.replace(/\s+/g, '').toUpperCase();
      if (bank) {
        if (!found.iban && !isValidIban(compact(values.iban))) found.iban = t`This IBAN is not valid.`;
        if (!found.bic && !isValidSwift(compact(values.bic))) found.bic = t`This BIC is not valid.`;
      } else {
        const fields = usdt ? (['address', 'addressErc'] as const) : (['address'] as const);
        for (const field of fields) {
          if (!found[field] && !depositAddressOk(coin.code, field, values[field].trim())) found[field] = t`Not a valid ${coin.code} deposit address for this network.`;
        }
      }
      return found;
    },
  });
  const values = form.watch();
  const changes: Change[] = bank
    ? [
        { label: t`Account holder`, old: shown(coin.bank?.holder), new: shown(values.holder) },
        { label: t`IBAN`, old: shown(coin.bank?.iban), new: shown(values.iban) },
        { label: t`BIC`, old: shown(coin.bank?.bic), new: shown(values.bic) },
        { label: t`Bank`, old: shown(coin.bank?.bankName), new: shown(values.bankName) },
      ]
    : [
        { label: usdt ? t`TRC20 address` : t`Address`, old: shown(coin.address), new: shown(values.address) },
        ...(usdt ? [{ label: t`ERC20 address`, old: shown(coin.addressErc), new: shown(values.addressErc) }] : []),
      ];
  return (
    <ChangeDialog
      title={t`Change the deposit details of ${coin.name}?`}
      confirm={t`Change the deposit details`}
      changes={changes}
      form={form}
      send={changeCoin}
      fields={['address', 'addressErc', 'iban', 'bic', 'reason']}
      refresh={['ops', 'coins']}
      onClose={onClose}
    >
      {bank ? (
        <>
          <TextInput label={t`Account holder`} {...textField(form, 'holder')} />
          <TextInput label={t`IBAN`} {...textField(form, 'iban')} />
          <TextInput label={t`BIC`} {...textField(form, 'bic')} />
          <TextInput label={t`Bank`} {...textField(form, 'bankName')} />
        </>
      ) : (
        <>
          <TextInput label={usdt ? t`TRC20 address` : t`Address`} autoComplete="off" spellCheck={false} {...textField(form, 'address')} />
          {usdt ? <TextInput label={t`ERC20 address`} autoComplete="off" spellCheck={false} {...textField(form, 'addressErc')} /> : null}
        </>
      )}
      <TextArea label={t`Reason (kept in the audit log)`} {...textField(form, 'reason')} />
    </ChangeDialog>
  );
}
