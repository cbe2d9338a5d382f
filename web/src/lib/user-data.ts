import { keepPreviousData, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  NEXT_CURSOR_HEADER,
  NOTES_PAGE_DEFAULT,
  type Note,
  type NoteSearchResult,
  type RemainingUploads,
  type Statistics,
  type SubscriptionResponse,
} from '@snapnotes/contracts';
import { apiRequest } from './api-client.js';
import { queryKeys } from './query-keys.js';
import { userDataQueryOptions } from './query-client.js';

/** Free uploads assumed when the server does not say (SPEC §3, §9). */
export const DEFAULT_REMAINING_UPLOADS = 1;

export interface Quota {
  /** Infinity for subscribers (the gateway sends null). */
  remainingUploads: number;
  hasSubscription: boolean;
  /** Monthly free allowance, when the server tells it. */
  limit: number | null;
  resetsAt: string | null;
}

/** Normalises the remaining-uploads reply: null → Infinity (unlimited), absent → 1. */
export function toQuota(data: Partial<RemainingUploads> | null | undefined): Quota {
  const raw = data?.remainingUploads;
  return {
    remainingUploads: raw === null ? Infinity : typeof raw === 'number' ? raw : DEFAULT_REMAINING_UPLOADS,
    hasSubscription: data?.hasSubscription === true,
    limit: typeof data?.limit === 'number' ? data.limit : null,
    resetsAt: typeof data?.resetsAt === 'string' ? data.resetsAt : null,
  };
}

/** True when the client must block an upload: no uploads left and no subscription (SPEC §5). */
export function isOutOfUploads(quota: Quota | undefined): boolean {
  return quota !== undefined && !quota.hasSubscription && quota.remainingUploads <= 0;
}

function enabledFor(userId: number | undefined): userId is number {
  // The stand-in user (id -1) exists only when the server is unreachable: nothing to load for it.
  return typeof userId === 'number' && userId > 0;
}

/** Notes per page of the list and of a search. */
export const NOTES_PAGE_SIZE = NOTES_PAGE_DEFAULT;

/** One page of GET /api/notes/{userId}?limit=…: its notes and the next page's cursor (null on the last page). */
export interface NotesPage<T extends Note = Note> {
  items: T[];
  nextCursor: string | null;
}

/** GETs one page of the notes list, or of a search when `q` is given (docs/ARCHITECTURE.md "Paging and search"). */
export async function fetchNotesPage<T extends Note = Note>(
  userId: number,
  {
    q,
    cursor,
    signal,
    filters,
  }: {
    q?: string;
    cursor?: string | null;
    signal?: AbortSignal;
    /** The library's filters as API query parameters (tag, kind, lang, from, to). */
    filters?: URLSearchParams;
  },
): Promise<NotesPage<T>> {
  const params = new URLSearchParams(filters);
  if (q) params.set('q', q);
  params.set('limit', String(NOTES_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  const res = await apiRequest('GET', `/api/notes/${userId}?${params.toString()}`, undefined, { signal });
  const body: unknown = await res.json();
  // Not an array only for the synthetic "authentication not available" reply: nothing to show.
  return { items: Array.isArray(body) ? (body as T[]) : [], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) || null };
}

/** The notes list, newest first, loaded a page at a time as the user scrolls. */
export function useNotesPages(userId: number | undefined) {
  return useInfiniteQuery({
    queryKey: queryKeys.notesPages(userId ?? 0),
    queryFn: ({ pageParam, signal }) => fetchNotesPage<Note>(userId ?? 0, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotesPage) => last.nextCursor,
    enabled: enabledFor(userId),
    ...userDataQueryOptions,
  });
}

/**
 * Server search (SPEC §5), ranked, a page at a time. `q` is the (debounced) text; blank means no search. A new text
 * is a new query: TanStack aborts the previous one's request through the signal. The previous results stay on
 * screen until the new ones arrive.
 */
export function useNoteSearch(userId: number | undefined, q: string) {
  const text = q.trim();
  return useInfiniteQuery({
    queryKey: queryKeys.notesSearch(userId ?? 0, text),
    queryFn: ({ pageParam, signal }) =>
      fetchNotesPage<NoteSearchResult>(userId ?? 0, { q: text, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotesPage<NoteSearchResult>) => last.nextCursor,
    enabled: enabledFor(userId) && text !== '',
    placeholderData: keepPreviousData,
    ...userDataQueryOptions,
  });
}

/** Every note (the unpaged list, fetched fresh): for the export, which must hold all of them. */
export async function fetchAllNotes(client: QueryClient, userId: number): Promise<Note[]> {
  const notes = await client.fetchQuery<Note[] | null>({ queryKey: queryKeys.notes(userId), staleTime: 0 });
  return notes ?? [];
}

export function useStatistics(userId: number | undefined) {
  return useQuery<Statistics | null>({
    queryKey: queryKeys.statistics(userId ?? 0),
    enabled: enabledFor(userId),
    ...userDataQueryOptions,
  });
}

export function useQuota(userId: number | undefined) {
  return useQuery<Partial<RemainingUploads> | null, Error, Quota>({
    queryKey: queryKeys.remainingUploads(userId ?? 0),
    enabled: enabledFor(userId),
    select: toQuota,
    ...userDataQueryOptions,
  });
}

export function useSubscription(userId: number | undefined) {
  return useQuery<SubscriptionResponse | null>({
    queryKey: queryKeys.subscription(userId ?? 0),
    enabled: enabledFor(userId),
    ...userDataQueryOptions,
  });
}
