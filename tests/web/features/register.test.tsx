import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maskedAddress } from '../../../src/features/shared/contact/sendCode';
import { toastsAtom } from '../../../src/ui/feedback/toast';
import { resendAtAtom } from '../../../src/ui/countdown';
import { areaCountryAtom } from '../../../src/ui/form/area-code/areaCountry';
import { ok, useTestApi } from '../support/api-server';
import { errorText } from '../../../src/locales/errors';
import RegisterScreen from '../../../src/features/auth/RegisterScreen';
import { renderScreen } from '../app/render';
import { registerRoute } from '../../../src/features/auth/routes';

afterEach(cleanup);

const api = useTestApi();
beforeEach(() => {
  getDefaultStore().set(toastsAtom, []);
  getDefaultStore().set(resendAtAtom, {});
});

const en = (key: Parameters<typeof errorText>[1], params?: Record<string, string | number>) => errorText('en', key, params);

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the sign-up form', () => {
  it('keeps where a visitor was going: its login link carries it on', async () => {
    await renderScreen(RegisterScreen, `/auth/register?redirect=${encodeURIComponent('/coin?symbol=btcusdt')}`, registerRoute);
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(new URL(login.getAttribute('href')!, 'https://app.invalid').searchParams.get('redirect')).toBe('/coin?symbol=btcusdt');
  });

  it('prefills the invitation code from ?invite=', async () => {
    await renderScreen(RegisterScreen, '/auth/register?invite=AB12', registerRoute);
    expect((screen.getByLabelText('Invitation code (optional)') as HTMLInputElement).value).toBe('AB12');
  });

  it('keeps an all-digit invitation code as text', async () => {
    await renderScreen(RegisterScreen, '/auth/register?invite=1234', registerRoute);
    expect((screen.getByLabelText('Invitation code (optional)') as HTMLInputElement).value).toBe('1234');
  });

  it('shows the shared rules’ messages under each empty field', async () => {
    await renderScreen(RegisterScreen, '/auth/register', registerRoute);
    submit();
    expect(await screen.findByText(en('phone.required'))).toBeTruthy();
    expect(screen.getByText(en('code.required'))).toBeTruthy();
    expect(screen.getByText(en('password.required'))).toBeTruthy();
    expect(screen.getByText(en('username.required'))).toBeTruthy();
    expect(screen.getByText(en('agreement.required'))).toBeTruthy();
  });

  it('explains which password rule is broken, and a confirmation that does not match', async () => {
    await renderScreen(RegisterScreen, '/auth/register', registerRoute);
    type('Password', '123456');
    submit();
    expect(await screen.findByText(en('password.sequential'))).toBeTruthy();

    type('Password', '1111111');
    submit();
    expect(await screen.findByText(en('password.repeated'))).toBeTruthy();

    type('Password', '12a456');
    submit();
    expect(await screen.findByText(en('password.digitsOnly'))).toBeTruthy();

    type('Password', '583927');
    type('Confirm password', '583928');
    submit();
    expect(await screen.findByText(en('password.mismatch'))).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the username and code formats and the e-mail on the e-mail tab', async () => {
    await renderScreen(RegisterScreen, '/auth/register', registerRoute);
    fireEvent.click(screen.getByRole('tab', { name: 'E-mail' }));
    type('E-mail', 'not-an-address');
    type('Verification code', '12');
    type('Username', '9lives');
    submit();
    expect(await screen.findByText(en('email.invalid'))).toBeTruthy();
    expect(screen.getByText(en('code.format'))).toBeTruthy();
    expect(screen.getByText(en('username.invalid'))).toBeTruthy();
    type('Username', 'ab');
    submit();
    expect(await screen.findByText(en('username.length', { min: 3, max: 20 }))).toBeTruthy();
  });

  it('takes only digits in the code field', async () => {
    await renderScreen(RegisterScreen, '/auth/register', registerRoute);
    type('Verification code', '12a-34');
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('1234');
  });

  it('says under the code field where the code went, masked, instead of a toast over the form', async () => {
    api.respond(() => ok({ retryAfter: 60 }));
    await renderScreen(RegisterScreen, '/auth/register', registerRoute);
    fireEvent.click(screen.getByRole('tab', { name: 'E-mail' }));
    type('E-mail', 'nadia.berger@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    // A machine under load answers slower than findBy's 1 s.
    const line = await screen.findByText((_, element) => element?.hasAttribute('data-code-sent') === true, {}, { timeout: 5_000 });
    expect(line.textContent).toBe('Code sent to n…@example.org');
    // It describes the code field, where the person types next.
    expect(screen.getByLabelText('Verification code').getAttribute('aria-describedby')).toBe(line.parentElement?.id);
    expect(getDefaultStore().get(toastsAtom)).toEqual([]);
    expect(JSON.parse(api.received.at(-1)!.body)).toMatchObject({ email: 'nadia.berger@example.org', purpose: 'register' });
    // Another address: the line no longer applies.
    type('E-mail', 'someone@example.org');
    expect(screen.queryByText(/Code sent to/)).toBeNull();
  });

  it('masks a phone number to its calling code and last four digits', async () => {
    api.respond(() => ok({ retryAfter: 60 }));
    getDefaultStore().set(areaCountryAtom, 'DE');
    await renderScreen(RegisterScreen, '/auth/register', registerRoute);
    type('Phone number', '0151 12345678');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByText(/Code sent to/).textContent).toBe('Code sent to +49 … 5678'), { timeout: 5_000 });
    expect(maskedAddress('phone', '+4915112345678', '49')).toBe('+49 … 5678');
    expect(maskedAddress('email', 'n@example.org', '49')).toBe('n…@example.org');
  });
});
