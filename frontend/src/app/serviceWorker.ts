/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';

/** A tab left open for days still hears of a new version: the browser is asked for one every hour. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let offered = false;

/** Shows the update banner, loaded only now (with the catalogue's words), in a root of its own. */
function offerUpdate(reload: () => void): void {
  if (offered) return;
  offered = true;
  void import('../components/ui/UpdateBanner').then((m) => m.showUpdateBanner(reload));
}

/**
 * Registers the service worker (/sw.js, src/sw.ts): loaded on its own once the first screen has drawn
 * and the browser is idle (main.tsx), so no first load carries it. When a new version is installed and
 * waiting, the update banner offers it; Reload has it take over (skipWaiting) and reloads the page.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      offerUpdate(() => {
        // The page reloads once the new version controls it (workbox-window does so only for a page that
        // was controlled when it loaded; this covers the first visit's tab too).
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        void update(true);
      }),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) => console.error('The service worker could not be registered', error),
  });
}
