/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa in injectManifest mode, served at /sw.js): it precaches
 * the shell and the build's hashed files, answers every navigation with the precached shell (so the
 * app opens offline), shows Web Push notifications and opens their URL on a click. A new version waits
 * until the page asks it to take over (the member's "Reload"), so nothing changes under their hands.
 */
import type { PushPayload } from '@cloud9/contracts';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Screens are paths of the app: all of them are the shell. The API, uploads, the socket and the API
// reference are the server's.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/(api|uploads|socket\.io|media)(\/|$)/] }));

// The first version takes the open tabs at once (so a tab that loses its connection keeps working);
// a later one only when the page asks (below).
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The page's "Reload" on "A new version is ready" (workbox-window's messageSkipWaiting). */
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const ICON = '/images/icon-192.png';
const BADGE = '/images/badge-96.png';

/** What is shown: the server always tags its pushes; a message from elsewhere may not. */
type Shown = Omit<PushPayload, 'tag'> & { tag?: string };

function payloadOf(event: PushEvent): Shown {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (data && typeof data.title === 'string') {
      return { title: data.title, body: String(data.body ?? ''), url: typeof data.url === 'string' ? data.url : '/notifications', unseen: Number(data.unseen) || 0, tag: data.tag };
    }
  } catch {
    // Not JSON: shown as text below.
  }
  return { title: 'Cloud 9 Social', body: event.data?.text() ?? '', url: '/notifications', unseen: 0 };
}

/** Only the app's own pages are opened from a notification. */
function appUrl(url: string): string {
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin ? target.href : new URL('/notifications', self.location.origin).href;
}

async function showPush(payload: Shown): Promise<void> {
  // Where the platform has it (installed apps), the icon's badge shows the unseen count.
  const nav = self.navigator as WorkerNavigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  const badge = payload.unseen > 0 ? nav.setAppBadge?.(payload.unseen) : nav.clearAppBadge?.();
  await Promise.all([
    badge?.catch(() => undefined),
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: ICON,
      badge: BADGE,
      // One notification per tag: a newer alert about the same thing replaces the older one.
      tag: payload.tag,
      data: { url: appUrl(payload.url) },
    }),
  ]);
}

self.addEventListener('push', (event) => event.waitUntil(showPush(payloadOf(event))));

/** Focuses a tab of the app and takes it to `url`, or opens one there. */
async function openUrl(url: string): Promise<void> {
  // The tabs this worker controls (every open tab of the app once it is active): those it can navigate.
  const tabs = await self.clients.matchAll({ type: 'window' });
  const tab = tabs.find((client) => client.focused) ?? tabs[0];
  if (tab) {
    // Focus is the platform's to grant (a click on the notification); the navigation goes ahead either way.
    await tab.focus().catch(() => undefined);
    if (await tab.navigate(url).catch(() => null)) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? new URL('/notifications', self.location.origin).href;
  event.waitUntil(openUrl(url));
});
