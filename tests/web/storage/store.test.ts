import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COIN_INFO_KEY, TOKEN_KEY, USER_INFO_KEY } from '../../../src/domain/constants';
import type { UserInfo } from '../../../src/domain/wire';
import { currentToken, endSession, loadSession, saveToken, saveUserInfo, tokenAtom, userInfoAtom } from '../../../src/storage/session';
import { CACHE_PREFIX, clearSession, getItem, removeItem, setItem } from '../../../src/storage/store';

const NOW = new Date('2030-01-01T12:00:00Z');

// Only Date is faked: IndexedDB (fake-indexeddb) needs real timers to complete its transactions.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(async () => {
  vi.useRealTimers();
  await clearSession();
  await removeItem('settings');
});

const later = (ms: number) => vi.setSystemTime(NOW.getTime() + ms);

describe('store with expiry', () => {
  it('keeps a value without expiry until it is removed', async () => {
    await setItem('settings', { sound: true });
    later(10 * 365 * 86_400_000);
    expect(await getItem('settings')).toEqual({ sound: true });
    await removeItem('settings');
    expect(await getItem('settings')).toBeNull();
  });

  it('returns a value until its time is up, then null', async () => {
    await setItem(COIN_INFO_KEY, { id: 1, name: 'USDT' }, 60_000);
    later(59_999);
    expect(await getItem(COIN_INFO_KEY)).toEqual({ id: 1, name: 'USDT' });
    later(60_000);
    expect(await getItem(COIN_INFO_KEY)).toBeNull();
  });

  it('deletes an expired entry when it is read', async () => {
    await setItem(COIN_INFO_KEY, 'USDT', 1_000);
    later(2_000);
    expect(await getItem(COIN_INFO_KEY)).toBeNull();
    // Back before the expiry: a merely hidden entry would reappear, a deleted one cannot.
    later(0);
    expect(await getItem(COIN_INFO_KEY)).toBeNull();
  });

  it('returns null for a key never stored', async () => {
    expect(await getItem('never')).toBeNull();
  });

  it('clearSession drops the session, the coin and every cached copy, and nothing else', async () => {
    await setItem(TOKEN_KEY, 't');
    await setItem(USER_INFO_KEY, { username: 'ada' });
    await setItem(COIN_INFO_KEY, 'USDT');
    await setItem(CACHE_PREFIX + 'wallet', { USDT: '1' });
    await setItem(CACHE_PREFIX + 'records:deposits', []);
    await setItem('settings', { sound: true });
    await clearSession();
    for (const key of [TOKEN_KEY, USER_INFO_KEY, COIN_INFO_KEY]) expect(await getItem(key)).toBeNull();
    expect(await getItem(CACHE_PREFIX + 'wallet')).toBeNull();
    expect(await getItem(CACHE_PREFIX + 'records:deposits')).toBeNull();
    expect(await getItem('settings')).toEqual({ sound: true });
  });
});

describe('session', () => {
  const store = getDefaultStore();
  const user: UserInfo = {
    id: 'u1',
    username: 'ada',
    nickname: 'Ada',
    avatar: null,
    phone: '+4915112345678',
    email: null,
    inviteCode: 'ABC123',
    isMerchant: false,
    hasPayPassword: false,
    hasSecondFactor: false,
    secondFactorMethods: [],
    locale: 'de',
    vipLevel: 0,
    createdAt: NOW.toISOString(),
  };
  const resetAtoms = () => {
    store.set(tokenAtom, null);
    store.set(userInfoAtom, null);
  };

  it('keeps the token until the expiry the server gave, readable synchronously after loading', async () => {
    await saveToken('tok_1', new Date(NOW.getTime() + 3_600_000).toISOString());
    await saveUserInfo(user);
    resetAtoms();
    await loadSession();
    expect(currentToken()).toBe('tok_1');
    expect(store.get(userInfoAtom)).toEqual(user);

    later(3_600_000);
    resetAtoms();
    await loadSession();
    expect(currentToken()).toBeNull();
    expect(await getItem(TOKEN_KEY)).toBeNull();
  });

  it('does not show a profile left without a token', async () => {
    await saveUserInfo(user);
    resetAtoms();
    await loadSession();
    expect(store.get(userInfoAtom)).toBeNull();
  });

  it('endSession clears the atoms and the stored session', async () => {
    await saveToken('tok_1', new Date(NOW.getTime() + 3_600_000).toISOString());
    await saveUserInfo(user);
    await setItem(CACHE_PREFIX + 'wallet', { USDT: '1' });
    await endSession();
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userInfoAtom)).toBeNull();
    expect(await getItem(TOKEN_KEY)).toBeNull();
    expect(await getItem(USER_INFO_KEY)).toBeNull();
    expect(await getItem(CACHE_PREFIX + 'wallet')).toBeNull();
  });
});
