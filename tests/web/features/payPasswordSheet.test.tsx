import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { ToastHost } from '../../../src/app/feedback/ToastHost';
import { PayPasswordSheet } from '../../../src/features/shared/PayPasswordSheet';
import { renderScreen } from '../app/render';

afterEach(cleanup);

const LABEL = 'Enter your 6-digit payment password';

describe('PayPasswordSheet', () => {
  it('while open, leaves only itself, its backdrop and the toasts reachable: the screen under it is inert', async () => {
    function Screen() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <main>
            <button type="button" onClick={() => setOpened(true)}>
              Withdraw
            </button>
            <PayPasswordSheet opened={opened} hasPayPassword summary="Withdraw 20.00 EUR" onSubmit={async () => {}} onClose={() => setOpened(false)} />
          </main>
          <ToastHost />
        </>
      );
    }
    await renderScreen(Screen);
    const withdraw = screen.getByRole('button', { name: 'Withdraw' });
    expect(withdraw.closest('[inert]')).toBeNull();
    await act(async () => {
      fireEvent.click(withdraw);
    });
    const sheet = screen.getByRole('dialog', { name: 'Payment password' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    expect(withdraw.closest('[inert]')).not.toBeNull();
    expect(sheet.closest('[inert]')).toBeNull();
    const backdrop = sheet.previousElementSibling!;
    expect(backdrop.closest('[inert]')).toBeNull();
    expect(document.querySelector('[aria-live]')!.closest('[inert]')).toBeNull();
    // A tap on the backdrop closes it, and the screen is live again.
    await act(async () => {
      fireEvent.click(backdrop);
    });
    expect(withdraw.closest('[inert]')).toBeNull();
    // Only the closed sheet is left out of reach (out of view, its PIN field not focusable).
    expect(Array.from(document.querySelectorAll('[inert]'))).toEqual([sheet]);
  });

  it('runs the action with the six digits as soon as the last one is typed', async () => {
    const onSubmit = vi.fn(async () => {});
    await renderScreen(() => (
      <PayPasswordSheet opened hasPayPassword summary="Sell 120.0000 USDT" onSubmit={onSubmit} onClose={() => {}} />
    ));
    expect(screen.getByText('Sell 120.0000 USDT')).toBeTruthy();
    await act(async () => {
      fireEvent.change(screen.getByLabelText(LABEL), { target: { value: '26041' } });
    });
    expect(onSubmit).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.change(screen.getByLabelText(LABEL), { target: { value: '260418' } });
    });
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('260418', undefined);
  });

  it('clears the boxes and shows the server’s refusal, staying open for another try', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError('envelope', 'The payment password is not correct.', { key: 'payPassword.wrong' });
    });
    await renderScreen(() => <PayPasswordSheet opened hasPayPassword summary="Withdraw" onSubmit={onSubmit} onClose={() => {}} />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText(LABEL), { target: { value: '111111' } });
    });
    expect(screen.getByRole('alert').textContent).toBe('The payment password is not correct.');
    expect((screen.getByLabelText(LABEL) as HTMLInputElement).value).toBe('');
  });

  it('keeps only digits, at most six', async () => {
    await renderScreen(() => <PayPasswordSheet opened hasPayPassword summary="x" onSubmit={async () => {}} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText(LABEL), { target: { value: '12a3' } });
    expect((screen.getByLabelText(LABEL) as HTMLInputElement).value).toBe('123');
  });

  it('sends someone without a payment password to set one first', async () => {
    await renderScreen(() => <PayPasswordSheet opened hasPayPassword={false} summary="x" onSubmit={async () => {}} onClose={() => {}} />);
    expect(screen.queryByLabelText(LABEL)).toBeNull();
    expect(screen.getByRole('link', { name: 'Set payment password' }).getAttribute('href')).toBe('/setting/pay-password');
  });

  describe('with the second factor', () => {
    const CODE = 'Code from your authenticator app';
    const type = async (label: string, value: string) => {
      await act(async () => {
        fireEvent.change(screen.getByLabelText(label), { target: { value } });
      });
    };

    it('asks for the code up front and runs once both are whole, whichever comes last', async () => {
      const onSubmit = vi.fn(async () => {});
      await renderScreen(() => <PayPasswordSheet opened hasPayPassword secondFactor={['totp', 'recovery']} summary="Withdraw" onSubmit={onSubmit} onClose={() => {}} />);
      await type(LABEL, '260418');
      expect(onSubmit).not.toHaveBeenCalled();
      // The code field offers the phone's received code and reads left to right.
      const code = screen.getByLabelText(CODE) as HTMLInputElement;
      expect(code.autocomplete).toBe('one-time-code');
      expect(code.closest('[dir="ltr"]')).not.toBeNull();
      await type(CODE, '123 456');
      expect(onSubmit).toHaveBeenCalledExactlyOnceWith('260418', { method: 'totp', code: '123456' });
    });

    it('shows the code field when the server asks for it, keeping the password; a wrong code clears only the code', async () => {
      const onSubmit = vi
        .fn<(payPassword: string, proof?: unknown) => Promise<void>>()
        .mockRejectedValueOnce(new ApiError('http', 'Enter a code from your authenticator app.', { status: 403, key: 'secondFactor.required' }))
        .mockRejectedValueOnce(new ApiError('http', 'This code is not correct.', { status: 400, key: 'secondFactor.wrong' }))
        .mockResolvedValueOnce(undefined);
      await renderScreen(() => <PayPasswordSheet opened hasPayPassword summary="Withdraw" onSubmit={onSubmit} onClose={() => {}} />);
      expect(screen.queryByLabelText(CODE)).toBeNull();
      await type(LABEL, '260418');
      expect(onSubmit).toHaveBeenLastCalledWith('260418', undefined);
      expect(screen.getByRole('alert').textContent).toBe('Enter a code from your authenticator app.');
      expect((screen.getByLabelText(LABEL) as HTMLInputElement).value).toBe('260418');

      await type(CODE, '111111');
      expect(onSubmit).toHaveBeenLastCalledWith('260418', { method: 'totp', code: '111111' });
      expect(screen.getByRole('alert').textContent).toBe('This code is not correct.');
      expect((screen.getByLabelText(CODE) as HTMLInputElement).value).toBe('');
      expect((screen.getByLabelText(LABEL) as HTMLInputElement).value).toBe('260418');

      await type(CODE, '222222');
      expect(onSubmit).toHaveBeenCalledTimes(3);
      expect(onSubmit).toHaveBeenLastCalledWith('260418', { method: 'totp', code: '222222' });
    });

    it('takes a recovery code instead, in any case, with or without its dash', async () => {
      const onSubmit = vi.fn(async () => {});
      await renderScreen(() => <PayPasswordSheet opened hasPayPassword secondFactor={['totp', 'recovery']} summary="Withdraw" onSubmit={onSubmit} onClose={() => {}} />);
      await type(LABEL, '260418');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
      });
      expect(screen.queryByLabelText(CODE)).toBeNull();
      await type('Recovery code', 'abcde-2345');
      expect(onSubmit).not.toHaveBeenCalled();
      await type('Recovery code', 'abcde-23456');
      expect(onSubmit).toHaveBeenCalledExactlyOnceWith('260418', { method: 'recovery', code: 'ABCDE23456' });
    });
  });
});
