/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { noticeUrl, pushDisplay } from './push-payload';

/*
 * The app's service worker. The build's files (scripts, stylesheets, icons, the offline page) are precached,
 * so the app's frame opens without a network; a screen's page comes from the network first and, offline,
 * from the last copy this browser was sent (it carries the client configuration the server writes into it),
 * or the offline page when there is none. The API and the live feed are never cached: offline, a call fails
 * and the app says it is offline instead of showing an old answer as current. Pushed notices are shown here.
 */

declare const self: ServiceWorkerGlobalScope & {
  readonly __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const OFFLINE_PAGE = '/offline.html';
const PAGES = 'nexa-pages';
const HOME = '/home';

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const isLive = (path: string) =>
  ['/api/', '/v1/', '/admin/', '/ws', '/docs', '/healthz', '/readyz'].some((p) => path.startsWith(p));

registerRoute(({ url, sameOrigin }) => sameOrigin && isLive(url.pathname), new NetworkOnly(), 'GET');
registerRoute(({ url, sameOrigin }) => sameOrigin && isLive(url.pathname), new NetworkOnly(), 'POST');

const pages = new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 6 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const response = await pages.handle(options);
        if (response) return response;
      } catch {
        // Offline with no copy of this page: the copy of Home, whose app opens the screen asked for.
      }
      const cache = await caches.open(PAGES);
      const home = (await cache.match(HOME)) ?? (await cache.match('/'));
      if (home) return home;
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    },
    { denylist: [/^\/(api|v1|admin|ws|docs|static)\//] },
  ),
);

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

self.addEventListener('install', () => {
  void self.skipWaiting();
});
/** Keeps a copy of Home's page as the server sends it, so the app opens offline from its first visit on. */
async function keepHome(): Promise<void> {
  try {
    const response = await fetch(HOME, { credentials: 'same-origin' });
    if (response.ok) await (await caches.open(PAGES)).put(HOME, response);
  } catch {
    // Offline already: a page visited later is kept instead.
  }
}

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([self.clients.claim(), keepHome()]));
});

self.addEventListener('push', (event) => {
  const shown = pushDisplay(event.data?.text() ?? null);
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      body: shown.body,
      tag: shown.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: shown.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = new URL(noticeUrl(data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => new URL(c.url).origin === self.location.origin);
      if (same) {
        await same.focus();
        if ('navigate' in same) await same.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
