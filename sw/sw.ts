/// <reference lib="webworker" />
/**
 * The service worker. It precaches the app shell, every route chunk
 * and the locale catalogues, so the app opens without a network; it keeps the last news it saw
 * so the ticker has something to show offline; it shows push messages and opens what they are
 * about when tapped. Every other API reply is personal and changes
 * with each money movement: those are never cached here (the app keeps its own last-known copy
 * in IndexedDB, labelled "offline, as of …").
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Every page of the app is the same index.html; the router picks the screen.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/h5/index.html'), {
    allowlist: [/^\/h5\//],
    denylist: [/^\/api\//, /^\/socket\.io\//],
  }),
);

// News is public and the same for everyone: fresh when online, the last copy when not. It is
// read with POST (docs/api.md), which the Cache API cannot key, so each answer is kept under a
// GET of its own made from the call and its body (which holds the page and the language).
const NEWS_CALLS = /^\/api\/news\/(list|detail)$/;
const NEWS_CACHE = 'news';
const NEWS_TIMEOUT_MS = 4000;

async function newsNetworkFirst(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const key = new Request(`${url.origin}${url.pathname}?${new URLSearchParams({ body: await request.clone().text() })}`);
  const cache = await caches.open(NEWS_CACHE);
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('news: no answer in time')), NEWS_TIMEOUT_MS)),
    ]);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && url.origin === self.location.origin && NEWS_CALLS.test(url.pathname)) {
    event.respondWith(newsNetworkFirst(event.request));
  }
});

// A push message (modules/push): shown as a notification, and told to the open app, which
// refreshes what it is about (the ticker for news, the orders and balances for a trade).
interface PushMessage {
  title: string;
  body: string;
  url: string;
  kind: 'news' | 'trade' | 'loan' | 'security';
  tag: string;
}

self.addEventListener('push', (event) => {
  let message: PushMessage | null;
  try {
    message = (event.data?.json() as PushMessage | undefined) ?? null;
  } catch {
    message = null;
  }
  if (!message?.title) return;
  const shown = message;
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(shown.title, {
        body: shown.body,
        tag: shown.tag,
        icon: '/h5/icons/icon-192.png',
        badge: '/h5/icons/favicon-48.png',
        data: { url: shown.url },
      });
      for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
        client.postMessage({ type: 'push', kind: shown.kind });
      }
    })(),
  );
});

// A tap opens the screen the message is about: in the open app when there is one, else a new window.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/h5/home';
  const url = new URL(path.startsWith('/h5/') ? path : '/h5/home', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).find((client) => new URL(client.url).pathname.startsWith('/h5/'));
      if (open) {
        open.postMessage({ type: 'open', url: new URL(url).pathname + new URL(url).search });
        // The browser may refuse to bring it forward; the screen is open in it all the same.
        await open.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// A new version waits until the app says the user is ready (main.tsx), so nobody's form is
// swapped under their fingers.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
