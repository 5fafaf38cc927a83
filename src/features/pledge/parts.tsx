/**
 * What the pledge screens share: a product's terms, an order's card with its figures, the status
 * words, and the sheet summary of an early redemption.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { PledgeOrder, PledgeProduct, PledgeStatus } from '../../domain/pledge';
import { Amount, Percent } from '../../ui/Amount';
import { Fact, StatusBadge, useFormatTime, type StatusTone } from '../shared/records';
import { useCounts } from '../../ui/counts';
import { plural } from '@lingui/core/macro';

const TONE: Record<PledgeStatus, StatusTone> = { active: 'processing', completed: 'done', redeemed: 'refused' };

export function PledgeStatusBadge({ status }: { status: PledgeStatus }) {
  const { t } = useLingui();
  const words: Record<PledgeStatus, string> = { active: t`In progress`, completed: t`Completed`, redeemed: t`Redeemed early` };
  return <StatusBadge tone={TONE[status]}>{words[status]}</StatusBadge>;
}

/**
 * A product's terms: the daily rate and its yearly figure (× 365, simple: the interest goes to the
 * interest wallet and earns nothing there), lock period, minimum, penalty, and who pays the
 * interest — the platform, from its own interest account (the ledger's platform `interest`).
 */
export function ProductTerms({ product }: { product: PledgeProduct }) {
  const { t } = useLingui();
  const counts = useCounts();
  return (
    <dl>
      <Fact label={t`Daily return rate`}>
        <Percent value={product.dailyRate} />
      </Fact>
      <Fact label={t`Yearly rate (simple)`}>
        <span data-figure="yearly-rate">
          <Percent value={product.yearlyRate} />
        </span>
      </Fact>
      <Fact label={t`Lock period`}>{counts.days(product.lockDays)}</Fact>
      <Fact label={t`Minimum per order`}>
        <Amount value={product.minAmount} asset={product.asset} />
      </Fact>
      <Fact label={t`Early redemption penalty`}>
        <Percent value={product.penaltyRate} />
      </Fact>
      <Fact label={t`Interest paid by`}>{t`Tessera, from its own interest account`}</Fact>
    </dl>
  );
}

/** One order: its number and status, then its figures; `action` below (redeem early). */
export function PledgeOrderCard({ order, action }: { order: PledgeOrder; action?: ReactNode }) {
  const { t } = useLingui();
  const paid = order.daysPaid;
  const counts = useCounts();
  const formatTime = useFormatTime();
  return (
    <article aria-label={t`Pledge ${order.orderNo}`} className="rounded-2xl bg-surface p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-base font-semibold text-ink">
          <Amount value={order.amount} asset={order.asset} />
        </h3>
        <PledgeStatusBadge status={order.status} />
      </div>
      <p className="mt-0.5 text-xs text-muted">
        <bdi dir="ltr">{order.orderNo}</bdi> · {counts.days(order.lockDays)} · <Percent value={order.dailyRate} /> {t`a day`} · <Percent value={order.yearlyRate} /> {t`a year`}
      </p>
      <dl className="mt-3 border-t border-line pt-2">
        <Fact label={t`Start time`}>{formatTime(order.startedAt)}</Fact>
        <Fact label={order.status === 'active' ? t`End time` : t`Ended`}>{formatTime(order.endedAt ?? order.endsAt)}</Fact>
        <Fact label={t`Payout daily`}>
          <Amount value={order.daily} asset={order.asset} />
        </Fact>
        <Fact label={t`Total earnings`} strong>
          <Amount value={order.earned} asset={order.asset} />
          <span className="ms-1 text-xs font-normal text-muted">{t({ message: plural(order.lockDays, { one: `(${paid} of # day)`, other: `(${paid} of # days)` }) })}</span>
        </Fact>
        {order.status === 'active' ? (
          <Fact label={t`Maturity return`}>
            <Amount value={order.maturity} asset={order.asset} />
          </Fact>
        ) : null}
        {order.status === 'redeemed' && order.redeemPenalty ? (
          <Fact label={t`Penalty paid`}>
            <Amount value={order.redeemPenalty} asset={order.asset} />
          </Fact>
        ) : null}
      </dl>
      {action ? <div className="mt-3">{action}</div> : null}
    </article>
  );
}

/** What the payment password confirms for an early redemption. */
export function RedeemSummary({ order }: { order: PledgeOrder }) {
  return (
    <div className="space-y-1">
      <p>
        <Trans>
          Redeem <Amount value={order.amount} asset={order.asset} className="font-semibold" /> early
        </Trans>
      </p>
      <p className="text-muted">
        <Trans>
          Penalty <Amount value={order.redeemPenalty ?? '0'} asset={order.asset} />; you receive{' '}
          <Amount value={order.redeemReturn ?? '0'} asset={order.asset} className="font-semibold text-ink" />
        </Trans>
      </p>
    </div>
  );
}
