/// <reference lib="webworker" />
/**
 * The service worker (docs/PWA.md), built by vite-plugin-pwa (`injectManifest`) with the precache list injected:
 * - precaches the app shell (scripts, styles, index.html, icons) and answers the app's navigations with index.html,
 *   so the app opens offline (the notes come from the persisted query cache, app/query-layer.tsx);
 * - receives the share target's POST: keeps the files in IndexedDB for the account signed in (lib/share-inbox.ts)
 *   and redirects (303) to /app?share=<id>, where the upload section asks the user before uploading them
 *   (features/upload/use-shared-files.ts); a POST another website sent is not kept (/app?share=refused);
 * - waits until the page asks it to take over (the "New version available" toast sends SKIP_WAITING).
 * API calls and images are never cached here: they go to the network as if there were no worker.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { filesOfShareForm, isForeignShare, storeShare } from './lib/share-inbox.js';
import { REFUSED_SHARE_ID, SHARE_PARAM, SHARE_TARGET_PATH } from './lib/share-target.js';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Server pages that are not the app: the API, the API docs, the queue dashboard, health and metrics. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/docs(\/|$)/, /^\/admin(\/|$)/, /^\/(healthz|readyz|metrics)$/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));

async function receiveShare(request: Request): Promise<Response> {
  let param: string;
  if (isForeignShare(request, self.location.origin)) {
    // A page of another site posted a form here: its files are not read, nor kept.
    return Response.redirect(`/app?${SHARE_PARAM}=${REFUSED_SHARE_ID}`, 303);
  }
  try {
    const files = filesOfShareForm(await request.formData());
    param = files.length > 0 ? await storeShare(files) : 'empty';
  } catch (error) {
    // No file names or contents: they are the user's.
    console.error('Could not keep the shared files', error instanceof Error ? error.name : 'unknown');
    param = 'failed';
  }
  return Response.redirect(`/app?${SHARE_PARAM}=${encodeURIComponent(param)}`, 303);
}

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET_PATH,
  ({ request }) => receiveShare(request),
  'POST',
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (data !== null && typeof data === 'object' && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
