/**
 * Registers the service worker (production builds only). A new version installs in the
 * background and waits; the user is asked before the page reloads into it, so nothing they are
 * typing is lost. It also passes on what the worker tells the app about push messages.
 */
import { t } from '@lingui/core/macro';
import { Workbox } from 'workbox-window';
import { invalidateAccount, queryClient } from '../api/query';
import { confirm } from '../ui/feedback/confirm';
import { splitHref } from '../ui/navigation';
import { router } from './router';

/** What the service worker tells the open app: a push message arrived, or a tapped one asks for a screen. */
type WorkerMessage = { type: 'push'; kind: 'news' | 'trade' | 'loan' | 'security' } | { type: 'open'; url: string };

function onWorkerMessage(event: MessageEvent): void {
  const message = event.data as WorkerMessage | null;
  if (message?.type === 'push') {
    // The ticker and the news screens read again; a trade moves orders and balances, a loan's
    // notice (margin call, liquidation) the loan and the balances.
    if (message.kind === 'news') void queryClient.invalidateQueries({ queryKey: ['public', 'news'] });
    else void invalidateAccount();
  } else if (message?.type === 'open' && typeof message.url === 'string' && message.url.startsWith('/h5/')) {
    // Path and search apart: the router adds its base path itself (ui/navigation.ts).
    const { to, search } = splitHref(message.url.slice('/h5'.length));
    void router.navigate({ to, search });
  }
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', onWorkerMessage);
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
