import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walletQuery } from '../../../src/api/queries';
import { queryClient } from '../../../src/api/query';
import { toastsAtom } from '../../../src/ui/feedback/toast';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../src/domain/ledger';
import type { ConversionRecord, QuoteReply } from '../../../src/domain/wire';
import { asInput, eurPerUsdt, quoteDeadline } from '../../../src/features/conversion/quote';
import ConversionScreen from '../../../src/features/conversion/ConversionScreen';
import { AMOUNT_MAX_PARAMS } from '../../../src/domain/payments';
import { errorText } from '../../../src/locales/errors';
import { tokenAtom, userInfoAtom } from '../../../src/storage/session';
import { activateLocale, loadScreenMessages } from '../../../src/i18n';
import { renderScreen } from '../app/render';
import { TEST_USER } from '../support/session';
import { ok, type Received, type Reply, useTestApi } from '../support/api-server';
import { PIN_LABEL } from '../support/fixtures';

const store = getDefaultStore();
const api = useTestApi({ drainMs: 200 });

const user = TEST_USER;

function quote(overrides: Partial<QuoteReply> = {}): QuoteReply {
  return {
    quoteId: '7d1b6c1e-6a55-4c7e-9a0e-0f1c2d3e4f50',
    from: 'EUR',
    to: 'USDT',
    amount: '100.00',
    rate: '1.086956',
    feePercent: '0.5',
    fee: '0.50',
    receive: '108.152122',
    expiresAt: new Date(Date.now() + 30_000).toISOString(),
    ...overrides,
  };
}

const record: ConversionRecord = {
  id: 41,
  from: 'EUR',
  to: 'USDT',
  amount: '100.00',
  fee: '0.50',
  receive: '108.152122',
  rate: '1.086956',
  createdAt: '2030-01-02T10:00:00.000Z',
};

/** The demo API of these tests; `quotes` and `transfer` are what the two conversion calls answer. */
let quotes: QuoteReply[];
let transfer: (sent: Received) => Reply;

function answer(sent: Received): Reply {
  switch (sent.url.pathname) {
    case '/api/user/info':
      return ok(user);
    case '/api/wallet/list':
      return ok({ legal_wallet: { balance: [{ currency_name: 'EUR', legal_balance: '500.00' }, { currency_name: 'USDT', legal_balance: '20.000000' }] } });
    case '/api/transfer/quote':
      return ok(quotes.shift() ?? quote());
    case '/api/transfer':
      return transfer(sent);
    default:
      return ok(null);
  }
}

const sentTo = (path: string) => api.received.filter((sent) => sent.url.pathname === `/api${path}`);
const bodyOf = (sent: Received) => JSON.parse(sent.body) as Record<string, unknown>;

/** The value shown next to a label of the quote. */
function fact(label: string): string {
  const term = screen.getAllByText(label).find((element) => element.tagName === 'DT');
  return term?.nextElementSibling?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

async function typeAmount(value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Amount (EUR)'), { target: { value } });
  });
}

async function enterPin(pin: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(PIN_LABEL), { target: { value: pin } });
  });
}


beforeEach(() => {
  api.received.length = 0;
  quotes = [];
  transfer = () => ok(record);
  api.respond(answer);
  store.set(tokenAtom, 'tok_test');
  store.set(userInfoAtom, user);
  queryClient.setQueryData(walletQuery(user.id).queryKey, { EUR: '500.00', USDT: '20.000000' });
});
afterEach(cleanup);

describe('the conversion screen (/transfer)', () => {
  it('starts from the currency the user has: USDT → EUR when only USDT is there (after a first deposit)', async () => {
    queryClient.setQueryData(walletQuery(user.id).queryKey, { EUR: '0.00', USDT: '20.000000' });
    await renderScreen(ConversionScreen, '/transfer');
    expect(screen.getByLabelText('Amount (USDT)')).toBeTruthy();
    expect(screen.getByText('Available:', { exact: false }).textContent).toContain('20');
  });

  it('starts from EUR when there are euros', async () => {
    await renderScreen(ConversionScreen, '/transfer');
    expect(screen.getByLabelText('Amount (EUR)')).toBeTruthy();
  });

  it('asks for a quote as the amount is typed and shows rate, fee and what arrives exactly as quoted', async () => {
    await renderScreen(ConversionScreen, '/transfer');
    expect(screen.getByText('Available:', { exact: false }).textContent).toContain('500.00');
    await typeAmount('100');
    await waitFor(() => expect(fact('You receive (estimated)')).toBe('108.152122USDT'));

    const asked = sentTo('/transfer/quote');
    expect(asked).toHaveLength(1);
    expect(bodyOf(asked[0])).toMatchObject({ from: 'EUR', to: 'USDT', amount: '100' });
    expect(fact('Rate')).toContain('1 EUR = 1.086956 USDT');
    expect(fact('Fee rate')).toBe('0.5%');
    expect(fact('Fee')).toBe('0.50EUR');
    expect(screen.getByText(/This rate holds for \d+ s\./)).toBeTruthy();
    // The countdown ticking does not ask again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
    expect(sentTo('/transfer/quote')).toHaveLength(1);
  });

  it('waits for a pause in typing: one quote for the final amount', async () => {
    await renderScreen(ConversionScreen, '/transfer');
    await typeAmount('1');
    await typeAmount('10');
    await typeAmount('100');
    await waitFor(() => expect(fact('Fee')).toBe('0.50EUR'));
    expect(sentTo('/transfer/quote').map((sent) => bodyOf(sent).amount)).toEqual(['100']);
  });

  it('converts the other way after a swap', async () => {
    quotes = [quote({ from: 'USDT', to: 'EUR', amount: '10.000000', rate: '0.920000', fee: '0.050000', receive: '9.15' })];
    await renderScreen(ConversionScreen, '/transfer');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Swap currencies' }));
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '10' } });
    });
    await waitFor(() => expect(fact('You receive (estimated)')).toBe('9.15EUR'));
    expect(bodyOf(sentTo('/transfer/quote')[0])).toMatchObject({ from: 'USDT', to: 'EUR', amount: '10' });
  });

  it('confirms with the payment password and sends the quote id with an Idempotency-Key', async () => {
    await renderScreen(ConversionScreen, '/transfer');
    await typeAmount('100');
    await waitFor(() => expect(fact('Fee')).toBe('0.50EUR'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    });
    const summary = document.querySelector('[data-quote-id]');
    expect(summary?.textContent?.replace(/\s+/g, ' ')).toBe('Convert 100.00EUR → 108.152122USDT at 1 EUR = 1.086956 USDT, fee 0.50EUR');
    expect(sentTo('/transfer')).toHaveLength(0);

    await enterPin('260418');
    await waitFor(() => expect(sentTo('/transfer')).toHaveLength(1));
    const [sent] = sentTo('/transfer');
    expect(bodyOf(sent)).toMatchObject({ quoteId: quote().quoteId, payPassword: '260418' });
    expect(String(sent.headers['idempotency-key'])).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(await screen.findByRole('region', { name: 'Conversion done' })).toBeTruthy();
    expect(fact('Received')).toBe('108.152122USDT');
    // The balances are fetched again after the conversion.
    await waitFor(() => expect(sentTo('/wallet/list').length).toBeGreaterThanOrEqual(2));
  });

  it('retries a failed confirmation with the same key', async () => {
    let calls = 0;
    transfer = () => (++calls === 1 ? { status: 200, body: { type: 'error', code: 0, key: 'payPassword.wrong', message: 'Wrong payment password.', data: null } } : ok(record));
    await renderScreen(ConversionScreen, '/transfer');
    await typeAmount('100');
    await waitFor(() => expect(fact('Fee')).toBe('0.50EUR'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    });
    await enterPin('111111');
    expect(await screen.findByText('Wrong payment password.')).toBeTruthy();
    await enterPin('260418');
    await waitFor(() => expect(sentTo('/transfer')).toHaveLength(2));
    const [first, second] = sentTo('/transfer');
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
  });

  it('after a 409 transfer.rateChanged shows the new quote and needs a second confirmation', async () => {
    const fresh = quote({ quoteId: '0b6a1a8e-2f3c-4d5e-8f90-a1b2c3d4e5f6', rate: '1.075268', receive: '106.989166' });
    quotes = [quote(), fresh];
    let calls = 0;
    transfer = () =>
      ++calls === 1
        ? { status: 409, body: { type: 'error', code: 0, key: 'transfer.rateChanged', message: errorText('en', 'transfer.rateChanged'), data: null } }
        : ok({ ...record, rate: fresh.rate, receive: fresh.receive });
    await renderScreen(ConversionScreen, '/transfer');
    await typeAmount('100');
    await waitFor(() => expect(fact('Fee')).toBe('0.50EUR'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    });
    await enterPin('260418');

    // The new quote is fetched and shown; nothing is executed without the user seeing it.
    await waitFor(() => expect(fact('You receive (estimated)')).toBe('106.989166USDT'));
    expect(screen.getByRole('status').textContent).toContain('The rate was updated — please check and confirm again.');
    expect(fact('Rate')).toContain('1 EUR = 1.075268 USDT');
    expect(sentTo('/transfer/quote')).toHaveLength(2);
    expect(sentTo('/transfer')).toHaveLength(1);
    expect(document.querySelector('[data-quote-id]')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    });
    expect(document.querySelector('[data-quote-id]')?.textContent?.replace(/\s+/g, ' ')).toContain('106.989166USDT at 1 EUR = 1.075268 USDT');
    await enterPin('260418');
    await waitFor(() => expect(sentTo('/transfer')).toHaveLength(2));
    const [first, second] = sentTo('/transfer');
    expect(bodyOf(second).quoteId).toBe(fresh.quoteId);
    // A new quote is a new action: a new key.
    expect(second.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);
  });

  it('in Arabic, keeps every figure of the summary one unbroken left-to-right run: the rate was split over two lines and reordered', async () => {
    await renderScreen(ConversionScreen, '/transfer');
    await typeAmount('100');
    await waitFor(() => expect(fact('Fee')).toBe('0.50EUR'));
    // The rate as the quote shows it: one run, also the reference read back from it.
    const rates = [...document.querySelectorAll<HTMLElement>('[data-rate]')];
    expect(rates.map((rate) => rate.textContent?.replace(/\s+/g, ' '))).toEqual(['1 EUR = 1.086956 USDT', '1 USDT ≈ 0.9200 EUR']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    });
    await act(async () => {
      await loadScreenMessages();
      await activateLocale('ar');
    });
    try {
      const summary = document.querySelector('[data-quote-id]')!;
      expect(summary.textContent).toContain('بسعر');
      const runs = [...summary.children].filter((child) => child.tagName === 'BDI') as HTMLElement[];
      expect(runs.map((run) => run.textContent?.replace(/\s+/g, ' '))).toEqual(['100.00EUR', '108.152122USDT', '1 EUR = 1.086956 USDT', '0.50EUR']);
      for (const run of runs) {
        expect(run.dir).toBe('ltr');
        expect(run.className).toContain('whitespace-nowrap');
      }
      // Inside the rate no space where a line could end.
      expect(runs[2].textContent).not.toMatch(/ /);
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('refuses an amount above the balance before asking the server', async () => {
    await renderScreen(ConversionScreen, '/transfer');
    await typeAmount('500.01');
    expect(screen.getByText(errorText('en', 'balance.insufficient'))).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(sentTo('/transfer/quote')).toHaveLength(0);
    // The button stays live (the form convention): a press sends nothing and the problem stays said.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    });
    expect(screen.queryByLabelText(PIN_LABEL)).toBeNull();
    expect(sentTo('/transfer/quote')).toHaveLength(0);
    expect(sentTo('/transfer')).toHaveLength(0);
    expect(screen.getByText(errorText('en', 'balance.insufficient'))).toBeTruthy();
  });

  it('refuses more decimals than the currency has', async () => {
    await renderScreen(ConversionScreen, '/transfer');
    await typeAmount('1.005');
    expect(screen.getByText(errorText('en', 'amount.invalid', { decimals: 2 }))).toBeTruthy();
  });

  it('names the largest amount there is rather than a format problem', async () => {
    await renderScreen(ConversionScreen, '/transfer');
    await typeAmount('2000000000');
    expect(screen.getByText(errorText('en', 'amount.tooLarge', AMOUNT_MAX_PARAMS))).toBeTruthy();
    expect(sentTo('/transfer/quote')).toHaveLength(0);
  });

  it('fills in the whole balance with "All"', async () => {
    await renderScreen(ConversionScreen, '/transfer');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'All' }));
    });
    expect((screen.getByLabelText('Amount (EUR)') as HTMLInputElement).value).toBe('500');
    await waitFor(() => expect(sentTo('/transfer/quote')).toHaveLength(1));
  });

  it('refuses to open the payment sheet while offline', async () => {
    await renderScreen(ConversionScreen, '/transfer');
    await typeAmount('100');
    await waitFor(() => expect(fact('Fee')).toBe('0.50EUR'));
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
      });
      expect(document.querySelector('[data-quote-id]')).toBeNull();
      expect(store.get(toastsAtom).map((toast) => toast.text)).toContain(errorText('en', 'offline.refused'));
    } finally {
      if (onLine) Object.defineProperty(navigator, 'onLine', onLine);
      else delete (navigator as { onLine?: boolean }).onLine;
    }
  });
});

describe('the quote helpers', () => {
  it('counts down to the server’s expiry, or the quote’s lifetime when the clocks disagree', () => {
    const now = Date.parse('2030-01-01T00:00:00.000Z');
    expect(quoteDeadline('2030-01-01T00:00:25.000Z', now)).toBe(now + 25_000);
    expect(quoteDeadline('2029-12-31T23:59:00.000Z', now)).toBe(now + 30_000);
    expect(quoteDeadline('2030-01-01T01:00:00.000Z', now)).toBe(now + 30_000);
    expect(quoteDeadline('not a time', now)).toBe(now + 30_000);
  });

  it('reads the reference rate back from a quote in either direction', () => {
    expect(eurPerUsdt('0.920000', 'USDT')).toEqual({ value: '0.920000', approximate: false });
    expect(eurPerUsdt('1.086956', 'EUR')).toEqual({ value: '0.920000', approximate: true });
  });

  it('turns a balance into an amount to type', () => {
    expect(asInput('500.00')).toBe('500');
    expect(asInput('10.300100')).toBe('10.3001');
    expect(asInput('0.000001')).toBe('0.000001');
  });
});
