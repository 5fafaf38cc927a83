/**
 * A new pledge (/pledge/do-pledge?product=): the product's terms, the amount with "All", and
 * before the payment password everything the order will do: available assets, payout daily,
 * estimated income over the lock period, maturity return and the early-redemption penalty —
 * computed with the server's own functions (domain/pledge.ts). The server's checks are made here
 * first (the minimum, the balance, one running order).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { useWatch } from 'react-hook-form';
import { startPledge } from './api/calls';
import { asOfTime } from '../../api/query';
import { EmptyState, QueryFallback } from '../../ui/EmptyState';
import { toast } from '../../ui/feedback/toast';
import { LockIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { parseAmount, toDecimalString } from '../../domain/money';
import { plainDecimal } from '../../domain/payments';
import { parseRate, penaltyOf, pledgeFigures, pledgeFormSchema, type PledgeOrder, type PledgeProduct } from '../../domain/pledge';
import { Amount, Percent } from '../../ui/Amount';
import { AsOfLine } from '../../ui/AsOf';
import { useCounts } from '../../ui/counts';
import { submitOnce, useZodForm } from '../../ui/form/form';
import { AmountField } from '../shared/money/AmountField';
import { PayPasswordNotice } from '../shared/money/PayPasswordNotice';
import { useDecimalShown } from '../shared/money/DecimalField';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { Fact } from '../shared/records';
import { usePledgeOverview } from '../../api/queries';
import { ProductTerms } from './parts';

interface Request {
  productId: number;
  amount: string;
}

export default function DoPledgeScreen() {
  const { t } = useLingui();
  const search = useSearch({ from: '/members/pledge/do-pledge' });
  const overview = usePledgeOverview();
  const data = overview.data;
  const navigate = useNavigate();
  const asked = search.product === undefined ? undefined : data?.products.find((candidate) => String(candidate.id) === search.product);
  // A link to a product no longer offered (a stale link) never pledges into another one.
  const gone = data !== undefined && search.product !== undefined && asked === undefined;
  const product = search.product === undefined ? data?.products[0] : asked;
  return (
    <Screen>
      {gone ? (
        <EmptyState
          icon={<LockIcon size={36} />}
          title={t`This product is no longer offered`}
          text={t`The link may be old or mistyped. Choose one of the products on offer.`}
          action={
            <Button onClick={() => void navigate({ to: '/pledge', replace: true })}>
              {t`Pledge products`}
            </Button>
          }
        />
      ) : data && product ? (
        <PledgeForm product={product} available={data.available[product.asset]} running={data.active !== null} asOf={asOfTime(overview)} />
      ) : (
        <QueryFallback query={overview} icon={<LockIcon size={36} />} failedTitle={t`The pledge could not be loaded`} />
      )}
    </Screen>
  );
}

function PledgeForm({ product, available, running, asOf }: { product: PledgeProduct; available: string; running: boolean; asOf: number | null }) {
  const { t } = useLingui();
  const counts = useCounts();
  const navigate = useNavigate();
  const decimal = useDecimalShown();
  const form = useZodForm(pledgeFormSchema(product, available), { defaultValues: { amount: '' } });
  const action = useMoneyAction<Request, PledgeOrder, 'amount'>({
    send: (request, payPassword, options) => startPledge({ ...request, payPassword: payPassword ?? '' }, options),
    fields: ['amount'],
    onFieldError: (name, message) => form.setError(name, { type: 'server', message }),
    async onSuccess() {
      toast.success(t`Pledge started. Interest is paid daily into your interest wallet.`);
      await navigate({ to: '/pledge' });
    },
  });

  const asset = product.asset;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const minor = parseAmount(amount.trim(), asset);
  const figures = minor !== null && minor > 0n ? pledgeFigures(minor, parseRate(product.dailyRate) ?? 0n, product.lockDays) : null;
  const penalty = minor !== null && minor > 0n ? penaltyOf(minor, parseRate(product.penaltyRate) ?? 0n) : null;
  const shown = (value: bigint | null | undefined) => (value === null || value === undefined ? null : toDecimalString(value, asset));
  const submit = submitOnce(form, ({ amount: checked }) => void action.confirm({ productId: product.id, amount: checked }));

  return (
    <>
      <form noValidate className="space-y-5 px-4 pt-2 pb-8" onSubmit={submit}>
        <AsOfLine time={asOf} />
        <section aria-label={t`The product`} className="rounded-2xl bg-surface px-4 py-3">
          <h2 className="text-lg font-semibold text-ink">{counts.days(product.lockDays)}</h2>
          <ProductTerms product={product} />
        </section>
        {running ? (
          <p role="note" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <Trans>You have a pledge in progress. You can start a new one once it has ended.</Trans>
          </p>
        ) : null}
        <PayPasswordNotice />
        <AmountField
          form={form}
          name="amount"
          asset={asset}
          all={available}
          placeholder={t`At least ${decimal(plainDecimal(product.minAmount))}`}
          hint={
            <Trans>
              Minimum <Amount value={product.minAmount} asset={asset} />
            </Trans>
          }
          disabled={running}
        />
        <dl className="rounded-2xl bg-surface px-4 py-3" aria-label={t`What this pledge earns`}>
          <Fact label={t`Available assets`}>
            <Amount value={available} asset={asset} />
          </Fact>
          <Fact label={t`Payout daily`}>
            <Amount value={shown(figures?.daily)} asset={asset} />
          </Fact>
          <Fact label={t`Estimated income`}>
            <Amount value={shown(figures?.total)} asset={asset} />
          </Fact>
          <Fact label={t`Maturity return`} strong total>
            <span data-testid="maturity-return">
              <Amount value={shown(figures?.maturity)} asset={asset} />
            </span>
          </Fact>
          <Fact label={t`Early redemption penalty`}>
            <Amount value={shown(penalty)} asset={asset} />
          </Fact>
        </dl>
        <p className="text-xs leading-relaxed text-muted">
          <Trans>
            The amount is locked for {product.lockDays} days and earns <Percent value={product.dailyRate} /> a day (
            <Percent value={product.yearlyRate} /> a year, simple interest), paid at 00:00 UTC into your interest wallet by Tessera from its own interest
            account. Redeemed before the end, <Percent value={product.penaltyRate} /> of the amount is kept as a penalty.
          </Trans>
        </p>
        <Button type="submit" disabled={running}>
          {t`Confirm pledge`}
        </Button>
      </form>
      <MoneyActionSheet
        action={action}
        summary={(pending) => (
          <p>
            <Trans>
              Pledge <Amount value={pending.amount} asset={asset} className="font-semibold" /> for {product.lockDays} days
            </Trans>
          </p>
        )}
      />
    </>
  );
}
