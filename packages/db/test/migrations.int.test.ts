import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@snapnotes/testing/services';
import { createDatabase, migrateToLatest, migrations, type DatabaseHandle } from '../src/index.js';
import { silentLogger } from './helpers.js';

let testDb: TestDatabase;
const handles: DatabaseHandle[] = [];

function open(): DatabaseHandle {
  const h = createDatabase({ url: testDb.url, poolMax: 2, logger: silentLogger });
  handles.push(h);
  return h;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(handles.map((h) => h.close()));
  await testDb?.drop();
});

describe('migrateToLatest', () => {
  it('applies every migration once when two processes start at the same time', async () => {
    const [a, b] = [open(), open()];
    const [ranA, ranB] = await Promise.all([migrateToLatest(a.db), migrateToLatest(b.db)]);
    const all = Object.keys(migrations).sort();
    // Exactly one of them did the work; the other waited on the lock and found nothing to do.
    expect([...ranA, ...ranB].sort()).toEqual(all);
    expect(ranA.length === 0 || ranB.length === 0).toBe(true);

    const tables = await sql<{ tablename: string }>`
      select tablename from pg_tables where schemaname = 'public' order by tablename`.execute(a.db);
    expect(tables.rows.map((r) => r.tablename)).toEqual(
      expect.arrayContaining(['feedback', 'notes', 'stripe_events', 'subscriptions', 'uploads', 'users']),
    );
  });

  it('is a no-op the second time', async () => {
    const h = open();
    expect(await migrateToLatest(h.db)).toEqual([]);
    const recorded = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(h.db);
    expect(recorded.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
  });

  it('creates the indexes the queries rely on', async () => {
    const h = open();
    const idx = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where schemaname = 'public' and indexname in
        ('uploads_user_id_created_at_idx', 'notes_user_id_created_at_idx', 'notes_user_id_created_at_id_idx')`.execute(
      h.db,
    );
    const defs = idx.rows.map((r) => r.indexdef).join('\n');
    expect(defs).toMatch(/uploads USING btree \(user_id, created_at\)/);
    // 0008: the list's whole ORDER BY (created_at desc, id desc), replacing 0001's (user_id, created_at desc).
    expect(defs).toMatch(/notes USING btree \(user_id, created_at DESC, id DESC\)/);
    expect(defs).not.toMatch(/notes_user_id_created_at_idx/);
  });

  it("gives the sweeper's search for stuck uploads a partial index, which the planner can use", async () => {
    const h = open();
    const plan = await h.db.connection().execute(async (conn) => {
      await sql`set enable_seqscan = off`.execute(conn);
      try {
        const stale = new Date(Date.now() - 60_000).toISOString();
        return await sql<{ 'QUERY PLAN': string }>`explain select id from uploads
            where status = 'processing' and created_at < ${stale}::timestamptz order by created_at limit 50`.execute(
          conn,
        );
      } finally {
        await sql`reset enable_seqscan`.execute(conn);
      }
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/uploads_processing_created_at_idx/);
  });

  it('releases the advisory lock afterwards', async () => {
    const h = open();
    const held = await sql<{ n: string }>`select count(*)::text as n from pg_locks
        where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`.execute(
      h.db,
    );
    expect(held.rows[0]?.n).toBe('0');
  });
});

describe('0004 down', () => {
  it("puts 0002's reserve_upload back, without the carried-over usage", async () => {
    const other = await createTestDatabase();
    const h = createDatabase({ url: other.url, poolMax: 2, logger: silentLogger });
    try {
      await migrateToLatest(h.db);
      const source = async () =>
        (await sql<{ src: string }>`select prosrc as src from pg_proc where proname = 'reserve_upload'`.execute(h.db))
          .rows;
      expect((await source())[0]?.src).toContain('account_usage');
      await migrations['0004_usage_across_accounts']!.down!(h.db);
      const after = await source();
      expect(after).toHaveLength(1);
      expect(after[0]!.src).not.toContain('account_usage');
      expect(after[0]!.src).toContain('pg_advisory_xact_lock');
    } finally {
      await h.close();
      await other.drop();
    }
  });
});
