/**
 * Migration 0005 (notes search) on real PostgreSQL: what it builds, that the repository's list of configurations
 * matches its indexes, that it fills the vocabulary of notes written before it, and that it rolls back and forward.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@snapnotes/testing/services';
import { createDatabase, migrations, NOTE_SEARCH_CONFIGS, type DatabaseHandle } from '../src/index.js';
import { silentLogger } from './helpers.js';

const m0005 = migrations['0005_notes_search']!;

let testDb: TestDatabase;
let h: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase();
  h = createDatabase({ url: testDb.url, poolMax: 2, logger: silentLogger });
  // Up to 0004, a note written then, then 0005.
  for (const [name, m] of Object.entries(migrations).sort(([a], [b]) => a.localeCompare(b))) {
    if (name >= '0005') break;
    await m.up(h.db);
  }
  await sql`insert into users (firebase_uid) values ('uid-before-0005')`.execute(h.db);
  await sql`
    insert into notes (user_id, title, key_points, detailed_summary, original_text, kind, language, word_count,
                       image_count, engine)
    select id, 'Glaciers', '["Ice moves slowly"]', 'About moraines', 'Crevasses open', 'text', 'eng', 2, 1, 'local'
      from users where firebase_uid = 'uid-before-0005'`.execute(h.db);
  await m0005.up(h.db);
});
afterAll(async () => {
  await h?.close();
  await testDb?.drop();
});

const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(h.db)).rows[0]!;

describe('0005_notes_search', () => {
  it('maps OCR language codes to text search configurations', async () => {
    const cases: Array<[string | null, string]> = [
      ['en', 'english'],
      ['eng', 'english'],
      ['ENG', 'english'],
      ['fra', 'french'],
      ['fr', 'french'],
      ['deu', 'german'],
      ['spa', 'spanish'],
      ['ita', 'italian'],
      ['por', 'portuguese'],
      ['nld', 'dutch'],
      ['jpn', 'simple'],
      [null, 'simple'],
    ];
    for (const [code, config] of cases) {
      const row = await one(sql<{ cfg: string }>`select notes_search_config(${code})::text as cfg`);
      expect(row.cfg, String(code)).toBe(config);
    }
  });

  it('has a (user_id, search_vector) GIN index for every configuration the repository searches', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'notes' and indexname like 'notes_search_%'
       order by indexname`.execute(h.db);
    for (const config of NOTE_SEARCH_CONFIGS) {
      const def = rows.find((r) => r.indexname === `notes_search_vector_${config}_idx`)?.indexdef;
      expect(def, config).toMatch(/USING gin \(user_id, search_vector\) WHERE/);
      expect(def, config).toContain(`'${config}'::regconfig`);
    }
    expect(rows.find((r) => r.indexname === 'notes_search_text_trgm_idx')?.indexdef).toMatch(
      /USING gin \(user_id, notes_search_text\(title, key_points, detailed_summary, original_text\) gin_trgm_ops\)/,
    );
  });

  it('indexes the notes written before it, and fills their vocabulary', async () => {
    const row = await one(sql<{ found: boolean; vector: string }>`
      select search_vector @@ to_tsquery('english', 'moraine') as found, search_vector::text as vector
        from notes where title = 'Glaciers'`);
    expect(row.found).toBe(true);
    expect(row.vector).toContain("'glacier':1A");
    expect(row.vector).toContain("'ice':2B");
    const { rows } = await sql<{ word: string }>`select word from note_search_words order by word`.execute(h.db);
    expect(rows.map((r) => r.word)).toEqual([
      'about',
      'crevasses',
      'glaciers',
      'ice',
      'moraines',
      'moves',
      'open',
      'slowly',
    ]);
  });

  it('rolls back completely and applies again', async () => {
    await m0005.down!(h.db);
    const left = await one(sql<{ col: number; tbl: number; fn: number; idx: number; trg: number }>`
      select (select count(*)::int from information_schema.columns
               where table_name = 'notes' and column_name = 'search_vector') as col,
             (select count(*)::int from pg_tables where tablename = 'note_search_words') as tbl,
             (select count(*)::int from pg_proc where proname like 'notes_search%' or proname = 'notes_key_points_text')
               as fn,
             (select count(*)::int from pg_indexes where indexname like 'notes_search%') as idx,
             (select count(*)::int from pg_trigger where tgname like 'notes_search%') as trg`);
    expect(left).toEqual({ col: 0, tbl: 0, fn: 0, idx: 0, trg: 0 });
    // Notes still write without it.
    await sql`update notes set title = 'Glaciers of the Alps' where title = 'Glaciers'`.execute(h.db);

    await m0005.up(h.db);
    const row = await one(sql<{ found: boolean }>`
      select search_vector @@ to_tsquery('english', 'alps') as found from notes where title = 'Glaciers of the Alps'`);
    expect(row.found).toBe(true);
  });
});
