/**
 * The interest wallet (/mine/components): what the pledges have paid, per asset, and moving it
 * to the available balance (payment password). Offline, the kept copy, and the move is refused.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { useWatch } from 'react-hook-form';
import { transferInterest } from './api/calls';
import { asOfTime } from '../../api/query';
import { QueryFallback } from '../../ui/EmptyState';
import { toast } from '../../ui/feedback/toast';
import { PercentIcon } from '../../ui/moreIcons';
import { Screen } from '../../ui/Screen';
import { ASSET_CODES, parseAmount, type Asset } from '../../domain/money';
import { plainDecimal } from '../../domain/payments';
import { interestMoveFormSchema, type PledgeOverview } from '../../domain/pledge';
import { CardFigure } from '../../ui/CardFigure';
import { Amount } from '../../ui/Amount';
import { AsOfLine } from '../../ui/AsOf';
import { Choices } from '../../ui/Choices';
import { submitOnce, useZodForm } from '../../ui/form/form';
import { AmountField } from '../shared/money/AmountField';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { usePledgeOverview } from '../../api/queries';

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
  const form = useZodForm(interestMoveFormSchema(data.interest), {
    // The asset with interest in it first (USDT unless only EUR has some).
    defaultValues: { asset: ASSET_CODES.find((code) => (parseAmount(data.interest[code], code) ?? 0n) > 0n) ?? 'USDT', amount: '' },
  });
  const action = useMoneyAction<Request, { asset: Asset; amount: string; transferId: number }, 'amount'>({
    send: (request, payPassword, options) => transferInterest({ ...request, payPassword: payPassword ?? '' }, options),
    fields: ['amount'],
    onFieldError: (name, message) => form.setError(name, { type: 'server', message }),
    onSuccess(moved) {
      form.setValue('amount', '');
      toast.success(t`${plainDecimal(moved.amount)} ${moved.asset} moved to your balance.`);
    },
  });
  const asset = useWatch({ control: form.control, name: 'asset' });
  const submit = submitOnce(form, (request) => void action.confirm(request));

  return (
    <div className="space-y-5 px-4 pt-2 pb-8">
      <AsOfLine time={asOf} />
      <section aria-label={t`Interest wallet`} className="rounded-3xl bg-sea-700 p-5 text-white">
        <p className="text-sm text-sea-100">
          <Trans>Interest earned by your pledges</Trans>
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-4">
          {ASSET_CODES.map((code) => (
            <CardFigure key={code} label={code} size="xl">
              <Amount value={data.interest[code]} asset={code} code={false} />
            </CardFigure>
          ))}
        </dl>
      </section>
      <form noValidate className="space-y-4" onSubmit={submit}>
        <Choices
          label={t`Currency`}
          options={ASSET_CODES.map((code) => ({ value: code, label: code }))}
          value={asset}
          onChange={(code) => {
            form.setValue('asset', code);
            form.clearErrors('amount');
          }}
        />
        <AmountField form={form} name="amount" asset={asset} label={t`Amount to move (${asset})`} all={data.interest[asset]} />
        <Button type="submit">
          {t`Move to balance`}
        </Button>
      </form>
      <Link to="/pledge/records" search={{ tab: 'interest' }} className="flex min-h-11 items-center justify-center text-sm font-semibold text-sea-700">
        <Trans>Interest record</Trans>
      </Link>
      <MoneyActionSheet
        action={action}
        summary={(pending) => (
          <p>
            <Trans>
              Move <Amount value={pending.amount} asset={pending.asset} className="font-semibold" /> from the interest wallet to your balance
            </Trans>
          </p>
        )}
      />
    </div>
  );
}
