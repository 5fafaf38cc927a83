import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureClient } from '../../../src/api/client';
import { TRANSFER_KINDS, type TransferKind } from '../../../src/domain/ledger';
import type { CalcReply, LedgerEntry, Page } from '../../../src/domain/wire';
import AssetLogScreen from '../../../src/features/assets/AssetLogScreen';
import AssetsScreen from '../../../src/features/assets/AssetsScreen';
import { tokenAtom, userInfoAtom } from '../../../src/storage/session';
import { clearSession } from '../../../src/storage/store';
import { renderScreen } from '../app/render';
import { TEST_USER } from '../support/session';
import { ok, startTestApi, type Received, type Reply, type TestApi } from '../support/api-server';

const store = getDefaultStore();
let api: TestApi;

const user = TEST_USER;

const calc: CalcReply = {
  recharged: { USDT: '1500.000000', EUR: '200.00' },
  withdrawn: { USDT: '300.000000', EUR: '0.00' },
  earned: { USDT: '12.345678', EUR: '0.00' },
  available: { USDT: '1187.654321', EUR: '150.25' },
  held: { USDT: '25.000000', EUR: '49.75' },
};

const LABELS: Record<TransferKind, string> = {
  deposit: 'Deposit',
  deposit_bonus: 'VIP bonus',
  withdrawal_hold: 'Withdrawal (held)',
  withdrawal_release: 'Withdrawal returned',
  withdrawal_payout: 'Withdrawal paid',
  withdrawal_fee: 'Withdrawal fee',
  conversion_out: 'Conversion out',
  conversion_in: 'Conversion in',
  conversion_fee: 'Conversion fee',
  adjustment: 'Adjustment',
  trade_hold: 'Set aside for trading',
  trade_release: 'Returned from trading',
  trade_settle: 'Trade settled',
  trade_fee: 'Trading fee',
  pledge_lock: 'Pledged',
  pledge_release: 'Pledge returned',
  pledge_penalty: 'Early redemption penalty',
  pledge_interest: 'Pledge interest',
  interest_transfer: 'Interest moved to balance',
  loan_disburse: 'Loan paid out',
  loan_collateral: 'Loan collateral held',
  loan_repay_hold: 'Loan repayment (held)',
  loan_repay_release: 'Loan repayment returned',
  loan_repay: 'Loan repaid',
  loan_interest: 'Loan interest',
  loan_collateral_release: 'Loan collateral released',
};

function entry(id: number, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id,
    asset: 'USDT',
    amount: '+10.000000',
    account: 'available',
    kind: 'deposit',
    reference: `deposit:D${id}`,
    reason: null,
    createdAt: new Date(Date.UTC(2030, 0, 20 - id)).toISOString(),
    ...overrides,
  };
}

/** Page 1: one entry of every kind; page 2: two more. */
const firstPage: LedgerEntry[] = TRANSFER_KINDS.map((kind, index) =>
  entry(100 - index, {
    kind,
    asset: kind.startsWith('conversion') || kind === 'withdrawal_release' ? 'EUR' : 'USDT',
    amount: ['withdrawal_hold', 'withdrawal_payout', 'withdrawal_fee', 'conversion_out', 'conversion_fee'].includes(kind)
      ? '-30.000000'
      : '+100.000000',
    account: kind === 'withdrawal_payout' || kind === 'withdrawal_fee' ? 'held' : 'available',
    reason: kind === 'withdrawal_release' ? 'Address belongs to a sanctioned exchange' : kind === 'adjustment' ? 'Goodwill credit' : null,
  }),
);
const secondPage: LedgerEntry[] = [entry(50, { kind: 'deposit', amount: '+7.500000' }), entry(49, { kind: 'conversion_fee', asset: 'USDT', amount: '-0.000001' })];

let answer: (sent: Received) => Reply;

function online(sent: Received): Reply {
  switch (sent.url.pathname) {
    case '/api/user/info':
      return ok(user);
    case '/api/wallet/list':
      return ok({ legal_wallet: { balance: [{ currency_name: 'USDT', legal_balance: '1187.654321' }, { currency_name: 'EUR', legal_balance: '150.25' }] } });
    case '/api/user/calc':
      return ok(calc);
    case '/api/wallet/legal_log': {
      const page = Number(sent.url.searchParams.get('page'));
      const reply: Page<LedgerEntry> = { list: page === 1 ? firstPage : page === 2 ? secondPage : [], total: firstPage.length + secondPage.length, page, pageSize: 10 };
      return ok(reply);
    }
    default:
      return ok(null);
  }
}
const broken = (): Reply => ({ status: 503, body: { type: 'error', code: 0, message: 'Service unavailable', data: null } });

const sentTo = (path: string) => api.received.filter((sent) => sent.url.pathname === `/api${path}`);

beforeAll(async () => {
  api = await startTestApi();
  configureClient({ baseUrl: api.baseUrl });
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  await api.close();
});
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
    await waitFor(() => expect(within(usdt).getByText('Held (withdrawals in progress)').nextElementSibling?.textContent).toBe('25.0000'));
    expect(within(usdt).getByText('Available').nextElementSibling?.textContent).toBe('1,187.6543');
    const eur = screen.getByRole('region', { name: 'EUR' });
    expect(within(eur).getByText('Held (withdrawals in progress)').nextElementSibling?.textContent).toBe('49.75');

    const totals = screen.getByRole('region', { name: 'Totals' });
    const deposited = within(totals).getByRole('rowheader', { name: 'Total deposited' }).parentElement!;
    expect(deposited.textContent).toContain('1,500.0000');
    expect(deposited.textContent).toContain('200.00');
    expect(within(totals).getByRole('rowheader', { name: 'Total earned' }).parentElement!.textContent).toContain('12.3456');

    const actions = screen.getByRole('navigation', { name: 'Money actions' });
    expect(within(actions).getAllByRole('link').map((link) => link.textContent)).toEqual(['Deposit', 'Withdraw', 'Transfer', 'Fund record']);
  });

  it('opens the transfer screen from its link', async () => {
    const { router } = await renderScreen(AssetsScreen, '/assets');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('navigation', { name: 'Money actions' })).getByRole('link', { name: 'Transfer' }));
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
    expect(screen.getByRole('region', { name: 'Totals' }).textContent).toContain('1,500.0000');
  });
});

describe('the fund record', () => {
  it('labels every kind of posting in words', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('VIP bonus');
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(TRANSFER_KINDS.length);
    TRANSFER_KINDS.forEach((kind, index) => {
      expect(items[index].querySelector('p')?.textContent).toBe(LABELS[kind]);
    });
  });

  it('signs and colours amounts, names the held account and shows the operator’s reason', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('VIP bonus');
    const line = (label: string) => screen.getByText(label, { selector: 'p' }).closest('li')!;

    const credit = line('Deposit').querySelector('[data-sign]')!;
    expect(credit.getAttribute('data-sign')).toBe('credit');
    expect(credit.textContent).toBe('+100.0000USDT');
    expect(credit.closest('p')!.className).toContain('text-emerald-700');

    const debit = line('Withdrawal (held)').querySelector('[data-sign]')!;
    expect(debit.getAttribute('data-sign')).toBe('debit');
    expect(debit.textContent).toBe('−30.0000USDT');
    expect(debit.closest('p')!.className).toContain('text-rose-600');

    expect(within(line('Withdrawal paid')).getByText('Held')).toBeTruthy();
    expect(within(line('Deposit')).queryByText('Held')).toBeNull();
    expect(line('Withdrawal returned').textContent).toContain('Reason: Address belongs to a sanctioned exchange');
    expect(line('Adjustment').textContent).toContain('Reason: Goodwill credit');
    expect(line('Deposit').textContent).toContain('deposit:D100');
    expect(line('Deposit').querySelector('time')?.getAttribute('datetime')).toBe(firstPage[0].createdAt);
  });

  it('loads page 2 on demand and then says that is everything', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('VIP bonus');
    expect(sentTo('/wallet/legal_log').map((sent) => sent.url.searchParams.get('page'))).toEqual(['1']);
    expect(sentTo('/wallet/legal_log')[0].url.searchParams.get('pageSize')).toBe('10');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(firstPage.length + secondPage.length));
    expect(sentTo('/wallet/legal_log').map((sent) => sent.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('That is everything.')).toBeTruthy();
    // A fee too small for four decimals is shown in full, never as zero.
    expect(screen.getAllByRole('listitem').at(-1)?.querySelector('[data-sign]')?.textContent).toBe('−0.0000USDT');
  });

  it('filters the loaded records by currency', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('VIP bonus');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'EUR' }));
    });
    expect(screen.getByRole('button', { name: 'EUR' }).getAttribute('aria-pressed')).toBe('true');
    const shown = screen.getAllByRole('listitem');
    expect(shown).toHaveLength(firstPage.filter((item) => item.asset === 'EUR').length);
    for (const item of shown) expect(item.querySelector('[data-sign]')?.textContent).toMatch(/EUR$/);
  });

  it('says so when there is nothing yet', async () => {
    answer = (sent) => (sent.url.pathname === '/api/wallet/legal_log' ? ok({ list: [], total: 0, page: 1, pageSize: 10 }) : online(sent));
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    expect(await screen.findByText('No records yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the last-known records, marked, when offline', async () => {
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    await screen.findByText('VIP bonus');
    cleanup();
    answer = broken;
    await renderScreen(AssetLogScreen, '/assets/assets-log');
    expect(await screen.findByText(/Offline · as of/)).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(TRANSFER_KINDS.length);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
