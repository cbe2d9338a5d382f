import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client.js';
import { userDataKeys } from './query-keys.js';

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

/** Refetches the four per-user queries (after an upload or a purchase). Nothing for the stand-in user (id -1). */
export async function refetchUserData(client: QueryClient, userId: number): Promise<void> {
  if (userId <= 0) return;
  await refreshQueries(client, userDataKeys(userId));
}
