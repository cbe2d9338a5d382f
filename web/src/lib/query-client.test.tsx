// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { focusManager, QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { startTestServer, type TestServer } from '../test/http-server.js';
import { setApiBaseUrl } from './api-client.js';
import { createQueryClient, refetchUserData } from './query-client.js';
import { queryKeys } from './query-keys.js';
import { toQuota, useNotesPages, useQuota } from './user-data.js';

let server: TestServer;
let client: QueryClient;

beforeAll(async () => {
  server = await startTestServer((req) => {
    if (req.path === '/api/fails') return { status: 500, body: 'kaput' };
    if (req.path.endsWith('/remaining-uploads')) return { body: { remainingUploads: null, hasSubscription: true } };
    return { body: [{ id: 1, path: req.path }] };
  });
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  server.requests.length = 0;
  client = createQueryClient();
});
afterEach(() => {
  cleanup();
  client.clear();
  focusManager.setFocused(undefined);
});

const hits = (path: string) => server.requests.filter((r) => r.path === path).length;

function Plain({ url }: { url: string }) {
  const query = useQuery({ queryKey: [url] });
  return <p>{query.isError ? `error ${query.error.message}` : query.isSuccess ? 'loaded' : 'loading'}</p>;
}

function Notes({ userId }: { userId: number }) {
  const query = useNotesPages(userId);
  return <p>{query.isSuccess ? 'loaded' : 'loading'}</p>;
}

function mount(node: React.ReactNode) {
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

async function focusWindow() {
  await act(async () => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
}

describe('default cache settings', () => {
  it('does not retry a failed query and fails with "{status}: {text}"', async () => {
    const view = mount(<Plain url="/api/fails" />);
    await waitFor(() => expect(view.container.textContent).toBe('error 500: kaput'));
    expect(hits('/api/fails')).toBe(1);
  });

  it('never considers data stale: no refetch on remount or window focus', async () => {
    const view = mount(<Plain url="/api/plain" />);
    await waitFor(() => expect(view.container.textContent).toBe('loaded'));
    view.unmount();
    const again = mount(<Plain url="/api/plain" />);
    await waitFor(() => expect(again.container.textContent).toBe('loaded'));
    await focusWindow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hits('/api/plain')).toBe(1);
  });
});

describe('per-user queries', () => {
  it('put the user id in the key/URL and are refetched on remount and on window focus', async () => {
    const firstPage = '/api/notes/42?limit=50';
    const view = mount(<Notes userId={42} />);
    await waitFor(() => expect(view.container.textContent).toBe('loaded'));
    expect(hits(firstPage)).toBe(1);
    view.unmount();
    mount(<Notes userId={42} />);
    await waitFor(() => expect(hits(firstPage)).toBe(2));
    await focusWindow();
    await waitFor(() => expect(hits(firstPage)).toBe(3));
  });

  it('refetchUserData refetches notes, statistics, remaining uploads and subscription', async () => {
    for (const key of [
      queryKeys.notes(5),
      queryKeys.statistics(5),
      queryKeys.remainingUploads(5),
      queryKeys.subscription(5),
    ]) {
      await client.fetchQuery({ queryKey: key });
    }
    server.requests.length = 0;
    // Observed queries are refetched by invalidation; mount observers for all four.
    function All() {
      useQuery({ queryKey: queryKeys.notes(5) });
      useQuery({ queryKey: queryKeys.statistics(5) });
      useQuery({ queryKey: queryKeys.remainingUploads(5) });
      useQuery({ queryKey: queryKeys.subscription(5) });
      return null;
    }
    mount(<All />);
    await act(async () => refetchUserData(client, 5));
    expect(server.requests.map((r) => r.path).sort()).toEqual([
      '/api/notes/5',
      '/api/statistics/5',
      '/api/user/5/remaining-uploads',
      '/api/user/5/subscription',
    ]);
  });

  it('refetchUserData also fetches the queries no page shows or has loaded yet', async () => {
    // Only the notes are on screen; nothing else is cached (e.g. a page the payment provider sent us to).
    function NotesOnly() {
      useQuery({ queryKey: queryKeys.notes(6) });
      return null;
    }
    mount(<NotesOnly />);
    await waitFor(() => expect(hits('/api/notes/6')).toBe(1));
    await act(async () => refetchUserData(client, 6));
    expect(hits('/api/notes/6')).toBe(2);
    expect(hits('/api/statistics/6')).toBe(1);
    expect(hits('/api/user/6/remaining-uploads')).toBe(1);
    expect(hits('/api/user/6/subscription')).toBe(1);
    expect(client.getQueryData(queryKeys.statistics(6))).toEqual([{ id: 1, path: '/api/statistics/6' }]);
  });

  it('refetchUserData asks nothing for the stand-in user', async () => {
    await act(async () => refetchUserData(client, -1));
    expect(server.requests).toEqual([]);
  });

  it('shows unlimited (null on the wire) as Infinity', async () => {
    let quota: ReturnType<typeof useQuota>['data'];
    function Probe() {
      quota = useQuota(9).data;
      return null;
    }
    mount(<Probe />);
    await waitFor(() => expect(quota).toBeDefined());
    expect(quota).toMatchObject({ remainingUploads: Infinity, hasSubscription: true });
  });
});

describe('toQuota', () => {
  it('defaults to 1 remaining upload when the field is absent', () => {
    expect(toQuota({ hasSubscription: false }).remainingUploads).toBe(1);
    expect(toQuota(null).remainingUploads).toBe(1);
    expect(toQuota({ remainingUploads: 0, hasSubscription: false }).remainingUploads).toBe(0);
  });
});
