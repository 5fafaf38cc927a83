/**
 * Server data on the device (docs/architecture.md, "Data"): one TanStack Query client for every
 * read, its cache persisted to IndexedDB as the offline copy.
 *
 * - Reads of the signed-in person are keyed `['account', userId, …]` (accountKey) and are only
 *   enabled while that person's session lasts; reference data (rate, coins, support link) is
 *   keyed `['public', …]`.
 * - The persisted copy lives under the device store's `cache:` prefix, per user, with the app
 *   version as buster and a maximum age: when a session ends (logout, HTTP 401, type "999"),
 *   `endSession()` deletes every `cache:` entry and the cache is emptied here.
 * - Screens say "offline · as of <time>" from the query's own update time (asOfTime).
 */
import {
  infiniteQueryOptions,
  queryOptions,
  onlineManager,
  QueryClient,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
  type UseQueryResult,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { getDefaultStore, useAtomValue } from 'jotai';
import { DEFAULT_PAGE_SIZE } from '../domain/constants';
import type { Page } from '../domain/wire';
import { errorMessage } from '../i18n';
import { CACHE_PREFIX, getItem, removeItem, setItem } from '../storage/store';
import { tokenAtom, userInfoAtom } from '../storage/session';
import type { PageParams } from './calls';
import type { RequestOptions } from './client';

/** How long an offline copy is worth showing: a week-old balance is history, not a balance. */
export const OFFLINE_COPY_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Writes of the cache are gathered for this long: a screen's burst of answers is one write. */
const PERSIST_THROTTLE_MS = 500;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The API client has its own time limit and tells the user; a silent retry would only
      // hold back the error the screen is waiting to show.
      retry: false,
      // Offline, a read still tries once and fails at once, so the screen shows its kept copy
      // with its time instead of waiting for a connection ("paused").
      networkMode: 'offlineFirst',
      // Kept in memory at least as long as on disk, so what was restored is not dropped early.
      gcTime: OFFLINE_COPY_MAX_AGE_MS,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/** The key of a read that belongs to one person. */
export function accountKey(userId: string, ...rest: readonly unknown[]): QueryKey {
  return ['account', userId, ...rest];
}

export function publicKey(...rest: readonly unknown[]): QueryKey {
  return ['public', ...rest];
}

/** Every account read is refetched: after a money action, balances, records and totals all move. */
export function invalidateAccount(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['account'] });
}

/** The signed-in user's id, or null for a visitor (and before the profile is known). */
export function useSessionUserId(): string | null {
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(userInfoAtom);
  return token && user ? user.id : null;
}

/** The options of a read of one person's data: `name` keys it under the user, `fetch` is its call. */
export function accountRead<T>(name: string, fetch: (options: RequestOptions) => Promise<T>) {
  return (userId: string) =>
    queryOptions({
      queryKey: accountKey(userId, name),
      queryFn: ({ signal }) => fetch({ signal, quiet: true }),
    });
}

/** A read of the signed-in person: disabled (no request, no data) for a visitor. */
export function useAccountQuery<T>(make: (userId: string) => UseQueryOptions<T, Error, T, QueryKey>) {
  const userId = useSessionUserId();
  return useQuery({ ...make(userId ?? ''), enabled: userId !== null });
}

/** A paged list of the signed-in person. */
export function useAccountPages<T>(make: (userId: string) => PagedQueryOptions<T>) {
  const userId = useSessionUserId();
  return useInfiniteQuery({ ...make(userId ?? ''), enabled: userId !== null });
}

/**
 * For a route loader: the read is in the cache before the screen renders, when it can be had.
 * A copy already there is used as it is (the screen refreshes it); a failure is the screen's to
 * show, so it is not thrown here.
 */
export async function ensureAccountData<T>(client: QueryClient, make: (userId: string) => UseQueryOptions<T, Error, T, QueryKey>): Promise<void> {
  const userId = currentUserId();
  if (userId === null) return;
  await client.ensureQueryData(make(userId)).catch(() => undefined);
}

/** For a route loader: public data in the cache before the screen renders, when it can be had. */
export async function ensureData<T>(client: QueryClient, options: UseQueryOptions<T, Error, T, QueryKey>): Promise<void> {
  await client.ensureQueryData(options).catch(() => undefined);
}

export function currentUserId(): string | null {
  const store = getDefaultStore();
  return store.get(tokenAtom) ? (store.get(userInfoAtom)?.id ?? null) : null;
}

function persistedKey(userId: string | null): string {
  return `${CACHE_PREFIX}queries:${userId ?? 'visitor'}`;
}

/**
 * An idb-keyval persister whose entry belongs to the user signed in when it was written. A write
 * still pending when the session ends is dropped: it would bring the old user's data back.
 */
export function createDevicePersister(): Persister & { flush(): Promise<void> } {
  let pending: { client: PersistedClient; userId: string | null } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const write = pending;
    pending = null;
    if (!write || write.userId !== currentUserId()) return;
    await setItem(persistedKey(write.userId), write.client);
  };
  return {
    persistClient(client) {
      pending = { client, userId: currentUserId() };
      timer ??= setTimeout(() => void flush(), PERSIST_THROTTLE_MS);
    },
    restoreClient: async () => (await getItem<PersistedClient>(persistedKey(currentUserId()))) ?? undefined,
    removeClient: () => removeItem(persistedKey(currentUserId())),
    flush,
  };
}

const persister = createDevicePersister();
const persistOptions = {
  queryClient,
  persister,
  buster: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev',
};
let stopPersisting: (() => void) | null = null;

/** Writes what is waiting to be written now (tests, and before the page is hidden). */
export const persistNow = (): Promise<void> => persister.flush();

/**
 * Puts the device's copy back into the cache (after loadSession, before the first render) and
 * keeps writing it as answers arrive. A copy of another app version or older than the maximum
 * age is thrown away.
 */
export async function restoreQueryCache(): Promise<void> {
  onlineManager.setOnline(globalThis.navigator?.onLine !== false);
  await persistQueryClientRestore({ ...persistOptions, maxAge: OFFLINE_COPY_MAX_AGE_MS }).catch(() => undefined);
  stopPersisting?.();
  stopPersisting = persistQueryClientSubscribe({
    ...persistOptions,
    // Only answers are worth keeping; a failed or pending read has nothing to show offline. Live
    // market data (meta.persist false) changes every second: writing it would rewrite the copy
    // as often, and a price from the last visit is no price.
    dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false },
  });
}

// Closing the app or switching away writes what is waiting: a copy half a second old would
// otherwise be lost with the page.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void persistNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void persistNow();
  });
}

// A session that ends takes its data with it, from the screen as from the device (the store's
// `cache:` entries are deleted by endSession itself).
getDefaultStore().sub(tokenAtom, () => {
  if (!getDefaultStore().get(tokenAtom)) queryClient.removeQueries({ queryKey: ['account'] });
});

/**
 * When the data on screen is a copy rather than a live answer — the device is offline, or the
 * last refresh failed — the time it was fetched; null while it is live or absent.
 */
export function asOfTime(query: Pick<UseQueryResult, 'data' | 'dataUpdatedAt' | 'isPaused' | 'isRefetchError'>): number | null {
  if (query.data === undefined) return null;
  return query.isPaused || query.isRefetchError ? query.dataUpdatedAt : null;
}

/** The text of why a read failed, for a screen that has nothing to show instead. */
export function failureText(error: unknown): string | null {
  if (!error) return null;
  return error instanceof Error ? error.message : String(error);
}

/** What a screen draws from one read: the data, whether it is on its way, why it failed, its age. */
export interface Loadable<T> {
  data: T | undefined;
  loading: boolean;
  /** Why there is nothing to show: the read failed, or the device is offline with no copy. */
  failure: string | null;
  /** Set when `data` is a copy (offline, or the refresh failed): when it was fetched. */
  asOf: number | null;
  reload(): void;
}

export function loadable<T>(query: UseQueryResult<T>): Loadable<T> {
  const offlineWithoutCopy = query.data === undefined && query.isPaused;
  return {
    data: query.data,
    loading: query.isPending && query.fetchStatus === 'fetching',
    failure: offlineWithoutCopy ? errorMessage('network.error') : failureText(query.error),
    asOf: asOfTime(query),
    reload: () => void query.refetch(),
  };
}

export type PagedQueryOptions<T> = UseInfiniteQueryOptions<Page<T>, Error, InfiniteData<Page<T>, number>, QueryKey, number>;

/** A list read ten at a time, newest first: page n+1 exists while fewer than `total` are loaded. */
export function pagedQueryOptions<T>(
  queryKey: QueryKey,
  fetchPage: (params: PageParams, options: RequestOptions) => Promise<Page<T>>,
): PagedQueryOptions<T> {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPage({ page: pageParam, pageSize: DEFAULT_PAGE_SIZE }, { signal, quiet: true }),
    getNextPageParam: (last, pages) => (pages.reduce((count, page) => count + page.list.length, 0) < last.total ? pages.length + 1 : undefined),
  }) as PagedQueryOptions<T>;
}
