// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { startTestServer, type TestServer } from '../test/http-server.js';
import { FakeIdentity } from '../test/fake-identity.js';
import { recordingAnalytics } from '../test/render-app.js';
import { setApiBaseUrl, setIdTokenProvider } from '../lib/api-client.js';
import { createQueryClient } from '../lib/query-client.js';
import { RuntimeProvider } from '../lib/runtime.js';
import { FALLBACK_CONFIG } from '../lib/runtime-config.js';
import { resetToasts } from '../lib/toast.js';
import { AppRoutes } from './router.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((req) => {
    if (req.path === '/api/user') {
      return {
        body: {
          id: 8,
          firebaseUid: 'u8',
          email: 'hal@example.com',
          username: 'hal',
          displayName: 'Hal Nine',
          photoURL: '',
        },
      };
    }
    if (req.path === '/api/statistics/8') return { body: { totalNotes: 12, totalWords: 34567 } };
    if (req.path === '/api/notes/8') return { body: [] };
    return { body: { remainingUploads: 2, hasSubscription: false, subscription: null, hasActiveSubscription: false } };
  });
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  resetToasts();
  vi.restoreAllMocks();
});

function start(path: string, signedIn: boolean) {
  const identity = new FakeIdentity();
  if (signedIn) identity.current = { uid: 'u8', email: 'hal@example.com', displayName: 'Hal Nine', photoURL: null };
  setIdTokenProvider(() => identity.getIdToken());
  const analytics = recordingAnalytics();
  let location = path;
  let navigate: (to: string) => void = () => {};
  function LocationProbe() {
    const current = useLocation();
    location = current.pathname + current.search;
    navigate = useNavigate();
    return null;
  }
  render(
    <RuntimeProvider value={{ config: FALLBACK_CONFIG, analytics }}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes identity={identity} />
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </RuntimeProvider>,
  );
  return { analytics, at: () => location, navigate: (to: string) => act(() => navigate(to)) };
}

describe('access rules', () => {
  it.each([
    ['/app', '/?tab=signup'],
    ['/settings', '/'],
    ['/feedback', '/?tab=signup'],
  ])('sends a visitor from %s to %s once loading has ended', async (from, to) => {
    const app = start(from, false);
    await waitFor(() => expect(app.at()).toBe(to));
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
  });

  it('sends a signed-in user from the landing page to /app', async () => {
    const app = start('/?tab=login', true);
    await waitFor(() => expect(app.at()).toBe('/app'));
    expect(await screen.findByRole('heading', { name: 'Your Notes' })).toBeTruthy();
  });

  it('selects the signup tab from ?tab=signup', async () => {
    start('/?tab=signup', false);
    const tab = await screen.findByRole('tab', { name: 'Sign Up' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });
});

describe('titles and page views', () => {
  it('sets the document title and records a page view on every route change', async () => {
    const app = start('/about', false);
    await waitFor(() => expect(document.title).toBe('About | SnapNotes'));
    await app.navigate('/terms-of-service');
    await waitFor(() => expect(document.title).toBe('Terms of Service | SnapNotes'));
    await app.navigate('/somewhere/else');
    await waitFor(() => expect(document.title).toBe('Page Not Found | SnapNotes'));
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(app.analytics.events.map((event) => event[1])).toEqual(['/about', '/terms-of-service', '/somewhere/else']);
  });

  it('legal pages have 10 numbered sections and the April 11, 2025 date', async () => {
    const app = start('/terms-of-service', false);
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(screen.getAllByRole('heading', { level: 2, name: /^\d+\. / })).toHaveLength(10);
    expect(screen.getByText('Last updated: April 11, 2025')).toBeTruthy();
    await app.navigate('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getAllByRole('heading', { level: 2, name: /^\d+\. / })).toHaveLength(10);
    expect(screen.getByText(/children under 13/)).toBeTruthy();
    expect(screen.getAllByText(/OpenAI/).length).toBeGreaterThan(0);
  });
});

describe('settings', () => {
  it('shows the profile with initials and thousands-separated statistics', async () => {
    start('/settings', true);
    expect(await screen.findByText('34,567')).toBeTruthy();
    expect(screen.getByText('Total Notes Created')).toBeTruthy();
    expect(screen.getByText('Total Words Processed')).toBeTruthy();
    expect(screen.getAllByText('HN').length).toBeGreaterThan(0);
    expect(screen.getByText('hal@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send Feedback' }).getAttribute('href')).toBe('/feedback');
    expect(screen.getByRole('link', { name: 'Back to App' }).getAttribute('href')).toBe('/app');
  });
});
