// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import { startTestServer, type Reply, type TestServer } from '../../test/http-server.js';
import { setApiBaseUrl } from '../../lib/api-client.js';
import type { AuthContextValue } from '../../lib/session.js';
import { REDIRECT_LOGIN_NAVIGATE_MS } from './auth-provider.js';
import { renderAuthProbe } from '../../test/auth-probe.js';
import { resetAfterEachTest } from '../../test/component-test.js';
import { toastClock } from '../../test/toast-clock.js';
import { unconfiguredIdentity, type IdentityClient, type IdentityUser } from './identity.js';
import { FakeIdentity } from '../../test/fake-identity.js';
import { getToastState } from '../../lib/toast.js';

const alice: IdentityUser = {
  uid: 'uid-alice',
  email: 'alice@example.com',
  displayName: 'Alice Example',
  photoURL: null,
};
const serverAlice = {
  id: 7,
  firebaseUid: 'uid-alice',
  email: 'alice@example.com',
  username: 'alice',
  displayName: 'Alice Example',
  photoURL: '',
  ocrLanguages: null,
};

let server: TestServer;
let userReply: Reply;
let auth: AuthContextValue;
const navigate = vi.fn<(to: string) => void>();
const sessionEnd = vi.fn<() => void>();

function mount(identity: IdentityClient) {
  renderAuthProbe(identity, { navigate, onSessionEnd: sessionEnd, onAuth: (value) => (auth = value) });
}

const userPosts = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/api/user');
const lastToast = () => getToastState().toasts[0];

beforeAll(async () => {
  server = await startTestServer(() => userReply);
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  userReply = { body: serverAlice };
  server.requests.length = 0;
  navigate.mockReset();
  sessionEnd.mockReset();
});
resetAfterEachTest();

describe('AuthProvider start-up', () => {
  it('starts loading, handles the redirect result first, and ends unauthenticated without a user', async () => {
    const identity = new FakeIdentity();
    mount(identity);
    expect(auth).toMatchObject({ isLoading: true, isAuthenticated: false, user: null });
    await waitFor(() => expect(auth.isLoading).toBe(false));
    expect(auth).toMatchObject({ isAuthenticated: false, user: null });
    expect(identity.calls.slice(0, 2)).toEqual(['getRedirectResult', 'onAuthStateChanged']);
    expect(userPosts()).toHaveLength(0);
  });

  it('fetches or creates the server user for an existing identity user', async () => {
    const identity = new FakeIdentity();
    identity.current = alice;
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    expect(auth.user).toEqual(serverAlice);
    expect(auth.isLoading).toBe(false);
    const [post] = userPosts();
    expect(JSON.parse(post!.text)).toEqual({
      firebaseUid: 'uid-alice',
      email: 'alice@example.com',
      displayName: 'Alice Example',
      photoURL: '',
    });
    expect(post!.headers.authorization).toBe('Bearer token-for-uid-alice');
    expect(getToastState().toasts).toHaveLength(0);
  });

  it("reads a record without ocrLanguages (an older server) as not chosen, and takes the user's newer record", async () => {
    const { ocrLanguages: _omitted, ...older } = serverAlice;
    userReply = { body: older };
    const identity = new FakeIdentity();
    identity.current = alice;
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    expect(auth.user?.ocrLanguages).toBeNull();
    act(() => auth.updateUser({ ...serverAlice, id: 8, ocrLanguages: ['deu'] }));
    expect(auth.user?.ocrLanguages).toBeNull();
    act(() => auth.updateUser({ ...serverAlice, ocrLanguages: ['fra', 'eng'] }));
    expect(auth.user).toEqual({ ...serverAlice, ocrLanguages: ['fra', 'eng'] });
    expect(userPosts()).toHaveLength(1);
  });

  it('after a redirect sign-in: authenticated, one user call, and /app after 500 ms', async () => {
    const identity = new FakeIdentity();
    identity.redirectResult = alice;
    const toasted = toastClock('Login successful');
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    expect(lastToast()).toMatchObject({ title: 'Login successful', description: 'Welcome!' });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/app'), { timeout: 2000 });
    toasted.stop();
    expect(Date.now() - toasted.at!).toBeGreaterThanOrEqual(REDIRECT_LOGIN_NAVIGATE_MS - 5);
    expect(userPosts()).toHaveLength(1);
  });

  it('ends unauthenticated when the server refuses the user', async () => {
    userReply = { status: 500, statusText: 'Internal Server Error', body: 'boom' };
    const identity = new FakeIdentity();
    identity.current = alice;
    mount(identity);
    await waitFor(() => expect(auth.isLoading).toBe(false));
    expect(auth.isAuthenticated).toBe(false);
  });
});

describe('signInWithGoogle (popup)', () => {
  async function ready(identity: FakeIdentity) {
    mount(identity);
    await waitFor(() => expect(auth.isLoading).toBe(false));
  }

  it('waits 100 ms, signs out the current identity user first, then signs in and goes to /app', async () => {
    const identity = new FakeIdentity();
    identity.current = { ...alice, uid: 'uid-someone-else' };
    userReply = { status: 500, statusText: 'Internal Server Error' };
    await ready(identity);
    userReply = { body: serverAlice };
    identity.popupResult = alice;
    identity.calls = [];
    const started = Date.now();
    let outcome: Awaited<ReturnType<AuthContextValue['signInWithGoogle']>> | undefined;
    await act(async () => {
      outcome = await auth.signInWithGoogle();
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(identity.calls).toEqual(['signOut', 'signInWithPopup']);
    expect(outcome).toEqual({ status: 'signed-in', user: serverAlice });
    expect(auth).toMatchObject({ isAuthenticated: true, user: serverAlice });
    expect(lastToast()).toMatchObject({ title: 'Login successful', description: 'Welcome!' });
    expect(navigate).toHaveBeenCalledWith('/app');
  });

  it('falls back to the stand-in user when the server answers 503', async () => {
    const identity = new FakeIdentity();
    await ready(identity);
    identity.popupResult = { uid: 'uid-bob', email: 'bob.smith@example.com', displayName: null, photoURL: 'p.png' };
    userReply = { status: 503, statusText: 'Service Unavailable', body: 'down' };
    await act(async () => {
      await auth.signInWithGoogle();
    });
    expect(auth.user).toEqual({
      id: -1,
      firebaseUid: 'uid-bob',
      email: 'bob.smith@example.com',
      username: 'bob.smith',
      displayName: 'bob.smith',
      photoURL: 'p.png',
      ocrLanguages: null,
    });
    expect(lastToast()).toMatchObject({
      title: 'Limited login successful',
      description: 'Some features may be unavailable in demo mode.',
    });
  });

  it('uses the stand-in user when the server reports FIREBASE_NOT_CONFIGURED', async () => {
    const identity = new FakeIdentity();
    await ready(identity);
    identity.popupResult = alice;
    userReply = { status: 503, body: { error: 'FIREBASE_NOT_CONFIGURED', message: 'not configured' } };
    await act(async () => {
      await auth.signInWithGoogle();
    });
    expect(auth.user?.id).toBe(-1);
    expect(auth.user?.displayName).toBe('Alice Example');
    expect(lastToast()?.title).toBe('Limited login successful');
  });

  it('reports other server errors as "Login failed" with the message', async () => {
    const identity = new FakeIdentity();
    await ready(identity);
    identity.popupResult = alice;
    userReply = { status: 500, statusText: 'Internal Server Error', body: 'db down' };
    let outcome: unknown;
    await act(async () => {
      outcome = await auth.signInWithGoogle();
    });
    expect(outcome).toEqual({ status: 'failed' });
    expect(auth.isAuthenticated).toBe(false);
    expect(lastToast()).toMatchObject({
      variant: 'destructive',
      title: 'Login failed',
      description: 'Server error: 500 Internal Server Error',
    });
  });

  it('reports a body that is not JSON as "Invalid response from server"', async () => {
    const identity = new FakeIdentity();
    await ready(identity);
    identity.popupResult = alice;
    userReply = { status: 200, body: '<html>proxy page</html>', headers: { 'Content-Type': 'text/html' } };
    await act(async () => {
      await auth.signInWithGoogle();
    });
    expect(lastToast()).toMatchObject({ title: 'Login failed', description: 'Invalid response from server' });
  });

  it('swallows provider errors (popup closed) and returns no result', async () => {
    const identity = new FakeIdentity();
    await ready(identity);
    identity.popupResult = Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' });
    let outcome: unknown;
    await act(async () => {
      outcome = await auth.signInWithGoogle();
    });
    expect(outcome).toEqual({ status: 'not-completed' });
    expect(getToastState().toasts).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('falls back to the redirect flow when the popup is blocked', async () => {
    const identity = new FakeIdentity();
    await ready(identity);
    identity.popupResult = Object.assign(new Error('blocked'), { code: 'auth/popup-blocked' });
    let outcome: unknown;
    await act(async () => {
      outcome = await auth.signInWithGoogle();
    });
    expect(outcome).toEqual({ status: 'redirecting' });
    expect(identity.calls).toContain('signInWithRedirect');
  });

  it('throws when sign-in is not configured at all', async () => {
    mount(unconfiguredIdentity);
    await waitFor(() => expect(auth.isLoading).toBe(false));
    expect(auth.signInAvailable).toBe(false);
    await expect(auth.signInWithGoogle()).rejects.toThrow('Google sign-in is not configured on this server.');
  });
});

describe('offline start (the installed app without a network)', () => {
  afterEach(() => setApiBaseUrl(server.url));

  it('uses the account kept at the last sign-in for the same user, and forgets it on logout', async () => {
    const identity = new FakeIdentity();
    identity.current = alice;
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    cleanup();

    const unreachable = await startTestServer();
    await unreachable.close();
    setApiBaseUrl(unreachable.url);
    mount(identity);
    await waitFor(() => expect(auth.isLoading).toBe(false));
    expect(auth).toMatchObject({ isAuthenticated: true, user: serverAlice });
    expect(getToastState().toasts).toHaveLength(0);

    // Another Google account on this device gets nothing of Alice's.
    cleanup();
    const bob = new FakeIdentity();
    bob.current = { ...alice, uid: 'uid-bob', email: 'bob@example.com' };
    mount(bob);
    await waitFor(() => expect(auth.isLoading).toBe(false));
    expect(auth).toMatchObject({ isAuthenticated: false, user: null });

    cleanup();
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    await act(async () => {
      await auth.logout();
    });
    identity.current = alice;
    cleanup();
    mount(identity);
    await waitFor(() => expect(auth.isLoading).toBe(false));
    expect(auth).toMatchObject({ isAuthenticated: false, user: null });
  });
});

describe('logout and removed email sign-in', () => {
  it('logout signs out, clears the user, toasts and goes to /?tab=login', async () => {
    const identity = new FakeIdentity();
    identity.current = alice;
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    await act(async () => {
      await auth.logout();
    });
    expect(identity.calls).toContain('signOut');
    expect(auth).toMatchObject({ isAuthenticated: false, user: null, loggedOut: true });
    expect(navigate).toHaveBeenCalledWith('/?tab=login');
    expect(sessionEnd).toHaveBeenCalledOnce();
    expect(lastToast()).toMatchObject({ title: 'Logged out', description: 'You have been successfully logged out.' });
  });

  it('logout failure shows "Logout failed" with the message', async () => {
    const identity = new FakeIdentity();
    identity.current = alice;
    identity.signOut = async () => {
      throw new Error('network down');
    };
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    await act(async () => {
      await auth.logout();
    });
    expect(lastToast()).toMatchObject({ variant: 'destructive', title: 'Logout failed', description: 'network down' });
    expect(auth.isAuthenticated).toBe(true);
    expect(sessionEnd).not.toHaveBeenCalled();
  });

  it('deleteAccount deletes on the server with the bearer token, then signs out like a logout', async () => {
    const identity = new FakeIdentity();
    identity.current = alice;
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    userReply = { body: { success: true } };
    await act(async () => {
      await auth.deleteAccount();
    });
    const deletion = server.requests.find((r) => r.method === 'DELETE');
    expect(deletion).toMatchObject({ path: '/api/user' });
    expect(deletion?.headers.authorization).toBe('Bearer token-for-uid-alice');
    expect(identity.calls).toContain('signOut');
    expect(auth).toMatchObject({ isAuthenticated: false, user: null, loggedOut: true });
    expect(navigate).toHaveBeenCalledWith('/?tab=login');
    expect(sessionEnd).toHaveBeenCalledOnce();
    expect(lastToast()).toMatchObject({ title: 'Account deleted' });
  });

  it('deleteAccount rejects and keeps the user signed in when the server refuses', async () => {
    const identity = new FakeIdentity();
    identity.current = alice;
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    userReply = { status: 500, body: { error: 'INTERNAL', message: 'Something went wrong on our side.' } };
    await expect(auth.deleteAccount()).rejects.toThrow(/^500: /);
    expect(identity.calls).not.toContain('signOut');
    expect(auth.isAuthenticated).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionEnd).not.toHaveBeenCalled();
  });

  it('email login and registration toast that they are not available, then fail', async () => {
    mount(new FakeIdentity());
    await expect(auth.loginWithEmail('a@b.c', 'pw')).rejects.toThrow();
    expect(lastToast()).toMatchObject({
      title: 'Email login not available',
      description: 'Please use Google sign-in.',
    });
    await expect(auth.registerWithEmail('a@b.c', 'pw')).rejects.toThrow();
    expect(lastToast()).toMatchObject({
      title: 'Email registration not available',
      description: 'Please use Google sign-in.',
    });
  });
});
