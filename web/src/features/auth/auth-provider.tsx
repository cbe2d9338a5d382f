import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '@snapnotes/contracts';
import { apiRequest, NetworkError, onSessionRejected } from '../../lib/api-client.js';
import { logger } from '../../lib/logger.js';
import { startedWithoutServer } from '../../lib/runtime-config.js';
import { AuthContext, type AuthContextValue, type AuthState, type SignInOutcome } from '../../lib/session.js';
import { toast } from '../../lib/toast.js';
import { sleep } from '../../lib/utils.js';
import { IdentityNotConfiguredError, identityErrorCode, type IdentityClient, type IdentityUser } from './identity.js';
import { buildStandInUser, fetchServerUser, forgetKeptUser, keptUser } from './server-user.js';
import { openSessionChannel, type SessionChannel } from './session-channel.js';

/** SPEC §9 timings. */
export const SIGN_IN_DELAY_MS = 100;
export const REDIRECT_LOGIN_NAVIGATE_MS = 500;

export interface AuthProviderProps {
  identity: IdentityClient;
  /** Client-side navigation (react-router's navigate). */
  navigate: (to: string) => void;
  /**
   * Drops what the app keeps of the user who just left (logout, account deletion, a sign-out in another tab, a
   * session the server refused): the query cache, in memory and on disk. The app's own; the auth feature does not
   * know where data is kept.
   */
  onSessionEnd: () => void;
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
    // Offline (the installed app without a network): the record kept at the last sign-in, if it is this user's.
    const kept =
      !interactive && (error instanceof NetworkError || !navigator.onLine) ? keptUser(identityUser.uid) : null;
    if (kept) {
      logger.warn({}, 'Server unreachable; using the account kept on this device');
      return kept;
    }
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

export function AuthProvider({ identity, navigate, onSessionEnd, children }: AuthProviderProps) {
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
  /** Set while this tab signs out on purpose (logout, deletion, a refused session): the listener's null is expected. */
  const leavingRef = useRef(false);
  /** Bumped when a session ends, so a server user still being resolved for the old identity is not applied. */
  const sequenceRef = useRef(0);
  /** Other tabs of the app: told when the session ends here, telling this one when it ends there. */
  const channelRef = useRef<SessionChannel | null>(null);

  /**
   * The session ended without this tab's own logout: in another tab, or the server no longer accepts its token
   * (issue 22 item 9). Everything kept of it goes, as at a logout; the guards then send a guarded page to the login
   * tab. Also the first step of this tab's own logout (leaveSession).
   */
  const dropSession = useCallback(() => {
    syncedUidRef.current = null;
    sequenceRef.current += 1;
    setLoggedOut(true);
    setState({ user: null, isAuthenticated: false, isLoading: false });
    forgetKeptUser();
    onSessionEnd();
  }, [onSessionEnd]);
  const dropSessionRef = useRef(dropSession);
  useEffect(() => {
    dropSessionRef.current = dropSession;
  }, [dropSession]);

  useEffect(() => {
    const channel = openSessionChannel(() => {
      if (syncedUidRef.current !== null) dropSessionRef.current();
    });
    channelRef.current = channel;
    return () => {
      channel.close();
      channelRef.current = null;
    };
  }, []);

  // A 401 to a request that carried a token: the session is gone (expired, revoked, the account disabled). Signed
  // out of Firebase too, so the next start does not offer the same token again.
  useEffect(() => {
    let handling = false;
    return onSessionRejected(() => {
      if (handling || interactiveRef.current || leavingRef.current) return;
      const hadSession = syncedUidRef.current !== null;
      if (!hadSession && !identity.currentUser()) return;
      handling = true;
      leavingRef.current = true;
      logger.warn({}, 'The server refused the session token; signing out');
      dropSessionRef.current();
      channelRef.current?.announceEnd();
      if (hadSession) {
        toast({
          variant: 'destructive',
          title: 'Session expired',
          description: 'Your session has expired or is invalid. Please sign in again.',
        });
      }
      void identity
        .signOut()
        .catch(() => {})
        .finally(() => {
          leavingRef.current = false;
          handling = false;
        });
    });
  }, [identity]);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: () => void = () => {};
    let redirectTimer: ReturnType<typeof setTimeout> | undefined;
    /** Set while the session is the kept account's, opened offline before Firebase confirmed it (step 0). */
    let unconfirmed = false;

    const start = async () => {
      // 0. Offline (the installed app opened without a network, or the start's first request got no answer): the
      // account kept on this device for the user Firebase keeps signed in opens the app at once. Firebase itself
      // may take seconds to start offline (on a phone it waits 5 to 15 s for its sign-in frame) and the server
      // cannot answer; both still run below, and the listener confirms the same user, or leaves the account if
      // Firebase does not.
      if (!navigator.onLine || startedWithoutServer()) {
        const uid = (await identity.savedUid?.().catch(() => null)) ?? null;
        const kept = uid ? keptUser(uid) : null;
        if (cancelled) return;
        if (uid && kept) {
          logger.warn({}, 'Offline: opening with the account kept on this device');
          unconfirmed = true;
          syncedUidRef.current = uid;
          setState({ user: kept, isAuthenticated: true, isLoading: false });
        }
      }

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
        const current = ++sequenceRef.current;
        let previousUid = syncedUidRef.current;
        if (unconfirmed) {
          unconfirmed = false;
          // Firebase does not confirm the account the app opened offline with (its code could not load, or it no
          // longer keeps that sign-in): this tab leaves it, and keeps what is stored. A sign-out elsewhere has
          // already wiped it; one that only Firebase knows of is caught by the server's 401 once online.
          if (previousUid !== identityUser?.uid) {
            previousUid = null;
            syncedUidRef.current = null;
          }
        }
        // Signed out (or another account) without this tab's logout: another tab signed out, or Firebase ended the
        // session. What was kept of the previous account goes.
        if (previousUid !== null && previousUid !== identityUser?.uid && !leavingRef.current) {
          dropSessionRef.current();
          if (!identityUser) return;
        }
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
          if (cancelled || current !== sequenceRef.current || interactiveRef.current) return;
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

  /**
   * After logout or account deletion: signed out, cached data of the old user dropped, the other tabs told, back to
   * the login tab.
   */
  const leaveSession = useCallback(() => {
    dropSession();
    channelRef.current?.announceEnd();
    navigateRef.current('/?tab=login');
  }, [dropSession]);

  /** Signs out of the identity provider on purpose: the listener's null that follows is not a session lost. */
  const signOutHere = useCallback(async () => {
    leavingRef.current = true;
    try {
      await identity.signOut();
    } finally {
      leavingRef.current = false;
    }
  }, [identity]);

  const logout = useCallback(async () => {
    try {
      if (state.isAuthenticated || identity.currentUser()) await signOutHere();
      leaveSession();
      toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast({ variant: 'destructive', title: 'Logout failed', description: message });
    }
  }, [identity, leaveSession, signOutHere, state.isAuthenticated]);

  const deleteAccount = useCallback(async () => {
    await apiRequest('DELETE', '/api/user');
    await signOutHere().catch((error: unknown) => {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'Sign-out after deletion failed');
    });
    leaveSession();
    toast({ title: 'Account deleted', description: 'Your account, notes and images have been deleted.' });
  }, [leaveSession, signOutHere]);

  const prepareSignIn = useCallback(() => identity.prepare(), [identity]);

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
      prepareSignIn,
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
      prepareSignIn,
      logout,
      deleteAccount,
      updateUser,
      loginWithEmail,
      registerWithEmail,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
