import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client.js';
import { queryKeys } from './query-keys.js';

/**
 * SPEC §7 cache defaults: no retries, no refetch on window focus, no polling, data never stale.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** Override for the notes, statistics, remaining-uploads and subscription queries: always stale, refetched on focus. */
export const userDataQueryOptions = {
  staleTime: 0,
  refetchOnWindowFocus: true,
} as const;

/**
 * Fetches these queries again now, whether or not a mounted component uses them: a page that only shows some of
 * them (or a page the payment provider sent the browser to, with an empty cache) still gets fresh data for all.
 */
export async function refreshQueries(client: QueryClient, keys: ReadonlyArray<readonly unknown[]>): Promise<void> {
  await Promise.all(
    keys.map(async (queryKey) => {
      await client.invalidateQueries({ queryKey, refetchType: 'none' });
      await client.prefetchQuery({ queryKey, staleTime: 0 });
    }),
  );
}

/**
 * Refetches the four per-user data (after an upload or a purchase). Nothing for the stand-in user (id -1).
 * The notes are several queries under one prefix (the paged list, searches, the whole list for an export): those on
 * screen refetch now, the others are marked stale and refetch when next used (an infinite query cannot be
 * prefetched with the default query function).
 */
export async function refetchUserData(client: QueryClient, userId: number): Promise<void> {
  if (userId <= 0) return;
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.notes(userId) }),
    refreshQueries(client, [
      queryKeys.statistics(userId),
      queryKeys.remainingUploads(userId),
      queryKeys.subscription(userId),
    ]),
  ]);
}
