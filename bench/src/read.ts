/**
 * pnpm bench:read: how fast the notes list, its pages and the search answer with a large library (issue 13;
 * docs/PERFORMANCE.md "Reading notes").
 *
 * Seeds a throw-away database (`snapnotes_bench_read`, dropped at the end) with 100,000 notes: 10,000 for one user,
 * 1,000 for another, the rest over 445 other users (read-data.ts: generated text in six languages). Then builds the
 * real gateway (buildApp, with the product's repositories on that database, a stand-in token verifier and no
 * queue) and sends it requests IN PROCESS with Fastify's inject(): routing, hooks, the token check, the user lookup,
 * the queries and the JSON serialisation are all measured; only the socket is not. A bare Fastify route answered
 * the same way is the baseline: what any request costs here before the notes code runs.
 *
 * Prints p50/p95 and bytes per response for: the first page (limit 50) at 10,000 and 1,000 notes, a page 100 pages
 * deep, the whole unpaged list at 1,000 notes, and search (a word, a phrase, a typo, a partial word); then what
 * search costs a note's INSERT (with migration 0005's column, indexes and vocabulary, and into a copy of the table
 * without them). Exits non-zero when a target is missed: list page p95 ≤ 20 ms and search p95 ≤ 50 ms at 10,000
 * notes.
 *
 * Knobs: BENCH_READ_ITERATIONS (requests per case, default 200), BENCH_READ_DATABASE_URL (an admin URL of the
 * PostgreSQL to use; else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres when it answers, else an
 * embedded PostgreSQL is started), BENCH_READ_KEEP=1 (keep the database and reuse it on the next run),
 * BENCH_READ_SMOKE=1 (CI's smoke run, bench/test/benches-smoke.int.test.ts: 600 notes, 300 and 60 for the two users,
 * in a database of its own name, never kept; 10 requests a case and 10 writes, page 3 as the deep page; the
 * latency targets are printed, not judged, since a few hundred notes say nothing about them).
 */
import pg from 'pg';
import pino from 'pino';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '@snapnotes/config';
import { buildApp, type GatewayDeps, type TokenVerifier } from '@snapnotes/gateway';
import { createDatabase, migrations, type DatabaseHandle } from '@snapnotes/db';
import { createRepositories } from '@snapnotes/runtime';
import { createMemoryStore } from '@snapnotes/testing/memory-store';
import { startEmbeddedPostgres } from '@snapnotes/testing/services';
import { noteGenerator, type GeneratedNote } from './read-data.js';
import { BENCH_DATABASE, seedDatabase } from './read-seed.js';

const SMOKE = process.env.BENCH_READ_SMOKE === '1';
const ITERATIONS = Number(process.env.BENCH_READ_ITERATIONS ?? (SMOKE ? 10 : 200));
const KEEP = !SMOKE && process.env.BENCH_READ_KEEP === '1';
/** The smoke run's database is its own (never the full run's, which BENCH_READ_KEEP may keep), one per run. */
const DATABASE = SMOKE ? `${BENCH_DATABASE}_smoke_${process.pid}` : BENCH_DATABASE;
const TARGET_LIST_P95_MS = 20;
const TARGET_SEARCH_P95_MS = 50;
const PLAN = SMOKE
  ? { users: { big: 300, medium: 60 }, total: 600, perOtherUser: 60, seed: 13 }
  : { users: { big: 10_000, medium: 1_000 }, total: 100_000, perOtherUser: 200, seed: 13 };
const { big: BIG, medium: MEDIUM } = PLAN.users;
/** The deep page of the list: page 101 of 50 (page 3 in the smoke run). */
const DEEP_PAGES = SMOKE ? 2 : 100;
const WRITES = SMOKE ? 10 : 100;

const log = (line: string) => console.log(line);

async function answers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function adminUrl(): Promise<{ url: string; stop?: () => Promise<void> }> {
  const given = process.env.BENCH_READ_DATABASE_URL ?? process.env.DATABASE_URL;
  if (given) return { url: given };
  const local = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await answers(local)) return { url: local };
  log('no PostgreSQL on 127.0.0.1:5432: starting an embedded one');
  const started = await startEmbeddedPostgres();
  return { url: started.url, stop: started.stop };
}

/** Reuses a kept database when it holds the plan's notes (BENCH_READ_KEEP=1). */
async function reuse(admin: string): Promise<{ url: string; userIds: Record<string, number> } | null> {
  const url = new URL(admin);
  url.pathname = `/${DATABASE}`;
  if (!(await answers(url.toString()))) return null;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: string; m: string }>(
      'select (select count(*) from notes) as n, (select count(*) from kysely_migration) as m',
    );
    if (Number(rows[0]?.n) !== PLAN.total || Number(rows[0]?.m) !== Object.keys(migrations).length) return null;
    const users = await c.query<{ id: number; firebase_uid: string }>(
      `select id, firebase_uid from users where firebase_uid in ('bench-big', 'bench-medium')`,
    );
    const userIds = Object.fromEntries(users.rows.map((u) => [u.firebase_uid.slice('bench-'.length), u.id]));
    return { url: url.toString(), userIds };
  } catch {
    return null;
  } finally {
    await c.end();
  }
}

/** Accepts "Bearer bench-<name>" as the user bench-<name>: the gateway's token check without Firebase. */
const verifier: TokenVerifier = {
  async verify(token) {
    return {
      uid: token,
      email: `${token}@example.com`,
      emailVerified: true,
      name: token,
      picture: '',
      expiresAt: Date.now() + 3_600_000,
    };
  },
  createSessionCookie: async () => 'unused',
  verifySessionCookie: async () => {
    throw new Error('unused');
  },
  revokeSessions: async () => undefined,
  close: async () => undefined,
};

const unusedPipeline: GatewayDeps['pipeline'] = {
  run: () => Promise.reject(new Error('no uploads in this bench')),
  forgetJobs: async () => ({ removed: 0, active: 0 }),
  counts: () => Promise.reject(new Error('no queue in this bench')),
  close: async () => undefined,
};

interface Case {
  name: string;
  group: 'baseline' | 'list' | 'search' | 'reference';
  notes: number;
  app: FastifyInstance;
  url: string;
  token?: string;
  /** Requests of this case (the unpaged list costs seconds: fewer). */
  iterations: number;
}

interface Result {
  case: Case;
  samples: number[];
  bytes: number;
  items: number;
  nextCursor: boolean;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function once(c: Case): Promise<{ ms: number; bytes: number; items: number; next: boolean }> {
  const t0 = process.hrtime.bigint();
  const res = await c.app.inject({
    method: 'GET',
    url: c.url,
    headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const body = res.json() as unknown;
  return {
    ms,
    bytes: res.rawPayload.length,
    items: Array.isArray(body) ? body.length : 1,
    next: typeof res.headers['x-next-cursor'] === 'string',
  };
}

/** Rounds over all cases, so drift during the run (other load, CPU frequency) spreads over every case alike. */
async function run(cases: Case[]): Promise<Result[]> {
  const results = cases.map((c) => ({ case: c, samples: [] as number[], bytes: 0, items: 0, nextCursor: false }));
  for (const r of results) for (let i = 0; i < 3; i++) await once(r.case); // warm up
  const rounds = 10;
  for (let round = 0; round < rounds; round++) {
    for (const r of results) {
      const n = Math.ceil(r.case.iterations / rounds);
      for (let i = 0; i < n; i++) {
        const o = await once(r.case);
        r.samples.push(o.ms);
        r.bytes = o.bytes;
        r.items = o.items;
        r.nextCursor = o.next;
      }
    }
  }
  return results;
}

async function cursorAfter(app: FastifyInstance, token: string, path: string, pages: number): Promise<string> {
  let cursor = '';
  for (let i = 0; i < pages; i++) {
    const res = await app.inject({
      method: 'GET',
      url: `${path}&cursor=${cursor}`.replace('&cursor=&', '&').replace(/&cursor=$/, ''),
      headers: { authorization: `Bearer ${token}` },
    });
    const next = res.headers['x-next-cursor'];
    if (typeof next !== 'string') throw new Error(`no next cursor after page ${i + 1}`);
    cursor = next;
  }
  return cursor;
}

/**
 * What search costs when a note is written: single-row inserts (as the notes stage writes a note) into notes, and
 * into a copy of the table without migration 0005's column, indexes and triggers, alternately; then removed again.
 */
async function measureWrites(
  url: string,
  userId: number,
): Promise<Record<'search' | 'plain', { p50: number; p95: number }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const gen = noteGenerator(4242);
  const times = { search: [] as number[], plain: [] as number[] };
  const ids: number[] = [];
  try {
    await client.query('drop table if exists bench_notes_plain');
    await client.query('create table bench_notes_plain (like notes including defaults)');
    await client.query('alter table bench_notes_plain drop column search_vector');
    await client.query('create index on bench_notes_plain (user_id, created_at desc)');
    const insert = async (table: string, n: GeneratedNote) => {
      const t0 = process.hrtime.bigint();
      const { rows } = await client.query<{ id: number }>(
        `insert into ${table} (user_id, title, key_points, detailed_summary, original_text, kind, language,
                               word_count, image_count, engine)
         values ($1, $2, $3::jsonb, $4, $5, 'text', $6, $7, 1, 'bench') returning id`,
        [userId, n.title, JSON.stringify(n.keyPoints), n.detailedSummary, n.originalText, n.language, n.wordCount],
      );
      return { ms: Number(process.hrtime.bigint() - t0) / 1e6, id: rows[0]!.id };
    };
    for (let i = 0; i < WRITES; i++) {
      const note = gen.next();
      const a = await insert('notes', note);
      ids.push(a.id);
      times.search.push(a.ms);
      times.plain.push((await insert('bench_notes_plain', note)).ms);
    }
  } finally {
    await client.query('delete from notes where id = any($1::integer[])', [ids]).catch(() => undefined);
    await client.query('drop table if exists bench_notes_plain').catch(() => undefined);
    await client.end();
  }
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  return { search: stats(times.search), plain: stats(times.plain) };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const kb = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;

async function main(): Promise<number> {
  const started = Date.now();
  log(
    `Reading-notes bench${SMOKE ? ' (smoke run)' : ''}: ${PLAN.total.toLocaleString('en')} notes, ` +
      `${ITERATIONS} requests a case, database ${DATABASE}`,
  );
  const admin = await adminUrl();
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  const apps: FastifyInstance[] = [];
  try {
    let url: string;
    let userIds: Record<string, number>;
    const kept = KEEP ? await reuse(admin.url) : null;
    if (kept) {
      ({ url, userIds } = kept);
      log(`reusing ${DATABASE} (BENCH_READ_KEEP=1)`);
    } else {
      const seeded = await seedDatabase(admin.url, DATABASE, PLAN, (line) => {
        if (/0000 \/|GIN/.test(line)) log(`${line} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      });
      ({ url, userIds } = seeded);
      drop = seeded.drop;
      await seeded.handle.close();
    }

    const logger = pino({ level: 'silent' });
    const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' });
    handle = createDatabase({ url, poolMax: 10, logger });
    const app = await buildApp({
      config,
      logger,
      repos: createRepositories(handle.db),
      store: createMemoryStore(),
      pipeline: unusedPipeline,
      verifier,
      readiness: {},
    });
    await app.ready();
    apps.push(app);
    const bare = Fastify();
    bare.get('/ping', async () => ({ ok: true }));
    await bare.ready();
    apps.push(bare);

    const big = `/api/notes/${userIds.big}`;
    const medium = `/api/notes/${userIds.medium}`;
    const deep = await cursorAfter(app, 'bench-big', `${big}?limit=50`, DEEP_PAGES);
    const c = (
      name: string,
      group: Case['group'],
      notes: number,
      path: string,
      token: string,
      iterations = ITERATIONS,
    ) => ({ name, group, notes, app, url: path, token, iterations }) satisfies Case;
    const q = (text: string) => encodeURIComponent(text);
    const cases: Case[] = [
      { name: 'bare Fastify route', group: 'baseline', notes: 0, app: bare, url: '/ping', iterations: ITERATIONS },
      c('list, first page (limit 50)', 'list', BIG, `${big}?limit=50`, 'bench-big'),
      c(`list, page ${DEEP_PAGES + 1} (cursor)`, 'list', BIG, `${big}?limit=50&cursor=${deep}`, 'bench-big'),
      c('list, first page (limit 50)', 'list', MEDIUM, `${medium}?limit=50`, 'bench-medium'),
      c('search: a word', 'search', BIG, `${big}?q=photosynthesis`, 'bench-big'),
      c('search: a phrase', 'search', BIG, `${big}?q=${q('"light energy"')}`, 'bench-big'),
      c('search: a typo', 'search', BIG, `${big}?q=photosynthsis`, 'bench-big'),
      c('search: part of a word', 'search', BIG, `${big}?q=invoi`, 'bench-big'),
      c('search: a word', 'search', MEDIUM, `${medium}?q=photosynthesis`, 'bench-medium'),
      c('search: a phrase', 'search', MEDIUM, `${medium}?q=${q('"light energy"')}`, 'bench-medium'),
      c('search: a typo', 'search', MEDIUM, `${medium}?q=photosynthsis`, 'bench-medium'),
      c('whole list, unpaged', 'reference', MEDIUM, medium, 'bench-medium', Math.min(ITERATIONS, 40)),
    ];
    log(
      `measuring: ${ITERATIONS} requests per case (${Math.min(ITERATIONS, 40)} for the unpaged list), fastify inject, in process`,
    );
    const results = await run(cases);
    const writes = await measureWrites(url, userIds.big!);

    const lines: string[][] = [['case', 'notes', 'p50', 'p95', 'bytes', 'results', 'next page', 'target']];
    let missed = 0;
    for (const r of results) {
      const sorted = [...r.samples].sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      const target =
        r.case.notes === BIG && r.case.group === 'list'
          ? TARGET_LIST_P95_MS
          : r.case.notes === BIG && r.case.group === 'search'
            ? TARGET_SEARCH_P95_MS
            : undefined;
      const ok = target === undefined || p95 <= target;
      if (!ok && !SMOKE) missed++;
      lines.push([
        r.case.name,
        r.case.notes ? r.case.notes.toLocaleString('en') : '–',
        fmt(percentile(sorted, 50)),
        fmt(p95),
        kb(r.bytes),
        String(r.items),
        r.case.group === 'baseline' || r.case.group === 'reference' ? '–' : r.nextCursor ? 'yes' : 'no',
        target === undefined ? '' : `p95 ≤ ${target} ms ${SMOKE ? 'not judged' : ok ? 'met' : 'MISSED'}`,
      ]);
    }
    const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
    log('');
    for (const [i, l] of lines.entries()) {
      log(l.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]!) : cell.padStart(widths[j]!))).join('  '));
      if (i === 0) log(widths.map((w) => '-'.repeat(w)).join('  '));
    }
    log(
      `\nwriting a note (one INSERT, ${WRITES} each, p50 / p95): with migration 0005's column, indexes and ` +
        `vocabulary ${fmt(writes.search.p50)} / ${fmt(writes.search.p95)}; into the same table without them ` +
        `${fmt(writes.plain.p50)} / ${fmt(writes.plain.p95)}`,
    );
    const verdict = SMOKE
      ? `targets not judged (smoke run: ${BIG} notes, not the 10,000 they are set for)`
      : missed === 0
        ? 'all targets met'
        : `${missed} target(s) missed`;
    log(`\n${verdict} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return missed === 0 ? 0 : 1;
  } finally {
    for (const a of apps) await a.close();
    await handle?.close();
    if (!KEEP) await drop?.();
    await admin.stop?.();
  }
}

process.exitCode = await main();
