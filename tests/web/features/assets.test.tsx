import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalcReply, Movement, MovementLeg, Page } from '../../../src/domain/wire';
import AssetLogScreen from '../../../src/features/assets/AssetLogScreen';
import AssetsScreen from '../../../src/features/assets/AssetsScreen';
import { tokenAtom, userInfoAtom } from '../../../src/storage/session';
import { clearSession } from '../../../src/storage/store';
import { renderScreen } from '../app/render';
import { TEST_USER } from '../support/session';
import { ok, type Received, type Reply, useTestApi } from '../support/api-server';

const store = getDefaultStore();
const api = useTestApi({ drainMs: 200 });

const user = TEST_USER;

const calc: CalcReply = {
  recharged: { USDT: '1500.000000', EUR: '200.00' },
  withdrawn: { USDT: '300.000000', EUR: '0.00' },
  earned: { USDT: '12.345678', EUR: '0.00' },
  available: { USDT: '1187.654321', EUR: '150.25' },
  held: { USDT: '25.000000', EUR: '49.75' },
};

const at = (day: number, hour = 12) => new Date(Date.UTC(2030, 0, day, hour)).toISOString();
const leg = (kind: string, asset: 'USDT' | 'EUR', amount: string, from: MovementLeg['from'], to: MovementLeg['to']): MovementLeg => ({ kind, asset, amount, from, to });

/** Page 1: the movements a person makes most, newest first; page 2: one more. */
const firstPage: Movement[] = [
  {
    id: 90,
    reference: 'conversion:2',
    reason: null,
    createdAt: at(20, 15),
    legs: [leg('conversion_out', 'EUR', '39.80', 'available', null), leg('conversion_fee', 'EUR', '0.20', 'available', null), leg('conversion_in', 'USDT', '43.260848', null, 'available')],
  },
  { id: 88, reference: 'withdrawal:3', reason: 'IBAN does not match the name', createdAt: at(20, 11), legs: [leg('withdrawal_release', 'EUR', '30.00', 'held', 'available')] },
  { id: 80, reference: 'withdrawal:2', reason: null, createdAt: at(19), legs: [leg('withdrawal_payout', 'USDT', '49.000000', 'held', null), leg('withdrawal_fee', 'USDT', '1.000000', 'held', null)] },
  { id: 70, reference: 'withdrawal:2', reason: null, createdAt: at(18), legs: [leg('withdrawal_hold', 'USDT', '50.000000', 'available', 'held')] },
  {
    id: 60,
    reference: 'deposit:42',
    reason: null,
    createdAt: at(17),
    legs: [leg('deposit', 'USDT', '500.000000', null, 'available'), leg('deposit_bonus', 'USDT', '5.000000', null, 'available')],
  },
];
const secondPage: Movement[] = [{ id: 50, reference: 'adjustment:x', reason: 'Goodwill credit', createdAt: at(16), legs: [leg('adjustment', 'EUR', '100.00', null, 'available')] }];
const eurPage: Movement[] = [firstPage[0], firstPage[1]];

let answer: (sent: Received) => Reply;

function online(sent: Received): Reply {
  switch (sent.url.pathname) {
    case '/api/user/info':
      return ok(user);
    case '/api/wallet/list':
      return ok({ legal_wallet: { balance: [{ currency_name: 'USDT', legal_balance: '1187.654321' }, { currency_name: 'EUR', legal_balance: '150.25' }] } });
    case '/api/user/calc':
      return ok(calc);
    case '/api/wallet/movements': {
      const page = Number(sent.url.searchParams.get('page'));
      if (sent.url.searchParams.get('asset') === 'EUR') return ok({ list: page === 1 ? eurPage : [], total: eurPage.length, page, pageSize: 10 });
      const reply: Page<Movement> = { list: page === 1 ? firstPage : page === 2 ? secondPage : [], total: firstPage.length + secondPage.length, page, pageSize: 10 };
      return ok(reply);
    }
    default:
      return ok(null);
  }
}
const broken = (): Reply => ({ status: 503, body: { type: 'error', code: 0, message: 'Service unavailable', data: null } });

const sentTo = (path: string) => api.received.filter((sent) => sent.url.pathname === `/api${path}`);

beforeEach(async () => {
  await clearSession();
  api.received.length = 0;
  answer = online;
  api.respond((sent) => answer(sent));
  store.set(tokenAtom, 'tok_test');
  store.set(userInfoAtom, user);
});
afterEach(cleanup);

describe('my assets', () => {
  it('shows available and held per currency, the totals and the ways to move money', async () => {
    await renderScreen(AssetsScreen, '/mine/my-assets');
    const usdt = await screen.findByRole('region', { name: 'USDT' });
    await waitFor(() => expect(within(usdt).getByText('Held (withdrawals in progress)').nextElementSibling?.textContent).toBe('25.00'));
    expect(within(usdt).getByText('Available').nextElementSibling?.textContent).toBe('1,187.654321');
    const eur = screen.getByRole('region', { name: 'EUR' });
    expect(within(eur).getByText('Held (withdrawals in progress)').nextElementSibling?.textContent).toBe('49.75');

    const totals = screen.getByRole('region', { name: 'Totals' });
    const deposited = within(totals).getByRole('rowheader', { name: 'Total deposited' }).parentElement!;
    expect(deposited.textContent).toContain('1,500.00');
    expect(deposited.textContent).toContain('200.00');
    expect(within(totals).getByRole('rowheader', { name: 'Total earned' }).parentElement!.textContent).toContain('12.3456');

    const actions = screen.getByRole('navigation', { name: 'Money actions' });
    expect(within(actions).getAllByRole('link').map((link) => link.textContent)).toEqual(['Deposit', 'Withdraw', 'Convert', 'Fund record']);
  });

  it('opens the transfer screen from its link', async () => {
    const { router } = await renderScreen(AssetsScreen, '/assets');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('navigation', { name: 'Money actions' })).getByRole('link', { name: 'Convert' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/transfer'));
  });

  it('shows the last-known totals, marked, when the server cannot be reached', async () => {
    await renderScreen(AssetsScreen, '/assets');
    await screen.findByRole('region', { name: 'Totals' });
    cleanup();
    answer = broken;
    await renderScreen(AssetsScreen, '/assets');
    expect(await screen.findByText(/Offline · as of/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Totals' }).textContent).toContain('1,500.00');
  });
});

describe('the fund record', () => {
  const rows = () => screen.getAllByRole('button', { expanded: false }).concat(screen.queryAllByRole('button', { expanded: true }));
  const byTitle = (title: string) => screen.getByText((_, element) => element?.hasAttribute('data-title') === true && element.textContent!.replace(/\u00a0/g, ' ') === title);
  const titles = () => [...document.querySelectorAll('[data-title]')].map((title) => title.textContent!.replace(/\u00a0/g, ' '));

  it('shows one row per movement with a title in words, under its day', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('Deposit received');
    expect(titles()).toEqual(['Converted EUR to USDT', 'Withdrawal returned', 'Withdrawal sent', 'Withdrawal requested', 'Deposit received']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((day) => day.textContent)).toEqual(['January 20, 2030', 'January 19, 2030', 'January 18, 2030', 'January 17, 2030']);
    expect(screen.getByText(/incl\. VIP bonus 5\.00 USDT/)).toBeTruthy();
    // Nothing internal on screen: no ledger references.
    expect(document.body.textContent).not.toMatch(/conversion:|deposit:|withdrawal:/);
  });

  it('what came in is green with +, what went out is plain with a minus, what was set aside or returned is neither', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('Deposit received');
    const row = (title: string) => byTitle(title).closest('li')!;
    const amounts = (title: string) => [...row(title).querySelectorAll('[data-sign]')].map((amount) => [amount.getAttribute('data-sign'), amount.querySelector('bdi')!.textContent!.replace(/(USDT|EUR)$/, ' $1')]);

    expect(amounts('Converted EUR to USDT')).toEqual([['debit', '-40.00 EUR'], ['credit', '+43.260848 USDT']]);
    expect(row('Converted EUR to USDT').querySelector('[data-sign="debit"]')!.className).toContain('text-ink');
    expect(row('Converted EUR to USDT').querySelector('[data-sign="credit"]')!.className).toContain('text-emerald-700');
    expect(amounts('Deposit received')).toEqual([['credit', '+505.00 USDT']]);
    expect(amounts('Withdrawal sent')).toEqual([['debit', '-50.00 USDT']]);
    expect(amounts('Withdrawal requested')).toEqual([['within', '50.00 USDT']]);
    expect(row('Withdrawal requested').textContent).toContain('Set aside');
    // What is set aside is marked as held (a lock) rather than signed; what returns says so.
    expect(row('Withdrawal requested').querySelector('[data-sign="within"] [data-held]')).not.toBeNull();
    expect(amounts('Withdrawal returned')).toEqual([['within', '30.00 EUR']]);
    expect(row('Withdrawal returned').textContent).toContain('Returned');
    expect(row('Withdrawal returned').querySelector('[data-held]')).toBeNull();
    // Every amount of a row is signed or marked: none is a bare number.
    for (const amount of document.querySelectorAll('[data-sign]')) {
      const text = amount.querySelector('bdi')!.textContent!;
      expect(/^[+-]/.test(text) || amount.closest('li')!.textContent!.match(/Set aside|Returned|To balance/) !== null, text).toBe(true);
    }
  });

  it('says each amount once: the title names what happened and the currencies, the amounts stand at the end', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('Deposit received');
    const conversion = byTitle('Converted EUR to USDT').closest('li')!;
    const text = conversion.textContent!.replace(/\u00a0/g, ' ');
    expect(text.match(/40\.00/g)).toHaveLength(1);
    expect(text.match(/43\.260848/g)).toHaveLength(1);
    for (const title of titles()) expect(title, title).not.toMatch(/\d/);
  });

  it('a tap shows every posting, the order number and the operator’s reason', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('Deposit received');
    const toggle = screen.getByText('Withdrawal returned').closest('button')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const detail = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(detail.textContent).toContain('W0000000003');
    expect(detail.textContent).toContain('Reason: IBAN does not match the name');
    const postings = within(within(detail).getByRole('list', { name: 'Postings' })).getAllByRole('listitem');
    expect(postings.map((item) => item.textContent)).toEqual(['Withdrawal returnedHeld → Available30.00EUR']);

    await act(async () => {
      fireEvent.click(byTitle('Converted EUR to USDT').closest('button')!);
    });
    const conversion = document.getElementById(byTitle('Converted EUR to USDT').closest('button')!.getAttribute('aria-controls')!)!;
    expect(within(conversion).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Conversion outOut of Available-39.80EUR',
      'Conversion feeOut of Available-0.20EUR',
      'Conversion inInto Available+43.260848USDT',
    ]);
    expect(conversion.textContent).not.toContain('Order number');
  });

  it('loads page 2 on demand and then says that is everything', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('Deposit received');
    expect(sentTo('/wallet/movements').map((sent) => sent.url.searchParams.get('page'))).toEqual(['1']);
    expect(sentTo('/wallet/movements')[0].url.searchParams.get('pageSize')).toBe('10');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    });
    await screen.findByText('Balance correction');
    expect(sentTo('/wallet/movements').map((sent) => sent.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('That is all.')).toBeTruthy();
  });

  it('asks the server for one currency when its chip is chosen', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('Deposit received');
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'EUR' }));
    });
    await waitFor(() => expect(titles()).toEqual(['Converted EUR to USDT', 'Withdrawal returned']));
    expect(screen.getByRole('tab', { name: 'EUR' }).getAttribute('aria-selected')).toBe('true');
    expect(sentTo('/wallet/movements').map((sent) => sent.url.searchParams.get('asset'))).toEqual([null, 'EUR']);
    expect(screen.getByText('That is all.')).toBeTruthy();
    expect(rows().length).toBeGreaterThan(0);
  });

  it('says so when there is nothing yet', async () => {
    answer = (sent) => (sent.url.pathname === '/api/wallet/movements' ? ok({ list: [], total: 0, page: 1, pageSize: 10 }) : online(sent));
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    expect(await screen.findByText('No records yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the last-known records, marked, when offline', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('Deposit received');
    cleanup();
    answer = broken;
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    expect(await screen.findByText(/Offline · as of/)).toBeTruthy();
    expect(titles()).toHaveLength(firstPage.length);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
