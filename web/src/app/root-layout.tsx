import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner.js';
import { AuthProvider } from '../features/auth/auth-provider.js';
import type { IdentityClient } from '../features/auth/identity.js';
import { useAuth } from '../lib/session.js';
import { usePageTracking } from './use-page-tracking.js';

function PageTracking() {
  usePageTracking();
  return null;
}

/**
 * Drops what the app kept of the user who left (a logout or account deletion here, a sign-out in another tab, a
 * session the server no longer accepts): the query cache in memory (its module is only loaded by pages that read
 * data), the copy kept on the device for offline reading, and the shares that arrived for that account.
 */
function clearCachedData(): void {
  void import('./query-layer.js').then(({ appQueryClient }) => appQueryClient.clear());
  // No IndexedDB (private browsing): nothing was kept.
  void import('../lib/offline-cache.js').then(({ wipeOfflineCache }) => wipeOfflineCache()).catch(() => {});
  void import('../lib/share-inbox.js').then(({ endShareSession }) => endShareSession()).catch(() => {});
}

/**
 * Tells the share inbox which account is signed in, so the service worker stamps the shares that arrive with it and
 * only that account is offered them (lib/share-inbox.ts). Cleared by clearCachedData when the session ends.
 */
function ShareInboxOwner() {
  const { user } = useAuth();
  const uid = user?.firebaseUid ?? null;
  useEffect(() => {
    if (!uid) return;
    void import('../lib/share-inbox.js').then(({ setShareOwner }) => setShareOwner(uid)).catch(() => {});
  }, [uid]);
  return null;
}

/**
 * The service worker (installable app, offline reading, the share target) is registered once a user is signed in,
 * after the page has loaded: the installed app starts at /app, and a visitor's landing page stays light.
 */
function ServiceWorker() {
  const { isAuthenticated } = useAuth();
  useEffect(() => {
    if (!isAuthenticated || !import.meta.env.PROD) return;
    const register = () => void import('../features/pwa/register.js').then((m) => m.registerServiceWorker());
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }, [isAuthenticated]);
  return null;
}

/** Root route: the auth provider (it needs the router's navigate) and per-route tracking. */
export function RootLayout({ identity }: { identity: IdentityClient }) {
  const navigate = useNavigate();
  return (
    <AuthProvider identity={identity} navigate={navigate} onSessionEnd={clearCachedData}>
      <PageTracking />
      <ServiceWorker />
      <ShareInboxOwner />
      <div className="flex min-h-dvh flex-col">
        {/* Pages are lazy-loaded chunks (router.tsx). */}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </AuthProvider>
  );
}
