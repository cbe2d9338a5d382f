import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AuthProvider } from '../features/auth/auth-provider.js';
import type { Analytics } from '../lib/analytics.js';
import type { IdentityClient } from '../features/auth/identity.js';
import { createQueryClient } from '../lib/query-client.js';
import { RuntimeProvider } from '../lib/runtime.js';
import { FALLBACK_CONFIG } from '../lib/runtime-config.js';

/** Records analytics calls instead of sending them to Google. */
export function recordingAnalytics(): Analytics & { events: unknown[][] } {
  const events: unknown[][] = [];
  return {
    enabled: true,
    events,
    pageView: (path, title) => events.push(['page_view', path, title]),
    noteCreated: () => events.push(['note_created']),
    subscriptionPurchased: (plan, value) => events.push(['subscription_purchased', plan, value]),
  };
}

export interface AppHarness {
  client: QueryClient;
  analytics: ReturnType<typeof recordingAnalytics>;
  /** The current router location (path + search). */
  location: () => string;
}

/** Renders `ui` at `path` inside the real providers (query cache, runtime, auth) with a memory router. */
export function renderInApp(
  ui: ReactNode,
  { identity, path = '/', routePath = '*' }: { identity: IdentityClient; path?: string; routePath?: string },
): AppHarness {
  const client = createQueryClient();
  const analytics = recordingAnalytics();
  let current = path;
  function Shell() {
    const navigate = useNavigate();
    const location = useLocation();
    current = location.pathname + location.search;
    return (
      <AuthProvider identity={identity} navigate={navigate} onSessionEnd={() => client.clear()}>
        <Routes>
          <Route path={routePath} element={ui} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </AuthProvider>
    );
  }
  render(
    <RuntimeProvider value={{ config: FALLBACK_CONFIG, analytics }}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Shell />
        </MemoryRouter>
      </QueryClientProvider>
    </RuntimeProvider>,
  );
  return { client, analytics, location: () => current };
}
