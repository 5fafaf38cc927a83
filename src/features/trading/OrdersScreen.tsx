/**
 * The orders (/order): tabs all, under review (matching and matched), expired (expired and
 * cancelled) and completed; the user's own orders and those matched with their offers. An order
 * still matching shows the matching panel (currency, amount, unit price, what arrives) with the
 * time left of its MATCHING_MINUTES; a matched one the merchant, price, total, fee and what arrives,
 * with the time left to confirm — confirming (payment password) settles it at once, cancelling
 * releases everything it held (the screen says beforehand when a cancel pauses new orders). Status
 * changes arrive over the socket and the list follows without a reload.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Preloader } from 'konsta/react';
import { Button } from '../../ui/Button';
import { useState, type ReactNode } from 'react';
import { cancelOrder, confirmOrder } from './api/calls';
import { confirm } from '../../ui/feedback/confirm';
import { toast } from '../../ui/feedback/toast';
import { ClockIcon } from '../../ui/moreIcons';
import { ListIcon } from '../../ui/icons';
import { Choices } from '../../ui/Choices';
import { Screen } from '../../ui/Screen';
import { MATCHING_MINUTES, ORDER_TABS, type OrderTab } from '../../domain/trading';
import type { TradeOrder, TradeSummary } from '../../domain/wire';
import { Amount } from '../../ui/Amount';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { Fact, RecordList, StatusBadge, usePagedRecords, useFormatTime, type StatusTone } from '../shared/records';
import { ordersQuery, useTradeSummary } from './api/queries';
import { Countdown, Price, useSecondsUntil } from './parts';
import { useAccountMutation } from '../shared/useAccountMutation';

const TONE: Record<TradeOrder['status'], StatusTone> = { matching: 'processing', matched: 'processing', completed: 'done', cancelled: 'refused', expired: 'refused' };

export default function OrdersScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [tab, setTab] = useState<OrderTab>('all');
  const records = usePagedRecords(ordersQuery(tab));
  const summary = useTradeSummary();
  const tabs: Record<OrderTab, string> = { all: t`All`, review: t`Under review`, expired: t`Expired`, completed: t`Completed` };
  return (
    <Screen back={false} tabbar>
      <Choices<OrderTab>
        kind="tab"
        label={t`Orders`}
        options={ORDER_TABS.map((name) => ({ value: name, label: tabs[name] }))}
        value={tab}
        onChange={setTab}
        className="sticky top-16 z-10 bg-canvas px-4 py-2"
      />
      <RecordList
        records={records}
        renderItem={(order) => <OrderCard order={order} summary={summary.data} />}
        empty={{
          icon: <ListIcon size={36} />,
          title: t`No orders here`,
          text: t`Orders you place in the trading hall, and orders that meet your offers, appear here.`,
          action: (
            <Button onClick={() => void navigate({ to: '/market' })}>
              <Trans>Go to the trading hall</Trans>
            </Button>
          ),
        }}
      />
    </Screen>
  );
}

function OrderStatus({ order }: { order: TradeOrder }) {
  const { t } = useLingui();
  const words: Record<TradeOrder['status'], string> = {
    matching: t`Matching`,
    matched: order.role === 'taker' ? t`To confirm` : t`Awaiting confirmation`,
    completed: t`Completed`,
    cancelled: t`Cancelled`,
    expired: t`Expired`,
  };
  return <StatusBadge tone={TONE[order.status]}>{words[order.status]}</StatusBadge>;
}

function OrderCard({ order, summary }: { order: TradeOrder; summary: TradeSummary | undefined }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const buying = order.side === 'buy';
  const title = buying ? t`Buy USDT` : t`Sell USDT`;
  return (
    <article aria-label={t`Order ${order.orderNo}`} className="rounded-2xl bg-surface p-4">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className={`text-base font-semibold ${buying ? 'text-emerald-700' : 'text-rose-700'}`}>
            {title} · <Amount value={order.amount} asset="USDT" className="text-ink" />
          </p>
          <p className="text-sm text-muted">
            {order.merchant ? (
              order.role === 'taker' ? (
                <Trans>with {order.merchant}</Trans>
              ) : (
                <Trans>{order.merchant} took your offer</Trans>
              )
            ) : order.status === 'matching' ? (
              <Trans>Looking for a merchant</Trans>
            ) : (
              <Trans>No merchant was found</Trans>
            )}
          </p>
        </div>
        <OrderStatus order={order} />
      </header>
      {order.status === 'matching' ? <MatchingPanel order={order} /> : null}
      <dl className="mt-3 border-t border-line pt-2">
        <Fact label={order.price ? t`Unit price` : buying ? t`Highest unit price` : t`Lowest unit price`}>
          <Price value={order.price ?? order.limitPrice} />
        </Fact>
        {order.offerRemaining && order.role === 'taker' ? (
          <Fact label={t`Remaining tradable amount`}>
            <Amount value={order.offerRemaining} asset="USDT" />
          </Fact>
        ) : null}
        {order.total ? (
          <Fact label={t`Total`}>
            <Amount value={order.total} asset="EUR" />
          </Fact>
        ) : null}
        {order.fee && order.role === 'taker' ? (
          <Fact label={t`Fee`}>
            <Amount value={order.fee} asset={order.feeAsset} />
          </Fact>
        ) : null}
        <Fact label={order.status === 'completed' ? t`Received` : order.price ? t`You receive` : t`You receive (before the fee)`} strong>
          <Amount value={order.receive} asset={order.receiveAsset} />
        </Fact>
        <Fact label={t`Order number`}>
          <bdi dir="ltr" className="tabular-nums">
            {order.orderNo}
          </bdi>
        </Fact>
        <Fact label={t`Placed`}>{formatTime(order.createdAt)}</Fact>
        {order.endedAt ? <Fact label={order.status === 'completed' ? t`Settled` : t`Ended`}>{formatTime(order.endedAt)}</Fact> : null}
      </dl>
      {order.status === 'matched' ? <MatchedActions order={order} summary={summary} /> : null}
    </article>
  );
}

/** While matching: what is being looked for and how long the search still runs. */
function MatchingPanel({ order }: { order: TradeOrder }) {
  const seconds = useSecondsUntil(order.expiresAt);
  return (
    <section aria-live="polite" className="mt-3 rounded-xl bg-sea-50 px-3 py-2.5 text-sm text-sea-900">
      <p className="flex items-center gap-2 font-medium">
        <span className="size-2.5 animate-pulse rounded-full bg-sea-600" aria-hidden="true" />
        <Trans>Finding a merchant</Trans>
      </p>
      <p className="mt-1 flex items-center gap-1.5">
        <ClockIcon size={14} />
        {seconds > 0 ? (
          <Trans>
            Time left: <Countdown seconds={seconds} /> of {MATCHING_MINUTES} minutes
          </Trans>
        ) : (
          <Trans>Time is up: the order ends and everything it held is released.</Trans>
        )}
      </p>
      <p className="mt-1 text-xs">
        <Trans>
          Currency USDT · set aside <Amount value={order.hold} asset={order.holdAsset} />
        </Trans>
      </p>
    </section>
  );
}

/** A matched order: the taker confirms (payment password) or cancels within its time; the merchant waits. */
function MatchedActions({ order, summary }: { order: TradeOrder; summary: TradeSummary | undefined }) {
  const { t } = useLingui();
  const seconds = useSecondsUntil(order.confirmBy);
  const cancelling = useAccountMutation({ call: (id: number) => cancelOrder({ id }), onSuccess: () => toast.success(t`Order cancelled`) });
  const action = useMoneyAction<TradeOrder, TradeOrder>({
    send: (request, payPassword, options) => confirmOrder({ id: request.id, payPassword: payPassword ?? '' }, options),
    onSuccess() {
      toast.success(t`Trade settled`);
    },
  });

  if (order.role === 'maker') {
    return (
      <Deadline seconds={seconds}>
        {seconds > 0 ? (
          <Trans>
            Waiting for {order.merchant} to confirm, at most <Countdown seconds={seconds} />.
          </Trans>
        ) : (
          <Trans>Not confirmed in time: the order ends and its quantity returns to your offer.</Trans>
        )}
      </Deadline>
    );
  }

  async function cancel() {
    // The cancel that would pause new orders says so before it is made.
    const pausing = summary !== undefined && summary.cancelsToday + 1 > summary.cancelLimit;
    const sure = await confirm({
      title: t`Cancel this order?`,
      content: pausing
        ? t`This would be more than ${summary.cancelLimit} cancelled matched orders today: new orders are paused until midnight (UTC). Everything the order holds is released.`
        : t`Everything the order holds is released. More than ${summary?.cancelLimit ?? 3} cancelled matched orders in a day pause new orders until midnight (UTC).`,
      confirmText: t`Cancel the order`,
      cancelText: t`Keep it`,
    });
    if (sure) cancelling.run(order.id);
  }

  return (
    <>
      <Deadline seconds={seconds}>
        {seconds > 0 ? (
          <Trans>
            Price and total are held for you: confirm within <Countdown seconds={seconds} />.
          </Trans>
        ) : (
          <Trans>The time to confirm has passed: the order ends and everything it held is released.</Trans>
        )}
      </Deadline>
      <div className="mt-3 flex gap-3">
        <Button kind="secondary" onClick={() => void cancel()} disabled={cancelling.pending} className="flex-1">
          {cancelling.pending ? <Preloader className="size-5" /> : t`Cancel`}
        </Button>
        <Button onClick={() => action.confirm(order)} disabled={seconds === 0} className="flex-1">
          <Trans>Confirm</Trans>
        </Button>
      </div>
      <MoneyActionSheet
        action={action}
        summary={
          action.pending ? (
            <p>
              {order.side === 'buy' ? (
                <Trans>
                  Pay <Amount value={order.total} asset="EUR" /> for <Amount value={order.receive} asset="USDT" /> from {order.merchant}
                </Trans>
              ) : (
                <Trans>
                  Sell <Amount value={order.amount} asset="USDT" /> for <Amount value={order.receive} asset="EUR" /> to {order.merchant}
                </Trans>
              )}
            </p>
          ) : null
        }
      />
    </>
  );
}

function Deadline({ seconds, children }: { seconds: number; children: ReactNode }) {
  return (
    <p role="status" className={`mt-3 flex items-start gap-2 rounded-xl px-3 py-2 text-sm ${seconds > 0 ? 'bg-amber-50 text-amber-900' : 'bg-rose-50 text-rose-900'}`}>
      <ClockIcon size={16} className="mt-0.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
