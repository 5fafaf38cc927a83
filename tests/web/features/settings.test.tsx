import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SwitchRow } from '../../../src/features/shared/SwitchRow';
import { queryClient } from '../../../src/api/query';
import { renderScreen, renderUi } from '../app/render';
import { signInForTest } from '../support/session';

afterEach(cleanup);

/** A notification row as the settings screen has it, holding its own state. */
function Notices({ onChange, disabled = false }: { onChange(): void; disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return (
    <SwitchRow
      label="Trade notices"
      checked={on}
      disabled={disabled}
      onChange={() => {
        onChange();
        setOn((value) => !value);
      }}
    />
  );
}

describe('a notification switch row on /setting', () => {
  it('toggles its switch when the row’s words are tapped, not only the switch', async () => {
    const onChange = vi.fn();
    await renderUi(<Notices onChange={onChange} />);
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Trade notices' });
    expect(toggle.checked).toBe(false);
    fireEvent.click(screen.getByText('Trade notices'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(toggle.checked).toBe(true);
    fireEvent.click(screen.getByText('Trade notices'));
    expect(toggle.checked).toBe(false);
  });

  it('is one row at least 44 px high: the switch sits inside the label that names it', async () => {
    await renderUi(<Notices onChange={() => undefined} />);
    const row = screen.getByText('Trade notices').closest('label');
    expect(row).not.toBeNull();
    expect(row!.contains(screen.getByRole('checkbox', { name: 'Trade notices' }))).toBe(true);
    expect(row!.className).toMatch(/\bmin-h-14\b/);
  });

  it('does nothing while notifications cannot be changed', async () => {
    const onChange = vi.fn();
    await renderUi(<Notices onChange={onChange} disabled />);
    fireEvent.click(screen.getByText('Trade notices'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Trade notices' }).checked).toBe(false);
  });
});

const push = vi.hoisted(() => ({ channels: [] as string[], calls: [] as string[][], release: null as null | (() => void) }));
vi.mock('../../../src/features/settings/api/push', () => ({
  pushState: async () => ({ supported: true, permission: 'granted', channels: push.channels }),
  // The device's channels change when the call ends: until `release` the change is under way.
  setPushChannels: (channels: string[]) => {
    push.calls.push(channels);
    return new Promise<'done'>((resolve) => {
      push.release = () => {
        push.channels = channels;
        resolve('done');
      };
    });
  },
}));

/** The signed-in settings screen, once its switches can be changed; the trade switch. */
async function openSettings(): Promise<HTMLInputElement> {
  vi.stubGlobal('__APP_VERSION__', '0.0.0-test');
  signInForTest();
  const { default: SettingsScreen } = await import('../../../src/features/settings/SettingsScreen');
  await renderScreen(SettingsScreen, '/setting');
  const trade = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Trade notices' });
  await waitFor(() => expect(trade.disabled).toBe(false));
  return trade;
}

describe('the notification switches on /setting', () => {
  afterEach(() => {
    push.channels = [];
    push.calls = [];
    push.release = null;
    queryClient.clear();
  });

  it("a tap sends this device's new channels once; both switches wait until the change is made, then show it", async () => {
    await openSettings();
    fireEvent.click(screen.getByText('Trade notices'));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'System notices' }).disabled).toBe(true));
    // A second tap while the first is under way sends nothing.
    fireEvent.click(screen.getByText('Trade notices'));
    expect(push.calls).toEqual([['trade']]);
    push.release?.();
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Trade notices' }).checked).toBe(true));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'System notices' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'System notices' }).checked).toBe(false);
  });

  it('offline, a tap sends nothing and the switch stays as it was', async () => {
    const trade = await openSettings();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      fireEvent.click(screen.getByText('Trade notices'));
      expect(push.calls).toEqual([]);
      expect(trade.checked).toBe(false);
    } finally {
      online.mockRestore();
    }
  });
});
