/**
 * Deposit (/recharge and /assets/components/recharge). Choose what you pay with (USDT on
 * TRC20 or ERC20, BTC, ETH, or a bank transfer), see where to pay (address and QR code, or the
 * account with your payment reference: DepositTarget), then tell us the amount and upload the
 * proof (DepositForm). Nothing leaves the account, so no payment password: the request is sent
 * with an idempotency key and waits for an operator, which the success state and the records say.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Preloader } from 'konsta/react';
import { useEffect, useRef, useState } from 'react';
import { useCoinList } from '../../api/queries';
import { loadable } from '../../api/query';
import { BankIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { Choices } from '../../ui/Choices';
import { COIN_INFO_KEY } from '../../domain/constants';
import { USDT_NETWORKS, type UsdtNetwork } from '../../domain/ledger';
import { coinLogoPath } from '../../domain/market';
import type { CoinEntry, DepositRecord } from '../../domain/wire';
import { getItem, setItem } from '../../storage/store';
import { LoadFailed, RecordsLink } from '../shared/records';
import { DepositSubmitted } from './DepositSubmitted';
import { DepositTarget, hasNetworks, type Choice } from './DepositTarget';

export default function DepositScreen() {
  const { t } = useLingui();
  const coinList = loadable(useCoinList());
  const options = { coins: coinList.data ?? null, failure: coinList.failure, reload: coinList.reload };
  const [choice, setChoice] = useState<Choice | null>(null);
  const touched = useRef(false);
  const [record, setRecord] = useState<DepositRecord | null>(null);

  // The last choice is remembered on the device (coin_info), to start from it next time.
  useEffect(() => {
    if (!options.coins) return;
    const coins = options.coins;
    void getItem<Choice>(COIN_INFO_KEY).then((saved) => {
      if (touched.current || !saved || !coins.some((coin) => coin.id === saved.coinId)) return;
      setChoice(saved);
    });
  }, [options.coins]);

  function choose(next: Choice) {
    touched.current = true;
    setChoice(next);
    void setItem(COIN_INFO_KEY, next);
  }

  return (
    <Screen right={<RecordsLink to="/recharge/records" label={t`Deposit records`} />}>
      {record ? (
        <DepositSubmitted record={record} onAnother={() => setRecord(null)} />
      ) : (
        <div className="space-y-6 px-4 pt-2">
          {options.coins ? (
            <CoinPicker coins={options.coins} choice={choice} onChoose={choose} />
          ) : options.failure ? (
            <LoadFailed text={options.failure} onRetry={options.reload} />
          ) : (
            <div className="flex justify-center py-16" role="status" aria-label={t`Loading`}>
              <Preloader />
            </div>
          )}
          {choice && options.coins ? (
            <DepositTarget key={`${choice.coinId}:${choice.network ?? ''}`} choice={choice} coin={options.coins.find((coin) => coin.id === choice.coinId)} onSubmitted={setRecord} />
          ) : null}
          <Link to="/recharge/records" className="flex min-h-11 items-center justify-center text-sm font-semibold text-sea-700">
            <Trans>See your deposit records</Trans>
          </Link>
        </div>
      )}
    </Screen>
  );
}

function CoinPicker({ coins, choice, onChoose }: { coins: CoinEntry[]; choice: Choice | null; onChoose(choice: Choice): void }) {
  const { t } = useLingui();
  const chosen = coins.find((coin) => coin.id === choice?.coinId);
  return (
    <section className="space-y-4">
      <div>
        <h2 id="coin-label" className="mb-2 text-sm font-medium text-ink">
          {t`What do you pay with?`}
        </h2>
        <div role="radiogroup" aria-labelledby="coin-label" className="grid grid-cols-2 gap-3">
          {coins.map((coin) => {
            const active = coin.id === choice?.coinId;
            const name = coin.kind === 'bank' ? t`Bank transfer (IBAN)` : coin.name;
            return (
              <button
                key={coin.id}
                type="button"
                role="radio"
                aria-checked={active}
                aria-label={name}
                onClick={() => onChoose({ coinId: coin.id, network: hasNetworks(coin) ? (choice?.coinId === coin.id ? choice.network : undefined) ?? 'TRC20' : undefined })}
                className={[
                  'flex flex-col items-start gap-2 rounded-2xl border-2 bg-surface p-3 text-start transition-colors',
                  active ? 'border-sea-600 bg-sea-50' : 'border-transparent',
                ].join(' ')}
              >
                <span className="flex w-full items-center gap-2">
                  {coin.kind === 'bank' ? (
                    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sea-100 text-sea-800">
                      <BankIcon size={18} />
                    </span>
                  ) : (
                    <img src={coinLogoPath(coin.name)} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full" />
                  )}
                  <span className="min-w-0 leading-tight font-semibold hyphens-auto text-ink [overflow-wrap:anywhere]">{name}</span>
                </span>
                <span className="text-xs leading-snug text-muted">{coin.kind === 'bank' ? t`Credited in EUR` : t`Credited in USDT`}</span>
              </button>
            );
          })}
        </div>
      </div>
      {chosen && hasNetworks(chosen) ? (
        <div>
          <h2 id="deposit-network-label" className="mb-2 text-sm font-medium text-ink">
            {t`Network`}
          </h2>
          <Choices<UsdtNetwork | ''>
            labelledBy="deposit-network-label"
            options={USDT_NETWORKS.filter((name) => (name === 'TRC20' ? chosen.address_omni : chosen.address_erc)).map((name) => ({ value: name, label: <bdi dir="ltr">{name}</bdi> }))}
            value={choice?.network ?? ''}
            onChange={(name) => {
              if (name) onChoose({ coinId: chosen.id, network: name });
            }}
          />
        </div>
      ) : null}
    </section>
  );
}

