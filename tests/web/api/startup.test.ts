import { getDefaultStore } from 'jotai';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../../src/api/account';
import { setClientHandlers } from '../../../src/api/client';
import { coinListQuery, eurRateQuery, loadAccount, sumWallet, supportLinkQuery, walletQuery } from '../../../src/api/queries';
import { persistNow, queryClient, restoreQueryCache } from '../../../src/api/query';
import { runStartup } from '../../../src/api/startup';
import { TOKEN_KEY } from '../../../src/domain/constants';
import type { CoinEntry, WalletListReply } from '../../../src/domain/wire';
import { localeAtom } from '../../../src/i18n';
import * as realtime from '../../../src/realtime/socket';
import { currentToken, saveToken, tokenAtom, userInfoAtom } from '../../../src/storage/session';
import { CACHE_PREFIX, clearSession, getItem, setItem } from '../../../src/storage/store';
import { ok, type Received, type Reply, useTestApi } from '../support/api-server';
import { TEST_USER } from '../support/session';

// The socket has its own tests; here only that startup starts it.
vi.mock('../../../src/realtime/socket', () => ({ start: vi.fn(async () => undefined), joinAccount: vi.fn(), onAccountEvent: vi.fn(() => () => undefined) }));

const store = getDefaultStore();
const handlers = { toast: vi.fn(), sessionEnded: vi.fn(), navigate: vi.fn() };
const realFetch = globalThis.fetch.bind(globalThis);
const api = useTestApi({
  fetch: (input, init) => {
    fetched.push(new URL((input as Request).url).pathname);
    return realFetch(input, init);
  },
});
let fetched: string[];

const user = TEST_USER;
const coins: CoinEntry[] = [{ id: 1, name: 'USDT', kind: 'crypto', network: 'TRC20', address: 'T123' }];
const wallet = (...rows: [string, string][]): WalletListReply => ({
  legal_wallet: { balance: rows.map(([currency_name, legal_balance]) => ({ currency_name, legal_balance })) },
});

/** The demo API: what each path answers while online. */
function online(sent: Received): Reply {
  switch (sent.url.pathname) {
    case '/api/kf':
      return ok({ kf: 'https://support.example/chat' });
    case '/api/currency/rate':
      return ok([{ currency: 'EUR', rate: '0.9200' }]);
    case '/api/currency/list':
      return ok({ legal: coins });
    case '/api/user/info':
      return ok(user);
    case '/api/wallet/list':
      return ok(wallet(['USDT', '10.100000'], ['EUR', '5.05'], ['USDT', '0.200001']));
    case '/api/user/login':
      return ok({ token: 'tok_fresh', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    default:
      return ok(null);
  }
}


beforeEach(async () => {
  fetched = [];
  api.received.length = 0;
  api.respond(online);
  for (const handler of Object.values(handlers)) handler.mockReset();
  setClientHandlers(handlers);
  store.set(localeAtom, 'en');
  queryClient.clear();
  await clearSession();
  store.set(tokenAtom, null);
  store.set(userInfoAtom, null);
  vi.mocked(realtime.start).mockClear();
});

const balances = () => queryClient.getQueryState(walletQuery(user.id).queryKey);
/** The offline copy of one user's reads as the device keeps it. */
const persistedFor = (userId: string) => getItem<{ clientState: { queries: { queryKey: unknown[] }[] } }>(`${CACHE_PREFIX}queries:${userId}`);

const signedIn = () => saveToken('tok_1', new Date(Date.now() + 3_600_000).toISOString());

describe('sumWallet', () => {
  it('adds rows per asset exactly, in minor units', () => {
    expect(sumWallet(wallet(['USDT', '0.1'], ['usdt', '0.2'], ['EUR', '0.10'], ['EUR', '0.20']))).toEqual({
      USDT: '0.300000',
      EUR: '0.30',
    });
  });

  it('ignores assets we do not hold and shows zero for an asset without rows', () => {
    // 9,007,199,254,740,993,001 minor units: past a float's exact integers, inside the ledger column.
    expect(sumWallet(wallet(['BTC', '1.5'], ['USDT', '9007199254740.993001']))).toEqual({
      USDT: '9007199254740.993001',
      EUR: '0.00',
    });
  });

  it('refuses an unreadable balance rather than showing a wrong total', () => {
    expect(() => sumWallet(wallet(['EUR', '1.005']))).toThrow('Unreadable EUR balance');
    expect(() => sumWallet(wallet(['USDT', '1e3']))).toThrow('Unreadable USDT balance');
    // More than the ledger's 64-bit column can hold is no balance the server has.
    expect(() => sumWallet(wallet(['USDT', '9223372036854.775808']))).toThrow('Unreadable USDT balance');
  });
});

describe('runStartup', () => {
  it('signed out: support link, socket, rate and coin list, and nothing of an account', async () => {
    await runStartup();
    expect(fetched).toEqual(['/api/kf', '/api/currency/rate', '/api/currency/list']);
    expect(realtime.start).toHaveBeenCalledOnce();
    expect(queryClient.getQueryData(supportLinkQuery.queryKey)).toBe('https://support.example/chat');
    expect(queryClient.getQueryData(eurRateQuery.queryKey)).toBe('0.9200');
    expect(queryClient.getQueryData(coinListQuery.queryKey)).toEqual(coins);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['account'] })).toEqual([]);
  });

  it('signed in: also the profile and the summed balances, kept on the device for offline use', async () => {
    await signedIn();
    await restoreQueryCache();
    await runStartup();
    expect(fetched.slice(0, 3)).toEqual(['/api/kf', '/api/currency/rate', '/api/currency/list']);
    expect(fetched.slice(3).sort()).toEqual(['/api/user/info', '/api/wallet/list']);
    expect(store.get(userInfoAtom)).toEqual(user);
    expect(balances()?.data).toEqual({ USDT: '10.300001', EUR: '5.05' });
    await persistNow();
    const kept = await persistedFor(user.id);
    expect(kept?.clientState.queries.map((query) => query.queryKey)).toContainEqual(['account', user.id, 'wallet']);
  });

  it('with a known profile, asks for it and the balances at the same time', async () => {
    await signedIn();
    store.set(userInfoAtom, user);
    await runStartup();
    expect(fetched.slice(3)).toEqual(['/api/wallet/list', '/api/user/info']);
  });

  it('offline after a reload: the copy kept on the device, with the time it was fetched, without toasts', async () => {
    await signedIn();
    await restoreQueryCache();
    await runStartup();
    const fetchedAt = balances()!.dataUpdatedAt;
    await persistNow();

    // A reload: nothing in memory, the device's copy restored, the server out of reach.
    queryClient.clear();
    await restoreQueryCache();
    expect(balances()?.data).toEqual({ USDT: '10.300001', EUR: '5.05' });
    api.respond(() => ({ status: 503, body: '' }));
    await runStartup();
    expect(balances()).toMatchObject({ data: { USDT: '10.300001', EUR: '5.05' }, dataUpdatedAt: fetchedAt, status: 'error' });
    expect(queryClient.getQueryData(eurRateQuery.queryKey)).toBe('0.9200');
    expect(queryClient.getQueryData(coinListQuery.queryKey)).toEqual(coins);
    expect(queryClient.getQueryData(supportLinkQuery.queryKey)).toBe('https://support.example/chat');
    expect(store.get(userInfoAtom)).toEqual(user); // the stored profile stays
    expect(handlers.toast).not.toHaveBeenCalled();
  });

  it('a copy of another app version is not restored', async () => {
    await signedIn();
    store.set(userInfoAtom, user);
    await restoreQueryCache();
    await runStartup();
    await persistNow();
    const kept = await persistedFor(user.id);
    await setItem(`${CACHE_PREFIX}queries:${user.id}`, { ...kept, buster: 'an older version' });
    queryClient.clear();
    await restoreQueryCache();
    expect(balances()).toBeUndefined();
  });

  it('a 401 at startup ends the session and leaves no balances, on screen or on the device', async () => {
    await signedIn();
    await restoreQueryCache();
    await runStartup();
    await persistNow();
    expect(await persistedFor(user.id)).not.toBeNull();
    api.respond((sent) => (sent.url.pathname.startsWith('/api/user') || sent.url.pathname.startsWith('/api/wallet') ? { status: 401, body: '' } : online(sent)));
    await runStartup();
    await persistNow();
    expect(currentToken()).toBeNull();
    expect(balances()).toBeUndefined();
    expect(await persistedFor(user.id)).toBeNull();
    expect(handlers.navigate).toHaveBeenCalledWith('/auth/login');
  });
});

describe('signing in and out', () => {
  it('loadAccount does nothing while signed out', async () => {
    await loadAccount();
    expect(fetched).toEqual([]);
  });

  it('signIn stores the token and loads the profile and balances', async () => {
    await signIn({ account: 'ada', password: '583920' });
    const login = api.received.find((r) => r.url.pathname === '/api/user/login')!;
    expect(JSON.parse(login.body)).toEqual({ account: 'ada', password: '583920', lang: 'en' });
    expect(currentToken()).toBe('tok_fresh');
    expect(await getItem(TOKEN_KEY)).toBe('tok_fresh');
    expect(store.get(userInfoAtom)).toEqual(user);
    expect(balances()?.data).toEqual({ USDT: '10.300001', EUR: '5.05' });
    const info = api.received.find((r) => r.url.pathname === '/api/user/info')!;
    expect(info.headers.authorization).toBe('tok_fresh');
    // The user's own events (their trade orders) come over the socket from now on.
    expect(realtime.joinAccount).toHaveBeenCalledWith('tok_fresh');
  });

  it('signOut revokes the token on the server, then forgets the session here, persisted copy included', async () => {
    await restoreQueryCache();
    await signIn({ account: 'ada', password: '583920' });
    await persistNow();
    expect(await persistedFor(user.id)).not.toBeNull();
    await signOut();
    await persistNow();
    const logout = api.received.find((r) => r.url.pathname === '/api/user/logout')!;
    expect(logout.method).toBe('GET');
    expect(logout.headers.authorization).toBe('tok_fresh');
    expect(currentToken()).toBeNull();
    expect(store.get(userInfoAtom)).toBeNull();
    expect(balances()).toBeUndefined();
    expect(await persistedFor(user.id)).toBeNull();
    expect(handlers.sessionEnded).toHaveBeenCalledExactlyOnceWith('logout');
    expect(handlers.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login');
  });

  it('signOut still signs out when the server cannot be reached', async () => {
    await signedIn();
    api.respond(() => ({ status: 500, body: '' }));
    await signOut();
    expect(currentToken()).toBeNull();
    expect(handlers.toast).not.toHaveBeenCalled();
    expect(handlers.sessionEnded).toHaveBeenCalledExactlyOnceWith('logout');
  });
});
