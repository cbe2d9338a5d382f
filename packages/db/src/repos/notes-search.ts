/**
 * Ranked, forgiving search over one user's notes (GET /api/notes/{userId}?q=; migration 0005 builds the indexes;
 * docs/ARCHITECTURE.md "Paging and search"). Results come in three tiers, each after the one before:
 *
 * 0. words: full text search. The query is parsed with websearch_to_tsquery (quoted phrases, `or`, `-word`) in the
 *    note's own configuration (its language's stemming) OR in simple (the words as written), and ranked by
 *    ts_rank_cd over the weighted vector (title A 1.0 > key points B 0.3 > summary C 0.1 > original text D 0.05,
 *    normalised rank/(rank+1)): a title match outranks a match only in the text unless the text repeats the word
 *    twenty times.
 * 1. literal: the query as typed, case-insensitively, anywhere in a field (SPEC §5: "a substring that appears in any
 *    field finds the note"): partial words ("invo" → "Invoice"), one or two letters, punctuation. Newest first.
 *    Queries holding characters full text search drops (% _ \ : @ # & / …) are literal only.
 * 2. fuzzy: each query word (3+ characters, not a stop word in any language) is compared with the user's vocabulary
 *    (note_search_words, pg_trgm similarity: at least 0.4, at most 5 words, none more than 0.1 below the closest);
 *    the word or one of its close spellings must be in the note, searched with the full text index in the note's
 *    configuration ("photosynthsis" → photosynthesis) and ranked by ts_rank_cd like tier 0. Not for a query that
 *    excludes words (-word): a close spelling could bring an excluded word back.
 *
 * So the ranking is (tier, score): any exact match (a word, stemmed or as written; then the text as typed) comes
 * before any fuzzy one, and within a tier ts_rank_cd (tiers 0 and 2) or recency (tier 1) decides. The similarity
 * of a correction decides whether it is searched at all rather than how a note ranks: the note does not say which
 * of the corrections it holds, and asking each note for each correction would cost a test per note and correction.
 *
 * A page is filled from the tier the cursor names, at its offset, then from the next tiers; the next cursor names
 * the tier and offset of the first result not sent. A tier is only queried when the ones before it run out, so a
 * common word costs one statement. Only the user's own notes are ever read: every statement is filtered by user id.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { NoteSearchField, NoteSearchMatch } from '@snapnotes/contracts';
import type { Database, NoteRow } from '../schema.js';
import { pgCode } from '../errors.js';
import { decodeSearchCursor, encodeSearchCursor, MAX_SEARCH_OFFSET } from './notes-cursor.js';
import { noteColumnsSql } from './note-columns.js';
import { filtersKey, filtersSql, type NoteFilters } from './notes-tags.js';
import { headlineMatch, literalMatch, similarWordMatch, START_SEL, STOP_SEL } from './notes-snippet.js';

/** What notes_search_config() returns (migration 0005 has one partial GIN index for each). */
export const NOTE_SEARCH_CONFIGS = [
  'english',
  'french',
  'german',
  'spanish',
  'italian',
  'portuguese',
  'dutch',
  'simple',
] as const;

export const SEARCH_TIERS = 3;
const TIER_WORDS = 0;
const TIER_LITERAL = 1;
const TIER_FUZZY = 2;

/** Characters full text search cannot see (it drops them): a query holding one is matched literally only. */
const LITERAL_ONLY = /[^\p{L}\p{M}\p{N}\s'’".,;!?()-]/u;

// Pure: a worker that bundles this package without searching must not keep kysely for these.
const RANK_WEIGHTS = /* @__PURE__ */ sql.raw(`'{0.05,0.1,0.3,1.0}'::real[]`);
const HEADLINE_OPTIONS = `StartSel=${START_SEL}, StopSel=${STOP_SEL}, MaxWords=35, MinWords=15, MaxFragments=0`;
const CONFIGS_ARRAY = /* @__PURE__ */ sql.raw(
  `'{${NOTE_SEARCH_CONFIGS.map((c) => `pg_catalog.${c}`).join(',')}}'::regconfig[]`,
);
const config = (c: string) => sql.raw(`'pg_catalog.${c}'::regconfig`);

export interface NoteSearchHit {
  note: NoteRow;
  match: NoteSearchMatch;
}

export interface NoteSearchPage {
  hits: NoteSearchHit[];
  /** Cursor of the next page; null on the last. */
  nextCursor: string | null;
}

type HitRow = NoteRow & { matchField: NoteSearchField | null; headline: string | null };

/** Escapes LIKE/ILIKE wildcards so the user's text matches literally (with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The query of tier 0 in one configuration: its parse there, or as written. */
function wordsQuery(q: string, c: string): RawBuilder<unknown> {
  const simple = sql`websearch_to_tsquery('pg_catalog.simple'::regconfig, ${q})`;
  return c === 'simple' ? simple : sql`(websearch_to_tsquery(${config(c)}, ${q}) || ${simple})`;
}

/** A note matches a per-configuration query in its own configuration: one OR branch per partial index. */
function matches(query: (c: string) => RawBuilder<unknown>): RawBuilder<boolean> {
  const branches = NOTE_SEARCH_CONFIGS.map(
    (c) => sql`(notes_search_config(n.language) = ${config(c)} and n.search_vector @@ ${query(c)})`,
  );
  return sql<boolean>`(${sql.join(branches, sql` or `)})`;
}

/** The per-configuration query for the note's configuration. */
function queryOfNote(query: (c: string) => RawBuilder<unknown>): RawBuilder<unknown> {
  const whens = NOTE_SEARCH_CONFIGS.map((c) => sql`when ${config(c)} then ${query(c)}`);
  return sql`(case notes_search_config(n.language) ${sql.join(whens, sql` `)} end)`;
}

/**
 * The query as typed, anywhere in one field: SPEC §5's search, exactly (key points one by one, not their JSON).
 * notes_search_text() joins the fields and the key points with line breaks, so for a query without a line break a
 * match in the joined text IS a match inside one field, and the trigram index answers it (checked once a note).
 * A query holding a line break could match across two fields there: it is checked field by field.
 */
function literal(q: string, pattern: string): RawBuilder<boolean> {
  const joined = sql<boolean>`notes_search_text(n.title, n.key_points, n.detailed_summary, n.original_text)
    ilike ${pattern} escape '\\'`;
  if (!q.includes('\n')) return joined;
  const perField = sql<boolean>`(
    n.title ilike ${pattern} escape '\\'
    or n.detailed_summary ilike ${pattern} escape '\\'
    or n.original_text ilike ${pattern} escape '\\'
    or exists (select 1 from jsonb_array_elements_text(n.key_points) as kp(point)
                where kp.point ilike ${pattern} escape '\\'))`;
  return /[\p{L}\p{N}]{3}/u.test(q) ? sql<boolean>`(${joined} and ${perField})` : perField;
}

/**
 * The ranked full text tiers (0 and 2): the page's rows, then the matched field (the heaviest weight whose part of
 * the vector matches) and a ts_headline excerpt of it with the matched words marked.
 */
async function rankedTier(
  db: Kysely<Database>,
  opts: {
    userId: number;
    prelude: RawBuilder<unknown>;
    where: RawBuilder<boolean>;
    /** The list's filters (notes-tags.ts filtersSql), each after an `and`. */
    filters: RawBuilder<unknown>;
    rowQuery: RawBuilder<unknown>;
    limit: number;
    offset: number;
  },
): Promise<HitRow[]> {
  const { rows } = await sql<HitRow>`
    ${opts.prelude}
    select p.id, p.user_id, p.upload_id, p.title, p.key_points, p.detailed_summary, p.original_text, p.kind,
           p.language, p.word_count, p.image_count, p.engine, p.title_edited_at, p.content_kind, p.tags,
           p.tags_edited_at, p.created_at, p.updated_at,
           m.field as match_field,
           ts_headline(notes_search_config(p.language),
                       translate(case m.field when 'title' then p.title
                                              when 'keyPoints' then notes_key_points_text(p.key_points)
                                              when 'detailedSummary' then p.detailed_summary
                                              else p.original_text end, ${START_SEL + STOP_SEL}, ''),
                       p.q, ${HEADLINE_OPTIONS}) as headline
      from (select ${noteColumnsSql('n')}, n.search_vector, ${opts.rowQuery} as q,
                   ts_rank_cd(${RANK_WEIGHTS}, n.search_vector, ${opts.rowQuery}, 32) as score
              from notes n
             where n.user_id = ${opts.userId} and ${opts.where} ${opts.filters}
             order by score desc, n.created_at desc, n.id desc
             limit ${opts.limit} offset ${opts.offset}) p
     cross join lateral (
       select case when ts_filter(p.search_vector, '{a}') @@ p.q then 'title'
                   when ts_filter(p.search_vector, '{b}') @@ p.q then 'keyPoints'
                   when ts_filter(p.search_vector, '{c}') @@ p.q then 'detailedSummary'
                   else 'originalText' end as field) m
     order by p.score desc, p.created_at desc, p.id desc`.execute(db);
  return rows;
}

/** Default limit on each statement of one search (issue 22, item 5); searches take tens of ms at 10,000 notes. */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2_000;

/** A search statement ran longer than its limit and PostgreSQL cancelled it (the connection stays usable). */
export class SearchTimeoutError extends Error {
  constructor(
    readonly timeoutMs: number,
    options?: { cause: unknown },
  ) {
    super(`Search statement cancelled after ${timeoutMs} ms (statement_timeout)`, options);
    this.name = 'SearchTimeoutError';
  }
}

/**
 * searchNotes in a read-only transaction whose statements each have `statementTimeoutMs` (SET LOCAL
 * statement_timeout, through set_config: SET takes no bind parameters), far below the pool's 30 s default: one slow
 * search cannot hold a pool connection for long. A cancelled statement is a SearchTimeoutError.
 */
export async function searchNotesWithTimeout(
  db: Kysely<Database>,
  userId: number,
  q: string,
  opts: {
    limit: number;
    cursor?: string | undefined;
    statementTimeoutMs?: number | undefined;
    filters?: NoteFilters | undefined;
  },
): Promise<NoteSearchPage> {
  const timeoutMs = opts.statementTimeoutMs ?? SEARCH_STATEMENT_TIMEOUT_MS;
  try {
    return await db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        await sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(trx);
        return searchNotes(trx, userId, q, opts);
      });
  } catch (err) {
    // 57014 query_canceled: the statement timeout (nothing else here cancels a search).
    if (pgCode(err) === '57014') throw new SearchTimeoutError(timeoutMs, { cause: err });
    throw err;
  }
}

/**
 * Searches one user's notes, among those the filters keep (issue 25: every statement carries them); `cursor` is a
 * previous page's nextCursor for the same query and filters.
 */
async function searchNotes(
  db: Kysely<Database>,
  userId: number,
  q: string,
  opts: { limit: number; cursor?: string | undefined; filters?: NoteFilters | undefined },
): Promise<NoteSearchPage> {
  const filters = filtersSql(opts.filters, 'n');
  // The cursor's key: the query and the filters, so a cursor continues only the search it came from.
  const cursorKey = opts.filters ? `${q}\u0001${filtersKey(opts.filters)}` : q;
  const literalOnly = LITERAL_ONLY.test(q);
  // A query excluding words (-word) is not corrected: close spellings of it could bring the excluded words back.
  const excludes = /(^|\s)-[^\s-]/u.test(q);
  const tiers = literalOnly
    ? [TIER_LITERAL]
    : excludes
      ? [TIER_WORDS, TIER_LITERAL]
      : [TIER_WORDS, TIER_LITERAL, TIER_FUZZY];
  const start = opts.cursor ? decodeSearchCursor(cursorKey, opts.cursor, SEARCH_TIERS) : { tier: tiers[0]!, offset: 0 };

  const pattern = `%${escapeLike(q)}%`;
  const words = matches((c) => wordsQuery(q, c));
  /**
   * Notes of the tiers before: a later tier leaves them out. When this request read a tier completely (from its
   * start, fewer rows than asked), its notes are known by id, typically none; otherwise they are recognised by the
   * tier's condition, in the note's own configuration only (one test a note, not one per configuration).
   */
  const complete = new Map<number, number[]>();
  const notIn = (tier: number, condition: RawBuilder<boolean>) => {
    const known = complete.get(tier);
    if (!known) return sql`and not coalesce(${condition}, false)`;
    return known.length === 0 ? sql`` : sql`and n.id <> all(${known}::integer[])`;
  };
  const wordsOfNote = sql<boolean>`n.search_vector @@ ${queryOfNote((c) => wordsQuery(q, c))}`;

  const fetchTier = async (tier: number, offset: number, limit: number): Promise<HitRow[]> => {
    if (tier === TIER_WORDS) {
      return rankedTier(db, {
        userId,
        prelude: sql``,
        where: words,
        filters,
        rowQuery: queryOfNote((c) => wordsQuery(q, c)),
        limit,
        offset,
      });
    }
    if (tier === TIER_LITERAL) {
      const { rows } = await sql<NoteRow>`
        select ${noteColumnsSql('n')} from notes n
         where n.user_id = ${userId} and ${literal(q, pattern)} ${filters}
           ${literalOnly ? sql`` : notIn(TIER_WORDS, wordsOfNote)}
         order by n.created_at desc, n.id desc
         limit ${limit} offset ${offset}`.execute(db);
      return rows.map((r) => ({ ...r, matchField: null, headline: null }));
    }
    const expanded = (c: string) => sql`(select tsq from expanded where cfg = ${config(c)})`;
    // The words to correct: not websearch's "or".
    const positive = q
      .split(/\s+/)
      .filter((w) => w.toLowerCase() !== 'or')
      .join(' ');
    return rankedTier(db, {
      userId,
      prelude: sql`
        with query_words as (
          select w.word
            from unnest(tsvector_to_array(to_tsvector('pg_catalog.simple'::regconfig, ${positive}))) as w(word)
           where char_length(w.word) between 3 and 40 and w.word ~ '[[:alpha:]]'
             and not exists (select 1 from unnest(${CONFIGS_ARRAY}) as c(cfg)
                              where numnode(plainto_tsquery(c.cfg, w.word)) = 0)
        ), similar_words as (
          select qw.word, s.alt, s.sim
            from query_words qw
           cross join lateral (
             select v.word as alt, similarity(v.word, qw.word) as sim
               from note_search_words v
              where v.user_id = ${userId} and v.word % qw.word and v.word <> qw.word
              order by sim desc, v.word
              limit 5) s
        ), kept as (
          select word, alt from (select word, alt, sim, max(sim) over (partition by word) as best from similar_words) x
           where sim >= greatest(0.4, best - 0.1)
          union
          select word, word from query_words
        ), alternatives as (
          select c.cfg, k.word, string_agg(distinct '(' || t.q::text || ')', ' | ') as alts
            from kept k
           cross join unnest(${CONFIGS_ARRAY}) as c(cfg)
           cross join lateral (select plainto_tsquery(c.cfg, k.alt)
                                      || plainto_tsquery('pg_catalog.simple', k.alt)) as t(q)
           where numnode(t.q) > 0
           group by c.cfg, k.word
        ), expanded as (
          select a.cfg, string_agg('(' || a.alts || ')', ' & ')::tsquery as tsq
            from alternatives a
           where exists (select 1 from kept where alt <> word)
           group by a.cfg
        )`,
      where: sql<boolean>`${matches(expanded)}
        ${notIn(TIER_WORDS, wordsOfNote)}
        ${notIn(TIER_LITERAL, literal(q, pattern))}`,
      filters,
      rowQuery: queryOfNote(expanded),
      limit,
      offset,
    });
  };

  const rows: Array<HitRow & { tier: number; position: number }> = [];
  for (const tier of tiers) {
    if (tier < start.tier) continue;
    const offset = tier === start.tier ? start.offset : 0;
    const want = opts.limit + 1 - rows.length;
    const got = await fetchTier(tier, offset, want);
    if (offset === 0 && got.length < want)
      complete.set(
        tier,
        got.map((r) => r.id),
      );
    got.forEach((row, i) => rows.push({ ...row, tier, position: offset + i }));
    if (rows.length > opts.limit) break;
  }

  const next = rows[opts.limit];
  const nextCursor =
    next && next.position <= MAX_SEARCH_OFFSET
      ? encodeSearchCursor(cursorKey, { tier: next.tier, offset: next.position })
      : null;
  const hits = rows.slice(0, opts.limit).map(({ matchField, headline, tier: _tier, position: _p, ...note }) => ({
    note,
    match:
      (matchField && headline !== null ? headlineMatch(note, matchField, headline) : null) ??
      literalMatch(note, q) ??
      similarWordMatch(note, q),
  }));
  return { hits, nextCursor };
}
