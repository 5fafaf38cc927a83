import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../src/api/query';
import { balancesHiddenAtom } from '../../../src/ui/privacy';
import HomeScreen from '../../../src/features/home/HomeScreen';
import { clearSession } from '../../../src/storage/store';
import { renderScreen } from '../app/render';
import { signInForTest } from '../support/session';
import { ok, type Received, type Reply, useTestApi } from '../support/api-server';

const api = useTestApi({ drainMs: 200 });
let balances = { USDT: '1000.000000', EUR: '250.50' };

function online(sent: Received): Reply {
  switch (sent.url.pathname) {
    case '/api/currency/rate':
      return ok([{ currency: 'EUR', rate: '0.9200' }]);
    case '/api/wallet/list':
      return ok({ legal_wallet: { balance: [{ currency_name: 'USDT', legal_balance: balances.USDT }, { currency_name: 'EUR', legal_balance: balances.EUR }] } });
    case '/api/news/list':
      return ok({ list: [], total: 0, page: 1, pageSize: 10 });
    default:
      return ok(null);
  }
}

beforeEach(async () => {
  await clearSession();
  queryClient.clear();
  localStorage.clear();
  getDefaultStore().set(balancesHiddenAtom, false);
  balances = { USDT: '1000.000000', EUR: '250.50' };
  api.respond(online);
});
afterEach(cleanup);

const total = () => document.querySelector('[data-total]')!.textContent!.replace(/\s+/g, ' ');

describe('home for someone signed in', () => {
  it('shows what both balances are worth in EUR at today’s rate, cut to the cent', async () => {
    signInForTest();
    await renderScreen(HomeScreen, '/home');
    // 1,000 USDT × 0.92 + 250.50 EUR.
    await waitFor(() => expect(total()).toBe('≈ 1,170.50EUR'));
    expect(screen.getByText('Available balance')).toBeTruthy();
  });

  it('the eye hides every balance and shows them again; the choice is kept on the device', async () => {
    signInForTest();
    await renderScreen(HomeScreen, '/home');
    await waitFor(() => expect(total()).toContain('1,170.50'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hide balances' }));
    });
    expect(document.body.textContent).not.toMatch(/1,170\.50|1,000\.00|250\.50/);
    expect(screen.getAllByRole('img', { name: 'Hidden' })).toHaveLength(3);
    expect(localStorage.getItem('tessera.hideBalances')).toBe('1');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show balances' }));
    });
    expect(total()).toContain('1,170.50');
    expect(localStorage.getItem('tessera.hideBalances')).toBeNull();
  });

  it('someone with nothing yet is shown the way to a first deposit, and no merchant notice', async () => {
    balances = { USDT: '0.000000', EUR: '0.00' };
    signInForTest();
    await renderScreen(HomeScreen, '/home');
    expect(await screen.findByText('Make your first deposit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Deposit now' }).getAttribute('href')).toBe('/recharge');
    expect(screen.queryByText('Trading needs a merchant account')).toBeNull();
  });

  it('a non-merchant with money reads the merchant notice once and can put it away', async () => {
    signInForTest({ id: 'u-notice' });
    await renderScreen(HomeScreen, '/home');
    expect(await screen.findByText('Trading needs a merchant account')).toBeTruthy();
    expect(screen.queryByText('Make your first deposit')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    });
    expect(screen.queryByText('Trading needs a merchant account')).toBeNull();
    cleanup();
    await renderScreen(HomeScreen, '/home');
    await waitFor(() => expect(total()).toContain('1,170.50'));
    expect(screen.queryByText('Trading needs a merchant account')).toBeNull();
  });

  it('a merchant never sees the notice; support is the button docked in the tab bar, not a card of home', async () => {
    signInForTest({ isMerchant: true });
    await renderScreen(HomeScreen, '/home');
    await waitFor(() => expect(total()).toContain('1,170.50'));
    expect(screen.queryByText('Trading needs a merchant account')).toBeNull();
    expect(screen.queryByRole('link', { name: /customer service|here to help/i })).toBeNull();
  });

  it('quick buy and sell open the trading hall with that side chosen', async () => {
    signInForTest({ isMerchant: true });
    const { router } = await renderScreen(HomeScreen, '/home');
    const quick = screen.getByRole('navigation', { name: 'Quick trade' });
    await act(async () => {
      fireEvent.click(within(quick).getByRole('link', { name: 'Sell USDT' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/market'));
    expect(router.state.location.search).toEqual({ side: 'sell' });
    await act(() => router.navigate({ to: '/home' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('navigation', { name: 'Quick trade' })).getByRole('link', { name: 'Buy USDT' }));
    });
    await waitFor(() => expect(router.state.location.search).toEqual({ side: 'buy' }));
    expect(router.state.location.pathname).toBe('/market');
  });

  it('the fund record is one tap from home, among the shortcuts', async () => {
    signInForTest();
    const { router } = await renderScreen(HomeScreen, '/home');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('navigation', { name: 'Shortcuts' })).getByRole('link', { name: 'Fund record' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/assets/assets-log'));
  });
});
