// @vitest-environment jsdom
/**
 * The app opened offline (issue 23 item 3): the account kept on the device for the user Firebase keeps signed in is
 * used at once, without waiting for Firebase (which may take seconds to start offline) or the server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { loadRuntimeConfig } from '../../lib/runtime-config.js';
import { useAuth, type AuthContextValue } from '../../lib/session.js';
import { FakeIdentity } from '../../test/fake-identity.js';
import { AuthProvider } from './auth-provider.js';
import type { IdentityUser } from './identity.js';

const alice: IdentityUser = { uid: 'uid-alice', email: 'alice@example.com', displayName: 'Alice', photoURL: null };
const keptAlice = {
  id: 7,
  firebaseUid: 'uid-alice',
  email: 'alice@example.com',
  username: 'alice',
  displayName: 'Alice',
  photoURL: '',
  ocrLanguages: null,
};

/** Firebase starting offline on a phone: its redirect check hangs until the test lets it go. */
class SlowIdentity extends FakeIdentity {
  saved: string | null = 'uid-alice';
  private release: () => void = () => {};
  private readonly started = new Promise<void>((resolve) => (this.release = resolve));
  savedUid = async () => this.saved;
  override getRedirectResult = async () => {
    this.calls.push('getRedirectResult');
    await this.started;
    return null;
  };
  finishStarting() {
    this.release();
  }
}

let auth: AuthContextValue;
const sessionEnd = vi.fn<() => void>();
const fetchSpy = vi.fn<typeof fetch>();

function Probe() {
  auth = useAuth();
  return null;
}

function mount(identity: FakeIdentity) {
  render(
    <AuthProvider identity={identity} navigate={() => {}} onSessionEnd={sessionEnd}>
      <Probe />
    </AuthProvider>,
  );
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

beforeEach(async () => {
  localStorage.setItem('snapnotes:user', JSON.stringify(keptAlice));
  // The start reached the server (lib/runtime-config.ts remembers whether it did).
  vi.stubGlobal('fetch', async () => new Response('{}'));
  await loadRuntimeConfig();
  sessionEnd.mockReset();
  fetchSpy.mockReset();
  fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'));
  vi.stubGlobal('fetch', fetchSpy);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AuthProvider offline start', () => {
  it('opens with the kept account at once, before Firebase has started, and stays when Firebase confirms it', async () => {
    setOnline(false);
    const identity = new SlowIdentity();
    identity.current = alice;
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    expect(auth).toMatchObject({ isLoading: false, user: keptAlice });
    expect(identity.calls).toEqual(['getRedirectResult']);
    expect(fetchSpy).not.toHaveBeenCalled();

    await act(async () => identity.finishStarting());
    await waitFor(() => expect(identity.calls).toContain('onAuthStateChanged'));
    await act(async () => {});
    expect(auth).toMatchObject({ isAuthenticated: true, user: keptAlice });
    expect(fetchSpy).not.toHaveBeenCalled(); // the same user: no second POST /api/user
    expect(sessionEnd).not.toHaveBeenCalled();
  });

  it('leaves the kept account, without wiping it, when Firebase does not confirm the sign-in', async () => {
    setOnline(false);
    const identity = new SlowIdentity();
    identity.current = null;
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    await act(async () => identity.finishStarting());
    await waitFor(() => expect(auth.isAuthenticated).toBe(false));
    expect(auth).toMatchObject({ isLoading: false, user: null, loggedOut: false });
    expect(sessionEnd).not.toHaveBeenCalled();
    expect(localStorage.getItem('snapnotes:user')).not.toBeNull();
  });

  it("uses nobody's account but the one Firebase keeps", async () => {
    setOnline(false);
    const identity = new SlowIdentity();
    identity.saved = 'uid-bob';
    mount(identity);
    await act(async () => {});
    expect(auth).toMatchObject({ isLoading: true, isAuthenticated: false });
    identity.saved = null;
    cleanup();
    mount(identity);
    await act(async () => {});
    expect(auth).toMatchObject({ isLoading: true, isAuthenticated: false });
  });

  it('also when the browser claims to be online but the start got no answer from the server', async () => {
    setOnline(true);
    await loadRuntimeConfig(); // fetch fails: no answer
    const identity = new SlowIdentity();
    identity.current = alice;
    mount(identity);
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    expect(auth.user).toEqual(keptAlice);
  });

  it('online, waits for Firebase and the server as before', async () => {
    setOnline(true);
    const identity = new SlowIdentity();
    identity.current = alice;
    mount(identity);
    await act(async () => {});
    expect(auth).toMatchObject({ isLoading: true, isAuthenticated: false });
    await act(async () => identity.finishStarting());
    // The server cannot be reached (fetch fails): as before, the kept account is the answer.
    await waitFor(() => expect(auth.isAuthenticated).toBe(true));
    expect(fetchSpy).toHaveBeenCalled();
  });
});
