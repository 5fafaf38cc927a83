import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toastsAtom } from '../../../src/ui/feedback/toast';
import type { BankBinding } from '../../../src/domain/wire';
import BankBindScreen from '../../../src/features/bank/BankBindScreen';
import { errorText } from '../../../src/locales/errors';
import { ok, type Received, type Reply, useTestApi } from '../support/api-server';
import { renderScreen } from '../app/render';
import { bankRoutes } from '../../../src/features/bank/routes';

const [bankRoute] = bankRoutes;
import { BANK_BINDING, PIN_LABEL } from '../support/fixtures';
import { signInForTest } from '../support/session';

const en = errorText.bind(null, 'en');

const BINDING = BANK_BINDING;

const api = useTestApi({ quietToasts: true });
let bound: BankBinding | null = null;

function answer(request: Received): Reply {
  switch (request.url.pathname) {
    case '/api/user/cash_info':
      return ok(bound);
    case '/api/user/cash_save': {
      const { payPassword: _password, lang: _lang, ...saved } = JSON.parse(request.body) as Record<string, string>;
      return ok({ ...saved, updatedAt: '2026-03-01T12:00:00.000Z' });
    }
    default:
      return ok(null);
  }
}

beforeEach(() => {
  api.received.length = 0;
  api.respond(answer);
  bound = null;
  const store = getDefaultStore();
  store.set(toastsAtom, []);
  signInForTest();
});
afterEach(cleanup);

const saves = () => api.received.filter((request) => request.url.pathname === '/api/user/cash_save');

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  type('First name', 'Ada');
  type('Last name', 'Lovelace');
  type('IBAN', 'de89 3704 0044 0532 0130 00');
  type('SWIFT/BIC', 'cobadeffxxx');
  type('Bank name', 'Commerzbank');
  type('Country or region', 'Germany');
  type('Address', 'Unter den Linden 1, Berlin');
}

async function openForm(url = '/mine/bind') {
  const view = await renderScreen(BankBindScreen, url, bankRoute);
  await screen.findByLabelText('IBAN');
  return view;
}

describe('binding a bank account', () => {
  it('tests the IBAN’s check digits when the field is left, and shows it in groups', async () => {
    await openForm();
    type('IBAN', 'DE89370400440532013001');
    fireEvent.blur(screen.getByLabelText('IBAN'));
    expect(screen.getByText(en('bank.ibanInvalid'))).toBeTruthy();
    expect((screen.getByLabelText('IBAN') as HTMLInputElement).value).toBe('DE89 3704 0044 0532 0130 01');
    type('IBAN', 'DE89370400440532013000');
    expect(screen.queryByText(en('bank.ibanInvalid'))).toBeNull();
    fireEvent.blur(screen.getByLabelText('IBAN'));
    expect(screen.queryByText(en('bank.ibanInvalid'))).toBeNull();
  });

  it('names every missing field and an invalid IBAN without asking for the password', async () => {
    await openForm();
    type('IBAN', 'GB00 1234');
    fireEvent.click(screen.getByRole('button', { name: 'Bind bank account' }));
    expect(await screen.findByText(en('bank.ibanInvalid'))).toBeTruthy();
    expect(screen.getByText(en('bank.firstNameRequired'))).toBeTruthy();
    expect(screen.getByText(en('bank.lastNameRequired'))).toBeTruthy();
    expect(screen.getByText(en('bank.swiftInvalid'))).toBeTruthy();
    expect(screen.getByText(en('bank.nameRequired'))).toBeTruthy();
    expect(screen.getByText(en('bank.countryRequired'))).toBeTruthy();
    expect(screen.getByText(en('bank.addressRequired'))).toBeTruthy();
    expect(screen.queryByLabelText(PIN_LABEL)).toBeNull();
    expect(saves()).toHaveLength(0);
  });

  it('asks for the payment password, posts the normalised IBAN with a key, and follows ?redirect=', async () => {
    const { router } = await openForm('/mine/bind?redirect=%2Fwithdraw%2Findex22');
    fillValid();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bind bank account' }));
    });
    const summary = await screen.findByText((_text, element) => element?.tagName === 'DIV' && /^Bind DE89/.test(element.textContent ?? '') && element.children.length === 1);
    expect(summary.textContent).toBe('Bind DE89 3704 0044 0532 0130 00 for your EUR withdrawals');
    expect(saves()).toHaveLength(0);

    await act(async () => {
      fireEvent.change(screen.getByLabelText(PIN_LABEL), { target: { value: '260418' } });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw/index22'));
    const [sent] = saves();
    const { updatedAt: _updatedAt, ...typed } = BINDING;
    expect(JSON.parse(sent.body)).toEqual({ ...typed, payPassword: '260418', lang: 'en' });
    expect(sent.headers['idempotency-key']).toBeTruthy();
    expect(getDefaultStore().get(toastsAtom).map((toast) => toast.text)).toContain('Bank account saved');
  });

  it('ignores a redirect that leaves the app', async () => {
    const { router } = await openForm('/mine/bind?redirect=https%3A%2F%2Fevil.example');
    fillValid();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bind bank account' }));
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText(PIN_LABEL), { target: { value: '260418' } });
    });
    await waitFor(() => expect(saves()).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows a bound account filled in, with the day it was bound', async () => {
    bound = BINDING;
    await openForm();
    expect((screen.getByLabelText('IBAN') as HTMLInputElement).value).toBe('DE89 3704 0044 0532 0130 00');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText('SWIFT/BIC') as HTMLInputElement).value).toBe('COBADEFFXXX');
    expect(screen.getByText(/^Bound on Feb 1, 2026\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeTruthy();
  });

  it('puts a server refusal about a field under that field', async () => {
    api.respond((request) =>
      request.url.pathname === '/api/user/cash_save'
        ? { body: { type: 'error', code: 0, message: en('bank.ibanInvalid'), key: 'bank.ibanInvalid', field: 'iban', data: null } }
        : answer(request),
    );
    await openForm();
    fillValid();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bind bank account' }));
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText(PIN_LABEL), { target: { value: '260418' } });
    });
    await waitFor(() => expect(screen.getByLabelText('IBAN').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(en('bank.ibanInvalid'))).toBeTruthy();
  });
});
