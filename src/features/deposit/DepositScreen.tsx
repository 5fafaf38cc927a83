/**
 * Deposit (/recharge and /assets/components/recharge). Choose what you pay with (USDT on
 * TRC20 or ERC20, BTC, ETH, or a bank transfer), see where to pay (address and QR code, or the
 * account with your payment reference), then tell us the amount and upload the proof. Nothing
 * leaves the account, so no payment password: the request is sent with an idempotency key and
 * waits for an operator, which the success state and the records say.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Preloader, Segmented, SegmentedButton } from 'konsta/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { ApiError } from '../../api/client';
import { requestDeposit } from './api/calls';
import { useCoinList } from '../../api/queries';
import { loadable, useAccountQuery } from '../../api/query';
import { BankIcon, CheckIcon, DepositIcon } from '../../app/icons';
import { Screen } from '../../app/Screen';
import { COIN_INFO_KEY } from '../../domain/constants';
import { USDT_NETWORKS, type UsdtNetwork } from '../../domain/ledger';
import type { Asset } from '../../domain/money';
import type { CoinEntry, DepositAddressReply, DepositRecord } from '../../domain/wire';
import { errorMessage } from '../../i18n';
import { getItem, setItem } from '../../storage/store';
import { Amount } from '../shared/Amount';
import { TextField } from '../shared/TextField';
import { groupIban } from '../shared/money/iban';
import { amountProblem, decimalInput } from '../shared/money/amounts';
import { useZodForm } from '../shared/form';
import { useMoneyAction } from '../shared/money/useMoneyAction';
import { AddressQr } from './AddressQr';
import { CopyButton } from './CopyButton';
import { DepositStatus } from './DepositRecordsScreen';
import { proofProblem } from './proof';
import { depositAddressQuery } from './api/queries';
import { ImagePicker } from '../shared/ImagePicker';
import { Fact, LoadFailed, RecordsLink } from '../shared/records';
import { coinLogoPath } from '../../domain/market';
import { UploadProgressBar, useUploadProgress } from '../shared/UploadProgress';

interface Choice {
  coinId: number;
  network?: UsdtNetwork;
}

/** Deposits uploads can be slow on a phone: more time than the usual 10 s. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** USDT is the coin with an address per network. */
function hasNetworks(coin: CoinEntry | undefined): boolean {
  return Boolean(coin && coin.kind === 'crypto' && (coin.address_omni || coin.address_erc));
}

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
        <Submitted record={record} onAnother={() => setRecord(null)} />
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
          <Segmented strong rounded role="radiogroup" aria-labelledby="deposit-network-label">
            {USDT_NETWORKS.filter((name) => (name === 'TRC20' ? chosen.address_omni : chosen.address_erc)).map((name) => (
              <SegmentedButton
                key={name}
                type="button"
                role="radio"
                aria-checked={choice?.network === name}
                active={choice?.network === name}
                onClick={() => onChoose({ coinId: chosen.id, network: name })}
              >
                <bdi dir="ltr">{name}</bdi>
              </SegmentedButton>
            ))}
          </Segmented>
        </div>
      ) : null}
    </section>
  );
}

/** Where to pay for one choice, and the form that reports the payment. */
function DepositTarget({ choice, coin, onSubmitted }: { choice: Choice; coin: CoinEntry | undefined; onSubmitted(record: DepositRecord): void }) {
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
        <AddressQr value={target.address} label={t`QR code of the deposit address`} />
      </div>
      <p className="mt-4 w-full rounded-xl bg-canvas px-3 py-2 tabular-nums tracking-wide text-sm break-all text-ink" dir="ltr" data-testid="deposit-address">
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
    <div className="flex items-center gap-2 py-2">
      <div className="min-w-0 flex-1">
        <dt className="text-xs text-muted">{label}</dt>
        <dd className={`text-sm break-words ${strong ? 'font-semibold text-sea-800' : 'text-ink'} ${ltr ? 'tabular-nums tracking-wide' : ''}`}>
          {ltr ? <bdi dir="ltr">{shown ?? value}</bdi> : <span dir="auto">{shown ?? value}</span>}
        </dd>
      </div>
      <CopyButton text={value} label={copyLabel} />
    </div>
  );
}

type Field = 'amount' | 'proof';

/** The amount by the asset's rules (decimals), the proof by the upload rules; messages from the catalogue. */
function depositFormSchema(asset: Asset) {
  return z.object({
    amount: z
      .string()
      .superRefine((text, ctx) => {
        const problem = amountProblem(text, asset);
        if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params });
      })
      .transform((text) => text.trim()),
    proof: z.custom<File | null>().superRefine((file, ctx) => {
      const problem = proofProblem(file);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}

interface DepositInput {
  coinId: number;
  network?: UsdtNetwork;
  amount: string;
  proof: File;
}

/** Where a refusal of the upload goes: the amount, or the proof (its part is called `file`). */
function depositFieldOf(error: ApiError): Field | undefined {
  if (error.field === 'amount') return 'amount';
  if (error.field === 'file' || error.key === 'deposit.proofRequired' || error.key?.startsWith('upload.')) return 'proof';
  return undefined;
}

function DepositForm({ target, usdtNetwork, onSubmitted }: { target: DepositAddressReply; usdtNetwork?: UsdtNetwork; onSubmitted(record: DepositRecord): void }) {
  const { t } = useLingui();
  const asset = target.asset;
  const form = useZodForm(depositFormSchema(asset), { defaultValues: { amount: '', proof: null as File | null }, reValidateMode: 'onSubmit' });
  const amount = useWatch({ control: form.control, name: 'amount' }) as string;
  const proof = useWatch({ control: form.control, name: 'proof' }) as File | null;
  const errors = form.formState.errors;
  const upload = useUploadProgress();
  // Nothing leaves the account: no payment password, straight to the server with its key.
  const action = useMoneyAction<DepositInput, DepositRecord, Field>({
    send: (input, _noPassword, options) => {
      upload.reset();
      return requestDeposit(input, { ...options, timeoutMs: UPLOAD_TIMEOUT_MS, onUploadProgress: upload.report });
    },
    fieldOf: depositFieldOf,
    onFieldError: (field, message) => form.setError(field, { type: 'server', message }),
    onSuccess: (record) => onSubmitted(record),
  });
  const busy = action.busy;
  const valueNotCoin = target.kind === 'crypto' && target.coin !== 'USDT';

  function chooseProof(file: File | null) {
    // A file that breaks the rules is not kept; an empty choice is simply no file yet.
    const problem = file ? proofProblem(file) : null;
    form.setValue('proof', problem ? null : file);
    if (problem) form.setError('proof', { type: 'validate', message: errorMessage(problem) });
    else form.clearErrors('proof');
  }

  const submit = form.handleSubmit(async (data) => {
    if (!data.proof) return;
    await action.sendNow({ coinId: target.coinId, ...(usdtNetwork ? { network: usdtNetwork } : {}), amount: data.amount, proof: data.proof });
  });

  let hint: ReactNode;
  if (target.kind === 'bank') hint = t`The EUR amount you transferred.`;
  else if (valueNotCoin) {
    const coin = target.coin;
    hint = t`Enter the USDT value of the ${coin} you sent. An operator credits the value that arrives, which can differ.`;
  } else hint = t`The USDT amount you sent.`;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <TextField
        label={t`Amount (${asset})`}
        value={amount}
        onChange={(value) => {
          form.setValue('amount', decimalInput(value));
          form.clearErrors('amount');
        }}
        error={errors.amount?.message}
        hint={hint}
        inputMode="decimal"
        autoComplete="off"
        disabled={busy}
        ltr
        trailing={<span className="shrink-0 text-sm font-medium text-muted">{asset}</span>}
      />
      <ImagePicker
        label={t`Payment proof`}
        hint={<Trans>A screenshot or photo of your payment. JPG, PNG, HEIC or WebP, at most 2 MB.</Trans>}
        inputLabel={t`Payment proof image`}
        previewAlt={t`Chosen payment proof`}
        file={proof}
        onChange={chooseProof}
        error={errors.proof?.message}
        disabled={busy}
      />
      <Button large rounded type="submit" disabled={busy}>
        {busy ? (
          <span className="flex w-full flex-col items-center gap-1 py-1" role="status" aria-label={t`Uploading your proof…`}>
            <span className="text-sm">{t`Uploading your proof…`}</span>
            <UploadProgressBar progress={upload.progress} tone="white" />
          </span>
        ) : (
          t`Submit deposit`
        )}
      </Button>
      <p className="text-xs leading-relaxed text-muted">
        <Trans>An operator checks your proof and then credits the deposit. You can follow it in your records.</Trans>
      </p>
    </form>
  );
}

function Submitted({ record, onAnother }: { record: DepositRecord; onAnother(): void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <section className="px-4 pt-6" aria-live="polite">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-20 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <CheckIcon size={40} />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-ink">{t`Deposit submitted`}</h2>
        <p className="mt-1 max-w-xs text-sm text-muted">
          <Trans>We check your payment proof. The amount is credited once an operator approves it.</Trans>
        </p>
      </div>
      <dl className="mt-6 rounded-2xl bg-surface px-4 py-3">
        <Fact label={t`Order number`}>
          <span className="inline-flex items-center gap-1">
            <bdi dir="ltr" className="tabular-nums tracking-wide" data-testid="order-number">
              {record.orderNo}
            </bdi>
            <CopyButton text={record.orderNo} label={t`Copy order number`} />
          </span>
        </Fact>
        <Fact label={t`Amount`}>
          <Amount value={record.amount} asset={record.asset} />
        </Fact>
        <Fact label={t`Status`}>
          <DepositStatus status={record.status} />
        </Fact>
      </dl>
      <div className="mt-6 space-y-3">
        <Button large rounded onClick={() => void navigate({ to: '/recharge/records' })}>
          <span className="flex items-center gap-2">
            <DepositIcon size={20} />
            {t`See deposit records`}
          </span>
        </Button>
        <Button large rounded tonal onClick={onAnother}>
          {t`Make another deposit`}
        </Button>
      </div>
    </section>
  );
}
