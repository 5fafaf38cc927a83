/**
 * Registers the service worker (production builds only). A new version installs in the
 * background and waits; the user is asked before the page reloads into it, so nothing they are
 * typing is lost.
 */
import { t } from '@lingui/core/macro';
import { Workbox } from 'workbox-window';
import { confirm } from './feedback/confirm';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  workbox.addEventListener('waiting', async () => {
    const reload = await confirm({
      title: t`Update available`,
      content: t`A new version of Tessera is ready. Reload to use it?`,
      confirmText: t`Reload`,
      cancelText: t`Later`,
    });
    if (!reload) return;
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  });
  // Blocked (private mode, an enterprise policy, a test browser): the app works online without it.
  workbox.register().catch((error: unknown) => console.warn('[sw] not registered', error));
}
