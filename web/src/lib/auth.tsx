import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@snapnotes/contracts';
import { apiRequest } from './api-client.js';
import { IdentityNotConfiguredError, identityErrorCode, type IdentityClient, type IdentityUser } from './identity.js';
import { logger } from './logger.js';
import { buildStandInUser, fetchServerUser } from './server-user.js';
import { toast } from './toast.js';
import { sleep } from './utils.js';

/** SPEC §9 timings. */
export const SIGN_IN_DELAY_MS = 100;
export const REDIRECT_LOGIN_NAVIGATE_MS = 500;

export type SignInOutcome =
  /** Signed in; the page is on its way to /app. */
  | { status: 'signed-in'; user: User }
  /** The provider gave no result (popup closed, cancelled, blocked): nothing was shown to the user. */
  | { status: 'not-completed' }
  /** The provider signed in but the product could not: a 'Login failed' toast was shown. */
  | { status: 'failed' }
  /** The page is being redirected to the provider. */
  | { status: 'redirecting' };

export interface AuthState {
  user: User | null;
  /** True until the first auth check (pending redirect result, then the current identity user) has finished. */
  isLoading: boolean;
  isAuthenticated: boolean;
}

export interface AuthContextValue extends AuthState {
  /** True after the user logged out in this tab: guarded pages then send them to /?tab=login. */
  loggedOut: boolean;
  /** True when sign-in can work at all (the server sent a Firebase configuration). */
  signInAvailable: boolean;
  /**
   * Google sign-in in a popup (SPEC §4): waits 100 ms, signs out any current identity user so the account
   * chooser always appears, then obtains the server's user record. Provider errors are swallowed
   * ('not-completed'); throws only when sign-in is not configured at all.
   */
  signInWithGoogle(): Promise<SignInOutcome>;
  /** Google sign-in by redirect; the result is handled on the next start. */
  signInWithGoogleRedirect(): Promise<void>;
  /** Signs out, clears cached data, toasts 'Logged out' and goes to /?tab=login. */
  logout(): Promise<void>;
  /**
   * Deletes the account and every note and image on the server (DELETE /api/user, the privacy policy's right to
   * deletion), then signs out, clears cached data, toasts 'Account deleted' and goes to /?tab=login.
   * Rejects (and stays signed in) when the server refuses.
   */
  deleteAccount(): Promise<void>;
  /**
   * Replaces the signed-in user's record with a newer one from the server (e.g. after saving settings); ignored
   * when it is another user's record or nobody is signed in.
   */
  updateUser(user: User): void;
  /** Removed feature (SPEC §4): toasts 'Email login not available' and fails. */
  loginWithEmail(email: string, password: string): Promise<never>;
  /** Removed feature (SPEC §4): toasts 'Email registration not available' and fails. */
  registerWithEmail(email: string, password: string): Promise<never>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export interface AuthProviderProps {
  identity: IdentityClient;
  /** Client-side navigation (react-router's navigate). */
  navigate: (to: string) => void;
  children: ReactNode;
}

/**
 * Resolves the server-side user for an identity user. A 503 (in the message, or the not-configured warning)
 * gives the stand-in user. `interactive` decides whether the outcome is announced with a toast.
 * Returns null when the server could not provide a user.
 */
async function resolveServerUser(identityUser: IdentityUser, interactive: boolean): Promise<User | null> {
  try {
    const { user, warning } = await fetchServerUser(identityUser);
    if (interactive) {
      if (warning)
        toast({ title: 'Limited login successful', description: 'Some features may be unavailable in demo mode.' });
      else toast({ title: 'Login successful', description: 'Welcome!' });
    }
    return user;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (message.includes('503')) {
      logger.warn({ err: message }, 'Server unavailable; using a limited session');
      if (interactive) {
        toast({ title: 'Limited login successful', description: 'Some features may be unavailable in demo mode.' });
      }
      return buildStandInUser(identityUser);
    }
    logger.error({ err: message }, 'Could not load the user record');
    if (interactive) {
      toast({ variant: 'destructive', title: 'Login failed', description: message || 'Authentication failed' });
    }
    return null;
  }
}

export function AuthProvider({ identity, navigate, children }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ user: null, isLoading: true, isAuthenticated: false });
  const [loggedOut, setLoggedOut] = useState(false);
  /** While an interactive sign-in runs, auth-state events are handled by it, not by the listener. */
  const interactiveRef = useRef(false);
  /** Identity uid whose server user is already in state (avoids a second POST /api/user). */
  const syncedUidRef = useRef<string | null>(null);
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: () => void = () => {};
    let sequence = 0;
    let redirectTimer: ReturnType<typeof setTimeout> | undefined;

    const start = async () => {
      // 1. A pending redirect sign-in result comes first.
      try {
        const redirected = await identity.getRedirectResult();
        if (cancelled) return;
        if (redirected) {
          const user = await resolveServerUser(redirected, true);
          if (cancelled) return;
          if (user) {
            syncedUidRef.current = redirected.uid;
            setLoggedOut(false);
            setState({ user, isAuthenticated: true, isLoading: false });
            redirectTimer = setTimeout(() => navigateRef.current('/app'), REDIRECT_LOGIN_NAVIGATE_MS);
          }
        }
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'Redirect sign-in failed');
      }
      if (cancelled) return;

      // 2. Then the current identity user, now and on every change.
      unsubscribe = identity.onAuthStateChanged((identityUser) => {
        if (interactiveRef.current) return;
        const current = ++sequence;
        if (!identityUser) {
          syncedUidRef.current = null;
          setState({ user: null, isAuthenticated: false, isLoading: false });
          return;
        }
        if (syncedUidRef.current === identityUser.uid) {
          setState((prev) => (prev.isLoading ? { ...prev, isLoading: false } : prev));
          return;
        }
        void resolveServerUser(identityUser, false).then((user) => {
          if (cancelled || current !== sequence || interactiveRef.current) return;
          syncedUidRef.current = user ? identityUser.uid : null;
          if (user) setLoggedOut(false);
          setState({ user, isAuthenticated: user !== null, isLoading: false });
        });
      });
    };
    void start();

    return () => {
      cancelled = true;
      unsubscribe();
      if (redirectTimer) clearTimeout(redirectTimer);
    };
  }, [identity]);

  const signInWithGoogleRedirect = useCallback(async () => {
    await sleep(SIGN_IN_DELAY_MS);
    if (identity.currentUser()) await identity.signOut();
    await identity.signInWithRedirect();
  }, [identity]);

  const signInWithGoogle = useCallback(async (): Promise<SignInOutcome> => {
    // Not a provider error: the sign-in card reports it as 'Sign-in failed'.
    if (!identity.configured) throw new IdentityNotConfiguredError();
    interactiveRef.current = true;
    try {
      await sleep(SIGN_IN_DELAY_MS);
      let identityUser: IdentityUser | null;
      try {
        if (identity.currentUser()) await identity.signOut();
        identityUser = await identity.signInWithPopup();
      } catch (error) {
        const code = identityErrorCode(error);
        logger.warn({ code: code ?? 'unknown' }, 'Google sign-in did not complete');
        if (code === 'auth/popup-blocked' || code === 'auth/operation-not-supported-in-this-environment') {
          // The browser refused the popup: fall back to the redirect flow.
          try {
            await identity.signInWithRedirect();
            return { status: 'redirecting' };
          } catch (redirectError) {
            logger.warn({ code: identityErrorCode(redirectError) ?? 'unknown' }, 'Redirect sign-in did not start');
          }
        }
        return { status: 'not-completed' };
      }
      if (!identityUser) return { status: 'not-completed' };

      const user = await resolveServerUser(identityUser, true);
      if (!user) {
        await identity.signOut().catch(() => {});
        syncedUidRef.current = null;
        setState({ user: null, isAuthenticated: false, isLoading: false });
        return { status: 'failed' };
      }
      syncedUidRef.current = identityUser.uid;
      setLoggedOut(false);
      setState({ user, isAuthenticated: true, isLoading: false });
      navigateRef.current('/app');
      return { status: 'signed-in', user };
    } finally {
      interactiveRef.current = false;
    }
  }, [identity]);

  /** After logout or account deletion: signed out, cached data of the old user dropped, back to the login tab. */
  const leaveSession = useCallback(() => {
    syncedUidRef.current = null;
    setLoggedOut(true);
    setState({ user: null, isAuthenticated: false, isLoading: false });
    navigateRef.current('/?tab=login');
    queryClient.clear();
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      if (state.isAuthenticated || identity.currentUser()) await identity.signOut();
      leaveSession();
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast({ variant: 'destructive', title: 'Logout failed', description: message });
    }
  }, [identity, leaveSession, state.isAuthenticated]);

  const deleteAccount = useCallback(async () => {
    await apiRequest('DELETE', '/api/user');
    await identity.signOut().catch((error: unknown) => {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'Sign-out after deletion failed');
    });
    leaveSession();
    toast({ title: 'Account deleted', description: 'Your account, notes and images have been deleted.' });
  }, [identity, leaveSession]);

  const updateUser = useCallback((next: User) => {
    setState((prev) => (prev.user && prev.user.id === next.id ? { ...prev, user: next } : prev));
  }, []);

  const loginWithEmail = useCallback(async (): Promise<never> => {
    toast({ variant: 'destructive', title: 'Email login not available', description: 'Please use Google sign-in.' });
    throw new Error('Email login not available');
  }, []);

  const registerWithEmail = useCallback(async (): Promise<never> => {
    toast({
      variant: 'destructive',
      title: 'Email registration not available',
      description: 'Please use Google sign-in.',
    });
    throw new Error('Email registration not available');
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      loggedOut,
      signInAvailable: identity.configured,
      signInWithGoogle,
      signInWithGoogleRedirect,
      logout,
      deleteAccount,
      updateUser,
      loginWithEmail,
      registerWithEmail,
    }),
    [
      state,
      loggedOut,
      identity.configured,
      signInWithGoogle,
      signInWithGoogleRedirect,
      logout,
      deleteAccount,
      updateUser,
      loginWithEmail,
      registerWithEmail,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
