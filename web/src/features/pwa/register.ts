/**
 * Registers the service worker (src/sw.ts, built by vite-plugin-pwa) through workbox-window, and offers a new
 * version when one is waiting: the "New version available" toast; its Reload button lets the new worker take over
 * and reloads the page once it controls it. Production builds only (the dev server has no worker).
 */
import { Workbox } from 'workbox-window';
import { logger } from '../../lib/logger.js';

let registered = false;

export function registerServiceWorker(): void {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    void import('./update-toast.js').then(({ showUpdateToast }) =>
      showUpdateToast(() => {
        workbox.addEventListener('controlling', () => window.location.reload());
        workbox.messageSkipWaiting();
      }),
    );
  });
  workbox.register().catch((error: unknown) => {
    // Offline use and sharing need the worker; the app itself works without it.
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'Service worker not registered');
  });
}
