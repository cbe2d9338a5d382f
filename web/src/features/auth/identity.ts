/**
 * The identity-provider port: what the auth state machine needs from Google sign-in. firebase.ts implements it with
 * the Firebase web SDK, loaded on demand by lazy-identity.ts; tests drive the state machine with a stand-in.
 */
export interface IdentityUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export interface IdentityClient {
  /** False when the server sent no Firebase configuration: sign-in is then unavailable. */
  readonly configured: boolean;
  /** The signed-in user as far as is known now (null while the provider's code has not been loaded). */
  currentUser(): IdentityUser | null;
  /** Starts loading what sign-in needs, so that a sign-in about to happen does not wait for it. */
  prepare(): void;
  /** Result of a pending redirect sign-in, or null when there was none. */
  getRedirectResult(): Promise<IdentityUser | null>;
  /** Calls back with the current user now and on every change; returns the unsubscribe function. */
  onAuthStateChanged(callback: (user: IdentityUser | null) => void): () => void;
  /** Google sign-in in a popup that always shows the account chooser (prompt select_account). */
  signInWithPopup(): Promise<IdentityUser | null>;
  /** Google sign-in by redirecting the whole page; resolves only if the navigation does not happen. */
  signInWithRedirect(): Promise<void>;
  signOut(): Promise<void>;
  /** ID token of the current user (refreshed by the SDK when close to expiry), or null. */
  getIdToken(): Promise<string | null>;
  /**
   * The uid of the user the provider keeps signed in on this device, read without waiting for the provider (null
   * when none, or when it cannot tell). Used to open the app offline at once (auth-provider.tsx).
   */
  savedUid?(): Promise<string | null>;
}

export class IdentityNotConfiguredError extends Error {
  constructor() {
    super('Google sign-in is not configured on this server.');
    this.name = 'IdentityNotConfiguredError';
  }
}

/** Identity client used when the server sent no Firebase configuration: nobody is ever signed in. */
export const unconfiguredIdentity: IdentityClient = {
  configured: false,
  currentUser: () => null,
  prepare: () => {},
  getRedirectResult: async () => null,
  onAuthStateChanged: (callback) => {
    queueMicrotask(() => callback(null));
    return () => {};
  },
  signInWithPopup: async () => {
    throw new IdentityNotConfiguredError();
  },
  signInWithRedirect: async () => {
    throw new IdentityNotConfiguredError();
  },
  signOut: async () => {},
  getIdToken: async () => null,
};

/** Error code of a provider error (e.g. 'auth/popup-blocked'), if it has one. */
export function identityErrorCode(error: unknown): string | undefined {
  if (error !== null && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
