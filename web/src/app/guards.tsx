import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner.js';
import { useAuth } from '../lib/session.js';

/** Renders children for signed-in users; sends visitors to `redirectTo` once loading has ended (SPEC §6). */
export function RequireAuth({ redirectTo, children }: { redirectTo: string; children: ReactNode }) {
  const { isLoading, isAuthenticated, loggedOut } = useAuth();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  // After a logout the page goes to /?tab=login (SPEC §2), not to the visitor redirect.
  if (!isAuthenticated) return <Navigate to={loggedOut ? '/?tab=login' : redirectTo} replace />;
  return <>{children}</>;
}

/** The landing page: signed-in users go to /app. */
export function RedirectIfAuthenticated({ to, children }: { to: string; children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to={to} replace />;
  return <>{children}</>;
}
