/**
 * What the money screens share: loading with a last-known copy per user for offline viewing
 * (ARCHITECTURE §5), paged record lists (SPEC §9: page size 10, "load more"), status badges
 * with a word and a colour, and label/value facts.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { Button, Preloader } from 'konsta/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RequestOptions } from '../../api/client';
import { isCancelled } from '../../api/errors';
import type { PageParams } from '../../api/money';
import { EmptyState } from '../../app/EmptyState';
import { HourglassIcon, ListIcon } from '../../app/icons';
import { DEFAULT_PAGE_SIZE } from '../../domain/constants';
import type { Page } from '../../domain/wire';
import { localeAtom } from '../../i18n';
import { userInfoAtom } from '../../storage/session';
import { cacheGet, cacheSet } from '../../storage/store';
import { AsOf } from '../shared/AsOf';
import { useOnline } from './online';

export interface Loaded<T> {
  value: T;
  savedAt: number;
  /** A last-known copy from the device, shown because the live call failed. */
  cached: boolean;
}

export interface CachedLoad<T> {
  loaded: Loaded<T> | null;
  loading: boolean;
  /** The text of the last failure, when the live call failed. */
  failure: string | null;
  reload(): void;
}

/**
 * Fetches once on mount (and on reload): the live answer is shown and kept on the device for
 * this user; when the call fails, the kept copy is shown instead, marked as such. Coming back
 * online after showing a copy fetches again.
 */
export function useCachedLoad<T>(name: string, fetch: (options: RequestOptions) => Promise<T>): CachedLoad<T> {
  const user = useAtomValue(userInfoAtom);
  const cacheKey = user ? `${name}:${user.id}` : null;
  const online = useOnline();
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<CachedLoad<T>, 'reload'>>({ loaded: null, loading: true, failure: null });

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failure: null }));
    void (async () => {
      try {
        const value = await fetchRef.current({ signal: controller.signal, quiet: true });
        if (controller.signal.aborted) return;
        setState({ loaded: { value, savedAt: Date.now(), cached: false }, loading: false, failure: null });
        if (cacheKey) await cacheSet(cacheKey, value);
      } catch (error) {
        if (controller.signal.aborted || isCancelled(error)) return;
        const copy = cacheKey ? await cacheGet<T>(cacheKey) : null;
        if (controller.signal.aborted) return;
        const failure = error instanceof Error ? error.message : String(error);
        setState((previous) => ({
          loaded: copy ? { value: copy.value, savedAt: copy.savedAt, cached: true } : previous.loaded,
          loading: false,
          failure,
        }));
      }
    })();
    return () => controller.abort();
  }, [cacheKey, attempt]);

  const showingCopy = Boolean(state.loaded?.cached);
  useEffect(() => {
    if (online && showingCopy) setAttempt((count) => count + 1);
  }, [online, showingCopy]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, reload };
}

export interface PagedRecords<T> {
  items: T[];
  total: number;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  /** When the list is a last-known copy: the time it was saved. */
  cachedAt: number | null;
  failure: string | null;
  loadMore(): void;
  reload(): void;
}

/** A newest-first paged list: page 1 live or last-known, further pages on demand. */
export function usePagedRecords<T extends { id: number }>(
  name: string,
  fetchPage: (params: PageParams, options?: RequestOptions) => Promise<Page<T>>,
): PagedRecords<T> {
  const first = useCachedLoad<Page<T>>(name, (options) => fetchPage({ page: 1, pageSize: DEFAULT_PAGE_SIZE }, options));
  const [more, setMore] = useState<{ items: T[]; page: number; total: number | null }>({ items: [], page: 1, total: null });
  const [loadingMore, setLoadingMore] = useState(false);

  // A fresh first page starts the list again.
  useEffect(() => setMore({ items: [], page: 1, total: null }), [first.loaded]);

  const items = useMemo(() => {
    const seen = new Set<number>();
    return [...(first.loaded?.value.list ?? []), ...more.items].filter((item) => !seen.has(item.id) && seen.add(item.id));
  }, [first.loaded, more.items]);
  const total = more.total ?? first.loaded?.value.total ?? 0;
  const cachedAt = first.loaded?.cached ? first.loaded.savedAt : null;

  async function loadMore() {
    if (loadingMore) return;
    setLoadingMore(true);
    try {
      const next = await fetchPage({ page: more.page + 1, pageSize: DEFAULT_PAGE_SIZE });
      setMore((previous) => ({ items: [...previous.items, ...next.list], page: previous.page + 1, total: next.total }));
    } catch {
      // The API client has shown why; the button stays for another try.
    } finally {
      setLoadingMore(false);
    }
  }

  return {
    items,
    total,
    loading: first.loading && !first.loaded,
    loadingMore,
    hasMore: cachedAt === null && items.length < total,
    cachedAt,
    failure: first.failure,
    loadMore: () => void loadMore(),
    reload: first.reload,
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
          <div className="flex justify-center py-6">
            {records.hasMore ? (
              <Button rounded tonal inline onClick={records.loadMore} disabled={records.loadingMore} className="px-6">
                {records.loadingMore ? <Preloader className="size-5" /> : t`Load more`}
              </Button>
            ) : (
              <p className="text-xs text-muted">
                <Trans>That is all.</Trans>
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** A call that failed with nothing kept to show instead: its reason and another try. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry(): void }) {
  const { t } = useLingui();
  return (
    <EmptyState
      icon={<HourglassIcon size={36} />}
      title={t`Could not load this`}
      text={text}
      action={
        <Button rounded tonal onClick={onRetry}>
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

/** One label and its value, in a <dl>. */
export function Fact({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-3 py-1 text-sm">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className={`min-w-0 text-end break-words ${strong ? 'font-semibold text-ink' : 'text-ink'}`}>{children}</dd>
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
