/**
 * The app's query cache, loaded with the first page that reads server data: the landing page and the legal pages
 * never load TanStack Query (the landing page's JavaScript budget). One client for the whole visit, so pages share
 * their cache; router.tsx wraps the pages that need it.
 */
import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.js';

export const appQueryClient = createQueryClient();

/** Provides the app's query client, unless a client is already provided (tests render pages inside their own). */
export function QueryLayer({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
