/**
 * The device store: IndexedDB through idb-keyval, each entry with an optional
 * expiry. IndexedDB rather than localStorage because the service worker can read it too and
 * because user info and offline copies of balances are structured data, not strings.
 */
import { createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import { COIN_INFO_KEY, TOKEN_KEY, USER_INFO_KEY } from '../domain/constants';

/** Every offline copy (the persisted query cache) starts with this, so logout can find and drop all of them. */
export const CACHE_PREFIX = 'cache:';

interface StoredEntry<T> {
  value: T;
  /** Epoch milliseconds after which the entry is treated as absent; null keeps it until removed. */
  expiresAt: number | null;
}

// Our own database rather than idb-keyval's shared default, so nothing else can collide with it.
let database: UseStore | null = null;
function db(): UseStore {
  database ??= createStore('tessera', 'kv');
  return database;
}

export async function setItem<T>(key: string, value: T, ttlMs?: number): Promise<void> {
  const entry: StoredEntry<T> = { value, expiresAt: ttlMs === undefined ? null : Date.now() + ttlMs };
  await set(key, entry, db());
}

/** The stored value, or null when absent or expired; an expired entry is deleted on the way. */
export async function getItem<T>(key: string): Promise<T | null> {
  const entry = await get<StoredEntry<T>>(key, db());
  if (!entry) return null;
  if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
    await del(key, db());
    return null;
  }
  return entry.value;
}

export async function removeItem(key: string): Promise<void> {
  await del(key, db());
}

/** Forgets everything that belongs to the signed-in person: session, chosen coin, offline copies. */
export async function clearSession(): Promise<void> {
  const cached = (await keys<IDBValidKey>(db())).filter(
    (key) => typeof key === 'string' && key.startsWith(CACHE_PREFIX),
  );
  await delMany([TOKEN_KEY, USER_INFO_KEY, COIN_INFO_KEY, ...cached], db());
}
