/// <reference lib="webworker" />
/**
 * The service worker. It precaches the app shell, every route chunk
 * and the locale catalogues, so the app opens without a network; it keeps the last news it saw
 * so the ticker has something to show offline. Every other API reply is personal and changes
 * with each money movement: those are never cached here (the app keeps its own last-known copy
 * in IndexedDB, labelled "offline, as of …").
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

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

// News is public and the same for everyone: fresh when online, the last copy when not.
// The Cache API keys GET requests only, so only news read with GET can be kept.
registerRoute(
  ({ url, request }) => url.pathname.startsWith('/api/news/') && request.method === 'GET',
  new NetworkFirst({
    cacheName: 'news',
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 })],
  }),
);

// A new version waits until the app says the user is ready (main.tsx), so nobody's form is
// swapped under their fingers.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
