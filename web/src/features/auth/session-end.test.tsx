// @vitest-environment jsdom
/**
 * A session that ends without this tab's logout (issue 22 item 9): a sign-out in another tab, Firebase signing the
 * user out, a token the server refuses (401). Each must drop what the app keeps of the user (onSessionEnd: the
 * query cache in memory and on the device), not only an in-tab logout.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { startTestServer, type Reply, type TestServer } from '../../test/http-server.js';
import { FakeIdentity } from '../../test/fake-identity.js';
import { apiRequest, setApiBaseUrl, setIdTokenProvider } from '../../lib/api-client.js';
import type { AuthContextValue } from '../../lib/session.js';
import { getToastState } from '../../lib/toast.js';
import { renderAuthProbe } from '../../test/auth-probe.js';
import { resetAfterEachTest } from '../../test/component-test.js';

const alice = { uid: 'uid-alice', email: 'alice@example.com', displayName: 'Alice', photoURL: null };
const serverAlice = { id: 7, firebaseUid: 'uid-alice', email: alice.email, username: 'alice', displayName: 'Alice' };

let server: TestServer;
let notesReply: Reply;
let auth: AuthContextValue;
let otherTab: BroadcastChannel;
const heardByOtherTabs: unknown[] = [];
const navigate = vi.fn<(to: string) => void>();
const sessionEnd = vi.fn<() => void>();

async function signedIn(): Promise<FakeIdentity> {
  const identity = new FakeIdentity();
  identity.current = alice;
  renderAuthProbe(identity, { navigate, onSessionEnd: sessionEnd, onAuth: (value) => (auth = value) });
  await waitFor(() => expect(auth.isAuthenticated).toBe(true));
  return identity;
}

beforeAll(async () => {
  server = await startTestServer((req) =>
    req.path === '/api/user' ? { body: { ...serverAlice, photoURL: '' } } : notesReply,
  );
  setApiBaseUrl(server.url);
  // Another tab of the app, as the browser gives it: the same channel name.
  otherTab = new BroadcastChannel('snapnotes-session');
  otherTab.onmessage = (event: MessageEvent) => heardByOtherTabs.push(event.data);
});
afterAll(async () => {
  otherTab.close();
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  notesReply = { body: [] };
  heardByOtherTabs.length = 0;
  navigate.mockReset();
  sessionEnd.mockReset();
});
resetAfterEachTest();

describe('a session ended elsewhere', () => {
  it('a logout in another tab ends the session here and wipes what was kept', async () => {
    const identity = await signedIn();
    otherTab.postMessage({ type: 'session-ended' });
    await waitFor(() => expect(sessionEnd).toHaveBeenCalledOnce());
    expect(auth).toMatchObject({ isAuthenticated: false, user: null, loggedOut: true });
    expect(identity.calls).not.toContain('signOut');
  });

  it('Firebase signing the user out (another tab, an ended session) wipes what was kept', async () => {
    const identity = await signedIn();
    act(() => identity.setUser(null));
    await waitFor(() => expect(sessionEnd).toHaveBeenCalledOnce());
    expect(auth).toMatchObject({ isAuthenticated: false, user: null, loggedOut: true });
  });

  it('a logout here tells the other tabs, and wipes once', async () => {
    await signedIn();
    await act(async () => {
      await auth.logout();
    });
    await waitFor(() => expect(heardByOtherTabs).toEqual([{ type: 'session-ended' }]));
    expect(sessionEnd).toHaveBeenCalledOnce();
  });
});

describe('a token the server refuses (401)', () => {
  it('signs out, wipes what was kept once, tells the other tabs and says the session expired', async () => {
    const identity = await signedIn();
    notesReply = { status: 401, body: { error: 'UNAUTHORIZED', message: 'Your session has expired or is invalid.' } };
    const results = await Promise.allSettled([
      apiRequest('GET', '/api/notes/7'),
      apiRequest('GET', '/api/statistics/7'),
    ]);
    // The requests still fail as SPEC §8 says.
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
      expect.stringMatching(/401: /),
      expect.stringMatching(/401: /),
    ]);
    await waitFor(() => expect(identity.calls).toContain('signOut'));
    expect(sessionEnd).toHaveBeenCalledOnce();
    expect(auth).toMatchObject({ isAuthenticated: false, user: null, loggedOut: true });
    expect(getToastState().toasts[0]).toMatchObject({ title: 'Session expired' });
    await waitFor(() => expect(heardByOtherTabs).toEqual([{ type: 'session-ended' }]));
  });

  it('does nothing for other refusals (403), or a 401 to a request sent without a token', async () => {
    const identity = await signedIn();
    notesReply = { status: 403, body: { error: 'FORBIDDEN', message: 'You can only access your own data.' } };
    await expect(apiRequest('GET', '/api/notes/8')).rejects.toThrow(/^403: /);
    setIdTokenProvider(async () => null);
    notesReply = { status: 401, body: { error: 'UNAUTHORIZED', message: 'Sign in to continue.' } };
    await expect(apiRequest('GET', '/api/notes/7')).rejects.toThrow(/^401: /);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionEnd).not.toHaveBeenCalled();
    expect(identity.calls).not.toContain('signOut');
    expect(auth.isAuthenticated).toBe(true);
  });
});
