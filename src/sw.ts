/// <reference lib="webworker" />
/**
 * Forja service worker (vite-plugin-pwa, injectManifest).
 * - Precaches the app shell so /adm works offline; every navigation falls back to index.html.
 * - Public quotation API: network first (a customer must see the latest), cache as fallback;
 *   the page posts CLEAR_QUOTATIONS_CACHE to drop it.
 * - Never activates a new version by itself: the page asks with SKIP_WAITING when the user
 *   presses 'Atualizar', so an update never interrupts work.
 */
import { precacheAndRoute, cleanupOutdatedCaches, createHandlerBoundToURL } from 'workbox-precaching';
import { registerRoute, NavigationRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';

declare const self: ServiceWorkerGlobalScope;

const QUOTATIONS_CACHE = 'public-quotations';
const COMPANY_CACHE = 'public-company';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/public/quotations/'),
  new NetworkFirst({
    cacheName: QUOTATIONS_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * 24 * 60 * 60 }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname === '/api/public/company',
  new StaleWhileRevalidate({
    cacheName: COMPANY_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'CLEAR_QUOTATIONS_CACHE') {
    event.waitUntil(caches.delete(QUOTATIONS_CACHE));
  } else if (type === 'SKIP_WAITING') {
    // Only ever sent when the user pressed 'Atualizar'.
    void self.skipWaiting();
  }
});

// Take control of open pages only on the very first install (nothing to interrupt yet);
// later versions wait for the user's 'Atualizar'.
let firstInstall = false;
self.addEventListener('install', () => {
  firstInstall = !self.registration.active;
});
self.addEventListener('activate', (event: ExtendableEvent) => {
  if (firstInstall) event.waitUntil(self.clients.claim());
});
