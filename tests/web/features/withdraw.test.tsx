import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../src/api/query';
import { toastsAtom } from '../../../src/ui/feedback/toast';
import type { BankBinding, WithdrawInfoReply, WithdrawalRecord } from '../../../src/domain/wire';
import BankWithdrawScreen from '../../../src/features/withdraw/BankWithdrawScreen';
import CryptoWithdrawScreen from '../../../src/features/withdraw/CryptoWithdrawScreen';
import WithdrawRecordsScreen from '../../../src/features/withdraw/WithdrawRecordsScreen';
import WithdrawScreen from '../../../src/features/withdraw/WithdrawScreen';
import { plainDecimal, withdrawProblem } from '../../../src/domain/payments';
import { decimalInput, netAmount } from '../../../src/features/shared/money/amounts';
import { errorText } from '../../../src/locales/errors';
import { ok, type Received, type Reply, useTestApi } from '../support/api-server';
import { renderScreen } from '../app/render';
import { BANK_BINDING, PIN_LABEL } from '../support/fixtures';
import { signInForTest } from '../support/session';

const TRC20 = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

const BINDING = BANK_BINDING;

const info = (bank: BankBinding | null = null): WithdrawInfoReply => ({
  methods: [
    { method: 'crypto', asset: 'USDT', networks: ['TRC20', 'ERC20'], minimum: '10.000000', fee: '1.000000', available: '500.000000' },
    { method: 'bank', asset: 'EUR', networks: [], minimum: '20.00', fee: '2.50', available: '300.00' },
  ],
  bank,
});

const RECORD: WithdrawalRecord = {
  id: 9,
  orderNo: 'W2026000009',
  method: 'crypto',
  asset: 'USDT',
  network: 'TRC20',
  destination: TRC20,
  amount: '100.000000',
  fee: '1.000000',
  net: '99.000000',
  status: 'processing',
  txReference: null,
  reason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
};

let bound: BankBinding | null = null;
/** Makes the next money call reach the server but lose its answer, as a dropped connection would. */
let loseNextAnswer = false;
const realFetch = globalThis.fetch.bind(globalThis);
const api = useTestApi({
  fetch: async (input, init) => {
    const response = await realFetch(input, init);
    if (loseNextAnswer && new URL(input instanceof Request ? input.url : String(input)).pathname === '/api/wallet/out') {
      loseNextAnswer = false;
      throw new TypeError('Failed to fetch');
    }
    return response;
  },
  quietToasts: true,
});

function answer(request: Received): Reply {
  switch (request.url.pathname) {
    case '/api/wallet/get_info':
      return ok(info(bound));
    case '/api/wallet/out':
      return ok(RECORD);
    default:
      return ok(null);
  }
}

beforeEach(() => {
  api.received.length = 0;
  api.respond(answer);
  bound = null;
  loseNextAnswer = false;
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  const store = getDefaultStore();
  store.set(toastsAtom, []);
  signInForTest();
});
afterEach(cleanup);

const en = errorText.bind(null, 'en');
const outRequests = () => api.received.filter((request) => request.url.pathname === '/api/wallet/out');
const toastTexts = () => getDefaultStore().get(toastsAtom).map((toast) => toast.text);

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function openCrypto() {
  const view = await renderScreen(CryptoWithdrawScreen, '/withdraw/index11');
  await screen.findByLabelText('Amount (USDT)');
  return view;
}

async function enterPin(pin = '260418') {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(PIN_LABEL), { target: { value: pin } });
  });
}

async function confirmWithdrawal() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
  });
}

describe('choosing how to withdraw', () => {
  it('shows both methods with their asset, minimum, fee and available balance', async () => {
    await renderScreen(WithdrawScreen, '/withdraw');
    expect(await screen.findByText('To a crypto address')).toBeTruthy();
    expect(screen.getByText('To a bank account (IBAN)')).toBeTruthy();
    expect(screen.getByText('2.50')).toBeTruthy();
    expect(screen.getByText('20.00')).toBeTruthy();
    expect(screen.getByText(/bind a bank account first/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /To a crypto address/ }).getAttribute('href')).toBe('/withdraw/index11');
    expect(screen.getByRole('link', { name: /To a bank account \(IBAN\)/ }).getAttribute('href')).toBe('/withdraw/index22');
  });
});

describe('withdrawing to a crypto address', () => {
  it('shows what arrives (amount − fee) as the amount is typed, and "All" takes the available balance', async () => {
    await openCrypto();
    expect(screen.getByTestId('net-amount').textContent).toBe('—USDT');
    type('Amount (USDT)', '100');
    expect(screen.getByTestId('net-amount').textContent).toBe('99.00USDT');
    type('Amount (USDT)', '10.000001');
    expect(screen.getByTestId('net-amount').textContent).toBe('9.000001USDT');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((screen.getByLabelText('Amount (USDT)') as HTMLInputElement).value).toBe('500');
    expect(screen.getByTestId('net-amount').textContent).toBe('499.00USDT');
  });

  it('blocks an amount below the minimum before calling, naming the minimum', async () => {
    await openCrypto();
    type('Address (TRC20)', TRC20);
    type('Amount (USDT)', '5');
    await confirmWithdrawal();
    const text = en('withdraw.belowMinimum', { min: '10', asset: 'USDT' });
    expect(screen.getByText(text)).toBeTruthy();
    expect(text).toContain('10 USDT');
    expect(screen.queryByText(/you receive/)).toBeNull();
    expect(outRequests()).toHaveLength(0);
  });

  it('blocks more than the available balance and a wrong address', async () => {
    await openCrypto();
    type('Address (TRC20)', '0x71C7656EC7ab88b098defB751B7401B5f6d8976F');
    fireEvent.blur(screen.getByLabelText('Address (TRC20)'));
    expect(screen.getByText(en('address.invalid'))).toBeTruthy();
    type('Amount (USDT)', '500.5');
    await confirmWithdrawal();
    expect(screen.getByText(en('balance.insufficient'))).toBeTruthy();
    expect(screen.getByText(en('address.invalid'))).toBeTruthy();
    expect(outRequests()).toHaveLength(0);
  });

  it('asks for the payment password with a summary, sends the withdrawal and goes to the records', async () => {
    const { router } = await openCrypto();
    type('Address (TRC20)', TRC20);
    type('Amount (USDT)', '100');
    await confirmWithdrawal();
    const summary = await screen.findByText(/you receive/);
    expect(summary.textContent).toBe('Fee 1.00 USDT; you receive 99.00 USDT');
    const action = screen.getByText((_text, element) => element?.tagName === 'P' && /^Withdraw 100\.00 USDT to /.test(element.textContent ?? ''));
    expect(action.textContent).toBe('Withdraw 100.00 USDT to TXYZop…AeBf');

    await enterPin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw/records'));
    const [sent] = outRequests();
    expect(JSON.parse(sent.body)).toEqual({ method: 'crypto', network: 'TRC20', address: TRC20, amount: '100', payPassword: '260418', lang: 'en' });
    expect(sent.headers['idempotency-key']).toBeTruthy();
    expect(toastTexts().some((text) => text.startsWith('Withdrawal requested'))).toBe(true);
  });

  it('retries after a lost answer with the same key, and uses a new key once the amount changed', async () => {
    const { router } = await openCrypto();
    type('Address (TRC20)', TRC20);
    type('Amount (USDT)', '100');
    await confirmWithdrawal();
    loseNextAnswer = true;
    await enterPin();
    // The sheet stays open with the network text; the same action again keeps its key.
    expect(await screen.findByText(en('network.error'))).toBeTruthy();
    expect(router.state.location.pathname).toBe('/withdraw/index11');
    loseNextAnswer = true;
    await enterPin();
    await waitFor(() => expect(outRequests()).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    type('Amount (USDT)', '50');
    await confirmWithdrawal();
    await enterPin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw/records'));

    const [first, retry, changed] = outRequests().map((request) => request.headers['idempotency-key']);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
    expect(JSON.parse(outRequests()[2].body).amount).toBe('50');
  });

  it('keeps the sheet open on a wrong payment password, and shows a refusal of the request on the form', async () => {
    let call = 0;
    api.respond((request) => {
      if (request.url.pathname !== '/api/wallet/out') return answer(request);
      call += 1;
      return call === 1
        ? { body: { type: 'error', code: 0, message: en('payPassword.wrong'), key: 'payPassword.wrong', data: null } }
        : { body: { type: 'error', code: 0, message: en('balance.insufficient'), key: 'balance.insufficient', field: 'amount', data: null } };
    });
    const { router } = await openCrypto();
    type('Address (TRC20)', TRC20);
    type('Amount (USDT)', '100');
    await confirmWithdrawal();
    await enterPin('111111');
    expect(await screen.findByText(en('payPassword.wrong'))).toBeTruthy();
    await enterPin();
    await waitFor(() => expect(screen.getAllByText(en('balance.insufficient')).length).toBeGreaterThan(0));
    expect(screen.getByLabelText('Amount (USDT)').getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/withdraw/index11');
  });

  it('refuses while offline without asking for the password', async () => {
    await openCrypto();
    type('Address (TRC20)', TRC20);
    type('Amount (USDT)', '100');
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await confirmWithdrawal();
    expect(toastTexts()).toContain(en('offline.refused'));
    expect(screen.queryByLabelText(PIN_LABEL)).toBeNull();
    expect(outRequests()).toHaveLength(0);
  });
});

describe('the second factor and the pause after a security change', () => {
  const CODE = 'Code from your authenticator app';
  const SOON = new Date(Date.now() + 20 * 3_600_000).toISOString();
  const overview = (pausedUntil: string | null) => ok({ secondFactor: { totp: true, recoveryCodesLeft: 10 }, antiPhishingCode: null, withdrawalsPausedUntil: pausedUntil, changes: [] });
  /** The time as the notice writes it (the UI language's medium date and short time). */
  const shown = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));

  beforeEach(() => queryClient.clear());

  async function fillAndConfirm() {
    await openCrypto();
    type('Address (TRC20)', TRC20);
    type('Amount (USDT)', '100');
    await confirmWithdrawal();
  }

  it('with an authenticator, the payment sheet asks for its code and the withdrawal carries it', async () => {
    signInForTest({ hasSecondFactor: true, secondFactorMethods: ['totp', 'recovery'] });
    const { router } = await openCrypto();
    type('Address (TRC20)', TRC20);
    type('Amount (USDT)', '100');
    await confirmWithdrawal();
    await enterPin();
    expect(outRequests()).toHaveLength(0);
    await act(async () => {
      fireEvent.change(screen.getByLabelText(CODE), { target: { value: '482913' } });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw/records'));
    expect(JSON.parse(outRequests()[0].body)).toMatchObject({ payPassword: '260418', secondFactor: { method: 'totp', code: '482913' } });
  });

  it('asks for the code when the server does, and sends the same request again under the same key', async () => {
    api.respond((request) =>
      request.url.pathname === '/api/wallet/out' && outRequests().length === 1
        ? { status: 403, body: { type: 'error', code: 0, message: en('secondFactor.required'), key: 'secondFactor.required', field: 'secondFactor', data: null } }
        : answer(request),
    );
    await fillAndConfirm();
    expect(screen.queryByLabelText(CODE)).toBeNull();
    await enterPin();
    const code = await screen.findByLabelText(CODE);
    expect(screen.getByText(en('secondFactor.required'))).toBeTruthy();
    await act(async () => {
      fireEvent.change(code, { target: { value: '482913' } });
    });
    await waitFor(() => expect(outRequests()).toHaveLength(2));
    const [first, second] = outRequests();
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    expect(JSON.parse(first.body)).not.toHaveProperty('secondFactor');
    expect(JSON.parse(second.body)).toMatchObject({ payPassword: '260418', secondFactor: { method: 'totp', code: '482913' } });
  });

  it('says until when withdrawals are paused before the form is filled in, and sends nothing', async () => {
    api.respond((request) => (request.url.pathname === '/api/safe/security' ? overview(SOON) : answer(request)));
    await renderScreen(WithdrawScreen, '/withdraw');
    expect((await screen.findByText(/Withdrawals resume on/)).textContent).toBe(`Withdrawals resume on ${shown(SOON)}`);
    cleanup();
    await openCrypto();
    expect((await screen.findByText(/Withdrawals resume on/)).textContent).toBe(`Withdrawals resume on ${shown(SOON)}`);
    expect((screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'See what changed' }).getAttribute('href')).toBe('/setting/security');
  });

  it('a pause that has ended says nothing', async () => {
    api.respond((request) => (request.url.pathname === '/api/safe/security' ? overview(new Date(Date.now() - 1000).toISOString()) : answer(request)));
    await openCrypto();
    await waitFor(() => expect(api.received.some((request) => request.url.pathname === '/api/safe/security')).toBe(true));
    expect(screen.queryByText(/Withdrawals resume on/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a withdrawal refused because of a pause shows when it ends', async () => {
    let paused = false;
    api.respond((request) => {
      if (request.url.pathname === '/api/safe/security') return overview(paused ? SOON : null);
      if (request.url.pathname !== '/api/wallet/out') return answer(request);
      paused = true;
      return { status: 403, body: { type: 'error', code: 0, message: en('withdraw.paused', { hours: 20 }), key: 'withdraw.paused', data: { until: SOON } } };
    });
    await fillAndConfirm();
    expect(screen.queryByText(/Withdrawals resume on/)).toBeNull();
    await enterPin();
    expect((await screen.findByText(/Withdrawals resume on/)).textContent).toBe(`Withdrawals resume on ${shown(SOON)}`);
    // The sheet closed: the refusal is the request's, not the password's.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Payment password', hidden: true }).getAttribute('aria-modal')).toBeNull());
    expect((screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('withdrawing to a bank account', () => {
  it('without a bound account, says so and leads to the binding and back', async () => {
    const { router } = await renderScreen(BankWithdrawScreen, '/withdraw/index22');
    expect(await screen.findByText(en('bank.required'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bind a bank account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mine/bind'));
    expect(router.state.location.search).toEqual({ redirect: '/withdraw/index22' });
  });

  it('shows the bound account and sends EUR with the payment password', async () => {
    bound = BINDING;
    const { router } = await renderScreen(BankWithdrawScreen, '/withdraw/index22');
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getAllByText('DE89 •••• 3000').length).toBeGreaterThan(0);
    type('Amount (EUR)', '20');
    await confirmWithdrawal();
    expect((await screen.findByText(/you receive/)).textContent).toBe('Fee 2.50 EUR; you receive 17.50 EUR');
    await enterPin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw/records'));
    expect(JSON.parse(outRequests()[0].body)).toEqual({ method: 'bank', amount: '20', payPassword: '260418', lang: 'en' });
  });

  it('refuses an amount that is not above the fee', async () => {
    bound = BINDING;
    api.respond((request) =>
      request.url.pathname === '/api/wallet/get_info'
        ? ok({ ...info(bound), methods: [info().methods[0], { ...info().methods[1], minimum: '1.00' }] })
        : answer(request),
    );
    await renderScreen(BankWithdrawScreen, '/withdraw/index22');
    await screen.findByText('Ada Lovelace');
    type('Amount (EUR)', '2.5');
    await confirmWithdrawal();
    expect(screen.getByText(en('withdraw.notAboveFee', { fee: '2.5', asset: 'EUR' }))).toBeTruthy();
    expect(outRequests()).toHaveLength(0);
  });
});

describe('the withdrawal records', () => {
  it('shows method, destination, amount, fee, net, status, payout reference and reason', async () => {
    api.respond(() =>
      ok({
        list: [
          { ...RECORD, id: 3, orderNo: 'W3', status: 'completed', txReference: '0xabc123', decidedAt: '2026-03-02T10:00:00.000Z' },
          { ...RECORD, id: 2, orderNo: 'W2', method: 'bank', asset: 'EUR', network: null, destination: 'DE89370400440532013000 (Ada Lovelace)', amount: '20.00', fee: '2.50', net: '17.50', status: 'cancelled', reason: 'Name does not match.' },
          { ...RECORD, id: 1, orderNo: 'W1' },
        ],
        total: 3,
        page: 1,
        pageSize: 10,
      }),
    );
    await renderScreen(WithdrawRecordsScreen, '/withdraw/records');
    expect(await screen.findByText('W3')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByText('Processing')).toBeTruthy();
    expect(screen.getByText('0xabc123')).toBeTruthy();
    expect(screen.getByText('Reason: Name does not match.')).toBeTruthy();
    expect(screen.getByText('DE89 •••• 3000 (Ada Lovelace)')).toBeTruthy();
    expect(screen.getByText('17.50')).toBeTruthy();
    expect(screen.getAllByText('99.00')).toHaveLength(2);
    expect(screen.getByText('Completed').getAttribute('data-tone')).toBe('done');
    expect(screen.getByText('Cancelled').getAttribute('data-tone')).toBe('refused');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('the amount rules of the withdrawal forms', () => {
  const usdt = info().methods[0];
  const eur = info().methods[1];

  it('checks in the server’s order with the server’s keys and parameters', () => {
    expect(withdrawProblem('', usdt)).toEqual({ key: 'amount.required' });
    expect(withdrawProblem('1.1234567', usdt)).toEqual({ key: 'amount.invalid', params: { decimals: 6 } });
    expect(withdrawProblem('20.001', eur)).toEqual({ key: 'amount.invalid', params: { decimals: 2 } });
    expect(withdrawProblem('9.999999', usdt)).toEqual({ key: 'withdraw.belowMinimum', params: { min: '10', asset: 'USDT' } });
    expect(withdrawProblem('2.5', { ...eur, minimum: '1.00' })).toEqual({ key: 'withdraw.notAboveFee', params: { fee: '2.5', asset: 'EUR' } });
    expect(withdrawProblem('500.000001', usdt)).toEqual({ key: 'balance.insufficient' });
    expect(withdrawProblem('500', usdt)).toBeNull();
    expect(withdrawProblem('10', usdt)).toBeNull();
  });

  it('computes what arrives in minor units, never with floats', () => {
    expect(netAmount('0.3', '0.1', 'USDT')).toBe('0.200000');
    expect(netAmount('100', '1.000000', 'USDT')).toBe('99.000000');
    expect(netAmount('20.10', '2.50', 'EUR')).toBe('17.60');
    expect(netAmount('1', '1.000000', 'USDT')).toBeNull();
    expect(netAmount('abc', '1.000000', 'USDT')).toBeNull();
  });

  it('keeps typed amounts to digits and one decimal point, and names amounts without trailing zeros', () => {
    expect(decimalInput('1,5')).toBe('1.5');
    expect(decimalInput('1.2.3a')).toBe('1.23');
    expect(decimalInput('-12 €')).toBe('12');
    expect(plainDecimal('10.000000')).toBe('10');
    expect(plainDecimal('100.00')).toBe('100');
    expect(plainDecimal('2.50')).toBe('2.5');
    expect(plainDecimal('300')).toBe('300');
  });
});
