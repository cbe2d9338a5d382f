import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loader2 } from 'lucide-react';
import { useAuth } from '../../lib/session.js';

/** Wait after the redirect result has been processed (SPEC §9). */
export const AUTH_CALLBACK_WAIT_MS = 1500;

/**
 * /__/auth/handler: the redirect sign-in callback. The auth provider processes the redirect result on start
 * (errors are only logged); 1.5 s after loading ends, a signed-in user gets a full navigation to /app.
 */
function fullNavigation(url: string): void {
  window.location.assign(url);
}

export function AuthHandlerPage({ assign = fullNavigation }: { assign?: (url: string) => void }) {
  const { isLoading, isAuthenticated } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (isLoading) return;
    const timer = setTimeout(() => {
      if (isAuthenticated) assign('/app');
      else navigate('/', { replace: true });
    }, AUTH_CALLBACK_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isLoading, isAuthenticated, navigate, assign]);

  return (
    <main className="flex flex-1 items-center justify-center px-4">
      <div className="flex flex-col items-center gap-4 text-center" role="status" aria-live="polite">
        <Loader2 className="size-10 animate-spin text-brand" aria-hidden="true" />
        <h1 className="text-xl font-semibold">Processing authentication...</h1>
        <p className="text-muted-foreground">Please wait while we complete your sign-in.</p>
      </div>
    </main>
  );
}
