import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Note, NoteFilterOptions, NoteSearchResult } from '@snapnotes/contracts';
import { queryKeys } from '../../lib/query-keys.js';
import { userDataQueryOptions } from '../../lib/query-client.js';
import { fetchNotesPage, type NotesPage } from '../../lib/user-data.js';
import {
  filtersFromParams,
  filtersKey,
  filtersToApiParams,
  filtersToParams,
  type LibraryFilters,
} from './library-filters.js';

const FILTER_PARAMS = ['q', 'tag', 'kind', 'lang', 'from', 'to'];

/**
 * The library's filters, read from and written to the page's URL. A change is a new history entry (the back button
 * undoes it), except with `replace` (the search text as it is typed). Other parameters of the URL are kept.
 */
export function useLibraryFilters(): [LibraryFilters, (next: LibraryFilters, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: LibraryFilters, options?: { replace?: boolean }) => {
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          for (const key of FILTER_PARAMS) merged.delete(key);
          for (const [key, value] of filtersToParams(next)) merged.append(key, value);
          return merged;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );
  return [filters, setFilters];
}

function enabledFor(userId: number | undefined): userId is number {
  return typeof userId === 'number' && userId > 0;
}

/** The list, or the search when `q` is given, narrowed by the filters: a page at a time, from the server. */
export function useFilteredNotes(userId: number | undefined, q: string, filters: LibraryFilters, enabled: boolean) {
  const text = q.trim();
  const key = filtersKey(filters);
  return useInfiniteQuery({
    queryKey: queryKeys.notesFiltered(userId ?? 0, text, key),
    queryFn: ({ pageParam, signal }) =>
      fetchNotesPage<Note | NoteSearchResult>(userId ?? 0, {
        q: text,
        cursor: pageParam,
        signal,
        filters: filtersToApiParams(filters),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotesPage<Note | NoteSearchResult>) => last.nextCursor,
    enabled: enabledFor(userId) && enabled,
    placeholderData: keepPreviousData,
    ...userDataQueryOptions,
  });
}

/** A reply that is not the options (a server without them): nothing to offer, rather than a broken bar. */
function toOptions(data: unknown): NoteFilterOptions | null {
  const options = data as Partial<NoteFilterOptions> | null;
  return options && Array.isArray(options.tags) && Array.isArray(options.kinds) && Array.isArray(options.languages)
    ? (options as NoteFilterOptions)
    : null;
}

/** What the filters offer: the user's tags (most used first), kinds and languages. */
export function useNoteFilterOptions(userId: number | undefined) {
  return useQuery<unknown, Error, NoteFilterOptions | null>({
    queryKey: queryKeys.noteFilterOptions(userId ?? 0),
    enabled: enabledFor(userId),
    select: toOptions,
    ...userDataQueryOptions,
  });
}
