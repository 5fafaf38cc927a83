import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coinListQuery } from '../../../src/api/queries';
import { queryClient } from '../../../src/api/query';
import { toastsAtom } from '../../../src/ui/feedback/toast';
import { COIN_INFO_KEY } from '../../../src/domain/constants';
import type { CoinEntry, DepositAddressReply, DepositRecord } from '../../../src/domain/wire';
import DepositRecordsScreen from '../../../src/features/deposit/DepositRecordsScreen';
import DepositScreen from '../../../src/features/deposit/DepositScreen';
import { errorText } from '../../../src/locales/errors';
import { removeItem } from '../../../src/storage/store';
import { ok, type Received, type Reply, useTestApi } from '../support/api-server';
import { renderScreen } from '../app/render';
import { signInForTest } from '../support/session';

const TRC20 = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ERC20 = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

const COINS: CoinEntry[] = [
  { id: 1, name: 'USDT', kind: 'crypto', network: 'TRC20', address: TRC20, address_omni: TRC20, address_erc: ERC20 },
  { id: 2, name: 'BTC', kind: 'crypto', network: 'BTC', address: 'bc1qdemo', bank: null },
  { id: 3, name: 'ETH', kind: 'crypto', network: 'ERC20', address: '0xdemo', bank: null },
  { id: 4, name: 'Bank card', kind: 'bank', network: null, address: null, bank: { holder: 'Tessera Ltd', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bankName: 'Commerzbank' } },
];

function addressReply(coinId: number, network?: string): DepositAddressReply {
  if (coinId === 4) {
    return { coinId, coin: 'Bank card', kind: 'bank', network: null, asset: 'EUR', address: 'DE89370400440532013000', bank: COINS[3].bank!, reference: 'TSR-AB12CD', demo: false };
  }
  const coin = COINS.find((entry) => entry.id === coinId)!;
  const address = coinId === 1 ? (network === 'ERC20' ? ERC20 : TRC20) : coin.address!;
  return { coinId, coin: coin.name, kind: 'crypto', network: network ?? coin.network, asset: 'USDT', address, bank: null, reference: '', demo: false };
}

const RECORD: DepositRecord = {
  id: 7,
  orderNo: 'D2026000007',
  coin: 'USDT',
  network: 'TRC20',
  asset: 'USDT',
  amount: '100.000000',
  address: TRC20,
  reference: 'D2026000007',
  status: 'processing',
  bonus: null,
  reason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
};

const api = useTestApi({ quietToasts: true });
const toastTexts = () => getDefaultStore().get(toastsAtom).map((toast) => toast.text);

function answer(request: Received): Reply {
  switch (request.url.pathname) {
    case '/api/wallet/get_in_address': {
      const body = JSON.parse(request.body) as { coinId: number; network?: string };
      return ok(addressReply(body.coinId, body.network));
    }
    case '/api/wallet/charge_req':
      return ok(RECORD);
    default:
      return ok(null);
  }
}

beforeEach(async () => {
  api.received.length = 0;
  api.respond(answer);
  await removeItem(COIN_INFO_KEY);
  const store = getDefaultStore();
  store.set(toastsAtom, []);
  queryClient.setQueryData(coinListQuery.queryKey, COINS);
  signInForTest();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function mockClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

function requestsTo(path: string) {
  return api.received.filter((request) => request.url.pathname === path);
}

async function chooseUsdtTrc20() {
  await renderScreen(DepositScreen, '/recharge');
  fireEvent.click(screen.getByRole('radio', { name: 'USDT' }));
  await screen.findByTestId('deposit-address');
}

function pickProof(file: File) {
  fireEvent.change(screen.getByLabelText('Payment proof image'), { target: { files: [file] } });
}

const png = (bytes = 64, name = 'proof.png', type = 'image/png') => new File([new Uint8Array(bytes).fill(7)], name, { type });

describe('the deposit screen', () => {
  it('shows the USDT TRC20 address from the API with its QR code, and copies it', async () => {
    await chooseUsdtTrc20();
    expect(screen.getByTestId('deposit-address').textContent).toBe(TRC20);
    expect(screen.getByRole('radio', { name: 'TRC20' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('img', { name: 'QR code of the deposit address' }).getAttribute('data-qr')).toBe(TRC20);
    const [asked] = requestsTo('/api/wallet/get_in_address');
    expect(JSON.parse(asked.body)).toEqual({ coinId: 1, network: 'TRC20', lang: 'en' });

    const writeText = mockClipboard(async () => {});
    const copy = screen.getByRole('button', { name: 'Copy address' });
    fireEvent.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TRC20));
    // Said on the button, under the address it confirms; no toast over the screen.
    await waitFor(() => expect(copy.textContent).toContain('Copied'));
    expect(copy.querySelector('[role="status"]')?.textContent).toBe('Copied');
    expect(toastTexts()).toEqual([]);
    await waitFor(() => expect(copy.textContent).toContain('Copy'), { timeout: 4_000 });
    expect(copy.textContent).not.toContain('Copied');
  });

  it('switches to the ERC20 address', async () => {
    await chooseUsdtTrc20();
    fireEvent.click(screen.getByRole('radio', { name: 'ERC20' }));
    await waitFor(() => expect(screen.getByTestId('deposit-address').textContent).toBe(ERC20));
    expect(JSON.parse(requestsTo('/api/wallet/get_in_address').at(-1)!.body)).toMatchObject({ coinId: 1, network: 'ERC20' });
  });

  it('says so when copying fails', async () => {
    await chooseUsdtTrc20();
    mockClipboard(async () => {
      throw new Error('denied');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(toastTexts()).toContain(errorText('en', 'copy.failed')));
  });

  it('shows the bank account, the payment reference and EUR for the bank transfer', async () => {
    await renderScreen(DepositScreen, '/recharge');
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer (IBAN)' }));
    expect(await screen.findByText('TSR-AB12CD')).toBeTruthy();
    expect(screen.getByText('DE89 3704 0044 0532 0130 00')).toBeTruthy();
    expect(screen.getByText('COBADEFFXXX')).toBeTruthy();
    expect(screen.getByText('Tessera Ltd')).toBeTruthy();
    expect(screen.getByLabelText('Amount (EUR)')).toBeTruthy();
    expect(JSON.parse(requestsTo('/api/wallet/get_in_address')[0].body)).toEqual({ coinId: 4, lang: 'en' });

    const writeText = mockClipboard(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Copy payment reference' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('TSR-AB12CD'));
  });

  it('explains that BTC is reported as its USDT value and sends no network for it', async () => {
    await renderScreen(DepositScreen, '/recharge');
    fireEvent.click(screen.getByRole('radio', { name: 'BTC' }));
    await screen.findByTestId('deposit-address');
    expect(screen.getByText(/USDT value of the BTC you sent/)).toBeTruthy();
    expect(JSON.parse(requestsTo('/api/wallet/get_in_address')[0].body)).toEqual({ coinId: 2, lang: 'en' });
  });

  it('asks for the proof before sending anything', async () => {
    await chooseUsdtTrc20();
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText(errorText('en', 'deposit.proofRequired'))).toBeTruthy();
    expect(requestsTo('/api/wallet/charge_req')).toHaveLength(0);
  });

  it('refuses a proof that is too large or not an image it takes, with clear texts', async () => {
    await chooseUsdtTrc20();
    pickProof(png(2 * 1024 * 1024 + 1));
    expect(await screen.findByText(errorText('en', 'upload.tooLarge'))).toBeTruthy();
    pickProof(new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(errorText('en', 'upload.wrongType'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText(errorText('en', 'deposit.proofRequired'))).toBeTruthy();
    expect(requestsTo('/api/wallet/charge_req')).toHaveLength(0);
  });

  it('checks the amount with the asset’s decimals', async () => {
    await renderScreen(DepositScreen, '/recharge');
    fireEvent.click(screen.getByRole('radio', { name: 'Bank transfer (IBAN)' }));
    await screen.findByText('TSR-AB12CD');
    pickProof(png());
    fireEvent.change(screen.getByLabelText('Amount (EUR)'), { target: { value: '10.505' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    expect(await screen.findByText(errorText('en', 'amount.invalid', { decimals: 2 }))).toBeTruthy();
    expect(requestsTo('/api/wallet/charge_req')).toHaveLength(0);
  });

  it('sends coin, network, amount and the proof as multipart with an idempotency key, then shows the order number', async () => {
    await chooseUsdtTrc20();
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '100' } });
    pickProof(png());
    expect(await screen.findByText('proof.png')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    });
    expect((await screen.findByTestId('order-number')).textContent).toBe('D2026000007');
    expect(screen.getByText('Processing')).toBeTruthy();

    const [sent] = requestsTo('/api/wallet/charge_req');
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.headers['idempotency-key']).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(sent.body).toMatch(/name="coinId"\r\n\r\n1\r\n/);
    expect(sent.body).toMatch(/name="network"\r\n\r\nTRC20\r\n/);
    expect(sent.body).toMatch(/name="amount"\r\n\r\n100\r\n/);
    expect(sent.body).toMatch(/name="file"; filename="proof.png"\r\nContent-Type: image\/png/);
    // The text fields travel before the file.
    expect(sent.body.indexOf('name="amount"')).toBeLessThan(sent.body.indexOf('name="file"'));

    expect(screen.getByRole('button', { name: 'See deposit records' })).toBeTruthy();
  });

  it('refuses to send while offline, with the offline text', async () => {
    await chooseUsdtTrc20();
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '100' } });
    pickProof(png());
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
      await waitFor(() => expect(toastTexts()).toContain(errorText('en', 'offline.refused')));
      expect(requestsTo('/api/wallet/charge_req')).toHaveLength(0);
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });

  it('sends the same action again with the same key, and a changed amount with a new one', async () => {
    let calls = 0;
    api.respond((request) => {
      if (request.url.pathname !== '/api/wallet/charge_req') return answer(request);
      calls += 1;
      return calls <= 2 ? { status: 500, body: { type: 'error', code: 0, message: 'Server error.', key: 'server.error', data: null } } : ok(RECORD);
    });
    await chooseUsdtTrc20();
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '100' } });
    pickProof(png());
    const submitOnce = async (count: number) => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
      });
      await waitFor(() => expect(requestsTo('/api/wallet/charge_req')).toHaveLength(count));
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit deposit' })?.hasAttribute('disabled') ?? true).toBe(false));
    };
    await submitOnce(1);
    await submitOnce(2);
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '101' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    });
    await screen.findByTestId('order-number');
    const [first, retry, changed] = requestsTo('/api/wallet/charge_req').map((request) => request.headers['idempotency-key']);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
  });
});

describe('the deposit records', () => {
  it('lists records with status words, bonus and reason, and loads more on demand', async () => {
    const page1 = Array.from({ length: 10 }, (_, index) => ({ ...RECORD, id: 100 - index, orderNo: `D${100 - index}` }));
    page1[0] = { ...page1[0], status: 'success', bonus: '1.500000', decidedAt: '2026-03-02T10:00:00.000Z' };
    page1[1] = { ...page1[1], status: 'failed', reason: 'The proof does not show the transfer.' };
    const page2 = [{ ...RECORD, id: 50, orderNo: 'D50', coin: 'Bank card', network: null, asset: 'EUR' as const, amount: '20.00' }];
    api.respond((request) => {
      if (request.url.pathname !== '/api/recharge/log') return ok(null);
      const page = Number(request.url.searchParams.get('page'));
      return ok({ list: page === 1 ? page1 : page2, total: 11, page, pageSize: 10 });
    });
    await renderScreen(DepositRecordsScreen, '/recharge/records');
    expect(await screen.findByText('D100')).toBeTruthy();
    expect(screen.getByText('Credited')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getAllByText('Processing')).toHaveLength(8);
    expect(screen.getByText('Reason: The proof does not show the transfer.')).toBeTruthy();
    expect(screen.getByText('1.50')).toBeTruthy();
    expect(requestsTo('/api/recharge/log')[0].url.searchParams.get('pageSize')).toBe('10');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('D50')).toBeTruthy();
    expect(requestsTo('/api/recharge/log').at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('That is all.')).toBeTruthy();
  });

  it('shows the last-known list, marked as such, when the call fails', async () => {
    api.respond(() => ok({ list: [{ ...RECORD, orderNo: 'D-KEPT' }], total: 1, page: 1, pageSize: 10 }));
    await renderScreen(DepositRecordsScreen, '/recharge/records');
    await screen.findByText('D-KEPT');
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 50));

    api.respond(() => ({ status: 500, body: 'down' }));
    await renderScreen(DepositRecordsScreen, '/recharge/records');
    expect(await screen.findByText(/Offline · as of/)).toBeTruthy();
    expect(screen.getByText('D-KEPT')).toBeTruthy();
  });

  it('has an empty state', async () => {
    api.respond(() => ok({ list: [], total: 0, page: 1, pageSize: 10 }));
    await renderScreen(DepositRecordsScreen, '/recharge/records');
    expect(await screen.findByText('No deposits yet')).toBeTruthy();
  });
});
