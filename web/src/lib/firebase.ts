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
  type Auth,
  type User as FirebaseUser,
} from 'firebase/auth';
import { unconfiguredIdentity, type IdentityClient, type IdentityUser } from './identity.js';
import type { FirebaseWebConfig } from './runtime-config.js';

declare global {
  interface Window {
    /** Present only in builds made with VITE_E2E=1: signs in with a Google ID token (browser tests). */
    __snapnotesTestSignIn?: (idToken: string) => Promise<void>;
  }
}

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

/** Wraps a Firebase Auth instance in the IdentityClient port. */
export function firebaseIdentity(auth: Auth): IdentityClient {
  return {
    configured: true,
    currentUser: () => toIdentityUser(auth.currentUser),
    getRedirectResult: async () => toIdentityUser((await getRedirectResult(auth))?.user),
    onAuthStateChanged: (callback) => onAuthStateChanged(auth, (user) => callback(toIdentityUser(user))),
    signInWithPopup: async () => toIdentityUser((await signInWithPopup(auth, googleProvider())).user),
    signInWithRedirect: () => signInWithRedirect(auth, googleProvider()),
    signOut: () => signOut(auth),
    getIdToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
  };
}

/**
 * Initialises Firebase from the runtime configuration (connecting to the Auth emulator when the server
 * names one). With no configuration the app still runs, and sign-in says it is unavailable.
 */
export function createIdentityClient(config: FirebaseWebConfig | null): IdentityClient {
  if (!config) return unconfiguredIdentity;
  const app = initializeApp({
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
    ...(config.appId ? { appId: config.appId } : {}),
  });
  const auth = getAuth(app);
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true });
  if (import.meta.env.VITE_E2E === '1') {
    window.__snapnotesTestSignIn = async (idToken: string) => {
      await signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
    };
  }
  return firebaseIdentity(auth);
}
