import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { PayPasswordSheet } from '../../../src/features/shared/PayPasswordSheet';
import { renderScreen } from '../app/render';

afterEach(cleanup);

const LABEL = 'Enter your 6-digit payment password';

describe('PayPasswordSheet', () => {
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
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('260418');
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
});
