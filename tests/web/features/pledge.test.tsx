import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureClient, setClientHandlers } from '../../../src/api/client';
import { queryClient } from '../../../src/api/query';
import DoPledgeScreen from '../../../src/features/pledge/DoPledgeScreen';
import InterestWalletScreen from '../../../src/features/pledge/InterestWalletScreen';
import { pledgeRoutes } from '../../../src/features/pledge/routes';
import { errorText } from '../../../src/locales/errors';
import { renderScreen } from '../app/render';
import { ok, startTestApi, type TestApi } from '../support/api-server';
import { PIN_LABEL, pledgeOverview } from '../support/fixtures';
import { signInForTest } from '../support/session';

let api: TestApi;

const overview = pledgeOverview({ interest: { USDT: '1.500000', EUR: '0.00' }, earned: { USDT: '1.500000', EUR: '0.00' } });

const sent = (path: string) => api.received.filter((request) => request.url.pathname === `/api${path}`);

beforeAll(async () => {
  api = await startTestApi();
  configureClient({ baseUrl: api.baseUrl });
  setClientHandlers({ toast: () => undefined });
});
afterAll(() => api.close());
beforeEach(() => {
  queryClient.clear();
  api.received.length = 0;
  api.respond((request) => (request.url.pathname === '/api/pledge/overview' ? ok(overview) : ok(null)));
  signInForTest();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});
afterEach(cleanup);

async function submit(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('a new pledge', () => {
  it('says the minimum beside the amount, and an amount below it as it is typed, before any press', async () => {
    await renderScreen(DoPledgeScreen, '/pledge/do-pledge?product=3', pledgeRoutes[1]);
    const amount = await screen.findByLabelText('Amount (USDT)');
    const note = () => document.getElementById(amount.getAttribute('aria-describedby') ?? '');
    expect(note()?.textContent).toMatch(/^Minimum 100(\.0+)?\s*USDT$/);
    await act(async () => {
      fireEvent.change(amount, { target: { value: '90' } });
    });
    expect(note()?.textContent).toBe(errorText('en', 'pledge.belowMinimum', { min: '100', asset: 'USDT' }));
    await act(async () => {
      fireEvent.change(amount, { target: { value: '120' } });
    });
    expect(screen.queryByText(errorText('en', 'pledge.belowMinimum', { min: '100', asset: 'USDT' }))).toBeNull();
    expect(sent('/pledge/start')).toHaveLength(0);
  });

  it('never pledges into another product than the link named: a product no longer offered leads to the products', async () => {
    await renderScreen(DoPledgeScreen, '/pledge/do-pledge?product=9', pledgeRoutes[1]);
    expect(await screen.findByRole('heading', { name: 'This product is no longer offered' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pledge products' })).toBeTruthy();
    expect(screen.queryByLabelText('Amount (USDT)')).toBeNull();
  });

  it('flags a missing payment password above the form, with the way to set it', async () => {
    signInForTest({ hasPayPassword: false });
    await renderScreen(DoPledgeScreen, '/pledge/do-pledge?product=3', pledgeRoutes[1]);
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Set a payment password first.');
    expect(screen.getByRole('link', { name: 'Set payment password' }).getAttribute('href')).toBe('/setting/pay-password');
  });

  it('says nothing about the payment password when it is set', async () => {
    await renderScreen(DoPledgeScreen, '/pledge/do-pledge?product=3', pledgeRoutes[1]);
    await screen.findByLabelText('Amount (USDT)');
    expect(screen.queryByRole('link', { name: 'Set payment password' })).toBeNull();
  });

  it("checks the product's minimum and the balance, in the server's order and words, before the payment password", async () => {
    await renderScreen(DoPledgeScreen, '/pledge/do-pledge?product=3', pledgeRoutes[1]);
    const amount = await screen.findByLabelText('Amount (USDT)');
    fireEvent.change(amount, { target: { value: '99.999999' } });
    await submit('Confirm pledge');
    expect(screen.getByText(errorText('en', 'pledge.belowMinimum', { min: '100', asset: 'USDT' }))).toBeTruthy();
    fireEvent.change(amount, { target: { value: '250.000001' } });
    await submit('Confirm pledge');
    expect(screen.getByText(errorText('en', 'balance.insufficient'))).toBeTruthy();
    expect(screen.queryByLabelText(PIN_LABEL)).toBeNull();
    // "All" takes the balance, which passes: the payment password is asked for next.
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((amount as HTMLInputElement).value).toBe('250');
    await submit('Confirm pledge');
    expect(screen.getByLabelText(PIN_LABEL)).toBeTruthy();
    expect(sent('/pledge/start')).toHaveLength(0);
  });
});

describe("a product's terms", () => {
  it('show the daily rate with its simple yearly figure and say who pays the interest, beside the lock and the penalty', async () => {
    await renderScreen(DoPledgeScreen, '/pledge/do-pledge?product=3', pledgeRoutes[1]);
    const terms = await screen.findByRole('region', { name: 'The product' });
    const fact = (label: string) => within(terms).getByText(label).nextElementSibling!.textContent;
    expect(fact('Daily return rate')).toBe('0.5%');
    // 0.5 % × 365, not compounded.
    expect(fact('Yearly rate (simple)')).toBe('182.5%');
    expect(fact('Interest paid by')).toBe('Tessera, from its own interest account');
    expect(fact('Lock period')).toBe('30 days');
    expect(fact('Early redemption penalty')).toBe('5%');
  });
});

describe('the interest wallet', () => {
  it('moves at most what the wallet holds of the chosen asset', async () => {
    await renderScreen(InterestWalletScreen, '/mine/components', pledgeRoutes[3]);
    fireEvent.change(await screen.findByLabelText('Amount to move (USDT)'), { target: { value: '1.6' } });
    await submit('Move to balance');
    expect(screen.getByText(errorText('en', 'pledge.interestInsufficient'))).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'EUR' }));
    fireEvent.change(screen.getByLabelText('Amount to move (EUR)'), { target: { value: '0.001' } });
    await submit('Move to balance');
    expect(screen.getByText(errorText('en', 'amount.invalid', { decimals: 2 }))).toBeTruthy();
    expect(screen.queryByLabelText(PIN_LABEL)).toBeNull();
  });
});
