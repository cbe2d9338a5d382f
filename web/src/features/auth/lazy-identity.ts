/**
 * The identity client the app starts with: the IdentityClient port, with the Firebase SDK (features/auth/firebase.ts,
 * its own chunk) loaded only when it is needed: at start when this browser may hold a sign-in
 * (saved-session.ts), or when the user is about to sign in (`prepare`, on hover or focus of the button) or signs in.
 * Until then nobody is signed in, which is what Firebase itself would say.
 */
import { logger } from '../../lib/logger.js';
import type { FirebaseWebConfig } from '../../lib/runtime-config.js';
import type { FirebaseIdentity } from './firebase.js';
import { unconfiguredIdentity, type IdentityClient, type IdentityUser } from './identity.js';
import { mayBeSignedIn, savedIdentityUid } from './saved-session.js';

declare global {
  interface Window {
    /** Present only in builds made with VITE_E2E=1: signs in with a Google ID token (browser tests). */
    __snapnotesTestSignIn?: (idToken: string) => Promise<void>;
  }
}

type Listener = (user: IdentityUser | null) => void;

/** The longest a request waits for the SDK to have read its stored sign-in before going out without a token. */
const TOKEN_WAIT_MS = 10_000;

interface Subscription {
  callback: Listener;
  active: boolean;
  unsubscribe?: () => void;
}

export interface LazyIdentityOptions {
  /** Loads the SDK (tests hand in their own). */
  load?: (config: FirebaseWebConfig) => Promise<FirebaseIdentity>;
  /** Whether a sign-in may be stored (tests hand in their own). */
  savedSession?: () => Promise<boolean>;
  /** The uid of the stored sign-in (tests hand in their own). */
  savedUid?: () => Promise<string | null>;
}

const loadFirebase = async (config: FirebaseWebConfig) => (await import('./firebase.js')).startFirebaseIdentity(config);

/**
 * Builds the app's identity client from the runtime configuration: with none, sign-in is unavailable
 * (unconfiguredIdentity); otherwise Firebase, loaded on demand.
 */
export function createIdentityClient(
  config: FirebaseWebConfig | null,
  { load = loadFirebase, savedSession = mayBeSignedIn, savedUid = savedIdentityUid }: LazyIdentityOptions = {},
): IdentityClient {
  if (!config) return unconfiguredIdentity;
  let loaded: FirebaseIdentity | null = null;
  let loading: Promise<FirebaseIdentity> | null = null;
  const subscriptions = new Set<Subscription>();
  const hasSession = savedSession().catch(() => true);

  const attach = (subscription: Subscription, client: IdentityClient) => {
    if (subscription.active && !subscription.unsubscribe) {
      subscription.unsubscribe = client.onAuthStateChanged(subscription.callback);
    }
  };

  const ensureLoaded = (): Promise<FirebaseIdentity> => {
    loading ??= load(config).then(
      (identity) => {
        loaded = identity;
        for (const subscription of subscriptions) attach(subscription, identity.client);
        return identity;
      },
      (error: unknown) => {
        loading = null; // a later sign-in tries again (e.g. the chunk failed on a flaky network)
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'Sign-in could not load');
        throw error;
      },
    );
    return loading;
  };

  /**
   * Resolves once the loaded SDK has read its stored sign-in (its first auth-state call): until then it has no token
   * to give. A request made meanwhile (the app opened offline from the kept account, then the connection came back
   * while the SDK was still starting) waits for it rather than going out unsigned; at most TOKEN_WAIT_MS.
   */
  let settled: Promise<void> | null = null;
  const whenSettled = (client: IdentityClient): Promise<void> => {
    settled ??= new Promise<void>((resolve) => {
      let done = false;
      const timer = setTimeout(() => finish(), TOKEN_WAIT_MS);
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve();
      };
      // The SDK calls back asynchronously; the listener is dropped once it has.
      const stop = client.onAuthStateChanged(() => {
        finish();
        queueMicrotask(() => stop());
      });
    });
    return settled;
  };

  if (import.meta.env.VITE_E2E === '1') {
    window.__snapnotesTestSignIn = async (idToken) => (await ensureLoaded()).signInWithGoogleIdToken(idToken);
  }

  return {
    configured: true,
    currentUser: () => loaded?.client.currentUser() ?? null,
    prepare: () => {
      ensureLoaded().catch(() => {}); // logged in ensureLoaded; the click tries again
    },
    getRedirectResult: async () => {
      if (!loaded && !(await hasSession)) return null;
      return (await ensureLoaded()).client.getRedirectResult();
    },
    onAuthStateChanged: (callback) => {
      const subscription: Subscription = { callback, active: true };
      subscriptions.add(subscription);
      if (loaded) attach(subscription, loaded.client);
      else {
        void hasSession.then((saved) => {
          if (!subscription.active || loaded) return;
          // A stored sign-in: Firebase reads it and calls back. None: nobody is signed in until a sign-in loads it.
          if (saved) ensureLoaded().catch(() => subscription.active && !loaded && callback(null));
          else callback(null);
        });
      }
      return () => {
        subscription.active = false;
        subscriptions.delete(subscription);
        subscription.unsubscribe?.();
      };
    },
    signInWithPopup: async () => (await ensureLoaded()).client.signInWithPopup(),
    signInWithRedirect: async () => (await ensureLoaded()).client.signInWithRedirect(),
    signOut: async () => loaded?.client.signOut(),
    getIdToken: async () => {
      if (!loaded && !loading) return null;
      const identity = loaded ?? (await loading?.catch(() => null));
      if (!identity) return null;
      await whenSettled(identity.client);
      return identity.client.getIdToken();
    },
    savedUid: () => savedUid().catch(() => null),
  };
}
