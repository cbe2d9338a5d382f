/**
 * GET /api/notes/{userId}: paging and search (issue 13). Without query parameters the route answers SPEC §7's list
 * (every note, newest first), unchanged. With `limit` (and `cursor`) it answers one page of that list; with `q`, one
 * page of ranked search results, each note with a `match`. The next page's cursor comes in the X-Next-Cursor
 * response header, absent on the last page.
 */
import { z } from 'zod';
import { noteSchema } from './api.js';
import { NOTES_PAGE_MAX, NOTES_SEARCH_MAX_LENGTH } from './notes-paging.js';
import { noteFilterFields } from './notes-filters.js';

export { NEXT_CURSOR_HEADER, NOTES_PAGE_DEFAULT, NOTES_PAGE_MAX, NOTES_SEARCH_MAX_LENGTH } from './notes-paging.js';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${NOTES_PAGE_MAX}.`;

/** The query string of GET /api/notes/{userId}, as the route parses it (a repeated parameter is refused). */
export const notesQuerySchema = z.object({
  /** Search text; blank means no search. Trimmed and cut to NOTES_SEARCH_MAX_LENGTH characters. */
  q: z
    .string({ error: 'q must be given once, as text.' })
    .optional()
    .transform((q) => {
      const text = q?.trim().slice(0, NOTES_SEARCH_MAX_LENGTH).trim();
      return text ? text : undefined;
    }),
  /** Page size, 1–100. */
  limit: z
    .union([z.string(), z.number()], { error: LIMIT_MESSAGE })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const text = String(v);
      const n = Number(text);
      if (!/^\d{1,3}$/.test(text) || n < 1 || n > NOTES_PAGE_MAX) {
        ctx.addIssue({ code: 'custom', message: LIMIT_MESSAGE });
        return z.NEVER;
      }
      return n;
    }),
  /** The X-Next-Cursor of the previous page, as received (opaque base64url). */
  cursor: z
    .string({ error: 'cursor must be given once.' })
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'Invalid cursor: start again from the first page, without a cursor.')
    .optional(),
  /** The filters (issue 25): `tag` (repeatable, all must match), `kind`, `lang`, `from`, `to` (notes-filters.ts). */
  ...noteFilterFields,
});

export const NOTE_SEARCH_FIELDS = ['title', 'keyPoints', 'detailedSummary', 'originalText'] as const;
export type NoteSearchField = (typeof NOTE_SEARCH_FIELDS)[number];

/**
 * Where a search result matched: the field, a plain-text snippet of it (never HTML; "…" where it is cut), and the
 * [start, end) ranges of the matched words in the snippet, in UTF-16 code units (JavaScript string indexes).
 */
export const noteSearchMatchSchema = z.object({
  field: z.enum(NOTE_SEARCH_FIELDS),
  snippet: z.string(),
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type NoteSearchMatch = z.infer<typeof noteSearchMatchSchema>;

/** A note as a search answers it: the note, plus where it matched. */
export const noteSearchResultSchema = noteSchema.extend({ match: noteSearchMatchSchema });
export type NoteSearchResult = z.infer<typeof noteSearchResultSchema>;
