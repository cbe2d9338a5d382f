/**
 * The imports as the tray reads them, all through the query cache: the list (`GET /api/imports?active=1`, which is
 * how the tray comes back after a reload), each import's detail, kept current by following it (follow.ts) while it
 * runs, and "Retry failed".
 */
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ImportDetail } from '@snapnotes/contracts';
import { refetchUserData } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';
import { fetchActiveImports, fetchImport, retryFailed } from './api.js';
import { followImport, isSettled } from './follow.js';

/** New notes appear in the list while an import runs, refreshed at most this often. */
export const NOTES_REFRESH_MS = 5000;

const enabledFor = (userId: number | undefined): userId is number => typeof userId === 'number' && userId > 0;

export function useActiveImports(userId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.imports(userId ?? 0),
    queryFn: ({ signal }) => fetchActiveImports(signal),
    enabled: enabledFor(userId),
    staleTime: 0,
  });
}

/** Puts a newer state of an import in the cache: its detail, and its summary in the list (newest first). */
export function storeImport(client: QueryClient, userId: number, detail: ImportDetail): void {
  client.setQueryData(queryKeys.importDetail(userId, detail.id), detail);
  client.setQueryData<ImportDetail[]>(queryKeys.imports(userId), (list) => {
    const summary = { ...detail, items: [] };
    if (!list) return [summary];
    return list.some((d) => d.id === detail.id)
      ? list.map((d) => (d.id === detail.id ? summary : d))
      : [summary, ...list];
  });
}

/**
 * One import with its items. While it runs it is followed (event stream, or polling when that fails); each state goes
 * to the cache, new notes are shown as they are made, and the allowance and notes are refreshed when it settles.
 */
export function useImport(userId: number, summary: ImportDetail) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.importDetail(userId, summary.id),
    queryFn: ({ signal }) => fetchImport(summary.id, signal),
    placeholderData: summary,
    staleTime: 0,
  });
  const detail = query.data ?? summary;
  const running = detail.status === 'running';
  const lastDone = useRef(detail.counts.done);

  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    let refreshedAt = 0;
    void followImport(
      summary.id,
      (next) => {
        storeImport(client, userId, next);
        if (isSettled(next)) {
          void refetchUserData(client, userId);
          return;
        }
        const now = Date.now();
        if (next.counts.done > lastDone.current && now - refreshedAt >= NOTES_REFRESH_MS) {
          refreshedAt = now;
          lastDone.current = next.counts.done;
          void client.invalidateQueries({ queryKey: queryKeys.notes(userId) });
          void client.invalidateQueries({ queryKey: queryKeys.remainingUploads(userId) });
        }
      },
      { signal: controller.signal },
    );
    return () => controller.abort();
  }, [client, userId, summary.id, running]);

  return { detail, loadingItems: query.isPlaceholderData };
}

/** "Retry failed": the import runs again, so the tray follows it again. */
export function useRetryFailed(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => retryFailed(importId),
    onSuccess: (detail) => storeImport(client, userId, detail),
  });
}
