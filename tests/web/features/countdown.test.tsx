import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors';
import { resendAtAtom, secondsLeft, startCountdown } from '../../../src/ui/countdown';
import { SendCodeButton } from '../../../src/ui/form/SendCodeButton';
import { renderUi } from '../app/render';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearInterval', 'clearTimeout', 'Date'] });
  getDefaultStore().set(resendAtAtom, {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('secondsLeft', () => {
  it('rounds up, so the last second still shows, and never goes below zero', () => {
    expect(secondsLeft(undefined, 1_000)).toBe(0);
    expect(secondsLeft(61_000, 1_000)).toBe(60);
    expect(secondsLeft(61_000, 60_001)).toBe(1);
    expect(secondsLeft(61_000, 61_000)).toBe(0);
    expect(secondsLeft(61_000, 90_000)).toBe(0);
  });
});

describe('SendCodeButton', () => {
  async function sendOnce(onSend: () => Promise<number | null>) {
    await act(async () => {
      await renderUi(<SendCodeButton countdownKey="register:phone" onSend={onSend} />);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    });
  }

  it('counts down from the server’s retryAfter, disabled until it ends', async () => {
    await sendOnce(async () => 60);
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Resend in 60 s');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(button.textContent).toBe('Resend in 59 s');
    await act(async () => vi.advanceTimersByTime(59_000));
    expect(button.textContent).toBe('Send code');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps counting when the form is left and opened again', async () => {
    await sendOnce(async () => 60);
    await act(async () => vi.advanceTimersByTime(10_000));
    cleanup();
    await act(async () => {
      await renderUi(<SendCodeButton countdownKey="register:phone" onSend={async () => 60} />);
    });
    expect(screen.getByRole('button').textContent).toBe('Resend in 50 s');
  });

  it('does not start when nothing was sent (the address was refused on the device)', async () => {
    await sendOnce(async () => null);
    expect(screen.getByRole('button').textContent).toBe('Send code');
  });

  it('starts the server’s wait when it refuses because a code was sent recently', async () => {
    await sendOnce(async () => {
      throw new ApiError('http', 'Please wait 42 seconds', { status: 429, key: 'code.resendWait', data: { retryAfter: 42 } });
    });
    expect(screen.getByRole('button').textContent).toBe('Resend in 42 s');
  });

  it('has a separate wait per purpose', async () => {
    startCountdown('reset:email', 30);
    await act(async () => {
      await renderUi(<SendCodeButton countdownKey="register:email" onSend={async () => 60} />);
    });
    expect(screen.getByRole('button').textContent).toBe('Send code');
  });
});
