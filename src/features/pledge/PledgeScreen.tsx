/**
 * The pledge (/pledge): managed funds, earnings and the interest wallet; the running order with
 * its figures and early redemption (the penalty and what returns shown before the payment
 * password); the products to pledge in. While an order runs, no other can start: the notice says
 * so. Offline it shows the last-known copy with its time and refuses the redemption.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { asOfTime } from '../../api/query';
import { redeemPledge } from './api/calls';
import { QueryFallback } from '../../ui/EmptyState';
import { toast } from '../../ui/feedback/toast';
import { ListIcon, LockIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import type { PledgeOrder, PledgeOverview } from '../../domain/pledge';
import { CardFigure } from '../../ui/CardFigure';
import { Amount } from '../../ui/Amount';
import { AsOfLine } from '../../ui/AsOf';
import { plainDecimal } from '../../domain/payments';
import { MoneyActionSheet, useMoneyAction } from '../shared/money/useMoneyAction';
import { usePledgeOverview } from '../../api/queries';
import { PledgeOrderCard, ProductTerms, RedeemSummary } from './parts';
import { useCounts } from '../../ui/counts';

export default function PledgeScreen() {
  const { t } = useLingui();
  const overview = usePledgeOverview();
  const data = overview.data;
  return (
    <Screen
      right={
        <Link to="/pledge/records" aria-label={t`Pledge records`} title={t`Pledge records`} className="flex size-12 items-center justify-center text-ink">
          <ListIcon size={22} />
        </Link>
      }
    >
      {data ? (
        <div className="space-y-4 px-4 pt-2 pb-8">
          <AsOfLine time={asOfTime(overview)} />
          <Summary data={data} />
          {data.active ? <RunningOrder order={data.active} /> : null}
          <Products data={data} />
        </div>
      ) : (
        <QueryFallback query={overview} icon={<LockIcon size={36} />} failedTitle={t`The pledge could not be loaded`} />
      )}
    </Screen>
  );
}

function Summary({ data }: { data: PledgeOverview }) {
  const { t } = useLingui();
  return (
    <section aria-label={t`Managed funds`} className="rounded-3xl bg-sea-700 p-5 text-white">
      <p className="text-sm text-sea-100">
        <Trans>Managed funds</Trans>
      </p>
      <p className="mt-1 text-2xl font-semibold">
        <Amount value={data.managed.USDT} asset="USDT" />
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm">
        <CardFigure label={<Trans>Total earnings</Trans>}>
          <Amount value={data.earned.USDT} asset="USDT" />
        </CardFigure>
        <CardFigure label={<Trans>Interest wallet</Trans>}>
          <Link to="/mine/components" className="-my-2.5 inline-flex min-h-11 items-center underline underline-offset-4">
            <Amount value={data.interest.USDT} asset="USDT" />
          </Link>
        </CardFigure>
      </dl>
    </section>
  );
}

function RunningOrder({ order }: { order: PledgeOrder }) {
  const { t } = useLingui();
  const action = useMoneyAction<PledgeOrder, PledgeOrder>({
    send: (running, payPassword, options) => redeemPledge({ id: running.id, payPassword: payPassword ?? '' }, options),
    onSuccess(_ended, redeemed) {
      // What the user confirmed in the sheet: the principal less the penalty.
      toast.success(t`Redeemed. ${plainDecimal(redeemed.redeemReturn ?? '0')} ${redeemed.asset} are back in your balance.`);
    },
  });
  return (
    <section aria-label={t`Your pledge`} className="space-y-2">
      <h2 className="px-1 text-sm font-semibold text-muted">
        <Trans>Your pledge</Trans>
      </h2>
      <PledgeOrderCard
        order={order}
        action={
          <div className="space-y-2">
            <p className="text-xs leading-relaxed text-muted">
              <Trans>
                Redeeming early returns <Amount value={order.redeemReturn ?? '0'} asset={order.asset} /> now: the penalty of{' '}
                <Amount value={order.redeemPenalty ?? '0'} asset={order.asset} /> is kept and no further interest is paid.
              </Trans>
            </p>
            <Button kind="secondary" onClick={() => void action.confirm(order)}>
              {t`Redeem early`}
            </Button>
          </div>
        }
      />
      <MoneyActionSheet action={action} summary={action.pending ? <RedeemSummary order={action.pending} /> : null} />
    </section>
  );
}

function Products({ data }: { data: PledgeOverview }) {
  const { t } = useLingui();
  const counts = useCounts();
  return (
    <section aria-label={t`Products`} className="space-y-2">
      <h2 className="px-1 text-sm font-semibold text-muted">
        <Trans>Products</Trans>
      </h2>
      {data.active ? (
        <p role="note" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Trans>You have a pledge in progress. You can start a new one once it has ended.</Trans>
        </p>
      ) : null}
      <ul className="space-y-3">
        {data.products.map((product) => (
          <li key={product.id}>
            <article aria-label={counts.days(product.lockDays)} className="rounded-2xl bg-surface p-4">
              <div className="flex items-baseline justify-between gap-3">
                <h3 className="text-lg font-semibold text-ink">{counts.days(product.lockDays)}</h3>
                <span className="text-xs font-semibold text-muted">{product.asset}</span>
              </div>
              <div className="mt-2">
                <ProductTerms product={product} />
              </div>
              {data.active ? null : (
                <Link
                  to="/pledge/do-pledge"
                  search={{ product: String(product.id) }}
                  className="mt-3 flex min-h-11 items-center justify-center rounded-full bg-sea-700 text-sm font-semibold text-white active:bg-sea-800"
                >
                  {t`Pledge`}
                </Link>
              )}
            </article>
          </li>
        ))}
      </ul>
      <p className="px-1 text-xs leading-relaxed text-muted">
        <Trans>
          Interest is paid every day at 00:00 UTC into your interest wallet. Tessera pays it from its own interest account; your amount stays locked in your own
          account and is not lent to anyone. The interest is simple: it is worked out on the amount only and earns no interest itself, so the yearly rate is
          the daily rate × 365. At the end of the lock period the amount returns to your balance.
        </Trans>
      </p>
    </section>
  );
}
