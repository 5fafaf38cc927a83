/**
 * Pieces the trading screens share: the buy/sell switch, prices, the countdown to a deadline,
 * the merchant account card (apply, waiting, rejected with the reason), and the sums an order or
 * an offer shows before it is confirmed — computed with the domain's own rounding, so what the
 * screen says is what the server will hold and pay.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Preloader } from 'konsta/react';
import { Button, buttonClasses } from '../../ui/Button';
import { useEffect, useState, type ReactNode } from 'react';
import { loadAccount } from '../../api/queries';
import { applyForMerchant } from './api/calls';
import { toast } from '../../ui/feedback/toast';
import { StoreIcon } from '../../ui/icons';
import { parseAmount, parseFeePercent, toDecimalString } from '../../domain/money';
import { feeOf, orderHoldOf, parsePrice, totalOf, type TradeSide } from '../../domain/trading';
import type { TradeSummary } from '../../domain/wire';
import { useAccountMutation } from '../shared/useAccountMutation';
import { Rate } from '../../ui/Amount';
import { Choices } from '../../ui/Choices';

/** "0.9215 EUR" for one USDT. */
export function Price({ value, className }: { value: string; className?: string }) {
  return <Rate value={value} unit="EUR" className={className} />;
}

/** Buy or sell USDT: the two tabs of the trading forms, as the app's one segmented control. */
export function SideSwitch({ side, onChange, labels }: { side: TradeSide; onChange(side: TradeSide): void; labels: Record<TradeSide, string> }) {
  return <Choices<TradeSide> kind="tab" options={(['buy', 'sell'] as const).map((value) => ({ value, label: labels[value] }))} value={side} onChange={onChange} />;
}

/** Whole seconds until `iso`, ticking once a second; 0 once it has passed. */
export function useSecondsUntil(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  const until = iso ? Date.parse(iso) : 0;
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** "59:07": minutes and seconds, left to right in every language. */
export function Countdown({ seconds }: { seconds: number }) {
  const minutes = Math.floor(seconds / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return (
    <bdi dir="ltr" className="tabular-nums">
      {minutes}:{rest}
    </bdi>
  );
}

/** What an order of `amount` USDT at `price` would hold and receive, or null while the numbers are incomplete. */
export function orderSums(side: TradeSide, amountText: string, priceText: string, feePercent: string) {
  const amount = parseAmount(amountText.trim(), 'USDT');
  const price = parsePrice(priceText);
  if (amount === null || amount <= 0n || price === null) return null;
  const fee = parseFeePercent(feePercent) ?? 0n;
  const total = totalOf(amount, price);
  const hold = orderHoldOf(side, amount, price);
  const receive = side === 'buy' ? amount - feeOf(amount, fee) : total - feeOf(total, fee);
  return {
    hold: toDecimalString(hold, side === 'buy' ? 'EUR' : 'USDT'),
    receive: toDecimalString(receive, side === 'buy' ? 'USDT' : 'EUR'),
    total: toDecimalString(total, 'EUR'),
  };
}

/** A label and its value on one line: the sums under a form. */
export function Sum({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={`text-end whitespace-nowrap ${strong ? 'text-base font-semibold text-ink' : 'text-sm text-ink'}`}>{children}</dd>
    </div>
  );
}

/**
 * For a user who is not a merchant: what a merchant account is for and how to get one, the
 * application's state (waiting, or rejected with the operator's reason and a way to apply again).
 */
export function MerchantCard({ summary }: { summary: TradeSummary }) {
  const { t } = useLingui();
  const application = summary.application;
  const applying = useAccountMutation({ call: () => applyForMerchant(), onSuccess: () => toast.success(t`Application sent`) });

  let state: ReactNode;
  if (application?.status === 'pending') {
    state = (
      <p role="status" className="mt-3 rounded-xl bg-sea-50 px-3 py-2 text-sm text-sea-900">
        <Trans>Your application is being reviewed. You can trade here as soon as it is approved.</Trans>
      </p>
    );
  } else if (!summary.payPasswordSet) {
    state = (
      <Link to="/setting/pay-password" className={`mt-3 ${buttonClasses()}`}>
        <Trans>Set a payment password first</Trans>
      </Link>
    );
  } else {
    state = (
      <>
        {application?.status === 'rejected' ? (
          <p className="mt-3 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-900">
            <Trans>Your last application was not approved. Reason: {application.reason ?? t`none given`}</Trans>
          </p>
        ) : null}
        <Button className="mt-3" onClick={() => applying.run(undefined)} disabled={applying.pending}>
          {applying.pending ? <Preloader className="size-5" /> : application?.status === 'rejected' ? t`Apply again` : t`Apply for a merchant account`}
        </Button>
      </>
    );
  }

  return (
    <section aria-labelledby="merchant-card-title" className="rounded-3xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <div className="flex gap-3">
        <StoreIcon size={24} className="mt-0.5 shrink-0 text-amber-700" />
        <div>
          <h2 id="merchant-card-title" className="text-base font-semibold">
            <Trans>Trading needs a merchant account</Trans>
          </h2>
          <p className="mt-1 text-sm text-amber-900/80">
            <Trans>
              Merchants buy and sell USDT with each other here. Both sides hold their money in Tessera, so every trade settles at once. An operator
              reviews each application.
            </Trans>
          </p>
        </div>
      </div>
      {state}
    </section>
  );
}

/** The merchant flag of the stored profile follows the hall's summary (an approval arrives there first). */
export function useMerchantFlagRefresh(summary: TradeSummary | undefined, isMerchant: boolean | undefined): void {
  const merchant = summary?.merchant;
  useEffect(() => {
    if (merchant !== undefined && isMerchant !== undefined && merchant !== isMerchant) void loadAccount();
  }, [merchant, isMerchant]);
}
