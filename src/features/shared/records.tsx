/**
 * What the money screens share: loading with a last-known copy per user for offline viewing
 * (docs/architecture.md, "Data"), paged record lists (page size 10, "load more"), status badges
 * with a word and a colour, and label/value facts.
 */
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Preloader } from 'konsta/react';
import { Button } from '../../ui/Button';
import { useMemo, type ReactNode } from 'react';
import { asOfTime, failureText, useAccountPages, type PagedQueryOptions } from '../../api/query';
import { EmptyState } from '../../ui/EmptyState';
import { InfoIcon, ListIcon } from '../../ui/icons';
import { localeAtom } from '../../i18n';
import { AsOf } from '../../ui/AsOf';
import { ListFoot } from '../../ui/ListEnd';

export interface PagedRecords<T> {
  items: T[];
  total: number;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  /** When the list is a last-known copy: the time it was fetched. */
  cachedAt: number | null;
  failure: string | null;
  loadMore(): void;
  reload(): void;
}

/**
 * A newest-first paged list (page size 10, "load more") from an infinite query: the pages loaded
 * so far, without the duplicates that new records push from one page onto the next. Offline the
 * persisted pages are shown with their time and no more are asked for.
 */
export function usePagedRecords<T extends { id: number }>(
  make: (userId: string) => PagedQueryOptions<T>,
  keyOf: (item: T) => string | number = (item) => item.id,
): PagedRecords<T> {
  const query = useAccountPages(make);
  const items = useMemo(() => {
    const seen = new Set<string | number>();
    return (query.data?.pages ?? []).flatMap((page) => page.list).filter((item) => !seen.has(keyOf(item)) && seen.add(keyOf(item)));
    // keyOf is a pure function of the item; a new closure each render changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);
  const cachedAt = asOfTime(query);
  return {
    items,
    total: query.data?.pages.at(-1)?.total ?? 0,
    loading: query.isPending && query.fetchStatus !== 'idle',
    loadingMore: query.isFetchingNextPage,
    hasMore: cachedAt === null && query.hasNextPage,
    cachedAt,
    failure: failureText(query.error),
    loadMore: () => void query.fetchNextPage({ cancelRefetch: false }),
    reload: () => void query.refetch(),
  };
}

export interface RecordListProps<T> {
  records: PagedRecords<T>;
  renderItem(item: T): ReactNode;
  empty: { icon: ReactNode; title: ReactNode; text?: ReactNode; action?: ReactNode };
}

/** The list with its states: loading, failed without a copy, empty, offline copy, load more. */
export function RecordList<T extends { id: number }>({ records, renderItem, empty }: RecordListProps<T>) {
  const { t } = useLingui();
  if (records.loading) {
    return (
      <div className="flex justify-center py-16" role="status" aria-label={t`Loading`}>
        <Preloader />
      </div>
    );
  }
  if (records.items.length === 0 && records.failure && records.cachedAt === null) {
    return <LoadFailed text={records.failure} onRetry={records.reload} />;
  }
  return (
    <div className="px-4 pt-2">
      {records.cachedAt !== null ? (
        <p className="mb-3 rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
          <AsOf time={records.cachedAt} />
        </p>
      ) : null}
      {records.items.length === 0 ? (
        <EmptyState {...empty} />
      ) : (
        <>
          <ul className="space-y-3">
            {records.items.map((item) => (
              <li key={item.id}>{renderItem(item)}</li>
            ))}
          </ul>
          <ListFoot more={records.hasMore} loading={records.loadingMore} onMore={records.loadMore} />
        </>
      )}
    </div>
  );
}

/**
 * A read that failed with nothing kept to show instead: the screen's own icon, its reason and
 * another try — the one failure state of every list and page (the market's cards, which try again
 * by themselves, say it inline).
 */
export function LoadFailed({ text, onRetry, icon = <InfoIcon size={36} /> }: { text: string; onRetry(): void; icon?: ReactNode }) {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={icon}
      title={t`Could not load this`}
      text={text}
      action={
        <Button kind="secondary" onClick={onRetry}>
          {t`Try again`}
        </Button>
      }
    />
  );
}

export type StatusTone = 'processing' | 'done' | 'refused';

const TONES: Record<StatusTone, string> = {
  processing: 'bg-amber-100 text-amber-900',
  done: 'bg-emerald-100 text-emerald-900',
  refused: 'bg-rose-100 text-rose-900',
};

/** A status as a word on its colour: amber while processing, green when done, red when refused. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`} data-tone={tone}>
      {children}
    </span>
  );
}

/** A record's status in its word and colour; a status this version does not know reads "Unknown". */
export function RecordStatus<S extends string>({ status, tones, words }: { status: S; tones: Record<S, StatusTone>; words: Record<S, string> }) {
  const { t } = useLingui();
  return <StatusBadge tone={tones[status] ?? 'processing'}>{words[status] ?? t`Unknown`}</StatusBadge>;
}

/**
 * One label and its value, in a <dl>; `total` draws a rule above it (the sum of the lines before).
 * Side by side while both fit; a value that does not fit beside its label (a long German label, a
 * price with its unit) goes to the next line, at the end, instead of past the screen's edge.
 */
export function Fact({ label, children, strong, total }: { label: ReactNode; children: ReactNode; strong?: boolean; total?: boolean }) {
  return (
    <div className={`flex flex-wrap items-start justify-between gap-x-3 py-1 text-sm ${total ? 'mt-1 border-t border-line pt-2' : ''}`}>
      <dt className="max-w-full text-muted">{label}</dt>
      <dd className={`ms-auto max-w-full min-w-0 text-end break-words ${strong ? 'font-semibold text-ink' : 'text-ink'}`}>{children}</dd>
    </div>
  );
}

/** Date and time of a record in the UI language. */
export function useFormatTime(): (iso: string) => string {
  const locale = useAtomValue(localeAtom);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => {
      const time = Date.parse(iso);
      return Number.isFinite(time) ? format.format(time) : iso;
    };
  }, [locale]);
}

/** The navbar's way to a records list. */
export function RecordsLink({ to, label }: { to: '/recharge/records' | '/withdraw/records'; label: string }) {
  return (
    <Link to={to} aria-label={label} title={label} className="flex size-12 items-center justify-center text-ink">
      <ListIcon size={22} />
    </Link>
  );
}
