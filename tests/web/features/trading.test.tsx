import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDefaultStore } from 'jotai';
import { toastsAtom } from '../../../src/ui/feedback/toast';
import { queryClient } from '../../../src/api/query';
import type { Quotation, TradeOffer, TradeOrder, TradeSummary } from '../../../src/domain/wire';
import HallScreen from '../../../src/features/trading/HallScreen';
import { tradeSummaryQuery } from '../../../src/features/trading/api/queries';
import OfferScreen from '../../../src/features/trading/OfferScreen';
import OrdersScreen from '../../../src/features/trading/OrdersScreen';
import { tradingRoutes } from '../../../src/features/trading/routes';
import { activateLocale, loadScreenMessages } from '../../../src/i18n';
import { errorText } from '../../../src/locales/errors';
import { renderScreen } from '../app/render';
import { ok, type Received, useTestApi } from '../support/api-server';
import { PIN_LABEL } from '../support/fixtures';
import { signInForTest } from '../support/session';

const hallRoute = tradingRoutes[0];
const api = useTestApi({ quietToasts: true });

const baseSummary: TradeSummary = {
  merchant: true,
  application: null,
  payPasswordSet: true,
  ordersToday: 1,
  dailyOrders: 5,
  cancelsToday: 0,
  cancelLimit: 3,
  blockedUntil: null,
  pending: 0,
  feePercent: '0.2',
  referencePrice: '0.9200',
  bestSellPrice: '0.9320',
  bestBuyPrice: '0.9100',
};

const offer: TradeOffer = {
  id: 7,
  side: 'sell',
  price: '0.9320',
  quantity: '500.000000',
  remaining: '400.000000',
  pending: '0.000000',
  minAmount: '10.000000',
  maxAmount: '200.000000',
  status: 'open',
  mine: false,
  merchant: { name: 'Demo Trader', completed: 12, completionRate: '92.3' },
  createdAt: '2030-01-15T08:00:00.000Z',
};

const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function order(changes: Partial<TradeOrder>): TradeOrder {
  return {
    id: 1,
    orderNo: 'T0000000001',
    side: 'buy',
    role: 'taker',
    amount: '25.000000',
    limitPrice: '0.9400',
    price: '0.9320',
    total: '23.30',
    fee: '0.050000',
    feeAsset: 'USDT',
    receive: '24.950000',
    receiveAsset: 'USDT',
    hold: '23.50',
    holdAsset: 'EUR',
    status: 'matched',
    merchant: 'Demo Trader',
    offerRemaining: '375.000000',
    createdAt: '2030-01-15T09:00:00.000Z',
    expiresAt: soon(60),
    matchedAt: '2030-01-15T09:00:00.000Z',
    confirmBy: soon(15),
    endedAt: null,
    ...changes,
  };
}

let summary: TradeSummary;
/** How long the fake API takes to answer the summary: a kept copy is on screen meanwhile. */
let summaryDelayMs: number;
let orders: TradeOrder[];
/** The hall's USDT/EUR in the market list: on a fresh installation, the reference rate. */
const hallQuote: Quotation = {
  symbol: 'usdteur',
  name: 'USDT',
  legal: 'EUR',
  category: 1,
  logo: '/h5/coins/usdt.svg',
  price: '0.92',
  high24h: null,
  low24h: null,
  volume24h: '0',
  change24h: null,
  time: null,
  simulated: false,
  reference: true,
};
let quotes: Quotation[];
const sentTo = (path: string) => api.received.filter((request) => request.url.pathname === `/api${path}`);
const toastTexts = () => getDefaultStore().get(toastsAtom).map((toast) => toast.text);
const bodyOf = (request: Received) => JSON.parse(request.body) as Record<string, unknown>;

beforeEach(() => {
  queryClient.clear();
  api.received.length = 0;
  summary = { ...baseSummary };
  summaryDelayMs = 0;
  orders = [];
  quotes = [hallQuote];
  api.respond((sent) => {
    switch (sent.url.pathname) {
      case '/api/currency/quotation_new':
        return ok(quotes);
      case '/api/trade/summary':
        return { ...ok(summary), delayMs: summaryDelayMs };
      case '/api/trade/hall':
        return ok(sent.url.searchParams.get('side') === 'buy' ? [offer] : []);
      case '/api/trade/orders':
        return ok({ list: orders, total: orders.length, page: 1, pageSize: 10 });
      case '/api/merchant/apply':
        summary = { ...summary, application: { id: 3, status: 'pending', reason: null, createdAt: '2030-01-15T09:00:00.000Z', decidedAt: null } };
        return ok(summary.application);
      case '/api/trade/orders/place':
        return ok(order({ id: 2, status: 'matched' }));
      case '/api/trade/offers':
        return ok({ list: [{ ...offer, id: 9, mine: true, merchant: { name: 'You', completed: 0, completionRate: null } }], total: 1, page: 1, pageSize: 10 });
      case '/api/trade/offers/edit':
        return ok({ ...offer, id: 9, mine: true });
      case '/api/trade/orders/confirm':
        return ok(order({ status: 'completed', endedAt: '2030-01-15T09:05:00.000Z' }));
      default:
        return ok(null);
    }
  });
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
});
afterEach(cleanup);

describe('the trading hall', () => {
  it('tells a user who is not a merchant why, and sends the application', async () => {
    summary = { ...summary, merchant: false };
    signInForTest({ isMerchant: false });
    await renderScreen(HallScreen, '/market', hallRoute);
    const card = await screen.findByRole('region', { name: 'Trading needs a merchant account' });
    // Not a merchant: the offers are listed, the order form is not.
    expect(await screen.findByRole('article', { name: 'Offer of Demo Trader' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Buy USDT' })).toBeNull();
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Apply for a merchant account' }));
    });
    await waitFor(() => expect(sentTo('/merchant/apply')).toHaveLength(1));
    expect(await within(card).findByText(/Your application is being reviewed/)).toBeTruthy();
  });

  it('counts the orders in progress in words that fit the number', async () => {
    signInForTest({ isMerchant: true });
    summary = { ...summary, pending: 1 };
    const view = await renderScreen(HallScreen, '/market', hallRoute);
    expect(await screen.findByText('1 order in progress')).toBeTruthy();
    view.unmount();
    queryClient.clear();
    summary = { ...summary, pending: 2 };
    await renderScreen(HallScreen, '/market', hallRoute);
    expect(await screen.findByText('2 orders in progress')).toBeTruthy();
  });

  it("lists a merchant's offer with the merchant's 30 days, price, what is left and the limits", async () => {
    signInForTest({ isMerchant: true });
    await renderScreen(HallScreen, '/market', hallRoute);
    const card = await screen.findByRole('article', { name: 'Offer of Demo Trader' });
    const text = card.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('12 completed · 92.3% completion rate · 30 days');
    expect(text).toContain('0.9320 EUR');
    expect(text).toContain('400.00');
    expect(text).toContain('10.00 – 200.00');
  });

  it('shows what an order holds and receives before the payment password, then places it with a key', async () => {
    signInForTest({ isMerchant: true });
    await renderScreen(HallScreen, '/market', hallRoute);
    const form = await screen.findByRole('region', { name: 'Buy USDT' });
    fireEvent.change(within(form).getByLabelText('Amount (USDT)'), { target: { value: '10' } });
    // The best sell price is filled in: 10 × 0.9320 = 9.32 EUR held; 10 − 0.2 % = 9.98 USDT.
    expect((within(form).getByLabelText('Highest unit price (EUR)') as HTMLInputElement).value).toBe('0.9320');
    expect(form.textContent).toContain('9.32');
    expect(form.textContent).toContain('9.98');
    await act(async () => {
      fireEvent.click(within(form).getAllByRole('button', { name: 'Buy USDT' }).at(-1)!);
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText(PIN_LABEL), { target: { value: '260418' } });
    });
    await waitFor(() => expect(sentTo('/trade/orders/place')).toHaveLength(1));
    const [sent] = sentTo('/trade/orders/place');
    expect(bodyOf(sent)).toMatchObject({ side: 'buy', amount: '10', price: '0.9320', payPassword: '260418' });
    expect(sent.headers['idempotency-key']).toBeTruthy();
  });

  /** A merchant's hall drawn first from the kept summary (0.9280) while a cheaper offer came since (0.9100): its order form and price field. */
  async function hallFromKeptCopy(): Promise<{ form: HTMLElement; price: HTMLInputElement }> {
    const user = signInForTest({ isMerchant: true });
    queryClient.setQueryData(tradeSummaryQuery(user.id).queryKey, { ...summary, bestSellPrice: '0.9280' });
    summary = { ...summary, bestSellPrice: '0.9100', pending: 1 };
    summaryDelayMs = 150;
    await renderScreen(HallScreen, '/market', hallRoute);
    const form = await screen.findByRole('region', { name: 'Buy USDT' });
    const price = within(form).getByLabelText('Highest unit price (EUR)') as HTMLInputElement;
    expect(price.value).toBe('0.9280');
    return { form, price };
  }

  it('follows the fresh best price when the hall first drew from the kept summary', async () => {
    const { price } = await hallFromKeptCopy();
    expect(screen.getByText('No orders in progress')).toBeTruthy();
    // The fresh summary is on screen (its order in progress), and the price with it.
    expect(await screen.findByText('1 order in progress')).toBeTruthy();
    await waitFor(() => expect(price.value).toBe('0.9100'));
  });

  it('keeps the price the person typed when the fresh summary arrives', async () => {
    const { form, price } = await hallFromKeptCopy();
    fireEvent.change(price, { target: { value: '0.9500' } });
    expect(await screen.findByText('1 order in progress')).toBeTruthy();
    expect(sentTo('/trade/summary')).toHaveLength(1);
    expect(price.value).toBe('0.9500');
    fireEvent.change(within(form).getByLabelText('Amount (USDT)'), { target: { value: '10' } });
    // 10 × 0.9500 = 9.50 EUR set aside at most.
    expect(form.textContent).toContain('9.50');
  });

  it('refuses an amount under 1 USDT on the spot, without asking for the payment password', async () => {
    signInForTest({ isMerchant: true });
    await renderScreen(HallScreen, '/market', hallRoute);
    const form = await screen.findByRole('region', { name: 'Buy USDT' });
    fireEvent.change(within(form).getByLabelText('Amount (USDT)'), { target: { value: '0.5' } });
    await act(async () => {
      fireEvent.click(within(form).getAllByRole('button', { name: 'Buy USDT' }).at(-1)!);
    });
    expect(within(form).getByText('The smallest amount is 1 USDT.')).toBeTruthy();
    expect(screen.queryByLabelText(PIN_LABEL)).toBeNull();
  });

  it('says so in the reader\'s language, with the smallest amount taken from the rules', async () => {
    signInForTest({ isMerchant: true });
    await renderScreen(HallScreen, '/market', hallRoute);
    await act(async () => {
      await loadScreenMessages();
      await activateLocale('de');
    });
    const form = await screen.findByRole('region', { name: 'USDT kaufen' });
    fireEvent.change(within(form).getByLabelText('Betrag (USDT)'), { target: { value: '0.999999' } });
    await act(async () => {
      fireEvent.click(within(form).getAllByRole('button', { name: 'USDT kaufen' }).at(-1)!);
    });
    expect(within(form).getByText('Der kleinste Betrag ist 1 USDT.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Höchster Stückpreis (EUR)'), { target: { value: '0.00001' } });
    await act(async () => {
      fireEvent.click(within(form).getAllByRole('button', { name: 'USDT kaufen' }).at(-1)!);
    });
    expect(within(form).getByText(errorText('de', 'trade.priceInvalid'))).toBeTruthy();
    expect(screen.queryByLabelText('Geben Sie Ihr 6-stelliges Zahlungspasswort ein')).toBeNull();
    expect(sentTo('/trade/orders/place')).toHaveLength(0);
  });

  it('opens on the side the address names (quick sell from Home), and keeps the switch in the address', async () => {
    signInForTest({ isMerchant: true });
    const { router } = await renderScreen(HallScreen, '/market?side=sell', hallRoute);
    const form = await screen.findByRole('region', { name: 'Sell USDT' });
    // Selling meets the best buy offer's price.
    expect((within(form).getByLabelText('Lowest unit price (EUR)') as HTMLInputElement).value).toBe('0.9100');
    expect(screen.getByRole('heading', { name: 'Merchants buying USDT' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Buy USDT', selected: false }));
    });
    expect(await screen.findByRole('region', { name: 'Buy USDT' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ side: 'buy' });
    // The tab bar names no side: the one chosen stays.
    await act(() => router.navigate({ to: '/market' }));
    expect(screen.getByRole('region', { name: 'Buy USDT' })).toBeTruthy();
    await act(() => router.navigate({ to: '/market', search: { side: 'sell' } }));
    expect(await screen.findByRole('region', { name: 'Sell USDT' })).toBeTruthy();
  });
});

describe("the market list's USDT/EUR", () => {
  const hallRow = () =>
    waitFor(() => {
      const row = document.querySelector<HTMLElement>('a[href="/coin?symbol=usdteur"]');
      if (!row) throw new Error('no USDT/EUR row yet');
      return row;
    });

  it('shows the reference rate, labelled as such, before the hall has traded', async () => {
    signInForTest({ isMerchant: true });
    await renderScreen(HallScreen, '/market', hallRoute);
    const row = await hallRow();
    await waitFor(() => expect(row.querySelector('[data-price="usdteur"]')!.textContent).toBe('0.9200'));
    expect(within(row).getByText('Reference rate')).toBeTruthy();
    expect(row.textContent).not.toMatch(/Last trade/);
  });

  it("shows the last trade's price with its time once the hall has traded", async () => {
    const at = new Date();
    at.setHours(9, 41, 0, 0);
    quotes = [{ ...hallQuote, price: '0.931', high24h: '0.931', low24h: '0.931', volume24h: '10', change24h: '0.00', time: at.getTime() / 1000, reference: false }];
    signInForTest({ isMerchant: true });
    await renderScreen(HallScreen, '/market', hallRoute);
    const row = await hallRow();
    await waitFor(() => expect(row.querySelector('[data-price="usdteur"]')!.textContent).toBe('0.9310'));
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(at);
    expect(within(row).getByText(`Last trade ${time}`)).toBeTruthy();
    expect(within(row).queryByText('Reference rate')).toBeNull();
  });
});

describe("a merchant's offers", () => {
  it('checks the limits per order against the quantity and each other, in the catalogue\'s words, before the payment password', async () => {
    signInForTest({ isMerchant: true });
    await renderScreen(OfferScreen, '/market/sell', tradingRoutes[1]);
    const form = await screen.findByRole('region', { name: 'New offer' });
    fireEvent.change(within(form).getByLabelText('Quantity (USDT)'), { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Post the offer' }));
    });
    // The minimum per order is 10 unless changed: more than the quantity.
    expect(within(form).getByText(errorText('en', 'trade.minAboveQuantity'))).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Minimum per order'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Maximum per order'), { target: { value: '1.5' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Post the offer' }));
    });
    expect(within(form).getByText(errorText('en', 'trade.maxBelowMin'))).toBeTruthy();
    expect(screen.queryByLabelText(PIN_LABEL)).toBeNull();
    expect(sentTo('/trade/offers/post')).toHaveLength(0);
  });

  it('changes an open offer by its id, with its terms and without its side', async () => {
    signInForTest({ isMerchant: true });
    await renderScreen(OfferScreen, '/market/sell', tradingRoutes[1]);
    const card = await screen.findByRole('article', { name: 'Offer 9' });
    fireEvent.click(within(card).getByRole('button', { name: 'Change' }));
    const form = await screen.findByRole('region', { name: 'Change the offer' });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText(PIN_LABEL), { target: { value: '260418' } });
    });
    await waitFor(() => expect(sentTo('/trade/offers/edit')).toHaveLength(1));
    expect(bodyOf(sentTo('/trade/offers/edit')[0])).toEqual({
      id: 9,
      quantity: '400.000000',
      price: '0.9320',
      minAmount: '10.000000',
      maxAmount: '200.000000',
      payPassword: '260418',
      lang: 'en',
    });
  });
});

describe('the orders', () => {
  it('counts down a matching order and shows what it sets aside', async () => {
    signInForTest({ isMerchant: true });
    orders = [order({ status: 'matching', price: null, total: null, fee: null, merchant: null, offerRemaining: null, confirmBy: null, matchedAt: null, expiresAt: soon(42) })];
    await renderScreen(OrdersScreen, '/order');
    const card = await screen.findByRole('article', { name: 'Order T0000000001' });
    expect(card.textContent).toContain('Finding a merchant');
    expect(card.textContent).toMatch(/Time left: ?4[12]:\d\d ?of 60 minutes/);
    expect(card.textContent).toContain('23.50');
    expect(within(card).queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('confirms a matched order with the payment password; the merchant only waits', async () => {
    signInForTest({ isMerchant: true });
    orders = [order({}), order({ id: 9, orderNo: 'T0000000009', role: 'maker', side: 'sell', receive: '23.30', receiveAsset: 'EUR', merchant: 'Ada' })];
    await renderScreen(OrdersScreen, '/order');
    const mine = await screen.findByRole('article', { name: 'Order T0000000001' });
    expect(mine.textContent).toMatch(/confirm within 1[45]:\d\d/);
    // The matching data: what the merchant still has to trade.
    expect(mine.textContent).toContain('Remaining tradable amount');
    expect(mine.textContent).toContain('375.00');
    await act(async () => {
      fireEvent.click(within(mine).getByRole('button', { name: 'Confirm' }));
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText(PIN_LABEL), { target: { value: '260418' } });
    });
    await waitFor(() => expect(sentTo('/trade/orders/confirm')).toHaveLength(1));
    expect(bodyOf(sentTo('/trade/orders/confirm')[0])).toEqual({ id: 1, payPassword: '260418', lang: 'en' });

    const theirs = screen.getByRole('article', { name: 'Order T0000000009' });
    expect(theirs.textContent).toContain('Awaiting confirmation');
    expect(theirs.textContent).toContain('Ada took your offer');
    expect(within(theirs).queryByRole('button', { name: 'Confirm' })).toBeNull();
  });
});

describe('the orders, offline', () => {
  it('shows the last-known orders with their time, and refuses a confirmation without asking for the payment password', async () => {
    signInForTest({ isMerchant: true });
    orders = [order({})];
    await renderScreen(OrdersScreen, '/order');
    await screen.findByRole('article', { name: 'Order T0000000001' });
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 50));

    // The connection is gone: the kept list, marked with its time.
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    api.respond(() => ({ status: 500, body: 'down' }));
    await renderScreen(OrdersScreen, '/order');
    expect(await screen.findByText(/Offline · as of/)).toBeTruthy();
    const kept = screen.getByRole('article', { name: 'Order T0000000001' });
    api.received.length = 0;
    await act(async () => {
      fireEvent.click(within(kept).getByRole('button', { name: 'Confirm' }));
    });
    await waitFor(() => expect(toastTexts()).toContain(errorText('en', 'offline.refused')));
    expect(screen.queryByLabelText(PIN_LABEL)).toBeNull();
    expect(sentTo('/trade/orders/confirm')).toHaveLength(0);
  });
});
