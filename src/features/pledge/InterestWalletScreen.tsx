/**
 * The interest wallet (/mine/components): what the pledges have paid, per asset, and moving it
 * to the available balance (payment password). Offline, the kept copy, and the move is refused.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button } from 'konsta/react';
import { useState } from 'react';
import { transferInterest } from './api/calls';
import { asOfTime } from '../../api/query';
import { QueryFallback } from '../../app/EmptyState';
import { toast } from '../../app/feedback/toast';
import { PercentIcon } from '../../app/moreIcons';
import { Screen } from '../../app/Screen';
import { ASSET_CODES, parseAmount, type Asset } from '../../domain/money';
import type { PledgeOverview } from '../../domain/pledge';
import { errorMessage } from '../../i18n';
import { Amount } from '../shared/Amount';
import { AsOfLine } from '../shared/AsOf';
import { amountProblem, decimalInput, plainDecimal } from '../shared/money/amounts';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { Choices } from '../shared/Choices';
import { TextField } from '../shared/TextField';
import { usePledgeOverview } from './api/queries';

export default function InterestWalletScreen() {
  const { t } = useLingui();
  const overview = usePledgeOverview();
  return (
    <Screen>
      {overview.data ? (
        <InterestWallet data={overview.data} asOf={asOfTime(overview)} />
      ) : (
        <QueryFallback query={overview} icon={<PercentIcon size={36} />} failedTitle={t`The interest wallet could not be loaded`} />
      )}
    </Screen>
  );
}

interface Request {
  asset: Asset;
  amount: string;
}

function InterestWallet({ data, asOf }: { data: PledgeOverview; asOf: number | null }) {
  const { t } = useLingui();
  // The asset with interest in it first (USDT unless only EUR has some).
  const [asset, setAsset] = useState<Asset>(() => ASSET_CODES.find((code) => (parseAmount(data.interest[code], code) ?? 0n) > 0n) ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const action = useMoneyAction<Request, { asset: Asset; amount: string; transferId: number }, 'amount'>({
    send: (request, payPassword, options) => transferInterest({ ...request, payPassword: payPassword ?? '' }, options),
    fields: ['amount'],
    onFieldError: (_field, message) => setError(message),
    onSuccess(moved) {
      setAmount('');
      toast.success(t`${plainDecimal(moved.amount)} ${moved.asset} moved to your balance.`);
    },
  });
  const held = data.interest[asset];
  const change = (value: string) => {
    setAmount(decimalInput(value));
    setError(undefined);
  };
  const submit = () => {
    const problem = amountProblem(amount, asset);
    const minor = parseAmount(amount.trim(), asset);
    if (problem) return setError(errorMessage(problem.key, problem.params));
    if (minor !== null && minor > (parseAmount(held, asset) ?? 0n)) return setError(errorMessage('pledge.interestInsufficient'));
    action.confirm({ asset, amount: amount.trim() });
  };

  return (
    <div className="space-y-5 px-4 pt-2 pb-8">
      <AsOfLine time={asOf} />
      <section aria-label={t`Interest wallet`} className="rounded-3xl bg-sea-700 p-5 text-white">
        <p className="text-sm text-sea-100">
          <Trans>Interest earned by your pledges</Trans>
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-4">
          {ASSET_CODES.map((code) => (
            <div key={code}>
              <dt className="text-xs text-sea-100">{code}</dt>
              <dd className="mt-1 text-xl font-semibold">
                <Amount value={data.interest[code]} asset={code} code={false} />
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Choices
          label={t`Currency`}
          options={ASSET_CODES.map((code) => ({ value: code, label: code }))}
          value={asset}
          onChange={(code) => {
            setAsset(code);
            setError(undefined);
          }}
        />
        <TextField
          label={t`Amount to move (${asset})`}
          value={amount}
          onChange={change}
          error={error}
          inputMode="decimal"
          autoComplete="off"
          ltr
          trailing={
            <button type="button" onClick={() => change(plainDecimal(held))} className="-my-2 -me-2 flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full px-3 text-sm font-semibold text-sea-700">
              {t`All`}
            </button>
          }
        />
        <Button large rounded type="submit">
          {t`Move to balance`}
        </Button>
      </form>
      <Link to="/pledge/records" search={{ tab: 'interest' }} className="flex min-h-11 items-center justify-center text-sm font-semibold text-sea-700">
        <Trans>Interest record</Trans>
      </Link>
      <MoneyActionSheet
        action={action}
        summary={
          action.pending ? (
            <p>
              <Trans>
                Move <Amount value={action.pending.amount} asset={action.pending.asset} className="font-semibold" /> from the interest wallet to your balance
              </Trans>
            </p>
          ) : null
        }
      />
    </div>
  );
}
