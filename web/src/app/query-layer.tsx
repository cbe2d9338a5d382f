/**
 * The app's query cache, loaded with the first page that reads server data: the landing page and the legal pages
 * never load TanStack Query (the landing page's JavaScript budget). One client for the whole visit, so pages share
 * their cache; router.tsx wraps the pages that need it.
 *
 * For a signed-in user the cache is also kept on the device (lib/offline-cache.ts) and restored on the next visit,
 * so the notes already loaded are readable offline: the lists, statistics and allowance, and each note's thumbnails
 * (not the full-size images). It is wiped on sign-out and account deletion (root-layout.tsx).
 */
import { useContext, useState, type ReactNode } from 'react';
import { onlineManager, QueryClientContext, QueryClientProvider, type Query } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { userCachePersister } from '../lib/offline-cache.js';
import { createQueryClient } from '../lib/query-client.js';
import { isStandInUser, useAuth } from '../lib/session.js';

export const appQueryClient = createQueryClient();

// TanStack Query assumes it starts online and then follows the online/offline events: an app opened without a
// network would send its requests, fail them and show errors instead of the kept notes. It starts from the truth.
onlineManager.setOnline(navigator.onLine);

/** A kept cache older than this is not restored. */
const OFFLINE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Changes when what is kept changes shape: a cache written by another version is dropped, not misread. */
const CACHE_VERSION = '1';

/** Kept: every query that succeeded, but of the images only the thumbnails (the full-size ones can be megabytes). */
function keepOffline(query: Query): boolean {
  if (query.state.status !== 'success') return false;
  const [first, url] = query.queryKey;
  return first !== 'note-image' || (typeof url === 'string' && url.endsWith('/thumbnail'));
}

function PersistedQueries({ userId, children }: { userId: number; children: ReactNode }) {
  const [persistOptions] = useState(() => ({
    persister: userCachePersister(userId),
    maxAge: OFFLINE_MAX_AGE_MS,
    buster: CACHE_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: keepOffline },
  }));
  return (
    <PersistQueryClientProvider client={appQueryClient} persistOptions={persistOptions}>
      {children}
    </PersistQueryClientProvider>
  );
}

/** Provides the app's query client, unless a client is already provided (tests render pages inside their own). */
export function QueryLayer({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const { user } = useAuth();
  if (outer) return <>{children}</>;
  if (user && !isStandInUser(user)) {
    return (
      <PersistedQueries key={user.id} userId={user.id}>
        {children}
      </PersistedQueries>
    );
  }
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
