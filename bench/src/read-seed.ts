/**
 * The database of `pnpm bench:read`: a throw-away database (`snapnotes_bench_read`, or the smoke run's own name;
 * created, migrated with the product's migrations, and dropped afterwards) holding the plan's notes (the full run:
 * 100,000, of which 10,000 for one user, 1,000 for another, the rest spread over 445 more users). Rows go in in
 * created_at order across all users, as they would over time, so one user's notes are scattered over the table's
 * pages (not stored side by side, which would flatter every query).
 */
import pg from 'pg';
import { createDatabase, migrateToLatest, type DatabaseHandle } from '@snapnotes/db';
import type { Logger } from '@snapnotes/contracts';
import { prng } from '@snapnotes/testing/random';
import { noteGenerator } from './read-data.js';

export const BENCH_DATABASE = 'snapnotes_bench_read';

export interface SeedPlan {
  /** Notes per named user, e.g. { big: 10_000, medium: 1_000 }. */
  users: Record<string, number>;
  /** Notes in the table in all (the rest go to other users, `perOtherUser` each). */
  total: number;
  perOtherUser: number;
  seed: number;
}

export interface SeededDatabase {
  url: string;
  handle: DatabaseHandle;
  /** Users' ids by the names of the plan. */
  userIds: Record<string, number>;
  userFirebaseUids: Record<string, string>;
  drop(): Promise<void>;
}

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silent };

async function admin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `YYYY-MM-DDTHH:MM:SS.ffffffZ` with microseconds (a JS Date has only milliseconds). */
function microTimestamp(ms: number, micros: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.(\d{3})Z$/, (_m, f: string) => `.${f}${String(micros).padStart(3, '0')}Z`);
}

export async function seedDatabase(
  adminUrl: string,
  database: string,
  plan: SeedPlan,
  progress: (line: string) => void,
): Promise<SeededDatabase> {
  await admin(adminUrl, async (c) => {
    await c.query(`drop database if exists ${database} with (force)`);
    await c.query(`create database ${database}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const drop = () =>
    admin(adminUrl, async (c) => {
      await c.query(`drop database if exists ${database} with (force)`);
    });

  const handle = createDatabase({ url: url.toString(), poolMax: 4, logger: silent, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(handle.db);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      // Users: the named ones first, then the others.
      const named = Object.keys(plan.users);
      const namedNotes = Object.values(plan.users).reduce((a, b) => a + b, 0);
      const others = Math.ceil((plan.total - namedNotes) / plan.perOtherUser);
      const uids = [...named.map((n) => `bench-${n}`), ...Array.from({ length: others }, (_, i) => `bench-other-${i}`)];
      const { rows } = await client.query<{ id: number; firebase_uid: string }>(
        `insert into users (firebase_uid, email, username, display_name)
         select u, u || '@example.com', u, u from unnest($1::text[]) as u returning id, firebase_uid`,
        [uids],
      );
      const idOf = new Map(rows.map((r) => [r.firebase_uid, r.id]));

      // Who owns each note, in a random order over time: created_at rises through the list.
      const owners: number[] = [];
      named.forEach((n) => owners.push(...Array<number>(plan.users[n]!).fill(idOf.get(`bench-${n}`)!)));
      for (let i = 0; owners.length < plan.total; i++) owners.push(idOf.get(`bench-other-${i % others}`)!);
      const rand = prng(plan.seed);
      for (let i = owners.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [owners[i], owners[j]] = [owners[j]!, owners[i]!];
      }

      // Bulk load: the GIN indexes of migration 0005 are dropped and built again afterwards, from their own
      // definitions (the schema is the product's; building a GIN index once is much faster than 100,000 inserts).
      const { rows: gins } = await client.query<{ name: string; def: string }>(
        `select indexname as name, indexdef as def from pg_indexes
          where schemaname = 'public' and tablename in ('notes', 'note_search_words') and indexdef like '%USING gin%'`,
      );
      for (const g of gins) await client.query(`drop index ${g.name}`);

      const gen = noteGenerator(plan.seed + 1);
      const start = Date.parse('2023-01-01T00:00:00Z');
      const span = Date.parse('2026-01-01T00:00:00Z') - start;
      const batch = 2_000;
      for (let from = 0; from < owners.length; from += batch) {
        const cols = {
          user: [] as number[],
          title: [] as string[],
          kp: [] as string[],
          summary: [] as string[],
          text: [] as string[],
          language: [] as Array<string | null>,
          words: [] as number[],
          at: [] as string[],
        };
        for (let i = from; i < Math.min(from + batch, owners.length); i++) {
          const n = gen.next();
          cols.user.push(owners[i]!);
          cols.title.push(n.title);
          cols.kp.push(JSON.stringify(n.keyPoints));
          cols.summary.push(n.detailedSummary);
          cols.text.push(n.originalText);
          cols.language.push(n.language);
          cols.words.push(n.wordCount);
          cols.at.push(microTimestamp(start + Math.floor((i / owners.length) * span), Math.floor(rand() * 1000)));
        }
        await client.query(
          `insert into notes (user_id, title, key_points, detailed_summary, original_text, kind, language, word_count,
                              image_count, engine, created_at, updated_at)
           select u, t, k, s, o, 'text', l, w, 1, 'bench', a, a
             from unnest($1::int[], $2::text[], $3::jsonb[], $4::text[], $5::text[], $6::text[], $7::int[],
                         $8::timestamptz[]) as r(u, t, k, s, o, l, w, a)`,
          [cols.user, cols.title, cols.kp, cols.summary, cols.text, cols.language, cols.words, cols.at],
        );
        progress(`seeded ${Math.min(from + batch, owners.length)} / ${owners.length} notes`);
      }
      const built = Date.now();
      await client.query('set maintenance_work_mem = "256MB"');
      for (const g of gins) await client.query(g.def);
      progress(`built ${gins.length} GIN indexes in ${Date.now() - built} ms`);
      await client.query('vacuum analyze notes');
      await client.query('vacuum analyze note_search_words');
      await client.query('vacuum analyze users');
      return {
        url: url.toString(),
        handle,
        userIds: Object.fromEntries(named.map((n) => [n, idOf.get(`bench-${n}`)!])),
        userFirebaseUids: Object.fromEntries(named.map((n) => [n, `bench-${n}`])),
        drop,
      };
    } finally {
      await client.end();
    }
  } catch (err) {
    await handle.close();
    await drop();
    throw err;
  }
}
