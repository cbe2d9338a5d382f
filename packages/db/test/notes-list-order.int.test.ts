/**
 * Issue 22, item 17: the notes list's index holds its whole ORDER BY (migration 0008: user_id, created_at desc,
 * id desc). With notes sharing one created_at (a bulk import), the list query PostgreSQL is sent is answered by an
 * index scan that stops after the page: no Sort (nor Incremental Sort) node, and a cursor's position is an index
 * condition. And paging through such a group is stable: every note once, in (created_at desc, id desc) order.
 */
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotesRepo } from '../src/index.js';
import { planDatabase, type PlanDb } from './helpers.js';

const IMPORTED = 5_000;
const OTHERS = 40;
const PER_OTHER = 100;

let handle: PlanDb;
/** The repository on a Kysely that records every query it sends (SQL and parameters). */
let notes: NotesRepo;
let importer: number;

beforeAll(async () => {
  handle = await planDatabase('bulk-importer', 'other', OTHERS);
  const { others } = handle;
  importer = handle.owner;
  notes = handle.recorded.notes;
  // The import: IMPORTED notes with one created_at. The other users' notes over the days before and after it.
  await sql`
    insert into notes (user_id, title, key_points, detailed_summary, original_text, kind, language, word_count,
                       image_count, engine, created_at, updated_at)
    select ${importer}, 'Imported ' || g, '[]'::jsonb, 'summary', 'text ' || g, 'text', 'eng', 2, 0, 'import',
           '2025-03-01T12:00:00.123456Z'::timestamptz, '2025-03-01T12:00:00.123456Z'::timestamptz
      from generate_series(1, ${IMPORTED}) g`.execute(handle.db);
  await sql`
    insert into notes (user_id, title, key_points, detailed_summary, original_text, kind, language, word_count,
                       image_count, engine, created_at, updated_at)
    select (${others}::integer[])[1 + g % ${OTHERS}], 'Note ' || g, '[]'::jsonb, 'summary', 'text', 'text', 'eng',
           1, 0, 'test', now() - g * interval '1 minute', now() - g * interval '1 minute'
      from generate_series(1, ${OTHERS * PER_OTHER}) g`.execute(handle.db);
  await sql`analyze notes`.execute(handle.db);
});
afterAll(async () => {
  await handle?.dispose();
});

/** The one query a repository call sends. */
const queryOf = async (call: () => Promise<unknown>): Promise<CompiledQuery> =>
  (await handle.recorded.sentBy(call)).query;
const explain = (query: CompiledQuery) => handle.recorded.explain(query);

describe('the notes list on a bulk import (notes sharing one created_at)', () => {
  it('orders by the index exactly: an index scan, no Sort node, for the first page and after a cursor', async () => {
    const first = await queryOf(() => notes.listPage(importer, { limit: 50 }));
    expect(first.sql).toMatch(/order by created_at desc, id desc/);
    const a = await explain(first);
    expect(a.plan).toMatch(/Index Scan using notes_user_id_created_at_id_idx on notes/);
    expect(a.plan).not.toMatch(/Sort/);

    // A cursor in the middle of the group: the position is part of the index condition, nothing filtered after.
    const page = await notes.listPage(importer, { limit: IMPORTED / 2 });
    const middle = await queryOf(() => notes.listPage(importer, { limit: 50, cursor: page.nextCursor! }));
    const b = await explain(middle);
    expect(b.plan).toMatch(/Index Scan using notes_user_id_created_at_id_idx on notes/);
    expect(b.plan).toMatch(/Index Cond: \(\(user_id = \S+\) AND \(ROW\(created_at, id\) < ROW\(/);
    expect(b.plan).not.toMatch(/Sort|Rows Removed by Filter/);
    console.log(
      `[notes list, ${IMPORTED} notes of one created_at] first page ${a.ms.toFixed(3)} ms, ` +
        `page after ${IMPORTED / 2} notes ${b.ms.toFixed(3)} ms (EXPLAIN ANALYZE execution time)`,
    );
  });

  it('pages through the group stably: every note once, newest first and then by id descending', async () => {
    const all = (await notes.listByUser(importer)).map((n) => n.id);
    expect(all).toHaveLength(IMPORTED);
    expect(all).toEqual([...all].sort((x, y) => y - x));
    const walked: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await notes.listPage(importer, { limit: 97, cursor });
      walked.push(...page.notes.map((n) => n.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(walked).toEqual(all);
  });
});
