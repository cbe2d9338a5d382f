/**
 * The paging constants of GET /api/notes/{userId} (notes-query.ts), in a module without zod: a web page that only
 * needs them does not bundle the query's schemas (and zod with them).
 */

/** Largest `limit` of a page (list or search). */
export const NOTES_PAGE_MAX = 100;
/** Page size of a search without `limit` (and of a list page given a cursor but no limit). */
export const NOTES_PAGE_DEFAULT = 50;
/** The search text is trimmed and cut to this many characters. */
export const NOTES_SEARCH_MAX_LENGTH = 200;
/** Response header carrying the next page's cursor (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
