/**
 * The signed-in session as every part of the app reads it: who is signed in and what can be done with the session.
 * Shared (lib/), so features read it without importing the auth feature; `features/auth` provides it
 * (AuthProvider: Google sign-in through Firebase, the server's user record) and `app/` puts the provider in place.
 */
import { createContext, useContext } from 'react';
import type { User } from '@snapnotes/contracts';

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
  /**
   * Starts loading the sign-in code (the Firebase SDK is not part of the first page load): call it when a sign-in
   * is likely (the pointer is on the button), so the click opens the popup at once.
   */
  prepareSignIn(): void;
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

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

/** Id of the user built on the client when the server cannot provide one (SPEC §3). */
export const STAND_IN_USER_ID = -1;

/** True for the stand-in user (SPEC §3): signed in with Google, but the server could not provide the account. */
export function isStandInUser(user: User | null | undefined): boolean {
  return user?.id === STAND_IN_USER_ID;
}
