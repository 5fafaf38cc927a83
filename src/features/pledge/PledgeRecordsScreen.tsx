/**
 * The pledge's records (/pledge/records?tab=): the interest record — one row per order and day
 * paid — and the orders with start, end, total earnings and status. Offline, the kept copy.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { LockIcon } from '../../ui/icons';
import { ClockIcon } from '../../ui/moreIcons';
import { Screen } from '../../ui/Screen';
import { localeAtom } from '../../i18n';
import type { PledgeInterest } from '../../domain/pledge';
import { Amount } from '../../ui/Amount';
import { Choices } from '../../ui/Choices';
import { RecordList, usePagedRecords, useFormatTime } from '../shared/records';
import { pledgeInterestQuery, pledgeOrdersQuery } from './api/queries';
import { PledgeOrderCard } from './parts';

const TABS = ['interest', 'orders'] as const;
type Tab = (typeof TABS)[number];

export default function PledgeRecordsScreen() {
  const { t } = useLingui();
  const search = useSearch({ from: '/members/pledge/records' });
  const navigate = useNavigate();
  const tab: Tab = search.tab === 'orders' ? 'orders' : 'interest';
  const names: Record<Tab, string> = { interest: t`Interest record`, orders: t`Pledge orders` };
  return (
    <Screen>
      <Choices
        kind="tab"
        label={t`Pledge records`}
        options={TABS.map((name) => ({ value: name, label: names[name] }))}
        value={tab}
        onChange={(name) => void navigate({ to: '/pledge/records', search: { tab: name }, replace: true })}
        className="sticky top-16 z-10 bg-canvas px-4 py-2"
      />
      {tab === 'interest' ? <InterestList /> : <OrderList />}
    </Screen>
  );
}

function GoToPledge() {
  return (
    <Link to="/pledge" className="flex min-h-11 items-center justify-center rounded-full bg-sea-700 px-5 text-sm font-semibold text-white">
      <Trans>Go to the pledge</Trans>
    </Link>
  );
}

function InterestList() {
  const { t } = useLingui();
  const records = usePagedRecords(pledgeInterestQuery);
  return (
    <RecordList
      records={records}
      renderItem={(row) => <InterestRow row={row} />}
      empty={{ icon: <ClockIcon size={36} />, title: t`No interest yet`, text: t`Each day's interest of your pledge appears here once it is paid.`, action: <GoToPledge /> }}
    />
  );
}

/** The UTC day paid for ("2030-01-16"), written as the language writes a date. */
function useFormatDay(): (day: string) => string {
  const locale = useAtomValue(localeAtom);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    return (day: string) => format.format(Date.parse(`${day}T00:00:00.000Z`));
  }, [locale]);
}

function InterestRow({ row }: { row: PledgeInterest }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const formatDay = useFormatDay();
  const day = formatDay(row.day);
  return (
    <article aria-label={t`Interest of ${row.day}`} className="flex items-center justify-between gap-3 rounded-2xl bg-surface px-4 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-ink">
          <Trans>Interest for {day}</Trans>
        </p>
        <p className="text-xs text-muted">
          <bdi dir="ltr">{row.orderNo}</bdi> · {formatTime(row.paidAt)}
        </p>
      </div>
      <p className="shrink-0 font-semibold text-emerald-700">
        <Amount value={row.amount} asset={row.asset} sign="always" />
      </p>
    </article>
  );
}

function OrderList() {
  const { t } = useLingui();
  const records = usePagedRecords(pledgeOrdersQuery);
  return (
    <RecordList
      records={records}
      renderItem={(order) => <PledgeOrderCard order={order} />}
      empty={{ icon: <LockIcon size={36} />, title: t`No pledges yet`, text: t`Pledges you start appear here with their earnings.`, action: <GoToPledge /> }}
    />
  );
}
