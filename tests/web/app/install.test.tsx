import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmQueueAtom } from '../../../src/ui/feedback/confirm';
import { ConfirmHost } from '../../../src/app/feedback/ConfirmHost';
import { installOffer, listenForInstall, offerInstall } from '../../../src/ui/install';
import { renderUi } from './render';

const CHROMIUM_UA = navigator.userAgent;
const IOS_SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function useUserAgent(agent: string): void {
  Object.defineProperty(navigator, 'userAgent', { value: agent, configurable: true });
}

/** What Chromium sends when the app can be installed: the prompt it shows when asked. */
function announceInstallable() {
  const prompt = vi.fn(async () => undefined);
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  window.dispatchEvent(event);
  return { event, prompt };
}

beforeAll(() => listenForInstall());
beforeEach(() => {
  localStorage.clear();
  useUserAgent(CHROMIUM_UA);
  getDefaultStore().set(confirmQueueAtom, []);
});
afterEach(cleanup);

describe('the install offer', () => {
  it('has nothing to offer before the browser says the app can be installed (and on no iOS Safari)', () => {
    expect(installOffer()).toBeNull();
  });

  it('keeps Chromium’s prompt, explains first, then shows it; once only', async () => {
    const { event, prompt } = announceInstallable();
    expect(event.defaultPrevented).toBe(true); // not shown by the browser on the first screen
    expect(installOffer()).toBe('prompt');

    await renderUi(<ConfirmHost />);
    let offered!: Promise<void>;
    act(() => {
      offered = offerInstall();
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Install Tessera');
    expect(dialog.textContent).toContain('shows your balances offline');
    expect(prompt).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Install'));
    await act(() => offered);
    expect(prompt).toHaveBeenCalledTimes(1);

    // Asked once: neither the same device nor a new announcement brings it back.
    announceInstallable();
    expect(installOffer()).toBeNull();
    await act(() => offerInstall());
    expect(getDefaultStore().get(confirmQueueAtom)).toHaveLength(0);
  });

  it('on “Not now”, Chromium’s prompt is not shown and the offer does not come again', async () => {
    const { prompt } = announceInstallable();
    await renderUi(<ConfirmHost />);
    let offered!: Promise<void>;
    act(() => {
      offered = offerInstall();
    });
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByText('Not now'));
    await act(() => offered);
    expect(prompt).not.toHaveBeenCalled();
    expect(installOffer()).toBeNull();
  });

  it('on iOS Safari, which has no prompt, shows how to add the app from the Share menu', async () => {
    useUserAgent(IOS_SAFARI_UA);
    expect(installOffer()).toBe('ios');
    await renderUi(<ConfirmHost />);
    let offered!: Promise<void>;
    act(() => {
      offered = offerInstall();
    });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Add Tessera to your home screen');
    expect(dialog.textContent).toContain('Share in Safari');
    expect(dialog.textContent).toContain('Add to Home Screen');
    fireEvent.click(screen.getByText('Got it'));
    await act(() => offered);
    expect(installOffer()).toBeNull();
  });

  it('once installed, offers nothing', () => {
    useUserAgent(IOS_SAFARI_UA);
    window.dispatchEvent(new Event('appinstalled'));
    expect(installOffer()).toBeNull();
  });
});
