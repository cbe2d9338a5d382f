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

/** Refetches the four per-user queries (after an upload, a purchase or a cancelled checkout). */
export async function refetchUserData(client: QueryClient, userId: number): Promise<void> {
  await Promise.all(userDataKeys(userId).map((queryKey) => client.invalidateQueries({ queryKey })));
}
