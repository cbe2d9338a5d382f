import { sql, type Kysely } from 'kysely';

/** The text search configurations notes_search_config() returns: one partial GIN index each. */
const CONFIGS = ['english', 'french', 'german', 'spanish', 'italian', 'portuguese', 'dutch', 'simple'] as const;

/**
 * Ranked, forgiving search over the notes (issue 13; NotesRepo.search; docs/ARCHITECTURE.md "Paging and search").
 *
 * - notes_search_config(language): the text search configuration of a note's language (the OCR's ISO 639-1 or
 *   639-2 code: en/eng → english, fr/fra/fre → french, de/deu/ger → german, es/spa → spanish, it/ita → italian,
 *   pt/por → portuguese, nl/nld/dut → dutch; anything else, and null, → simple).
 * - notes.search_vector: a STORED generated tsvector of the four fields in the note's configuration, weighted
 *   title A > key points B > detailed summary C > original text D. Stored, not an expression index: ranking
 *   (ts_rank_cd) and finding the matched field (ts_filter) read the vector of every matching row, which an
 *   expression index would make them parse again. Costs a table rewrite here and the parse on insert and rename.
 *   STORAGE MAIN keeps it in the row, compressed, rather than in the TOAST table: a search reads the vector of every
 *   matching note, and fetching it from TOAST cost ~4 µs a note against ~0.4 µs decompressing it in place (35–45 ms
 *   against 5 ms for 10,000 notes); the long text fields go to TOAST instead, read only for the notes of a page.
 * - One partial GIN index on (user_id, search_vector) per configuration (notes_search_vector_<config>_idx). A note
 *   matches the query parsed in ITS configuration (or in simple); with one index for all, the query would have to be
 *   the OR of every configuration's parse and would also fetch, then throw away, the notes it matches only in
 *   another language's stemming. Each branch of the repository's OR names its configuration, so the planner takes
 *   the partial index of each and the bitmap holds exactly the matching notes.
 * - user_id is the first column of every GIN index here (btree_gin): the index answers "this user's notes holding
 *   these words" by itself. With the user in a separate btree, the planner, which cannot estimate how many notes a
 *   phrase or a typo's corrections match, chose to read every user's matching notes and filter them (120–200 ms at
 *   100,000 notes instead of a few).
 * - notes_search_text(title, key_points, detailed_summary, original_text): the four fields as one text (a line each,
 *   a key point a line). A trigram GIN index over the user and that expression (not a stored copy of the text)
 *   finds the notes holding a literal substring (SPEC §5: ILIKE '%q%' answered from trigrams, checked once a note).
 * - note_search_words: each user's vocabulary (the words of their notes, simple configuration, 3–40 characters with
 *   a letter) with the number of notes holding each, kept by statement-level triggers on notes, trigram-indexed.
 *   Typos are corrected against it (pg_trgm similarity of a query word to the user's words), and the corrected words
 *   are searched with the full text index: comparing a query with every matching note's whole text
 *   (word_similarity over ~1.5 kB a note) cost about 1 ms a note, 1.6 s for a typo at 10,000 notes. A word goes when
 *   its last note does (deleting a note removes its words), and the table follows the user's account (on delete
 *   cascade).
 *
 * pg_trgm and btree_gin are contrib extensions shipped by the embedded PostgreSQL 17, Debian's packages and the
 * postgres images, and trusted ones (PG 13+): a database owner may create them. The down migration leaves them
 * installed (something else may use them; `create extension if not exists` keeps the up migration idempotent).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists btree_gin`.execute(db);
  // The functions call each other by schema-qualified name: PostgreSQL 17 runs index builds, ANALYZE and VACUUM with
  // search_path = pg_catalog, and the index expressions below call them (a SET search_path clause instead would
  // stop PostgreSQL from inlining them).
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = sql.id(rows[0]!.schema);

  await sql`
    create function notes_search_config(language text) returns regconfig
      language sql immutable parallel safe
    as $$
      select case lower(language)
        when 'en' then 'pg_catalog.english'::regconfig when 'eng' then 'pg_catalog.english'::regconfig
        when 'fr' then 'pg_catalog.french'::regconfig when 'fra' then 'pg_catalog.french'::regconfig
        when 'fre' then 'pg_catalog.french'::regconfig
        when 'de' then 'pg_catalog.german'::regconfig when 'deu' then 'pg_catalog.german'::regconfig
        when 'ger' then 'pg_catalog.german'::regconfig
        when 'es' then 'pg_catalog.spanish'::regconfig when 'spa' then 'pg_catalog.spanish'::regconfig
        when 'it' then 'pg_catalog.italian'::regconfig when 'ita' then 'pg_catalog.italian'::regconfig
        when 'pt' then 'pg_catalog.portuguese'::regconfig when 'por' then 'pg_catalog.portuguese'::regconfig
        when 'nl' then 'pg_catalog.dutch'::regconfig when 'nld' then 'pg_catalog.dutch'::regconfig
        when 'dut' then 'pg_catalog.dutch'::regconfig
        else 'pg_catalog.simple'::regconfig
      end
    $$`.execute(db);

  await sql`
    create function notes_key_points_text(key_points jsonb) returns text
      language sql immutable parallel safe
    as $$
      select coalesce(string_agg(point, E'\n'), '') from jsonb_array_elements_text(key_points) as kp(point)
    $$`.execute(db);

  await sql`
    create function notes_search_text(title text, key_points jsonb, detailed_summary text, original_text text)
      returns text
      language sql immutable parallel safe
    as $$
      select title || E'\n' || ${schema}.notes_key_points_text(key_points) || E'\n' || detailed_summary || E'\n' ||
             original_text
    $$`.execute(db);

  await sql`
    create function notes_search_words(title text, key_points jsonb, detailed_summary text, original_text text)
      returns text[]
      language sql immutable parallel safe
    as $$
      select coalesce(array_agg(word), '{}')
        from unnest(tsvector_to_array(to_tsvector('pg_catalog.simple',
               ${schema}.notes_search_text(title, key_points, detailed_summary, original_text)))) as w(word)
       where char_length(word) between 3 and 40 and word ~ '[[:alpha:]]'
    $$`.execute(db);

  await sql`
    alter table notes add column search_vector tsvector generated always as (
      setweight(to_tsvector(notes_search_config(language), title), 'A') ||
      setweight(to_tsvector(notes_search_config(language), notes_key_points_text(key_points)), 'B') ||
      setweight(to_tsvector(notes_search_config(language), detailed_summary), 'C') ||
      setweight(to_tsvector(notes_search_config(language), original_text), 'D')
    ) stored,
    alter column search_vector set storage main`.execute(db);

  for (const config of CONFIGS) {
    await sql`
      create index ${sql.id(`notes_search_vector_${config}_idx`)} on notes using gin (user_id, search_vector)
        where notes_search_config(language) = ${sql.lit(`pg_catalog.${config}`)}::regconfig`.execute(db);
  }
  await sql`
    create index notes_search_text_trgm_idx on notes
      using gin (user_id, notes_search_text(title, key_points, detailed_summary, original_text) gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    create table note_search_words (
      user_id integer not null references users (id) on delete cascade,
      word text not null,
      notes integer not null,
      primary key (user_id, word)
    )`.execute(db);
  await sql`
    create index note_search_words_word_trgm_idx on note_search_words using gin (user_id, word gin_trgm_ops)`.execute(
    db,
  );
  await sql`
    insert into note_search_words (user_id, word, notes)
    select n.user_id, w.word, count(*)::integer
      from notes n
     cross join lateral unnest(notes_search_words(n.title, n.key_points, n.detailed_summary, n.original_text))
                     as w(word)
     group by n.user_id, w.word`.execute(db);

  // One function for the three statement-level triggers: the change of each (user, word) count, computed once,
  // then increments (inserted or added, in key order so two writers lock rows in the same order) and decrements
  // (rows locked in key order first; a word whose count reaches 0 is deleted). Decrements never insert: when an
  // account is deleted its vocabulary may already be gone by the time its notes' delete trigger runs.
  await sql`
    create function notes_search_words_sync() returns trigger
      language plpgsql
    as $$
    declare
      uids integer[];
      words text[];
      deltas integer[];
    begin
      if tg_op = 'INSERT' then
        select array_agg(d.user_id order by d.user_id, d.word), array_agg(d.word order by d.user_id, d.word),
               array_agg(d.delta order by d.user_id, d.word)
          into uids, words, deltas
          from (select n.user_id, w.word, count(*)::integer as delta
                  from new_notes n
                 cross join lateral unnest(${schema}.notes_search_words(n.title, n.key_points, n.detailed_summary,
                                                              n.original_text)) as w(word)
                 group by n.user_id, w.word) d;
      elsif tg_op = 'DELETE' then
        select array_agg(d.user_id order by d.user_id, d.word), array_agg(d.word order by d.user_id, d.word),
               array_agg(d.delta order by d.user_id, d.word)
          into uids, words, deltas
          from (select n.user_id, w.word, -count(*)::integer as delta
                  from old_notes n
                 cross join lateral unnest(${schema}.notes_search_words(n.title, n.key_points, n.detailed_summary,
                                                              n.original_text)) as w(word)
                 group by n.user_id, w.word) d;
      else
        select array_agg(d.user_id order by d.user_id, d.word), array_agg(d.word order by d.user_id, d.word),
               array_agg(d.delta order by d.user_id, d.word)
          into uids, words, deltas
          from (select c.user_id, c.word, sum(c.delta)::integer as delta
                  from (select n.user_id, w.word, 1 as delta
                          from new_notes n
                         cross join lateral unnest(${schema}.notes_search_words(n.title, n.key_points,
                                                   n.detailed_summary, n.original_text)) as w(word)
                        union all
                        select n.user_id, w.word, -1
                          from old_notes n
                         cross join lateral unnest(${schema}.notes_search_words(n.title, n.key_points,
                                                   n.detailed_summary, n.original_text)) as w(word)) c
                 group by c.user_id, c.word
                having sum(c.delta) <> 0) d;
      end if;
      if uids is null then
        return null;
      end if;

      insert into ${schema}.note_search_words as v (user_id, word, notes)
      select t.u, t.w, t.d from unnest(uids, words, deltas) as t(u, w, d) where t.d > 0 order by t.u, t.w
      on conflict (user_id, word) do update set notes = v.notes + excluded.notes;

      perform 1
         from ${schema}.note_search_words v
         join unnest(uids, words, deltas) as t(u, w, d) on v.user_id = t.u and v.word = t.w
        where t.d < 0
        order by v.user_id, v.word
          for update of v;
      update ${schema}.note_search_words v set notes = v.notes + t.d
        from unnest(uids, words, deltas) as t(u, w, d)
       where t.d < 0 and v.user_id = t.u and v.word = t.w;
      delete from ${schema}.note_search_words v
       using unnest(uids, words, deltas) as t(u, w, d)
       where t.d < 0 and v.user_id = t.u and v.word = t.w and v.notes <= 0;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger notes_search_words_insert after insert on notes
      referencing new table as new_notes
      for each statement execute function notes_search_words_sync()`.execute(db);
  await sql`
    create trigger notes_search_words_update after update on notes
      referencing old table as old_notes new table as new_notes
      for each statement execute function notes_search_words_sync()`.execute(db);
  await sql`
    create trigger notes_search_words_delete after delete on notes
      referencing old table as old_notes
      for each statement execute function notes_search_words_sync()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['notes_search_words_insert', 'notes_search_words_update', 'notes_search_words_delete']) {
    await sql`drop trigger if exists ${sql.id(trigger)} on notes`.execute(db);
  }
  await sql`drop function if exists notes_search_words_sync()`.execute(db);
  await sql`drop table if exists note_search_words`.execute(db);
  await sql`drop index if exists notes_search_text_trgm_idx`.execute(db);
  for (const config of CONFIGS) {
    await sql`drop index if exists ${sql.id(`notes_search_vector_${config}_idx`)}`.execute(db);
  }
  await sql`alter table notes drop column if exists search_vector`.execute(db);
  await sql`drop function if exists notes_search_words(text, jsonb, text, text)`.execute(db);
  await sql`drop function if exists notes_search_text(text, jsonb, text, text)`.execute(db);
  await sql`drop function if exists notes_key_points_text(jsonb)`.execute(db);
  await sql`drop function if exists notes_search_config(text)`.execute(db);
}
