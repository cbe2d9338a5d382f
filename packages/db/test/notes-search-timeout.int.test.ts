/**
 * Issue 22, item 5: a search's statements have a statement timeout of their own (SET LOCAL in a read-only
 * transaction), far below the pool's 30 s: a search held up (here by a lock, as by a slow plan or a busy server) is
 * cancelled and reported as SearchTimeoutError, the connection goes back to the pool usable and with the pool's own
 * limit (SET LOCAL ends with the transaction).
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotesRepo, SearchTimeoutError, UsersRepo } from '../src/index.js';
import { makeUser, migratedDatabase, type MigratedDb } from './helpers.js';

let h: MigratedDb;
let notes: NotesRepo;
let userId: number;

beforeAll(async () => {
  h = await migratedDatabase(1); // one connection: the one the timed-out search used is the one checked after
  notes = new NotesRepo(h.db);
  userId = (await makeUser(new UsersRepo(h.db), 'searcher')).id;
  await sql`
    insert into notes (user_id, title, key_points, detailed_summary, original_text, kind, language, word_count,
                       image_count, engine)
    select ${userId}, 'Photosynthesis ' || g, '[]'::jsonb, 'Light becomes sugar', 'chlorophyll ' || g, 'text', 'eng',
           2, 0, 'test'
      from generate_series(1, 2000) g`.execute(h.db);
});
afterAll(async () => {
  await h?.dispose();
});

/** Runs `fn` while another session holds an exclusive lock on notes (every read of it waits). */
async function whileNotesLocked<T>(fn: () => Promise<T>): Promise<T> {
  const locker = new pg.Client({ connectionString: h.testDb.url });
  await locker.connect();
  try {
    await locker.query('begin');
    await locker.query('lock table notes in access exclusive mode');
    return await fn();
  } finally {
    await locker.query('rollback').catch(() => {});
    await locker.end();
  }
}

describe('NotesRepo.search statement timeout', () => {
  it('answers as usual within the limit', async () => {
    const page = await notes.search(userId, 'photosynthesis', { limit: 10 });
    expect(page.hits).toHaveLength(10);
  });

  it('cancels a search statement held past statementTimeoutMs: SearchTimeoutError, the connection reusable', async () => {
    const started = Date.now();
    const err = await whileNotesLocked(() =>
      notes.search(userId, 'photosynthesis', { limit: 10, statementTimeoutMs: 200 }).catch((e: unknown) => e),
    );
    expect(err).toBeInstanceOf(SearchTimeoutError);
    expect((err as SearchTimeoutError).timeoutMs).toBe(200);
    // 0.2 s plus the locker's connection. Fails if the 200 ms is ignored (the pool's 30 s statement_timeout).
    expect(Date.now() - started).toBeLessThan(5_000);
    // The same (only) connection: usable, and back on the pool's own statement_timeout.
    const { rows } = await sql<{ statementTimeout: string }>`show statement_timeout`.execute(h.db);
    expect(rows[0]!.statementTimeout).toBe('30s');
    expect((await notes.search(userId, 'chlorophyll', { limit: 5 })).hits).toHaveLength(5);
  });

  it('has a default limit of 2 s, not the pool’s 30 s', async () => {
    const started = Date.now();
    const err = await whileNotesLocked(() => notes.search(userId, 'sugar', { limit: 10 }).catch((e: unknown) => e));
    const ms = Date.now() - started;
    expect(err).toBeInstanceOf(SearchTimeoutError);
    expect((err as SearchTimeoutError).timeoutMs).toBe(2_000);
    expect(ms).toBeGreaterThanOrEqual(1_900);
    expect(ms).toBeLessThan(5_000);
    console.log(`[search statement timeout] a held search was cancelled after ${ms} ms (limit 2000 ms)`);
  });
});
