import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner.js';
import { useAuth } from '../lib/session.js';
import { SHARE_PARAM } from '../lib/share-target.js';

/**
 * A share from the phone's share sheet arrives as /app?share=<id> (src/sw.ts); a visitor sent to sign in keeps the
 * parameter, so the landing page can say their screenshot is waiting (the files stay in the share inbox).
 */
function withShare(to: string, search: string): string {
  const share = new URLSearchParams(search).get(SHARE_PARAM);
  if (!share) return to;
  return `${to}${to.includes('?') ? '&' : '?'}${SHARE_PARAM}=${encodeURIComponent(share)}`;
}

/** Renders children for signed-in users; sends visitors to `redirectTo` once loading has ended (SPEC §6). */
export function RequireAuth({ redirectTo, children }: { redirectTo: string; children: ReactNode }) {
  const { isLoading, isAuthenticated, loggedOut } = useAuth();
  const { search } = useLocation();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  // After a logout the page goes to /?tab=login (SPEC §2), not to the visitor redirect.
  if (!isAuthenticated) return <Navigate to={withShare(loggedOut ? '/?tab=login' : redirectTo, search)} replace />;
  return <>{children}</>;
}

/** The landing page: signed-in users go to /app. */
export function RedirectIfAuthenticated({ to, children }: { to: string; children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to={to} replace />;
  return <>{children}</>;
}
