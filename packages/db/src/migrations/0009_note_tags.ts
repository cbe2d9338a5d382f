import { sql, type Kysely } from 'kysely';

/** contracts' NOTE_CONTENT_KINDS, as of this migration (a later kind needs a migration of its own). */
const CONTENT_KINDS = ['article', 'chat', 'code', 'form', 'receipt', 'slide', 'table', 'image'] as const;

/**
 * Tags and filters (issue 25, item 4; DECISIONS "Tags and filters").
 *
 * - notes.content_kind: what the note is (article, chat, code, form, receipt, slide, table; image = described
 *   images). Null for the notes written before this migration that hold text (their kind was never recorded; a
 *   "Read again" records it); the described ones are 'image' from here on. notes.language (0001) already holds
 *   the note's language.
 * - notes.tags: text[], normalised (lower case, contracts' normaliseTag), at most 12 (a check, as the API's limit).
 *   Empty for the notes written before (a "Read again" tags them). A new column with a constant default: no table
 *   rewrite.
 * - notes.tags_edited_at: when the user last set the tags; null = the summariser's, which a re-read replaces. Once
 *   set, a re-read keeps the user's tags (as title_edited_at keeps a renamed title, 0007).
 * - The filters' indexes, each led by user_id, as every notes query is one user's:
 *   - notes_tags_idx: GIN (user_id, tags) (btree_gin, 0005): `tags @> '{a,b}'` for one user is answered from the
 *     index, however few notes hold the tag.
 *   - notes_user_id_content_kind_created_at_idx, notes_user_id_language_created_at_idx: btree (user_id, kind or
 *     language, created_at desc, id desc): a kind or a language filter on the list is an index scan in the list's
 *     order that stops after the page, and its cursor an index condition, as 0008's index does for the list.
 *   A date range needs none: it is a range of 0008's (user_id, created_at desc, id desc).
 * Plain (not CONCURRENTLY) index builds, as 0008's: Kysely runs the migrations in a transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const kinds = sql.join(CONTENT_KINDS.map((k) => sql.lit(k)));
  await sql`
    alter table notes
      add column content_kind text null constraint notes_content_kind_check check (content_kind in (${kinds})),
      add column tags text[] not null default '{}'
        constraint notes_tags_count_check check (cardinality(tags) <= 12),
      add column tags_edited_at timestamptz null`.execute(db);
  await sql`update notes set content_kind = 'image' where kind = 'description'`.execute(db);
  await sql`create index notes_tags_idx on notes using gin (user_id, tags)`.execute(db);
  await sql`
    create index notes_user_id_content_kind_created_at_idx
      on notes (user_id, content_kind, created_at desc, id desc)`.execute(db);
  await sql`
    create index notes_user_id_language_created_at_idx
      on notes (user_id, language, created_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists notes_user_id_language_created_at_idx`.execute(db);
  await sql`drop index if exists notes_user_id_content_kind_created_at_idx`.execute(db);
  await sql`drop index if exists notes_tags_idx`.execute(db);
  await sql`
    alter table notes
      drop column if exists tags_edited_at,
      drop column if exists tags,
      drop column if exists content_kind`.execute(db);
}
