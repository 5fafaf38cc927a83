/**
 * Fund record: one row per movement of the person's money, newest first, under the day it
 * happened, ten at a time. A row says what happened in words, naming currencies but no amount
 * ("Converted EUR to USDT"): its amounts stand once, at its end — what came in (green, +), went
 * out (−), or was only set aside (a lock and "Set aside") or given back ("Returned"); tapped, it
 * shows every posting with its full amount, the order number and the operator's reason. The currency
 * chips ask the server for that currency's movements. Offline, the last loaded pages are shown
 * with their time.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Preloader } from 'konsta/react';
import { Button } from '../../ui/Button';
import { useId, useState } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { BankIcon, ConvertIcon, DepositIcon, ListIcon, LockIcon, TradeIcon, WithdrawIcon } from '../../ui/icons';
import { ChevronDownIcon, PercentIcon, WalletIcon } from '../../ui/moreIcons';
import { Screen } from '../../ui/Screen';
import { ASSET_CODES, toDecimalString, type Asset } from '../../domain/money';
import { ltrInText } from '../../domain/format';
import { summarizeMovement, type AssetAmount, type MovementSummary, type MovementTopic } from '../../domain/movements';
import type { Movement, MovementLeg } from '../../domain/wire';
import { useAccountLabels } from '../shared/accountLabels';
import { localeAtom } from '../../i18n';
import { Amount, useFormatAmount } from '../../ui/Amount';
import { AsOf } from '../../ui/AsOf';
import { Choices } from '../../ui/Choices';
import { ListFoot } from '../../ui/ListEnd';
import { usePagedRecords } from '../shared/records';
import { movementsQuery } from './api/queries';
import { isTransferKind, useKindLabels } from './kindLabels';

type Filter = 'all' | Asset;

export default function AssetLogScreen() {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const [filter, setFilter] = useState<Filter>('all');
  const log = usePagedRecords(movementsQuery(filter === 'all' ? null : filter));

  const filters: Array<{ value: Filter; label: string }> = [{ value: 'all', label: t`All` }, ...ASSET_CODES.map((asset) => ({ value: asset, label: asset }))];
  const days = groupByDay(log.items, locale);

  return (
    <Screen>
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-2 pb-3">
        <Choices<Filter> kind="tab" label={t`Currency`} options={filters} value={filter} onChange={setFilter} />
        {log.cachedAt !== null ? <AsOf time={log.cachedAt} className="text-muted" /> : null}
      </div>

      {log.loading ? (
        <div className="flex justify-center py-10" role="status" aria-label={t`Loading`}>
          <Preloader className="size-6" />
        </div>
      ) : log.items.length === 0 && log.failure && log.cachedAt === null ? (
        <EmptyState
          icon={<ListIcon size={36} />}
          title={t`The fund record could not be loaded`}
          text={log.failure}
          action={
            <Button kind="secondary" onClick={log.reload}>
              <Trans>Try again</Trans>
            </Button>
          }
        />
      ) : log.items.length === 0 ? (
        <EmptyState
          icon={<ListIcon size={36} />}
          title={t`No records yet`}
          text={
            filter === 'all' ? (
              <Trans>Deposits, withdrawals, conversions and bonuses will be listed here.</Trans>
            ) : (
              <Trans>Nothing in {filter} so far.</Trans>
            )
          }
        />
      ) : (
        <>
          {days.map((day) => (
            <section key={day.key} aria-label={day.label} className="px-4 pb-3">
              <h2 className="px-2 pb-2 text-sm font-semibold text-muted">{day.label}</h2>
              <ul className="divide-y divide-line overflow-hidden rounded-3xl bg-surface">
                {day.items.map((movement) => (
                  <MovementRow key={movement.id} movement={movement} />
                ))}
              </ul>
            </section>
          ))}
          <ListFoot more={log.hasMore} loading={log.loadingMore} onMore={log.loadMore} className="px-4" />
        </>
      )}
    </Screen>
  );
}

interface Day {
  key: string;
  label: string;
  items: Movement[];
}

/** Consecutive movements of one local day under one heading: "Today", "Yesterday" or the date. */
function groupByDay(items: readonly Movement[], locale: string): Day[] {
  const dayOf = (time: Date) => `${time.getFullYear()}-${time.getMonth()}-${time.getDate()}`;
  const now = new Date();
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const dated = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' });
  const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  const days: Day[] = [];
  for (const movement of items) {
    const time = new Date(movement.createdAt);
    const key = dayOf(time);
    let day = days.at(-1);
    if (day?.key !== key) {
      const label =
        key === dayOf(now) ? capitalized(relative.format(0, 'day')) : key === dayOf(yesterday) ? capitalized(relative.format(-1, 'day')) : dated.format(time);
      day = { key, label, items: [] };
      days.push(day);
    }
    day.items.push(movement);
  }
  return days;
}

const TOPIC_ICONS: Record<MovementTopic, typeof DepositIcon> = {
  deposit: DepositIcon,
  withdrawal_requested: WithdrawIcon,
  withdrawal_sent: WithdrawIcon,
  withdrawal_returned: WithdrawIcon,
  conversion: ConvertIcon,
  trade_bought: TradeIcon,
  trade_sold: TradeIcon,
  trade_set_aside: TradeIcon,
  trade_returned: TradeIcon,
  pledge_started: LockIcon,
  pledge_ended: LockIcon,
  pledge_redeemed: LockIcon,
  pledge_interest: PercentIcon,
  interest_moved: PercentIcon,
  loan_paid_out: BankIcon,
  loan_repayment_sent: BankIcon,
  loan_repayment_returned: BankIcon,
  loan_repaid: BankIcon,
  loan_old_ended: BankIcon,
  loan_liquidated: BankIcon,
  loan_collateral_locked: BankIcon,
  loan_part_repaid: BankIcon,
  adjustment: WalletIcon,
  other: WalletIcon,
};

/** An amount of a summary, with its code, in the user's language. */
/** An amount with its code, for the titles' sentences (kept left to right inside Arabic and Hebrew ones). */
function useMoney() {
  const format = useFormatAmount();
  const locale = useAtomValue(localeAtom);
  return (amount: AssetAmount) => ltrInText(format(amount.minor, amount.asset, { withCode: true }), locale);
}

/** The row's title: what the person did or received, naming the currencies; the amounts are the row's end, said once. */
function useTitle(summary: MovementSummary): string {
  const { t } = useLingui();
  const gave = summary.gave?.asset ?? '';
  const got = summary.got?.asset ?? '';
  const titles: Record<MovementSummary['topic'], string> = {
    deposit: t`Deposit received`,
    withdrawal_requested: t`Withdrawal requested`,
    withdrawal_sent: t`Withdrawal sent`,
    withdrawal_returned: t`Withdrawal returned`,
    conversion: t`Converted ${gave} to ${got}`,
    trade_bought: t`Bought ${got} for ${gave}`,
    trade_sold: t`Sold ${gave} for ${got}`,
    trade_set_aside: summary.offer ? t`Set aside for your offer` : t`Set aside for your order`,
    trade_returned: summary.offer ? t`Returned from your offer` : t`Returned from your order`,
    pledge_started: t`Pledge started`,
    pledge_ended: t`Pledge ended, principal returned`,
    pledge_redeemed: t`Pledge redeemed early`,
    pledge_interest: t`Pledge interest`,
    interest_moved: t`Interest moved to balance`,
    loan_paid_out: t`Loan paid out`,
    loan_repayment_sent: t`Loan repayment sent for review`,
    loan_repayment_returned: t`Loan repayment returned`,
    loan_repaid: t`Loan repaid`,
    loan_old_ended: t`Old loan ended without interest`,
    loan_liquidated: t`Loan liquidated: collateral converted, the rest returned`,
    loan_collateral_locked: t`Collateral locked for a loan`,
    loan_part_repaid: t`Part of a loan repaid`,
    adjustment: t`Balance correction`,
    other: t`Other movement`,
  };
  return titles[summary.topic];
}

function MovementRow({ movement }: { movement: Movement }) {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const summary = summarizeMovement(movement);
  const title = useTitle(summary);
  const Icon = TOPIC_ICONS[summary.topic];
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(movement.createdAt));
  const moved = summary.topic === 'interest_moved' ? t`To balance` : summary.aside.length > 0 ? t`Set aside` : t`Returned`;
  const within = summary.aside.length > 0 ? summary.aside : summary.back;
  const extra =
    summary.extra && summary.topic === 'deposit'
      ? t`incl. VIP bonus ${money(summary.extra)}`
      : summary.extra && summary.topic === 'pledge_redeemed'
        ? t`Penalty ${money(summary.extra)}`
        : null;

  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailId}
        onClick={() => setOpen((was) => !was)}
        className="flex min-h-16 w-full items-center gap-3 px-4 py-3 text-start"
      >
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sea-50 text-sea-700">
          <Icon size={20} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-base font-medium text-ink" data-title>
            {title}
          </span>
          <span className="mt-0.5 block text-sm text-muted">
            <time dateTime={movement.createdAt}>{time}</time>
            {extra ? <span> · {extra}</span> : null}
          </span>
        </span>
        <span className="shrink-0 text-end">
          {summary.net.length > 0
            ? summary.net.map((amount) => (
                <span
                  key={amount.asset}
                  data-sign={amount.minor < 0n ? 'debit' : 'credit'}
                  className={`block text-base font-semibold tabular-nums ${amount.minor < 0n ? 'text-ink' : 'text-emerald-700'}`}
                >
                  <Amount value={toDecimalString(amount.minor, amount.asset)} asset={amount.asset} sign="always" />
                  <span className="sr-only">{amount.minor < 0n ? t`money out` : t`money in`}</span>
                </span>
              ))
            : within.map((amount) => (
                <span key={amount.asset} data-sign="within" className="flex items-center justify-end gap-1 text-base font-medium text-muted tabular-nums">
                  {summary.aside.length > 0 ? <LockIcon size={14} aria-hidden="true" data-held /> : null}
                  <Amount value={toDecimalString(amount.minor, amount.asset)} asset={amount.asset} />
                </span>
              ))}
          {summary.net.length === 0 && within.length > 0 ? <span className="block text-xs text-muted">{moved}</span> : null}
        </span>
        <ChevronDownIcon size={18} className={`shrink-0 text-muted transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open ? <MovementDetail id={detailId} movement={movement} summary={summary} /> : null}
    </li>
  );
}

function MovementDetail({ id, movement, summary }: { id: string; movement: Movement; summary: MovementSummary }) {
  const { t } = useLingui();
  const labels = useKindLabels();
  const locale = useAtomValue(localeAtom);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'medium' }).format(new Date(movement.createdAt));
  const accounts = useAccountLabels();
  const path = (leg: MovementLeg) =>
    leg.from && leg.to ? `${accounts[leg.from]} → ${accounts[leg.to]}` : leg.to ? t`Into ${accounts[leg.to]}` : leg.from ? t`Out of ${accounts[leg.from]}` : '';
  return (
    <div id={id} className="mx-4 mb-3 rounded-2xl bg-canvas px-4 py-3 text-sm">
      <dl className="space-y-1">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">
            <Trans>Time</Trans>
          </dt>
          <dd className="text-end text-ink">
            <time dateTime={movement.createdAt}>{when}</time>
          </dd>
        </div>
        {summary.orderNo ? (
          <div className="flex justify-between gap-3">
            <dt className="text-muted">
              <Trans>Order number</Trans>
            </dt>
            <dd className="text-end text-ink tabular-nums">
              <bdi dir="ltr">{summary.orderNo}</bdi>
            </dd>
          </div>
        ) : null}
      </dl>
      <ul className="mt-2 space-y-2 border-t border-line pt-2" aria-label={t`Postings`}>
        {movement.legs.map((leg, index) => {
          const signed = leg.to === null ? `-${leg.amount}` : leg.amount;
          return (
            <li key={index} className="flex items-start justify-between gap-3">
              <span className="min-w-0">
                <span className="block text-ink">{isTransferKind(leg.kind) ? labels[leg.kind] : t`Other (${leg.kind})`}</span>
                <span className="block text-xs text-muted">{path(leg)}</span>
              </span>
              <Amount value={signed} asset={leg.asset} sign={leg.from === null || leg.to === null ? 'always' : 'auto'} className="shrink-0 text-ink" />
            </li>
          );
        })}
      </ul>
      {movement.reason ? (
        <p className="mt-2 rounded-xl bg-surface px-3 py-2 text-ink">
          <Trans>Reason: {movement.reason}</Trans>
        </p>
      ) : null}
    </div>
  );
}
