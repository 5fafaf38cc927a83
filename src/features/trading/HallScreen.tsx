/**
 * The trading hall (/market): merchants' open offers for the side the user picks (to buy USDT:
 * sell offers, cheapest first; to sell: buy offers, dearest first), with the merchant's
 * completed orders and completion rate over 30 days. For a merchant, the order form is above
 * them: the amount (which also narrows the list to offers that take it) and the unit price,
 * filled with the best price on offer; what the order holds and what arrives after the fee are
 * shown before the payment password confirms it. The matching pairs it with the best fitting
 * offer at once, or looks for one for up to MATCHING_MINUTES (the orders screen counts it down).
 * For a user who is not a merchant, the way to become one. Above it all, the market quotes.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Preloader } from 'konsta/react';
import { Button } from '../../ui/Button';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { placeOrder } from './api/calls';
import { asOfTime, failureText, useSessionUserId } from '../../api/query';
import { toast } from '../../ui/feedback/toast';
import { ChevronEndIcon, ListIcon, StoreIcon } from '../../ui/icons';
import { EmptyState } from '../../ui/EmptyState';
import { Screen } from '../../ui/Screen';
import { parseAmount } from '../../domain/money';
import { CONFIRM_MINUTES, MATCHING_MINUTES, orderFormSchema, type TradeSide } from '../../domain/trading';
import type { TradeOffer, TradeOrder, TradeSummary } from '../../domain/wire';
import { userInfoAtom } from '../../storage/session';
import { Amount, useFormatPercent } from '../../ui/Amount';
import { AsOf } from '../../ui/AsOf';
import { submitOnce, textField, useZodForm } from '../../ui/form/form';
import { AmountField } from '../shared/money/AmountField';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { QuoteList } from '../shared/QuoteList';
import { DecimalField } from '../shared/money/DecimalField';
import { hallQuery, useTradeSummary } from './api/queries';
import { Fact } from '../shared/records';
import { MerchantCard, orderSums, Price, SideSwitch, Sum, useMerchantFlagRefresh } from './parts';

interface OrderRequest {
  side: TradeSide;
  amount: string;
  price: string;
}

export default function HallScreen() {
  const { t } = useLingui();
  const summary = useTradeSummary();
  const user = useAtomValue(userInfoAtom);
  useMerchantFlagRefresh(summary.data, user?.isMerchant);
  const navigate = useNavigate();
  // The side is the address's (?side=, Home's quick buy and sell) and follows it; the hall is a
  // kept tab, so it is read loosely (no error while another screen is shown) and a return by the
  // tab bar, which names no side, keeps the one chosen.
  const requested = (useSearch({ strict: false }) as { side?: TradeSide }).side;
  const [side, setShownSide] = useState<TradeSide>(requested ?? 'buy');
  const [followed, setFollowed] = useState(requested);
  if (requested !== followed) {
    setFollowed(requested);
    if (requested) setShownSide(requested);
  }
  const setSide = (next: TradeSide) => {
    setShownSide(next);
    void navigate({ to: '/market', search: { side: next }, replace: true });
  };
  const [amount, setAmount] = useState('');
  const filter = useDeferredValue(amount.trim());
  const filterValid = filter === '' || (parseAmount(filter, 'USDT') ?? 0n) > 0n;
  const userId = useSessionUserId();
  const hall = useQuery({ ...hallQuery(side, filterValid ? filter : '')(userId ?? ''), enabled: userId !== null });
  const merchant = summary.data?.merchant === true;

  return (
    <Screen back={false} tabbar>
      <div className="space-y-4 px-4 pt-2 pb-8">
        <QuoteList />
        {summary.data && !merchant ? <MerchantCard summary={summary.data} /> : null}
        {summary.data && merchant ? <TraderBar summary={summary.data} /> : null}

        <SideSwitch side={side} onChange={setSide} labels={{ buy: t`Buy USDT`, sell: t`Sell USDT` }} />

        {merchant && summary.data ? (
          <OrderForm key={side} side={side} summary={summary.data} amount={amount} onAmount={setAmount} bestPrice={hall.data?.[0]?.price ?? null} />
        ) : (
          <DecimalField label={t`Amount (USDT)`} value={amount} onChange={setAmount} hint={t`Shows only offers that take this amount.`} />
        )}

        <section aria-labelledby="offers-title">
          <div className="mb-2 flex items-baseline justify-between gap-3">
            <h2 id="offers-title" className="text-base font-semibold text-ink">
              {side === 'buy' ? <Trans>Merchants selling USDT</Trans> : <Trans>Merchants buying USDT</Trans>}
            </h2>
            {asOfTime(hall) !== null ? <AsOf time={asOfTime(hall)!} className="text-xs text-muted" /> : null}
          </div>
          {hall.isPending && hall.fetchStatus !== 'idle' ? (
            <div className="flex justify-center py-10" role="status" aria-label={t`Loading`}>
              <Preloader />
            </div>
          ) : hall.data && hall.data.length > 0 ? (
            <ul className="space-y-3">
              {hall.data.map((offer) => (
                <li key={offer.id}>
                  <OfferCard offer={offer} side={side} />
                </li>
              ))}
            </ul>
          ) : hall.error && !hall.data ? (
            <p role="alert" className="rounded-2xl bg-rose-50 px-4 py-3 text-sm text-rose-900">
              {failureText(hall.error)}
            </p>
          ) : (
            <EmptyState
              icon={<StoreIcon size={36} />}
              title={filter ? t`No offer takes this amount` : t`No offers right now`}
              text={
                merchant
                  ? t`Place your order anyway: the matching looks for a merchant for up to ${MATCHING_MINUTES} minutes.`
                  : t`Merchants' offers appear here as soon as they are posted.`
              }
            />
          )}
        </section>
      </div>
    </Screen>
  );
}

/** A merchant's day at a glance: orders in progress, orders left today, the cancel limit, their offers. */
function TraderBar({ summary }: { summary: TradeSummary }) {
  const { t } = useLingui();
  const left = Math.max(0, summary.dailyOrders - summary.ordersToday);
  const fee = useFormatPercent()(summary.feePercent);
  return (
    <section aria-label={t`Your trading today`} className="rounded-3xl bg-surface p-4">
      <div className="flex items-center justify-between gap-3">
        <Link to="/order" className="flex min-h-11 items-center gap-2 text-sm font-medium text-ink">
          <ListIcon size={20} className="text-sea-700" />
          {summary.pending > 0 ? (
            <span>
              <Plural value={summary.pending} one="# order in progress" other="# orders in progress" />
            </span>
          ) : (
            <span>
              <Trans>No orders in progress</Trans>
            </span>
          )}
          {summary.pending > 0 ? <span className="size-2 rounded-full bg-amber-500" aria-hidden="true" /> : null}
        </Link>
        <Link to="/market/sell" className="flex min-h-11 items-center gap-1 text-sm font-semibold text-sea-700">
          <Trans>My offers</Trans>
          <ChevronEndIcon size={16} />
        </Link>
      </div>
      <p className="mt-1 text-xs text-muted">
        <Trans>
          Orders left today: {left} of {summary.dailyOrders} · fee {fee}
        </Trans>
      </p>
      {summary.blockedUntil ? (
        <p role="alert" className="mt-2 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <Trans>You cancelled more than {summary.cancelLimit} matched orders today. New orders are paused until midnight (UTC).</Trans>
        </p>
      ) : null}
    </section>
  );
}

/** The order: amount and unit price, what it holds and receives, then the payment password. */
function OrderForm({ side, summary, amount, onAmount, bestPrice }: { side: TradeSide; summary: TradeSummary; amount: string; onAmount(value: string): void; bestPrice: string | null }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const suggested = (side === 'buy' ? summary.bestSellPrice : summary.bestBuyPrice) ?? bestPrice ?? summary.referencePrice;
  const form = useZodForm(orderFormSchema, { defaultValues: { amount, price: suggested } });
  // The screen may first draw from the device's kept copy: the suggested price follows the hall's
  // figures as they come in, unless the person has typed a price of their own.
  const shown = useRef(suggested);
  useEffect(() => {
    if (form.getValues('price') === shown.current) form.setValue('price', suggested);
    shown.current = suggested;
  }, [form, suggested]);
  const price = useWatch({ control: form.control, name: 'price' });
  const sums = orderSums(side, amount, price, summary.feePercent);
  const fee = useFormatPercent()(summary.feePercent);

  const action = useMoneyAction<OrderRequest, TradeOrder, 'amount' | 'price'>({
    send: (request, payPassword, options) => placeOrder({ ...request, payPassword: payPassword ?? '' }, options),
    fields: ['amount', 'price'],
    onFieldError: (name, message) => form.setError(name, { type: 'server', message }),
    onSuccess(order) {
      form.setValue('amount', '');
      onAmount('');
      toast.success(
        order.status === 'matched' ? t`Matched with a merchant. Confirm within ${CONFIRM_MINUTES} minutes.` : t`Looking for a merchant for up to ${MATCHING_MINUTES} minutes.`,
        4000,
      );
      void navigate({ to: '/order' });
    },
  });
  const submit = submitOnce(form, (request) => void (summary.blockedUntil ? undefined : action.confirm({ side, ...request })));

  return (
    <section aria-label={side === 'buy' ? t`Buy USDT` : t`Sell USDT`} className="rounded-3xl bg-surface p-4">
      <form noValidate onSubmit={submit} className="space-y-3">
        <AmountField form={form} name="amount" asset="USDT" hint={t`Shows only offers that take this amount.`} onChange={onAmount} />
        <DecimalField
          label={side === 'buy' ? t`Highest unit price (EUR)` : t`Lowest unit price (EUR)`}
          {...textField(form, 'price')}
          hint={side === 'buy' ? t`You pay the offer's price, never more than this.` : t`You get the offer's price, never less than this.`}
        />
        <dl className="border-t border-line pt-2">
          <Sum label={side === 'buy' ? t`Set aside until settled (at most)` : t`Set aside until settled`}>
            <Amount value={sums?.hold ?? null} asset={side === 'buy' ? 'EUR' : 'USDT'} />
          </Sum>
          <Sum label={t`You receive (after the ${fee} fee)`} strong>
            <Amount value={sums?.receive ?? null} asset={side === 'buy' ? 'USDT' : 'EUR'} />
          </Sum>
        </dl>
        <Button type="submit" disabled={Boolean(summary.blockedUntil)}>
          {side === 'buy' ? t`Buy USDT` : t`Sell USDT`}
        </Button>
      </form>
      <MoneyActionSheet action={action} summary={(pending) => <OrderSummary request={pending} />} />
    </section>
  );
}

/** What the payment password confirms: the side, the amount and the limit price. */
function OrderSummary({ request }: { request: OrderRequest }) {
  return (
    <p>
      {request.side === 'buy' ? (
        <Trans>
          Buy <Amount value={request.amount} asset="USDT" /> at up to <Price value={request.price} />
        </Trans>
      ) : (
        <Trans>
          Sell <Amount value={request.amount} asset="USDT" /> at no less than <Price value={request.price} />
        </Trans>
      )}
    </p>
  );
}

/** One offer: merchant and record, price, what is left and the limits per order. */
function OfferCard({ offer, side }: { offer: TradeOffer; side: TradeSide }) {
  const { t } = useLingui();
  const rate = offer.merchant.completionRate;
  const percent = useFormatPercent();
  const rateText = rate === null ? '' : percent(rate);
  return (
    <article aria-label={t`Offer of ${offer.merchant.name}`} className="rounded-2xl bg-surface p-4">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-base font-semibold text-ink">
            {offer.merchant.name}
            {offer.mine ? (
              <span className="ms-2 rounded-full bg-sea-50 px-2 py-0.5 align-middle text-xs font-medium text-sea-800">
                <Trans>Yours</Trans>
              </span>
            ) : null}
          </p>
          <p className="text-xs text-muted">
            {rate === null ? (
              <Trans>{offer.merchant.completed} completed · 30 days</Trans>
            ) : (
              <Trans>
                {offer.merchant.completed} completed · {rateText} completion rate · 30 days
              </Trans>
            )}
          </p>
        </div>
        <div className="text-end">
          <p className={`text-lg font-semibold whitespace-nowrap ${side === 'buy' ? 'text-emerald-700' : 'text-rose-700'}`}>
            <Price value={offer.price} />
          </p>
          <p className="text-xs text-muted">
            <Trans>per USDT</Trans>
          </p>
        </div>
      </header>
      <dl className="mt-3 border-t border-line pt-2">
        <Fact label={t`Available`}>
          <Amount value={offer.remaining} asset="USDT" />
        </Fact>
        <Fact label={t`Limits per order`}>
          <bdi dir="ltr" className="whitespace-nowrap tabular-nums">
            <Amount value={offer.minAmount} asset="USDT" code={false} /> – <Amount value={offer.maxAmount} asset="USDT" />
          </bdi>
        </Fact>
      </dl>
    </article>
  );
}
