/**
 * Where to pay for the chosen coin or bank transfer: the address with its QR code, or the bank
 * account with the payment reference, each with a copy button; then the form that reports the
 * payment.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Preloader } from 'konsta/react';
import { loadable, useAccountQuery } from '../../api/query';
import type { UsdtNetwork } from '../../domain/ledger';
import type { CoinEntry, DepositAddressReply, DepositRecord } from '../../domain/wire';
import { groupIban } from '../shared/money/iban';
import { LoadFailed } from '../shared/records';
import { QrCode } from '../../ui/QrCode';
import { CopyButton } from '../../ui/CopyButton';
import { DepositForm } from './DepositForm';
import { depositAddressQuery } from './api/queries';

export interface Choice {
  coinId: number;
  network?: UsdtNetwork;
}

/** USDT is the coin with an address per network. */
export function hasNetworks(coin: CoinEntry | undefined): boolean {
  return Boolean(coin && coin.kind === 'crypto' && (coin.address_omni || coin.address_erc));
}

/** Where to pay for one choice, and the form that reports the payment. */
export function DepositTarget({ choice, coin, onSubmitted }: { choice: Choice; coin: CoinEntry | undefined; onSubmitted(record: DepositRecord): void }) {
  const { t } = useLingui();
  const address = loadable(useAccountQuery((userId) => depositAddressQuery(userId, choice.coinId, choice.network)));
  const target = address.data;
  if (!target && address.failure) return <LoadFailed text={address.failure} onRetry={address.reload} />;
  if (!target) {
    return (
      <div className="flex justify-center py-10" role="status" aria-label={t`Loading`}>
        <Preloader />
      </div>
    );
  }
  return (
    <>
      {target.kind === 'bank' ? <BankDetails target={target} /> : <CryptoAddress target={target} />}
      <DepositForm target={target} usdtNetwork={hasNetworks(coin) ? choice.network : undefined} onSubmitted={onSubmitted} />
    </>
  );
}

function CryptoAddress({ target }: { target: DepositAddressReply }) {
  const { t } = useLingui();
  const coin = target.coin;
  const network = target.network ?? '';
  return (
    <section aria-label={t`Deposit address`} className="flex flex-col items-center rounded-3xl bg-surface p-5 text-center">
      {target.demo ? <DemoNote /> : null}
      <h2 className="text-sm font-medium text-ink">
        <Trans>
          Send only <bdi dir="ltr">{coin}</bdi> on <bdi dir="ltr">{network}</bdi> to this address
        </Trans>
      </h2>
      <div className="mt-4 rounded-2xl border border-line p-2">
        <QrCode value={target.address} label={t`QR code of the deposit address`} />
      </div>
      <p className="mt-4 w-full rounded-xl bg-canvas px-3 py-2 tabular-nums tracking-wide text-sm break-all text-ink" dir="ltr" data-testid="deposit-address" data-address>
        {target.address}
      </p>
      <div className="mt-3">
        <CopyButton text={target.address} label={t`Copy address`} withText />
      </div>
      <p className="mt-3 text-xs leading-relaxed text-muted">
        <Trans>Coins sent on another network cannot be recovered.</Trans>
      </p>
    </section>
  );
}

/** A demo installation's deposit details say so before anything else: nothing sent there arrives. */
function DemoNote() {
  return (
    <p role="note" className="mb-4 w-full rounded-xl bg-amber-100 px-3 py-2 text-start text-sm font-medium text-amber-950" data-demo="true">
      <Trans>Demo installation: these details cannot receive anything. Do not send real money.</Trans>
    </p>
  );
}

function BankDetails({ target }: { target: DepositAddressReply }) {
  const { t } = useLingui();
  const bank = target.bank;
  return (
    <section aria-label={t`Bank account for your transfer`} className="rounded-3xl bg-surface p-4">
      {target.demo ? <DemoNote /> : null}
      <h2 className="text-sm font-medium text-ink">
        <Trans>Transfer EUR to this account</Trans>
      </h2>
      <dl className="mt-2 divide-y divide-line">
        {bank ? (
          <>
            <CopyRow label={t`Account holder`} value={bank.holder} copyLabel={t`Copy account holder`} />
            <CopyRow label={t`IBAN`} value={bank.iban} shown={groupIban(bank.iban)} copyLabel={t`Copy IBAN`} ltr />
            <CopyRow label={t`BIC`} value={bank.bic} copyLabel={t`Copy BIC`} ltr />
            <CopyRow label={t`Bank`} value={bank.bankName} copyLabel={t`Copy bank name`} />
          </>
        ) : null}
        <CopyRow label={t`Payment reference`} value={target.reference} copyLabel={t`Copy payment reference`} ltr strong />
      </dl>
      <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-900">
        <Trans>Put the payment reference on your transfer: it tells us the money is yours.</Trans>
      </p>
    </section>
  );
}

function CopyRow({ label, value, shown, copyLabel, ltr, strong }: { label: string; value: string; shown?: string; copyLabel: string; ltr?: boolean; strong?: boolean }) {
  return (
    // A group of the list (dt, dd) with the copy button in a dd of its own beside them: a list's groups hold dt and dd only.
    <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="row-span-2">
        <CopyButton text={value} label={copyLabel} />
      </dd>
      <dd className={`text-sm break-words ${strong ? 'font-semibold text-sea-800' : 'text-ink'} ${ltr ? 'tabular-nums tracking-wide' : ''}`}>
        {ltr ? <bdi dir="ltr" data-address>{shown ?? value}</bdi> : <span dir="auto">{shown ?? value}</span>}
      </dd>
    </div>
  );
}

