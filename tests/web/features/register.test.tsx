import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorText } from '../../../src/locales/errors';
import RegisterScreen from '../../../src/features/auth/RegisterScreen';
import { renderScreen } from '../app/render';
import { registerRoute } from '../../../src/features/auth/routes';

afterEach(cleanup);

const en = (key: Parameters<typeof errorText>[1], params?: Record<string, string | number>) => errorText('en', key, params);

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the sign-up form', () => {
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
});
