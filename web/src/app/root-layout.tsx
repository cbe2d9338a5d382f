import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner.js';
import { AuthProvider } from '../features/auth/auth-provider.js';
import type { IdentityClient } from '../features/auth/identity.js';
import { usePageTracking } from './use-page-tracking.js';

function PageTracking() {
  usePageTracking();
  return null;
}

/** Drops the query cache of the user who left; the cache's module is only loaded by pages that read data. */
function clearCachedData(): void {
  void import('./query-layer.js').then(({ appQueryClient }) => appQueryClient.clear());
}

/** Root route: the auth provider (it needs the router's navigate) and per-route tracking. */
export function RootLayout({ identity }: { identity: IdentityClient }) {
  const navigate = useNavigate();
  return (
    <AuthProvider identity={identity} navigate={navigate} onSessionEnd={clearCachedData}>
      <PageTracking />
      <div className="flex min-h-dvh flex-col">
        {/* Pages are lazy-loaded chunks (router.tsx). */}
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </div>
    </AuthProvider>
  );
}
