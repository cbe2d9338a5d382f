import type { IdentityClient, IdentityUser } from '../features/auth/identity.js';

export { unconfiguredIdentity } from '../features/auth/identity.js';

/** Stand-in for the Google identity provider (an outside service), recording what the product asks of it. */
export class FakeIdentity implements IdentityClient {
  readonly configured = true;
  calls: string[] = [];
  current: IdentityUser | null = null;
  redirectResult: IdentityUser | null = null;
  popupResult: IdentityUser | Error = new Error('not set');
  private listeners = new Set<(user: IdentityUser | null) => void>();

  currentUser = () => this.current;
  prepare = () => {
    this.calls.push('prepare');
  };
  getRedirectResult = async () => {
    this.calls.push('getRedirectResult');
    const result = this.redirectResult;
    if (result) this.setUser(result);
    return result;
  };
  onAuthStateChanged = (callback: (user: IdentityUser | null) => void) => {
    this.calls.push('onAuthStateChanged');
    this.listeners.add(callback);
    queueMicrotask(() => callback(this.current));
    return () => this.listeners.delete(callback);
  };
  signInWithPopup = async () => {
    this.calls.push('signInWithPopup');
    if (this.popupResult instanceof Error) throw this.popupResult;
    this.setUser(this.popupResult);
    return this.popupResult;
  };
  signInWithRedirect = async () => {
    this.calls.push('signInWithRedirect');
  };
  signOut = async () => {
    this.calls.push('signOut');
    this.setUser(null);
  };
  getIdToken = async () => (this.current ? `token-for-${this.current.uid}` : null);

  setUser(user: IdentityUser | null) {
    this.current = user;
    for (const listener of this.listeners) listener(user);
  }
}
