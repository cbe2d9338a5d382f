/**
 * Tags and filters of the notes (issue 25, item 4; migration 0009): the filters' SQL shared by the list and the
 * search, the user's edit of a note's tags, and what the filters offer (the user's tags, kinds and languages).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  checkNoteTags,
  isNoteContentKind,
  MAX_FILTER_TAGS,
  NOTE_LANGUAGE_CODE,
  type NoteContentKind,
  type NoteFilterOptions,
  type NoteFilters,
} from '@snapnotes/contracts';
import type { Database, NoteRow } from '../schema.js';
import { InvalidInputError } from '../errors.js';
import { NOTE_COLUMNS } from './note-columns.js';

export type { NoteFilters } from '@snapnotes/contracts';

/** Most tags the filter options list (the most used first). */
export const FILTER_OPTION_TAGS = 50;

/** Checks filters given to a repository (the route's schema checked them already; this is the data rule). */
export function checkFilters(filters: NoteFilters | undefined): NoteFilters | undefined {
  if (!filters) return undefined;
  const { tags, kind, language, from, to } = filters;
  if (tags !== undefined) {
    const checked = checkNoteTags(tags);
    if (!checked.ok) throw new InvalidInputError(checked.message);
    if (checked.tags.length > MAX_FILTER_TAGS) {
      throw new InvalidInputError(`Filter by at most ${MAX_FILTER_TAGS} tags at once`);
    }
  }
  if (kind !== undefined && !isNoteContentKind(kind)) throw new InvalidInputError(`Unknown kind ${String(kind)}`);
  if (language !== undefined && !NOTE_LANGUAGE_CODE.test(language)) {
    throw new InvalidInputError(`Invalid language code ${JSON.stringify(language)}`);
  }
  for (const at of [from, to]) {
    if (at !== undefined && !(at instanceof Date && !Number.isNaN(at.getTime()))) {
      throw new InvalidInputError('Date filters must be valid dates');
    }
  }
  return filters;
}

/**
 * The filters as SQL conditions, each after an `and`, on the notes of alias `n` (or unqualified): every tag
 * (`tags @> …`, the GIN index of 0009), the kind, the language, created_at in [from, to).
 */
export function filtersSql(filters: NoteFilters | undefined, alias?: string): RawBuilder<unknown> {
  if (!filters) return sql``;
  const col = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  const parts: RawBuilder<unknown>[] = [];
  if (filters.tags?.length) parts.push(sql`and ${col('tags')} @> ${filters.tags}::text[]`);
  if (filters.kind) parts.push(sql`and ${col('content_kind')} = ${filters.kind}`);
  if (filters.language) parts.push(sql`and ${col('language')} = ${filters.language}`);
  if (filters.from) parts.push(sql`and ${col('created_at')} >= ${filters.from.toISOString()}::timestamptz`);
  if (filters.to) parts.push(sql`and ${col('created_at')} < ${filters.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` `);
}

/** The filters as text, for a search cursor: a cursor only continues the search AND filters it came from. */
export function filtersKey(filters: NoteFilters | undefined): string {
  if (!filters) return '';
  return JSON.stringify([
    [...(filters.tags ?? [])].sort(),
    filters.kind ?? '',
    filters.language ?? '',
    filters.from?.toISOString() ?? '',
    filters.to?.toISOString() ?? '',
  ]);
}

/**
 * Sets the user's note's tags (contracts' checkNoteTags: normalised, duplicates dropped, at most 12); undefined when
 * the user has no such note. The tags are the user's from now on: a re-read keeps them (tags_edited_at).
 */
export async function setNoteTags(
  db: Kysely<Database>,
  id: number,
  userId: number,
  tags: readonly unknown[],
): Promise<NoteRow | undefined> {
  const checked = checkNoteTags(tags);
  if (!checked.ok) throw new InvalidInputError(checked.message);
  const now = new Date();
  return db
    .updateTable('notes')
    .set({ tags: checked.tags, tagsEditedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .returning(NOTE_COLUMNS)
    .executeTakeFirst();
}

/** What the filters offer: the user's tags (the FILTER_OPTION_TAGS most used), kinds and languages, with counts. */
export async function noteFilterOptions(db: Kysely<Database>, userId: number): Promise<NoteFilterOptions> {
  const [tags, kinds, languages] = await Promise.all([
    sql<{ tag: string; notes: number }>`
      select t.tag, count(*)::integer as notes
        from notes n cross join lateral unnest(n.tags) as t(tag)
       where n.user_id = ${userId}
       group by t.tag
       order by notes desc, t.tag
       limit ${FILTER_OPTION_TAGS}`.execute(db),
    sql<{ kind: string; notes: number }>`
      select content_kind as kind, count(*)::integer as notes from notes
       where user_id = ${userId} and content_kind is not null
       group by content_kind order by notes desc, content_kind`.execute(db),
    sql<{ language: string; notes: number }>`
      select language, count(*)::integer as notes from notes
       where user_id = ${userId} and language is not null
       group by language order by notes desc, language`.execute(db),
  ]);
  return {
    tags: tags.rows,
    kinds: kinds.rows.flatMap((r) =>
      isNoteContentKind(r.kind) ? [{ kind: r.kind as NoteContentKind, notes: r.notes }] : [],
    ),
    languages: languages.rows,
  };
}
