/**
 * The library's filters (issue 25, item 4; DECISIONS "Tags and filters"), as the page's URL holds them: `q` (the
 * search text), `tag` (repeatable: a note must have every one), `kind`, `lang`, `from` and `to` (days, YYYY-MM-DD,
 * in the user's time zone, both inclusive). Shareable, and the back button steps through them.
 *
 * The same filters are sent to the server (with the days as the instants of the user's local midnights) and applied
 * on this device to the saved notes when offline (matchesFilters).
 */
import {
  FILTER_DATE,
  isNoteContentKind,
  MAX_FILTER_TAGS,
  normaliseTag,
  NOTE_LANGUAGE_CODE,
  tagProblem,
  type Note,
  type NoteContentKind,
  type NoteFilterOptions,
} from '@snapnotes/contracts';

export interface LibraryFilters {
  q: string;
  tags: string[];
  kind: NoteContentKind | null;
  lang: string | null;
  /** YYYY-MM-DD, local day. */
  from: string | null;
  /** YYYY-MM-DD, local day, inclusive. */
  to: string | null;
}

export const NO_FILTERS: LibraryFilters = { q: '', tags: [], kind: null, lang: null, from: null, to: null };

/** A real day (2026-02-30 is not one). */
function isDay(value: string | null): value is string {
  if (!value || !FILTER_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/** The filters of a URL's search params; anything invalid in them is ignored (a hand-edited or old link). */
export function filtersFromParams(params: URLSearchParams): LibraryFilters {
  const tags: string[] = [];
  for (const raw of params.getAll('tag')) {
    const tag = normaliseTag(raw);
    if (!tagProblem(tag) && !tags.includes(tag) && tags.length < MAX_FILTER_TAGS) tags.push(tag);
  }
  const kind = params.get('kind');
  const lang = params.get('lang');
  const from = params.get('from');
  const to = params.get('to');
  return {
    q: params.get('q') ?? '',
    tags,
    kind: isNoteContentKind(kind) ? kind : null,
    lang: lang && NOTE_LANGUAGE_CODE.test(lang) ? lang : null,
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
  };
}

/** The filters as URL search params (nothing for what is not set; tags in the order chosen). */
export function filtersToParams(filters: LibraryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  for (const tag of filters.tags) params.append('tag', tag);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.lang) params.set('lang', filters.lang);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
}

/** True when any filter besides the search text is set. */
export function hasFilters(filters: LibraryFilters): boolean {
  return filters.tags.length > 0 || !!filters.kind || !!filters.lang || !!filters.from || !!filters.to;
}

/** Local midnight of a YYYY-MM-DD day, `days` later. */
function localMidnight(day: string, days = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + days);
}

/** The filters as the API's query parameters (the search text apart): days become the user's local midnights. */
export function filtersToApiParams(filters: LibraryFilters, params = new URLSearchParams()): URLSearchParams {
  for (const tag of filters.tags) params.append('tag', tag);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.lang) params.set('lang', filters.lang);
  if (filters.from) params.set('from', localMidnight(filters.from).toISOString());
  // Through the end of the day: before the next local midnight.
  if (filters.to) params.set('to', localMidnight(filters.to, 1).toISOString());
  return params;
}

/** A stable key of the filters (the search text apart), for query keys. */
export function filtersKey(filters: LibraryFilters): string {
  return filtersToParams({ ...filters, q: '' }).toString();
}

/**
 * Whether a saved note passes the filters (offline). Notes saved before tags existed have none: they match no tag
 * and no kind.
 */
export function matchesFilters(note: Note, filters: LibraryFilters): boolean {
  const tags: readonly string[] = Array.isArray(note.tags) ? note.tags : [];
  if (!filters.tags.every((tag) => tags.includes(tag))) return false;
  if (filters.kind && note.contentKind !== filters.kind) return false;
  if (filters.lang && note.language !== filters.lang) return false;
  const created = new Date(note.createdAt).getTime();
  if (filters.from && !(created >= localMidnight(filters.from).getTime())) return false;
  if (filters.to && !(created < localMidnight(filters.to, 1).getTime())) return false;
  return true;
}

/** What the filters offer from the notes saved on this device (offline): their tags, kinds and languages, counted. */
export function savedFilterOptions(notes: readonly Note[]): NoteFilterOptions {
  const count = <K extends string>(keys: Array<K | null | undefined>) => {
    const counts = new Map<K, number>();
    for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  };
  return {
    tags: count(notes.flatMap((n) => (Array.isArray(n.tags) ? n.tags : []))).map(([tag, n]) => ({ tag, notes: n })),
    kinds: count(notes.map((n) => n.contentKind)).map(([kind, n]) => ({ kind, notes: n })),
    languages: count(notes.map((n) => n.language)).map(([language, n]) => ({ language, notes: n })),
  };
}
