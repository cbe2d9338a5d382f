/**
 * The Firebase web SDK behind the IdentityClient port. Loaded on demand (lazy-identity.ts): it is the largest part
 * of sign-in, and a visitor who never signs in never downloads it.
 */
import { initializeApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  connectAuthEmulator,
  getAuth,
  getRedirectResult,
  onAuthStateChanged,
  signInWithCredential,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  type User as FirebaseUser,
} from 'firebase/auth';
import type { FirebaseWebConfig } from '../../lib/runtime-config.js';
import type { IdentityClient, IdentityUser } from './identity.js';

function toIdentityUser(user: FirebaseUser | null | undefined): IdentityUser | null {
  if (!user) return null;
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.addScope('profile');
  provider.addScope('email');
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

export interface FirebaseIdentity {
  client: IdentityClient;
  /** Signs in with a Google ID token (browser tests only: builds made with VITE_E2E=1 expose it). */
  signInWithGoogleIdToken(idToken: string): Promise<void>;
}

/** Where the Auth emulator's front serves its gapi stand-in (packages/local-services/src/offline-gapi.ts). */
const EMULATOR_GAPI_PATH = '/__snapnotes/gapi.js';

/**
 * Against the Auth emulator, loads gapi from the emulator itself, so signing in needs no internet: the SDK's popup and
 * redirect flows use `window.gapi` when it is there, and load Google's `https://apis.google.com/js/api.js` otherwise.
 * The emulator `pnpm start` and the tests run serves it; another emulator (plain firebase-tools) does not, and then
 * the SDK loads Google's as before.
 */
function loadEmulatorGapi(emulatorUrl: string, timeoutMs = 3000): Promise<void> {
  if ((window as { gapi?: unknown }).gapi) return Promise.resolve();
  return new Promise((resolve) => {
    const script = document.createElement('script');
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    script.src = new URL(EMULATOR_GAPI_PATH, emulatorUrl).href;
    script.onload = done;
    script.onerror = done;
    document.head.append(script);
  });
}

/** Initialises Firebase from the runtime configuration, connecting to the Auth emulator when the server names one. */
export async function startFirebaseIdentity(config: FirebaseWebConfig): Promise<FirebaseIdentity> {
  if (config.emulatorUrl) await loadEmulatorGapi(config.emulatorUrl);
  const app = initializeApp({
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
    ...(config.appId ? { appId: config.appId } : {}),
  });
  const auth = getAuth(app);
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  return {
    client: {
      configured: true,
      currentUser: () => toIdentityUser(auth.currentUser),
      prepare: () => {},
      getRedirectResult: async () => toIdentityUser((await getRedirectResult(auth))?.user),
      onAuthStateChanged: (callback) => onAuthStateChanged(auth, (user) => callback(toIdentityUser(user))),
      signInWithPopup: async () => toIdentityUser((await signInWithPopup(auth, googleProvider())).user),
      signInWithRedirect: () => signInWithRedirect(auth, googleProvider()),
      signOut: () => signOut(auth),
      getIdToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
    },
    signInWithGoogleIdToken: async (idToken) => {
      await signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
    },
  };
}
