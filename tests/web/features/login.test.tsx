import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toastsAtom } from '../../../src/ui/feedback/toast';
import { zodFormResolver } from '../../../src/ui/form/form';
import LoginScreen from '../../../src/features/auth/LoginScreen';
import { areaCountryAtom } from '../../../src/ui/form/area-code/areaCountry';
import { errorText } from '../../../src/locales/errors';
import { renderScreen } from '../app/render';
import { loginRoute } from '../../../src/features/auth/routes';

afterEach(cleanup);

describe('the login form', () => {
  it('hands where the visitor was going on to the sign-up, so a new user also comes back to it', async () => {
    await renderScreen(LoginScreen, `/auth/login?redirect=${encodeURIComponent('/coin')}`, loginRoute);
    const signUp = screen.getByRole('link', { name: 'Create an account' });
    expect(new URL(signUp.getAttribute('href')!, 'https://app.invalid').searchParams.get('redirect')).toBe('/coin');
  });

  it('asks for the phone number and the password before calling the server', async () => {
    await renderScreen(LoginScreen, '/auth/login', loginRoute);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(errorText('en', 'phone.required'))).toBeTruthy();
    expect(screen.getByText(errorText('en', 'password.required'))).toBeTruthy();
  });

  it('refuses a number that is not a phone number of the chosen country', async () => {
    await renderScreen(LoginScreen, '/auth/login', loginRoute);
    getDefaultStore().set(areaCountryAtom, 'DE');
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: '583927' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(errorText('en', 'phone.invalid'))).toBeTruthy();
  });

  it('asks for the e-mail or username on the e-mail tab, and forgets the messages when the tab changes', async () => {
    await renderScreen(LoginScreen, '/auth/login', loginRoute);
    fireEvent.click(screen.getByRole('tab', { name: 'E-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your e-mail or username.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    expect(screen.queryByText(errorText('en', 'password.required'))).toBeNull();
  });

  it('takes the area code chosen in the picker', async () => {
    await renderScreen(LoginScreen, '/auth/login', loginRoute);
    getDefaultStore().set(areaCountryAtom, 'DE');
    fireEvent.click(await screen.findByRole('button', { name: 'Country code +49, change' }));
    // The picker's code loads with this first tap.
    fireEvent.click(await screen.findByText('France'));
    expect(getDefaultStore().get(areaCountryAtom)).toBe('FR');
    expect(await screen.findByRole('button', { name: 'Country code +33, change' })).toBeTruthy();
  });

  it('builds the country list only when the picker opens, and picks a country with the keyboard', async () => {
    await renderScreen(LoginScreen, '/auth/login', loginRoute);
    getDefaultStore().set(areaCountryAtom, 'DE');
    const change = await screen.findByRole('button', { name: 'Country code +49, change' });
    expect(screen.queryByText('France')).toBeNull();
    fireEvent.click(change);
    const france = await screen.findByRole('button', { name: /France/ });
    expect(screen.getByRole('button', { name: /Germany/ }).getAttribute('aria-current')).toBe('true');
    fireEvent.keyDown(france, { key: 'Enter' });
    expect(getDefaultStore().get(areaCountryAtom)).toBe('FR');
  });

  it('opens on the e-mail tab with the account a sign-up handed over', async () => {
    await renderScreen(LoginScreen, '/auth/login?account=new.user%40example.com', loginRoute);
    expect(screen.getByRole('tab', { name: 'E-mail' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('E-mail or username') as HTMLInputElement).value).toBe('new.user@example.com');
  });

  it('splits a handed-over phone number into its country and national number', async () => {
    await renderScreen(LoginScreen, '/auth/login?account=%2B4915123456789', loginRoute);
    expect(screen.getByRole('tab', { name: 'Phone' }).getAttribute('aria-selected')).toBe('true');
    // The split needs libphonenumber, which the screen loads after its first render.
    await waitFor(() => expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('15123456789'));
    expect(getDefaultStore().get(areaCountryAtom)).toBe('DE');
  });
});

describe('a form whose rules load on first use', () => {
  it('sends nothing and says the connection failed when its rules cannot be downloaded', async () => {
    getDefaultStore().set(toastsAtom, []);
    const resolve = zodFormResolver<z.ZodType<{ account: string }>, { account: string }>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const result = await resolve({ account: 'demo' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.values).toEqual({});
    expect(result.errors.root?.message).toBe(errorText('en', 'network.error'));
    expect(getDefaultStore().get(toastsAtom).map((shown) => shown.text)).toEqual([errorText('en', 'network.error')]);
  });
});
