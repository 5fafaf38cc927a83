/**
 * Fund record: every posting on the user's accounts, newest first,
 * ten at a time. Each line says what happened in words, the signed amount in colour, the asset,
 * the account when it is not the available balance, the reference, the operator's reason when
 * there is one, and when. The asset chips filter the pages already loaded. Offline, the last
 * loaded pages are shown with their time.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Button, Preloader } from 'konsta/react';
import { useState } from 'react';
import { EmptyState } from '../../app/EmptyState';
import { ListIcon } from '../../app/moreIcons';
import { Screen } from '../../app/Screen';
import { formatAmount } from '../../domain/format';
import { ASSET_CODES, type Asset } from '../../domain/money';
import type { LedgerEntry } from '../../domain/wire';
import { localeAtom } from '../../i18n';
import { AsOf } from '../shared/AsOf';
import { usePagedRecords } from '../shared/records';
import { assetLogQuery } from './api/queries';
import { isTransferKind, useKindLabels } from './kindLabels';

type Filter = 'all' | Asset;

/** Two legs of one transfer (a hold) share its id: a line is a transfer on one account. */
const lineKey = (entry: LedgerEntry) => `${entry.id}-${entry.account}`;

export default function AssetLogScreen() {
  const { t } = useLingui();
  const log = usePagedRecords(assetLogQuery, lineKey);
  const [filter, setFilter] = useState<Filter>('all');

  const filters: { value: Filter; label: string }[] = [
    { value: 'all', label: t`All` },
    ...ASSET_CODES.map((asset) => ({ value: asset, label: asset })),
  ];
  const shown = log.items.filter((entry) => filter === 'all' || entry.asset === filter);
  const hasMore = log.hasMore;

  return (
    <Screen>
      <div className="flex items-center justify-between gap-3 px-4 pt-2 pb-3">
        <div role="group" aria-label={t`Currency`} className="flex gap-2">
          {filters.map((item) => (
            <button
              key={item.value}
              type="button"
              aria-pressed={filter === item.value}
              onClick={() => setFilter(item.value)}
              className={`rounded-full px-4 py-1.5 text-sm font-medium transition-colors ${
                filter === item.value ? 'bg-sea-700 text-white' : 'bg-surface text-ink'
              }`}
            >
              {item.label}
            </button>
          ))}
        </div>
        {log.cachedAt !== null ? <AsOf time={log.cachedAt} className="text-muted" /> : null}
      </div>

      {log.loading ? (
        <div className="flex justify-center py-10">
          <Preloader className="size-6" />
        </div>
      ) : log.items.length === 0 && log.failure && log.cachedAt === null ? (
        <EmptyState
          icon={<ListIcon size={36} />}
          title={t`The fund record could not be loaded`}
          text={log.failure}
          action={
            <Button rounded tonal onClick={log.reload}>
              <Trans>Try again</Trans>
            </Button>
          }
        />
      ) : shown.length === 0 && !hasMore ? (
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
          {shown.length > 0 ? (
            <ul className="mx-4 divide-y divide-line overflow-hidden rounded-3xl bg-surface">
              {shown.map((entry) => (
                <LogLine key={lineKey(entry)} entry={entry} />
              ))}
            </ul>
          ) : (
            <p className="px-6 py-6 text-center text-sm text-muted">
              <Trans>Nothing in {filter} among the records loaded so far.</Trans>
            </p>
          )}
          {hasMore ? (
            <div className="px-4 pt-4">
              <Button rounded tonal disabled={log.loadingMore} onClick={log.loadMore}>
                {log.loadingMore ? <Preloader className="size-5" /> : t`Load more`}
              </Button>
            </div>
          ) : (
            <p className="px-6 pt-4 text-center text-xs text-muted">
              <Trans>That is everything.</Trans>
            </p>
          )}
        </>
      )}
    </Screen>
  );
}

function LogLine({ entry }: { entry: LedgerEntry }) {
  const { t } = useLingui();
  const labels = useKindLabels();
  const locale = useAtomValue(localeAtom);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(entry.createdAt));
  const negative = entry.amount.trim().startsWith('-');
  const magnitude = formatAmount(entry.amount.trim().replace(/^[+-]/, ''), entry.asset, locale);
  const accounts = { available: t`Available`, held: t`Held`, interest: t`Interest`, trading: t`In trade`, pledged: t`Pledged`, collateral: t`Collateral` } as const;
  return (
    <li className="px-4 py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-base font-medium text-ink">{isTransferKind(entry.kind) ? labels[entry.kind] : t`Other (${entry.kind})`}</p>
          <p className="mt-0.5 text-xs text-muted">
            <time dateTime={entry.createdAt}>{when}</time>
          </p>
        </div>
        <p className={`shrink-0 text-end text-base font-semibold ${negative ? 'text-rose-600' : 'text-emerald-700'}`}>
          <bdi dir="ltr" className="tabular-nums" data-sign={negative ? 'debit' : 'credit'} data-amount={entry.asset}>
            {`${negative ? '−' : '+'}${magnitude}`}
            <span className="ms-1 text-xs font-medium opacity-80">{entry.asset}</span>
          </bdi>
          <span className="sr-only">{negative ? t`debited` : t`credited`}</span>
        </p>
      </div>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        {entry.account !== 'available' ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">{accounts[entry.account]}</span>
        ) : null}
        {entry.reference ? (
          <span>
            <Trans>
              Ref. <bdi dir="ltr" className="font-mono">{entry.reference}</bdi>
            </Trans>
          </span>
        ) : null}
      </div>
      {entry.reason ? (
        <p className="mt-1.5 rounded-xl bg-canvas px-3 py-2 text-sm text-ink">
          <Trans>Reason: {entry.reason}</Trans>
        </p>
      ) : null}
    </li>
  );
}
