/**
 * The library's filters on GET /api/notes/{userId} (issue 25, item 4), the tag editor's body and the filter options.
 * Filters combine with each other and with `q` (AND), and page as the list or the search does.
 *
 * - `tag`: repeatable (`tag=a&tag=b`), up to MAX_FILTER_TAGS; a note must have every one. Normalised as stored.
 * - `kind`: one of NOTE_CONTENT_KINDS.
 * - `lang`: a language code as notes store it ('eng', 'fra', 'chi_sim').
 * - `from`, `to`: the creation date range. A day (`2026-03-01`, a UTC day; `to` through its end) or an instant
 *   (`2026-03-01T00:00:00+01:00`; `to` exclusive): the web app sends the instants of the user's local midnights.
 */
import { z } from 'zod';
import {
  FILTER_DATE,
  MAX_FILTER_TAGS,
  NOTE_CONTENT_KINDS,
  NOTE_LANGUAGE_CODE,
  checkNoteTags,
  normaliseTag,
  tagProblem,
} from './note-tags.js';

const DAY_MS = 86_400_000;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A date filter: a real day or instant, else an issue naming the parameter. */
function dateField(name: 'from' | 'to') {
  const message = `${name} must be a date such as 2026-03-01, or an ISO time with its offset, given once.`;
  return z
    .string({ error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const day = FILTER_DATE.test(v);
      if (!day && !INSTANT.test(v)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const at = new Date(day ? `${v}T00:00:00Z` : v);
      // A day that does not exist (2026-02-30) reads as another one: refused.
      if (Number.isNaN(at.getTime()) || (day && at.toISOString().slice(0, 10) !== v) || at.getUTCFullYear() < 1) {
        ctx.addIssue({ code: 'custom', message: `${name} is not a real date ("${v.slice(0, 40)}").` });
        return z.NEVER;
      }
      return name === 'to' && day ? new Date(at.getTime() + DAY_MS) : at;
    });
}

/** The filter parameters, spread into notesQuerySchema. */
export const noteFilterFields = {
  tag: z
    .union([z.string(), z.array(z.string())], { error: 'tag must be text.' })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const tags: string[] = [];
      for (const raw of Array.isArray(v) ? v : [v]) {
        const tag = normaliseTag(raw);
        const problem = tagProblem(tag);
        if (problem) {
          ctx.addIssue({ code: 'custom', message: `tag: ${problem}` });
          return z.NEVER;
        }
        if (!tags.includes(tag)) tags.push(tag);
      }
      if (tags.length > MAX_FILTER_TAGS) {
        ctx.addIssue({ code: 'custom', message: `Filter by at most ${MAX_FILTER_TAGS} tags at once.` });
        return z.NEVER;
      }
      return tags;
    }),
  kind: z
    .enum(NOTE_CONTENT_KINDS, { error: `kind must be one of ${NOTE_CONTENT_KINDS.join(', ')}, given once.` })
    .optional(),
  lang: z
    .string({ error: 'lang must be given once.' })
    .regex(NOTE_LANGUAGE_CODE, 'lang must be a language code such as eng or fra.')
    .optional(),
  from: dateField('from'),
  to: dateField('to'),
};

/** The filters a list or search applies, as the route hands them to the repository. */
export interface NoteFilters {
  tags?: string[] | undefined;
  kind?: (typeof NOTE_CONTENT_KINDS)[number] | undefined;
  language?: string | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
}

/** The filters of a parsed query, or undefined when it has none; a range ending before it starts is refused. */
export function noteFiltersOf(query: {
  tag?: string[] | undefined;
  kind?: NoteFilters['kind'];
  lang?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}): NoteFilters | undefined {
  const filters: NoteFilters = {};
  if (query.tag?.length) filters.tags = query.tag;
  if (query.kind) filters.kind = query.kind;
  if (query.lang) filters.language = query.lang;
  if (query.from) filters.from = query.from;
  if (query.to) filters.to = query.to;
  if (filters.from && filters.to && filters.to.getTime() <= filters.from.getTime()) {
    throw new z.ZodError([
      {
        code: 'custom',
        path: ['to'],
        message: 'The date range ends before it starts: `to` must be after `from`.',
        input: undefined,
      },
    ]);
  }
  return Object.keys(filters).length > 0 ? filters : undefined;
}

/** PUT /api/notes/{id}/tags body: the note's tags from now on (normalised, duplicates dropped; at most 12). */
export const noteTagsBodySchema = z.object({
  tags: z
    .array(z.unknown(), { error: 'tags must be a list of tags, e.g. ["travel", "japan"].' })
    .transform((raw, ctx) => {
      const checked = checkNoteTags(raw);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }
      return checked.tags;
    }),
});

/** GET /api/note-filters/{userId}: what the library's filters offer, from the user's own notes, most used first. */
export const noteFilterOptionsSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), notes: z.number().int() })),
  kinds: z.array(z.object({ kind: z.enum(NOTE_CONTENT_KINDS), notes: z.number().int() })),
  languages: z.array(z.object({ language: z.string(), notes: z.number().int() })),
});
export type NoteFilterOptions = z.infer<typeof noteFilterOptionsSchema>;
