import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner.js';
import { AuthProvider } from '../lib/auth.js';
import type { IdentityClient } from '../lib/identity.js';
import { usePageTracking } from './use-page-tracking.js';

function PageTracking() {
  usePageTracking();
  return null;
}

/** Root route: the auth provider (it needs the router's navigate) and per-route tracking. */
export function RootLayout({ identity }: { identity: IdentityClient }) {
  const navigate = useNavigate();
  return (
    <AuthProvider identity={identity} navigate={navigate}>
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
