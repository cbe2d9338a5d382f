import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Note, NoteSearchResult } from '@snapnotes/contracts';
import { FileSearch, Loader2, NotebookText, RefreshCw, Search, WifiOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { isStandInUser, useAuth } from '../../lib/session.js';
import { useOnline } from '../../lib/use-online.js';
import { useNoteSearch, useNotesPages, useStatistics, type NotesPage } from '../../lib/user-data.js';
import { CompactNoteRow } from './compact-note-row.js';
import { LibraryViewSwitch, useLibraryView, type LibraryView } from './library-view.js';
import { matchesSearch } from './local-search.js';
import { FiltersBar } from './filters-bar.js';
import { hasFilters, matchesFilters, savedFilterOptions } from './library-filters.js';
import { useSearchText } from './use-search-text.js';
import { useFilteredNotes, useLibraryFilters, useNoteFilterOptions } from './use-library-filters.js';
import { NoteCard } from './note-card.js';
import { SearchMatch } from './search-match.js';
import { useDebouncedValue } from './use-debounced-value.js';

/** Pause in typing before the search box asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Guessed height of a note card, and of a compact row, before it is measured (px). */
const ESTIMATED_HEIGHT: Record<LibraryView, number> = { cards: 260, compact: 54 };
/** Space between cards, and between compact rows (px). */
const GAP: Record<LibraryView, number> = { cards: 16, compact: 6 };
/** The next page is asked for when the last card on screen is this close to the end of the loaded ones. */
const LOAD_AHEAD = 10;

function EmptyState({ icon: Icon, title, text }: { icon: typeof NotebookText; title: string; text?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      </span>
      <p className="font-medium">{title}</p>
      {text ? <p className="text-sm text-muted-foreground">{text}</p> : null}
    </div>
  );
}

/** The rows of a paged query, flattened (a stable array while the pages do not change). */
function usePageItems<T extends Note>(pages: ReadonlyArray<NotesPage<T>> | undefined): T[] {
  return useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
}

/** The page's distance from the top of the document to `element` (the window virtualiser's scroll margin). */
function useDocumentTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (element) setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    // Content above the list (the upload section's progress, alerts, panels) changes its place.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return top;
}

interface VirtualNoteListProps<T extends Note> {
  items: readonly T[];
  labelledBy: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Extra content shown in a card (a search result's match). */
  extra?: (item: T) => ReactNode;
  view: LibraryView;
}

/**
 * The cards, virtualised against the window's scroll: only those near the viewport are in the DOM, each measured
 * once rendered (cards differ in height and grow when a section is opened); nearing the end loads the next page.
 */
function VirtualNoteList<T extends Note>({
  items,
  labelledBy,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  extra,
  view,
}: VirtualNoteListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useDocumentTop(listRef);
  /** The compact rows opened into their full card. */
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ESTIMATED_HEIGHT[view],
    gap: GAP[view],
    overscan: 4,
    scrollMargin,
    getItemKey: (index) => items[index]?.id ?? index,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= items.length - LOAD_AHEAD) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, items.length, fetchNextPage]);

  return (
    <div className="space-y-4">
      <ul
        ref={listRef}
        aria-labelledby={labelledBy}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => {
          const item = items[row.index];
          if (!item) return null;
          return (
            <li
              key={row.key}
              data-index={row.index}
              data-note-id={item.id}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            >
              {view === 'compact' ? (
                <CompactNoteRow note={item} expanded={expanded.has(item.id)} onToggle={() => toggle(item.id)}>
                  {extra?.(item)}
                </CompactNoteRow>
              ) : (
                <NoteCard note={item}>{extra?.(item)}</NoteCard>
              )}
            </li>
          );
        })}
      </ul>
      {isFetchingNextPage ? (
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Loading more notes...
        </p>
      ) : null}
    </div>
  );
}

function LoadingNotes() {
  return (
    <div className="space-y-4" aria-label="Loading notes" role="status">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-3 rounded-xl border p-5">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ))}
    </div>
  );
}

function LoadError({ title, onRetry }: { title: string; onRetry: () => unknown }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>Please check your connection and try again.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void onRetry()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  );
}

const searchMatch = (result: NoteSearchResult) => <SearchMatch match={result.match} />;
const filteredMatch = (result: Note | NoteSearchResult) =>
  'match' in result ? <SearchMatch match={result.match} /> : null;
const noop = () => undefined;

/** Offline search: says what it searched (the notes saved on this device), then the results. */
function OfflineSearch({ count, found, children }: { count: number; found: number; children: ReactNode }) {
  return (
    <div className="space-y-3">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <WifiOff className="size-4 shrink-0" aria-hidden="true" />
        You&apos;re offline: searched the {count.toLocaleString()} {count === 1 ? 'note' : 'notes'} saved on this
        device, {found.toLocaleString()} {found === 1 ? 'matches' : 'match'}.
      </p>
      {children}
    </div>
  );
}

/**
 * 'Your Notes': search plus the note cards (SPEC §2), loaded a page at a time. The search box asks the server once
 * typing pauses; the list stays loaded (and observed) meanwhile, so clearing the box shows it again without a fetch.
 * The count is the statistics' total, not the loaded pages'.
 */
export function NotesList() {
  const { user } = useAuth();
  const online = useOnline();
  const [view, setView] = useLibraryView();
  // The search text and the filters live in the URL (issue 25): a link shows the same library, Back undoes a change.
  const [filters, setFilters] = useLibraryFilters();
  const [query, setQuery] = useSearchText(filters, setFilters);
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  // Clearing the box goes back to the list at once; a new text waits for the pause.
  const searchText = query.trim() === '' ? '' : debounced;
  const searching = searchText !== '';
  const filtering = hasFilters(filters);
  const listQuery = useNotesPages(user?.id);
  // Offline the server cannot be asked (its request would wait for the network): the saved notes are searched.
  const searchQuery = useNoteSearch(user?.id, online && !filtering ? searchText : '');
  const filteredQuery = useFilteredNotes(user?.id, searchText, filters, online && filtering);
  const filterOptions = useNoteFilterOptions(online ? user?.id : undefined);
  const statistics = useStatistics(user?.id);
  const notes = usePageItems(listQuery.data?.pages);
  const results = usePageItems(searchQuery.data?.pages);
  const filtered = usePageItems(filteredQuery.data?.pages);
  const offlineText = online ? '' : query.trim();
  const offlineFiltering = !online && (offlineText !== '' || filtering);
  const savedResults = useMemo(
    () =>
      offlineFiltering ? notes.filter((note) => matchesSearch(note, offlineText) && matchesFilters(note, filters)) : [],
    [notes, offlineText, offlineFiltering, filters],
  );
  // Offline, the filters offer what the saved notes hold.
  const saved = useMemo(() => (online ? null : savedFilterOptions(notes)), [online, notes]);
  const options = online ? filterOptions.data : saved;
  const headingId = useId();
  const limited = isStandInUser(user);
  const total = statistics.data?.totalNotes ?? 0;

  let body: ReactNode;
  if (limited) {
    body = (
      <EmptyState icon={NotebookText} title="No notes yet" text="Notes are unavailable while the server is offline." />
    );
  } else if (listQuery.isPending && listQuery.fetchStatus === 'paused') {
    // Offline, and nothing saved on this device yet: the request waits for the network.
    body = <EmptyState icon={WifiOff} title="You're offline" text="Your notes show here once you're back online." />;
  } else if (listQuery.isPending) {
    body = <LoadingNotes />;
  } else if (listQuery.isError && notes.length === 0) {
    // A refetch that failed keeps the notes it had on screen (e.g. the ones kept for offline reading).
    body = <LoadError title="Could not load your notes" onRetry={() => listQuery.refetch()} />;
  } else if (notes.length === 0) {
    body = <EmptyState icon={NotebookText} title="No notes yet" text="Upload screenshots to create your first note" />;
  } else if (offlineFiltering) {
    body = (
      <OfflineSearch count={notes.length} found={savedResults.length}>
        {savedResults.length === 0 ? (
          <EmptyState
            icon={FileSearch}
            title={filtering ? 'No saved notes match these filters' : 'No saved notes match your search'}
          />
        ) : (
          <VirtualNoteList
            key={`offline-${view}`}
            view={view}
            items={savedResults}
            labelledBy={headingId}
            hasNextPage={false}
            isFetchingNextPage={false}
            fetchNextPage={noop}
          />
        )}
      </OfflineSearch>
    );
  } else if (filtering) {
    if (filteredQuery.isPending) body = <LoadingNotes />;
    else if (filteredQuery.isError && filtered.length === 0) {
      body = <LoadError title="Could not filter your notes" onRetry={() => filteredQuery.refetch()} />;
    } else if (filtered.length === 0) {
      body = <EmptyState icon={FileSearch} title="No notes match these filters" />;
    } else {
      body = (
        <VirtualNoteList
          key={`filtered-${view}`}
          view={view}
          items={filtered}
          labelledBy={headingId}
          hasNextPage={filteredQuery.hasNextPage}
          isFetchingNextPage={filteredQuery.isFetchingNextPage}
          fetchNextPage={filteredQuery.fetchNextPage}
          extra={searching ? filteredMatch : undefined}
        />
      );
    }
  } else if (!searching) {
    body = (
      <VirtualNoteList
        key={`list-${view}`}
        view={view}
        items={notes}
        labelledBy={headingId}
        hasNextPage={listQuery.hasNextPage}
        isFetchingNextPage={listQuery.isFetchingNextPage}
        fetchNextPage={listQuery.fetchNextPage}
      />
    );
  } else if (searchQuery.isPending) {
    body = <LoadingNotes />;
  } else if (searchQuery.isError && results.length === 0) {
    body = <LoadError title="Could not search your notes" onRetry={() => searchQuery.refetch()} />;
  } else if (results.length === 0) {
    body = <EmptyState icon={FileSearch} title="No notes match your search" />;
  } else {
    body = (
      <VirtualNoteList
        key={`search-${view}`}
        view={view}
        items={results}
        labelledBy={headingId}
        hasNextPage={searchQuery.hasNextPage}
        isFetchingNextPage={searchQuery.isFetchingNextPage}
        fetchNextPage={searchQuery.fetchNextPage}
        extra={searchMatch}
      />
    );
  }
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-baseline gap-2">
          <h2 id={headingId} className="text-xl font-semibold tracking-tight">
            Your Notes
          </h2>
          {total > 0 ? (
            <span className="text-sm text-muted-foreground">
              {total.toLocaleString()} {total === 1 ? 'note' : 'notes'}
            </span>
          ) : null}
        </div>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <LibraryViewSwitch view={view} onChange={setView} />
          <div className="relative min-w-0 flex-1 sm:w-72 sm:flex-none">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search notes..."
              aria-label="Search notes"
              className="pl-9"
            />
          </div>
        </div>
      </div>
      {limited || notes.length === 0 ? null : (
        <FiltersBar filters={{ ...filters, q: query }} options={options} onChange={(next) => setFilters(next)} />
      )}
      {body}
    </section>
  );
}
