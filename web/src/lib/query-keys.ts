/**
 * Every query key in one place. The first element is the URL the default query function GETs (SPEC §7);
 * the user id is part of it, so one user's cached data is never shown to another.
 */
export const queryKeys = {
  /**
   * The whole notes list (SPEC §7, unpaged; the settings export), and the prefix of every notes query below, so
   * invalidating it reaches the pages and the searches too.
   */
  notes: (userId: number) => [`/api/notes/${userId}`] as const,
  /** The notes list loaded page by page (infinite query, keyset cursors). */
  notesPages: (userId: number) => [`/api/notes/${userId}`, 'pages'] as const,
  /** One search's result pages (infinite query); `q` is the trimmed search text. */
  notesSearch: (userId: number, q: string) => [`/api/notes/${userId}`, 'search', q] as const,
  /** The list or a search narrowed by the library's filters (issue 25); `filters` is their canonical text. */
  notesFiltered: (userId: number, q: string, filters: string) =>
    [`/api/notes/${userId}`, 'filtered', q, filters] as const,
  /** What the library's filters offer (the user's tags, kinds, languages). */
  noteFilterOptions: (userId: number) => [`/api/note-filters/${userId}`] as const,
  statistics: (userId: number) => [`/api/statistics/${userId}`] as const,
  remainingUploads: (userId: number) => [`/api/user/${userId}/remaining-uploads`] as const,
  subscription: (userId: number) => [`/api/user/${userId}/subscription`] as const,
  /** The user's imports running or finished in the last 24 hours (bulk import, issue 25); no items in each. */
  imports: (userId: number) => ['/api/imports?active=1', userId] as const,
  /** One import with its items (bulk import), kept up to date by its event stream. */
  importDetail: (userId: number, id: string) => [`/api/imports/${encodeURIComponent(id)}`, userId] as const,
  /** Not per user: the languages the server reads in screenshots (public). */
  ocrLanguages: () => ['/api/ocr-languages'] as const,
};
