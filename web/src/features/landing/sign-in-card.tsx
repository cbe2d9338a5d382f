import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Cloud, Loader2, ShieldCheck } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { useAuth } from '../../lib/session.js';
import { logger } from '../../lib/logger.js';
import { toast } from '../../lib/toast.js';

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

/** The Google sign-in card shown on both landing tabs (SPEC §2, §8). */
export function SignInCard() {
  const { signInWithGoogle, signInWithGoogleRedirect, signInAvailable, prepareSignIn } = useAuth();
  const [isSigningIn, setIsSigningIn] = useState(false);

  const handlePopupSignIn = async () => {
    if (isSigningIn) return;
    setIsSigningIn(true);
    try {
      const outcome = await signInWithGoogle();
      if (outcome.status === 'not-completed') {
        toast({ title: 'Sign-in not completed', description: 'Please try again or choose a different account.' });
      }
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'Sign-in failed');
      toast({
        variant: 'destructive',
        title: 'Sign-in failed',
        description: 'There was a problem signing in. Please try again.',
      });
    } finally {
      setIsSigningIn(false);
    }
  };

  const handleRedirectSignIn = async () => {
    if (isSigningIn) return;
    setIsSigningIn(true);
    try {
      await signInWithGoogleRedirect();
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'Redirect sign-in failed');
      toast({
        variant: 'destructive',
        title: 'Sign-in failed',
        description: 'There was a problem signing in. Please try again.',
      });
      setIsSigningIn(false);
    }
  };

  return (
    <div className="space-y-5">
      <div className="space-y-3">
        <h2 className="text-base font-semibold">Sign in to access all features:</h2>
        <ul className="space-y-2 text-sm text-muted-foreground">
          <li className="flex items-start gap-2">
            <Cloud className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
            Your notes are saved and available from any device
          </li>
          <li className="flex items-start gap-2">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
            Your uploads and data are kept private and secure
          </li>
        </ul>
      </div>

      <Button
        variant="outline"
        size="lg"
        className="w-full"
        onClick={() => void handlePopupSignIn()}
        // The sign-in code loads on demand: start when a click is likely, so the popup opens at once.
        onPointerEnter={prepareSignIn}
        onFocus={prepareSignIn}
        onTouchStart={prepareSignIn}
        disabled={isSigningIn}
        aria-busy={isSigningIn}
      >
        {isSigningIn ? <Loader2 className="animate-spin" aria-hidden="true" /> : <GoogleIcon />}
        {isSigningIn ? 'Signing in...' : 'Sign in with Google'}
      </Button>

      {signInAvailable ? (
        <p className="text-center text-xs text-muted-foreground">
          Pop-up blocked?{' '}
          <button
            type="button"
            className="font-medium text-foreground underline-offset-4 hover:underline disabled:opacity-50"
            onClick={() => void handleRedirectSignIn()}
            onPointerEnter={prepareSignIn}
            onFocus={prepareSignIn}
            disabled={isSigningIn}
          >
            Sign in with a redirect instead
          </button>
        </p>
      ) : (
        <p role="note" className="rounded-md bg-muted px-3 py-2 text-center text-xs text-muted-foreground">
          Google sign-in is not configured on this server.
        </p>
      )}

      <p className="text-center text-xs leading-relaxed text-muted-foreground">
        By signing in, you agree to our{' '}
        <Link to="/terms-of-service" className="font-medium text-foreground underline underline-offset-4">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy-policy" className="font-medium text-foreground underline underline-offset-4">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
