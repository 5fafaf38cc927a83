import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { errorText } from '../../../src/locales/errors';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../src/api/query';
import type { Loan, LoanConfig } from '../../../src/domain/loan';
import ApplyLoanScreen from '../../../src/features/loan/ApplyLoanScreen';
import LoanScreen from '../../../src/features/loan/LoanScreen';
import { configureClient } from '../../../src/api/client';
import LoanDetailScreen from '../../../src/features/loan/LoanDetailScreen';
import { loanRoutes } from '../../../src/features/loan/routes';
import { renderScreen } from '../app/render';
import { ok, useTestApi } from '../support/api-server';
import { signInForTest } from '../support/session';

const applyRoute = loanRoutes[1];
const detailRoute = loanRoutes[3];
const api = useTestApi({ quietToasts: true });
let config: LoanConfig;

const approved: Loan = {
  id: 4,
  loanNo: 'L0000000004',
  type: 'credit',
  asset: 'USDT',
  amount: '50.000000',
  days: 7,
  dailyRate: '0.05',
  apr: '18.25',
  interest: '0.175000',
  total: '50.175000',
  collateral: '0.000000',
  status: 'approved',
  fullName: 'Mara Keller',
  idType: 'passport',
  idNumber: '•••••0T47',
  documents: ['front'],
  reason: null,
  repayReason: null,
  createdAt: '2030-01-15T09:00:00.000Z',
  decidedAt: '2030-01-15T09:10:00.000Z',
  dueAt: '2030-01-22T09:10:00.000Z',
  repayRequestedAt: null,
  repaidAt: null,
};

const baseConfig: LoanConfig = {
  products: [{ id: 1, type: 'credit', asset: 'USDT', days: 7, dailyRate: '0.05', apr: '18.25', minAmount: '50.000000', maxAmount: '1000.000000' }],
  available: { USDT: '300.000000', EUR: '0.00' },
  open: null,
};

/** The operators' thresholds at the reference rate of docs/loans.md's example. */
const TERMS = { rate: '0.920000', minLtv: '10', maxLtv: '80', marginCallLtv: '85', liquidationLtv: '90', liquidationFeePercent: '1' };
/** docs/loans.md's loan: 1,000.00 EUR for 30 days at 0.03 % a day against 1,358.695653 USDT. */
const DOCS_LOAN = {
  type: 'principal',
  asset: 'EUR',
  amount: '1000.00',
  days: 30,
  dailyRate: '0.03',
  interest: '9.00',
  total: '1009.00',
  collateral: '1358.695653',
  collateralAsset: 'USDT',
} as const satisfies Partial<Loan>;

beforeEach(() => {
  queryClient.clear();
  config = { ...baseConfig };
  api.respond((sent) => (sent.url.pathname === '/api/loan/config' ? ok(config) : ok(null)));
  signInForTest();
});
afterEach(cleanup);

describe('applying for a loan', () => {
  it('shows the form when no loan is open', async () => {
    await renderScreen(ApplyLoanScreen, '/loan/apply-loan', applyRoute);
    expect(await screen.findByLabelText('Amount to borrow (USDT)')).toBeTruthy();
    expect(screen.getByText('Interest over 7 days')).toBeTruthy();
  });

  it("checks every field with the catalogue's words before anything is sent, the amount within the product", async () => {
    await renderScreen(ApplyLoanScreen, '/loan/apply-loan', applyRoute);
    fireEvent.change(await screen.findByLabelText('Amount to borrow (USDT)'), { target: { value: '1000.5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply for the loan' }));
    });
    expect(screen.getByText(errorText('en', 'loan.amountOutOfRange', { min: '50', max: '1000', asset: 'USDT' }))).toBeTruthy();
    for (const key of ['loan.nameRequired', 'loan.idNumberRequired', 'loan.documentRequired', 'loan.backRequired', 'loan.disclaimerRequired'] as const) {
      expect(screen.getByText(errorText('en', key))).toBeTruthy();
    }
    // A passport has no back to ask for.
    fireEvent.click(screen.getByRole('radio', { name: 'Passport' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply for the loan' }));
    });
    expect(screen.queryByText(errorText('en', 'loan.backRequired'))).toBeNull();
    expect(api.received.filter((sent) => sent.url.pathname === '/api/loan/apply')).toHaveLength(0);
  });

  it('with a loan not yet ended, says one at a time and shows that loan instead of a form the server would refuse', async () => {
    config = { ...baseConfig, open: approved };
    await renderScreen(ApplyLoanScreen, '/loan/apply-loan', applyRoute);
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe('You can apply for another loan once this one is repaid.');
    const card = screen.getByRole('link', { name: /L0000000004/ });
    expect(card.textContent).toContain('Credit loan · 7 days · L0000000004');
    expect(screen.queryByLabelText('Amount to borrow (USDT)')).toBeNull();
  });
});

describe('applying for a principal loan: EUR against USDT', () => {
  const principal: LoanConfig = {
    ...baseConfig,
    products: [{ id: 2, type: 'principal', asset: 'EUR', days: 30, dailyRate: '0.03', apr: '10.95', minAmount: '100.00', maxAmount: '5000.00' }],
    available: { USDT: '2000.000000', EUR: '0.00' },
    acrossAssets: TERMS,
  };
  const fact = (label: string) => screen.getByText(label).closest('div')?.textContent?.replace(/\s+/g, ' ') ?? '';

  it('shows the collateral it locks, the LTV and the prices of a margin call and a liquidation before applying', async () => {
    config = principal;
    await renderScreen(ApplyLoanScreen, '/loan/apply-loan', applyRoute);
    fireEvent.change(await screen.findByLabelText('Amount to borrow (EUR)'), { target: { value: '1000' } });
    // docs/loans.md's example: 1,000.00 EUR at 0.92, 80 % → 1,358.695653 USDT; calls at 0.865882 and 0.817777.
    fireEvent.click(screen.getByRole('radio', { name: '80%' }));
    expect(fact('Collateral locked')).toContain('1,358.695653USDT');
    expect(fact('LTV at the start')).toContain('80%');
    expect(fact('Margin call at an LTV of 85%')).toContain('1 USDT ≤ 0.865882 EUR');
    expect(fact('Liquidation at an LTV of 90%')).toContain('1 USDT ≤ 0.817777 EUR');
    expect(fact('Reference rate')).toContain('1 USDT = 0.9200 EUR');
    // At 50 %: 2,173.913044 USDT, called at 0.541176.
    fireEvent.click(screen.getByRole('radio', { name: '50%' }));
    expect(fact('Collateral locked')).toContain('2,173.913044USDT');
    expect(fact('Margin call at an LTV of 85%')).toContain('0.541176');
  });

  it('says how much collateral is missing when the balance of the other currency does not hold it, and sends nothing', async () => {
    config = principal;
    await renderScreen(ApplyLoanScreen, '/loan/apply-loan', applyRoute);
    fireEvent.change(await screen.findByLabelText('Amount to borrow (EUR)'), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('radio', { name: '30%' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Apply for the loan' }));
    });
    // 2,000 EUR at 30 % of 0.92 a USDT: 7,246.376812 USDT, more than the 2,000 available.
    expect(screen.getByText(errorText('en', 'loan.collateralNeeded', { need: '7246.376812', have: '2000', asset: 'USDT' }))).toBeTruthy();
    expect(api.received.filter((sent) => sent.url.pathname === '/api/loan/apply')).toHaveLength(0);
  });
});

describe('the loans when every call fails', () => {
  it('say one cause, the true one: the network, under what could not be loaded (no "not found")', async () => {
    // Nothing answers at this address: the request fails as it does without a network.
    configureClient({ baseUrl: 'http://127.0.0.1:9/api' });
    try {
      await renderScreen(LoanScreen, '/loan', loanRoutes[0]);
      expect(await screen.findByRole('heading', { name: 'The loans could not be loaded' })).toBeTruthy();
      expect(screen.getByText(errorText('en', 'network.error'))).toBeTruthy();
      expect(screen.queryByText(/not found/i)).toBeNull();
    } finally {
      configureClient({ baseUrl: api.baseUrl });
    }
  });
});

describe('a loan opened by a link that is not one of yours', () => {
  it('says so once and leads to my loans, instead of a failure to retry', async () => {
    api.respond((sent) =>
      sent.url.pathname === '/api/loan/detail'
        ? { status: 404, body: { type: 'error', code: 0, message: 'Loan not found', data: null, key: 'loan.notFound' } }
        : ok(null),
    );
    await renderScreen(LoanDetailScreen, '/loan/loan-detail?id=99', detailRoute);
    expect(await screen.findByRole('heading', { name: 'This loan is not among yours' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'My loans' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText('Loan not found')).toBeNull();
  });
});

describe('a loan across assets', () => {
  it('shows its collateral in the asset it is locked in, not the asset lent', async () => {
    const acrossAssets: Loan = { ...approved, ...DOCS_LOAN };
    api.respond((sent) => (sent.url.pathname === '/api/loan/detail' ? ok(acrossAssets) : ok(null)));
    await renderScreen(LoanDetailScreen, '/loan/loan-detail?id=4', detailRoute);
    const held = (await screen.findByText('Collateral held')).closest('div');
    expect(held?.textContent).toContain('1,358.695653USDT');
    expect(held?.textContent).not.toContain('EUR');
  });

  it('shows what repaying now costs (the days used), its LTV now, and takes more collateral', async () => {
    // docs/loans.md: on day 10, 1,003.00 EUR are owed and the LTV at 0.92 is 80.24 %.
    const paidOut = new Date(Date.now() - 9.5 * 24 * 3600_000).toISOString();
    const acrossAssets: Loan = { ...approved, ...DOCS_LOAN, decidedAt: paidOut };
    config = {
      ...baseConfig,
      available: { USDT: '500.000000', EUR: '1000.00' },
      acrossAssets: TERMS,
    };
    api.respond((sent) => (sent.url.pathname === '/api/loan/detail' ? ok(acrossAssets) : sent.url.pathname === '/api/loan/config' ? ok(config) : ok(null)));
    await renderScreen(LoanDetailScreen, '/loan/loan-detail?id=4', detailRoute);
    expect((await screen.findByText('Owed now (10 days of interest)')).closest('div')?.textContent).toContain('1,003.00EUR');
    expect(screen.getByText('LTV now').closest('div')?.textContent).toContain('80.24%');
    const add = await screen.findByRole('region', { name: 'Add collateral' });
    expect(add.textContent).toContain('Collateral to add (USDT)');
  });

  it('an old-rule principal loan is ended, not repaid: nothing taken from the balance, no interest', async () => {
    const old: Loan = { ...approved, type: 'principal', collateral: '50.000000', collateralAsset: 'USDT', oldRule: true };
    api.respond((sent) => (sent.url.pathname === '/api/loan/detail' ? ok(old) : ok(null)));
    await renderScreen(LoanDetailScreen, '/loan/loan-detail?id=4', detailRoute);
    const note = await screen.findByRole('note', { name: 'Old terms' });
    expect(note.textContent).toContain('nothing is taken from your balance, no interest is charged');
    expect(screen.getByRole('button', { name: 'End the loan' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Repay now' })).toBeNull();
  });

  it('shows a margin call under way, and a liquidated loan with its figures', async () => {
    config = { ...baseConfig, acrossAssets: { ...TERMS, rate: '0.860000' } };
    const called: Loan = {
      ...approved,
      ...DOCS_LOAN,
      ltvBp: 8561,
      marginCall: { since: '2030-01-20T09:00:00.000Z', ltvBp: 8561 },
    };
    let shown = called;
    api.respond((sent) => (sent.url.pathname === '/api/loan/detail' ? ok(shown) : sent.url.pathname === '/api/loan/config' ? ok(config) : ok(null)));
    await renderScreen(LoanDetailScreen, '/loan/loan-detail?id=4', detailRoute);
    const banner = await screen.findByRole('alert', { name: 'Margin call' });
    expect(banner.textContent).toContain("this loan's LTV is 85.61%, at or past 85%");
    expect(banner.textContent).toContain('At 90% part of the collateral is sold');
    cleanup();
    queryClient.clear();
    // docs/loans.md: liquidated at 0.817 on day 10.
    shown = {
      ...called,
      status: 'liquidated',
      marginCall: null,
      liquidation: { at: '2030-01-25T09:00:00.000Z', rate: '0.817000', converted: '1239.938801', returned: '118.756852', interest: '3.00', fee: '10.03', shortfall: '0.00' },
    };
    await renderScreen(LoanDetailScreen, '/loan/loan-detail?id=4', detailRoute);
    const ended = await screen.findByRole('region', { name: 'Liquidation' });
    expect(ended.textContent).toContain('Collateral sold1,239.938801USDT');
    expect(ended.textContent).toContain('Collateral returned118.756852USDT');
    expect(ended.textContent).toContain('Liquidation fee10.03EUR');
    expect(ended.textContent).toContain('You keep the 1,000.00EUR you borrowed');
    expect(ended.textContent).not.toContain('you do not owe it');
    expect(screen.queryByRole('alert', { name: 'Margin call' })).toBeNull();
  });

  it('after a part was repaid, owes the principal left and the interest of the days since, and takes another part below it', async () => {
    // docs/loans.md: 1,000.00 EUR, 350.00 repaid with ten days' interest on day 10; on day 20, 650.00 and ten more days.
    const paidOut = new Date(Date.now() - 19.5 * 24 * 3600_000).toISOString();
    const parted: Loan = {
      ...approved,
      ...DOCS_LOAN,
      decidedAt: paidOut,
      principalLeft: '650.00',
      interestRepaid: '3.00',
      interestDaysPaid: 10,
    };
    config = { ...baseConfig, available: { USDT: '0.000000', EUR: '800.00' }, acrossAssets: TERMS };
    api.respond((sent) => (sent.url.pathname === '/api/loan/detail' ? ok(parted) : sent.url.pathname === '/api/loan/config' ? ok(config) : ok(null)));
    await renderScreen(LoanDetailScreen, '/loan/loan-detail?id=4', detailRoute);
    expect((await screen.findByText('Owed now (10 days of interest)')).closest('div')?.textContent).toContain('651.95EUR');
    expect(screen.getByText('Principal left').closest('div')?.textContent).toContain('650.00EUR');
    const part = await screen.findByRole('region', { name: 'Repay a part' });
    expect(part.textContent).toContain('interest so far (1.95EUR)');
    fireEvent.change(screen.getByLabelText('Part of the principal (EUR)'), { target: { value: '650' } });
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Repay a part' })[0]);
    });
    expect(screen.getByText(errorText('en', 'loan.partTooLarge', { left: '650', asset: 'EUR' }))).toBeTruthy();
    expect(api.received.filter((sent) => sent.url.pathname === '/api/loan/repay/part')).toHaveLength(0);
  });
});
