/**
 * The withdrawal address book in the app (docs/security.md, "Address book"): the book's screen
 * (entries with their labels and shortened destinations, "usable from" for a new one, the lock's
 * state and switch, removing after a confirmation), adding an entry (checked before the payment
 * password; the second factor asked for when the server wants it), and the withdrawal forms
 * picking an entry — only entries while the lock is on, the typed address still there while it is off.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../src/api/query';
import type { AddressBook, AddressEntry, WithdrawInfoReply } from '../../../src/domain/wire';
import AddAddressScreen from '../../../src/features/withdraw/AddAddressScreen';
import AddressBookScreen from '../../../src/features/withdraw/AddressBookScreen';
import BankWithdrawScreen from '../../../src/features/withdraw/BankWithdrawScreen';
import CryptoWithdrawScreen from '../../../src/features/withdraw/CryptoWithdrawScreen';
import { withdrawRoutes } from '../../../src/features/withdraw/routes';
import { errorText } from '../../../src/locales/errors';
import { confirmQueueAtom } from '../../../src/ui/feedback/confirm';
import { toastsAtom } from '../../../src/ui/feedback/toast';
import { renderScreen } from '../app/render';
import { ok, useTestApi, type Received, type Reply } from '../support/api-server';
import { PIN_LABEL } from '../support/fixtures';
import { signInForTest } from '../support/session';

const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const HOUR = 3_600_000;
const en = errorText.bind(null, 'en');
const CODE = 'Code from your authenticator app';
/** The forms' routes: their loader puts the methods and the address book in the cache before the screen shows. */
const [, , cryptoRoute, bankRoute] = withdrawRoutes;

const cold: AddressEntry = {
  kind: 'crypto',
  id: 7,
  label: 'Cold wallet',
  network: 'TRC20',
  address: TRC20,
  createdAt: new Date(Date.now() - 48 * HOUR).toISOString(),
  usableAt: new Date(Date.now() - 24 * HOUR).toISOString(),
};
const fresh: AddressEntry = {
  kind: 'crypto',
  id: 8,
  label: 'New exchange',
  network: 'ERC20',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  createdAt: new Date(Date.now() - HOUR).toISOString(),
  usableAt: new Date(Date.now() + 23 * HOUR).toISOString(),
};
const savings: AddressEntry = {
  kind: 'bank',
  id: 9,
  label: 'Savings',
  holder: 'Mira Haddad',
  iban: 'DE89370400440532013000',
  bic: 'DEUTDEFF',
  createdAt: new Date(Date.now() - 48 * HOUR).toISOString(),
  usableAt: new Date(Date.now() - 24 * HOUR).toISOString(),
};

const info: WithdrawInfoReply = {
  methods: [
    { method: 'crypto', asset: 'USDT', networks: ['TRC20', 'ERC20'], minimum: '10.000000', fee: '1.000000', available: '500.000000' },
    { method: 'bank', asset: 'EUR', networks: [], minimum: '20.00', fee: '2.50', available: '300.00' },
  ],
  bank: null,
};

let book: AddressBook;
/** What the next call to a path answers instead of success (once). */
const refusals = new Map<string, Reply>();
const api = useTestApi({ quietToasts: true });

function answer(request: Received): Reply {
  const path = request.url.pathname;
  const refusal = refusals.get(path);
  if (refusal) {
    refusals.delete(path);
    return refusal;
  }
  switch (path) {
    case '/api/wallet/address-book':
      return ok(book);
    case '/api/wallet/get_info':
      return ok(info);
    case '/api/wallet/address-book/lock':
      return ok({ on: true, offAt: null });
    case '/api/wallet/address-book/add':
      return ok({ ...fresh, id: 11, label: 'Exchange' });
    default:
      return ok(null);
  }
}

beforeEach(() => {
  api.received.length = 0;
  api.respond(answer);
  refusals.clear();
  // Each test's book, not the one an earlier test left in the cache.
  queryClient.clear();
  book = { entries: [fresh, cold, savings], max: 50, lock: { on: false, offAt: null } };
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  getDefaultStore().set(toastsAtom, []);
  getDefaultStore().set(confirmQueueAtom, []);
  signInForTest();
});
afterEach(cleanup);

/** The bodies sent to `path`, without the language every request carries. */
const sent = (path: string) =>
  api.received
    .filter((request) => request.url.pathname === path)
    .map((request) => {
      const { lang: _lang, ...body } = JSON.parse(request.body) as Record<string, unknown>;
      return body;
    });

async function enterPin(pin = '260418') {
  const input = await screen.findByLabelText(PIN_LABEL);
  await act(async () => {
    fireEvent.change(input, { target: { value: pin } });
  });
}

describe('the address book', () => {
  it('lists each entry with its label, its destination shortened and, while new, when it becomes usable', async () => {
    await renderScreen(AddressBookScreen, '/withdraw/address-book');
    const waiting = await screen.findByRole('listitem', { name: 'New exchange' });
    expect(within(waiting).getByText('0x5290…9EE7')).toBeTruthy();
    expect(within(waiting).getByText('Waiting')).toBeTruthy();
    expect(within(waiting).getByText(/^Usable from /)).toBeTruthy();
    const usable = screen.getByRole('listitem', { name: 'Cold wallet' });
    expect(within(usable).getByText('TLa2f6…YjU7')).toBeTruthy();
    expect(within(usable).queryByText(/^Usable from /)).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Savings' })).getByText('DE89 •••• 3000')).toBeTruthy();
    expect(screen.getByText('3 of 50')).toBeTruthy();
    expect(screen.getByTestId('address-lock-state').textContent).toBe('Off: you can also type an address when you withdraw.');
    expect(screen.getByRole('link', { name: 'Add an address' }).getAttribute('href')).toBe('/withdraw/address-book/add');
  });

  it('says until when the lock holds once turning it off was asked', async () => {
    book.lock = { on: true, offAt: new Date(Date.now() + 20 * HOUR).toISOString() };
    await renderScreen(AddressBookScreen, '/withdraw/address-book');
    expect((await screen.findByTestId('address-lock-state')).textContent).toMatch(/^On until .+, when it turns off as you asked/);
    // The switch shows what was asked: off.
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('turns the lock on with the payment password, and asks for the second factor when the server wants it', async () => {
    refusals.set('/api/wallet/address-book/lock', { status: 403, body: { type: 'error', code: 0, key: 'secondFactor.required', field: 'secondFactor', message: en('secondFactor.required'), data: null } });
    await renderScreen(AddressBookScreen, '/withdraw/address-book');
    fireEvent.click(await screen.findByText('Only to my address book', { selector: 'span' }));
    await enterPin();
    await waitFor(() => expect(sent('/api/wallet/address-book/lock')).toEqual([{ on: true, payPassword: '260418' }]));

    // The sheet stays open and asks for the code; the same request goes again with it.
    const code = await screen.findByLabelText(CODE);
    await act(async () => {
      fireEvent.change(code, { target: { value: '482913' } });
    });
    await waitFor(() => expect(sent('/api/wallet/address-book/lock')[1]).toEqual({ on: true, payPassword: '260418', secondFactor: { method: 'totp', code: '482913' } }));
  });

  it('removes an entry only once the removal is confirmed', async () => {
    await renderScreen(AddressBookScreen, '/withdraw/address-book');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Cold wallet' }));
    await waitFor(() => expect(getDefaultStore().get(confirmQueueAtom)).toHaveLength(1));
    getDefaultStore().get(confirmQueueAtom)[0].settle(true);
    await waitFor(() => expect(sent('/api/wallet/address-book/remove')).toEqual([{ id: 7 }]));
  });
});

describe('adding an entry', () => {
  it('checks the address for its network before asking for anything, then sends it with the payment password', async () => {
    await renderScreen(AddAddressScreen, '/withdraw/address-book/add');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Exchange' } });
    const address = screen.getByLabelText('Address (TRC20)');
    fireEvent.change(address, { target: { value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU0' } });
    fireEvent.blur(address);
    expect(await screen.findByText(en('address.invalid'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await act(async () => undefined);
    expect(screen.queryByLabelText(PIN_LABEL)).toBeNull();

    fireEvent.change(address, { target: { value: TRC20 } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await enterPin();
    await waitFor(() => expect(sent('/api/wallet/address-book/add')).toEqual([{ kind: 'crypto', label: 'Exchange', network: 'TRC20', address: TRC20, payPassword: '260418' }]));
  });

  it('with an authenticator set, the payment sheet asks for its code too', async () => {
    signInForTest({ hasSecondFactor: true, secondFactorMethods: ['totp', 'recovery'] });
    await renderScreen(AddAddressScreen, '/withdraw/address-book/add');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Exchange' } });
    fireEvent.change(screen.getByLabelText('Address (TRC20)'), { target: { value: TRC20 } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await enterPin();
    expect(sent('/api/wallet/address-book/add')).toHaveLength(0);
    await act(async () => {
      fireEvent.change(screen.getByLabelText(CODE), { target: { value: '482913' } });
    });
    await waitFor(() => expect(sent('/api/wallet/address-book/add')[0]).toMatchObject({ payPassword: '260418', secondFactor: { method: 'totp', code: '482913' } }));
  });

  it('a bank account: the IBAN’s check digits are tested, and it goes compact', async () => {
    await renderScreen(AddAddressScreen, '/withdraw/address-book/add');
    fireEvent.click(await screen.findByRole('radio', { name: 'Bank account' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Savings' } });
    fireEvent.change(screen.getByLabelText('Account holder'), { target: { value: 'Mira Haddad' } });
    const iban = screen.getByLabelText('IBAN');
    fireEvent.change(iban, { target: { value: 'DE89 3704 0044 0532 0130 01' } });
    fireEvent.blur(iban);
    expect(await screen.findByText(en('bank.ibanInvalid'))).toBeTruthy();
    fireEvent.change(iban, { target: { value: 'DE89 3704 0044 0532 0130 00' } });
    fireEvent.change(screen.getByLabelText('SWIFT/BIC'), { target: { value: 'deutdeff' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await enterPin();
    await waitFor(() =>
      expect(sent('/api/wallet/address-book/add')).toEqual([{ kind: 'bank', label: 'Savings', holder: 'Mira Haddad', iban: 'DE89370400440532013000', bic: 'DEUTDEFF', payPassword: '260418' }]),
    );
  });
});

describe('withdrawing to an entry', () => {
  it('while the lock is on, only entries are offered; a new one cannot be picked; the request names the entry', async () => {
    book.lock = { on: true, offAt: null };
    await renderScreen(CryptoWithdrawScreen, '/withdraw/index11', cryptoRoute);
    await screen.findByLabelText('Amount (USDT)');
    expect(screen.queryByLabelText('Address (TRC20)')).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Type an address' })).toBeNull();
    expect((screen.getByRole('radio', { name: /New exchange/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: /Cold wallet/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterPin();
    await waitFor(() => expect(sent('/api/wallet/out')).toEqual([{ method: 'crypto', entryId: 7, amount: '30', payPassword: '260418' }]));
  });

  it('while the lock is off, the form starts from a usable entry; an address can still be typed, and picking the entry again puts it aside', async () => {
    await renderScreen(CryptoWithdrawScreen, '/withdraw/index11', cryptoRoute);
    expect((await screen.findByRole('radio', { name: /Cold wallet/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('Address (TRC20)')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Type an address' }));
    expect(await screen.findByLabelText('Address (TRC20)')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Cold wallet/ }));
    expect(screen.queryByLabelText('Address (TRC20)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterPin();
    await waitFor(() => expect(sent('/api/wallet/out')).toEqual([{ method: 'crypto', entryId: 7, amount: '30', payPassword: '260418' }]));
  });

  it('the server’s refusal of an entry still cooling off is said under the choice', async () => {
    refusals.set('/api/wallet/out', { status: 403, body: { type: 'error', code: 0, key: 'addressBook.coolingOff', field: 'entryId', message: en('addressBook.coolingOff').replace('{hours}', '3'), data: null } });
    await renderScreen(CryptoWithdrawScreen, '/withdraw/index11', cryptoRoute);
    fireEvent.click(await screen.findByRole('radio', { name: /Cold wallet/ }));
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterPin();
    expect(await screen.findByText(en('addressBook.coolingOff').replace('{hours}', '3'))).toBeTruthy();
  });

  it('a bank account of the book pays out with no account bound', async () => {
    await renderScreen(BankWithdrawScreen, '/withdraw/index22', bankRoute);
    expect((await screen.findByRole('radio', { name: /Savings/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Amount (EUR)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterPin();
    await waitFor(() => expect(sent('/api/wallet/out')).toEqual([{ method: 'bank', entryId: 9, amount: '50', payPassword: '260418' }]));
  });
});
