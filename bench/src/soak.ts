/**
 * pnpm bench:soak (issue 14; docs/PERFORMANCE.md "Soak"): 50 clients for 5 minutes against the embedded start
 * (one process, in-process queue) and then against the distributed processes (each service's dist/main.js, a
 * redis-server of their own), on a fresh PostgreSQL database, s3rver and an Auth emulator this bench starts. Each
 * client is a user of its own: it uploads a small screenshot, lists its notes and searches them, again and again.
 *
 * Prints per run: throughput (uploads/s, reads/s), p50/p95/p99 latency per kind, answers counted by status, and for
 * every process its resident memory at start, after warm-up, at its peak and at the end; then whether the end is
 * within 10% of after warm-up (each the mean of a minute of one-second samples, so a garbage collection's saw-tooth
 * does not decide it). Exits non-zero when a Node process's is not. redis-server's figure is its dataset: completed
 * jobs are kept (at most 1,000 per queue, packages/queue KEEP), so it grows until that cap and is not judged.
 *
 * Knobs: BENCH_SOAK_SECONDS (300), BENCH_SOAK_CLIENTS (50), BENCH_SOAK_WARMUP_SECONDS (60, or a fifth of a shorter
 * run), BENCH_SOAK_MODES (embedded,distributed). BENCH_SOAK_SMOKE=1 is CI's smoke run
 * (bench/test/benches-smoke.int.test.ts): 2 clients for 10 s (warm-up 2 s) in each mode; the memory is printed, not
 * judged (seconds say nothing about a leak); instead it exits non-zero unless every answer of the run was a 200 and
 * each mode answered at least one upload.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthEmulator } from '@snapnotes/local-services';
import { SteadyLoad, type Outcome } from '@snapnotes/testing/load';
import {
  buildServices,
  embeddedLaunch,
  rssOf,
  ServiceProcess,
  sleep,
  stopAllServices,
} from '@snapnotes/testing/processes';
import { createTestDatabase, freePort, getS3, productTestEnv } from '@snapnotes/testing/services';
import { newStackUser, startDistributedStack, type StackUser } from '@snapnotes/testing/stack';

const SMOKE = process.env.BENCH_SOAK_SMOKE === '1';
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? (SMOKE ? 10 : 300));
const CLIENTS = Number(process.env.BENCH_SOAK_CLIENTS ?? (SMOKE ? 2 : 50));
const WARMUP = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? Math.min(60, Math.round(SECONDS / 5)));
const MODES = (process.env.BENCH_SOAK_MODES ?? 'embedded,distributed').split(',').map((m) => m.trim());
const MEMORY_TOLERANCE = 0.1;
/** Rate limit and allowance out of the way: the soak measures the pipeline, not the refusals. */
const LIMITS = {
  FREE_UPLOADS_PER_MONTH: '10000000',
  RATE_LIMIT_IMAGES: '10000000',
  PROCESSING_TIMEOUT_MS: '180000',
  LOG_LEVEL: 'warn',
};

const log = (line: string) => process.stdout.write(`${line}\n`);

interface Read {
  kind: 'list' | 'search';
  ms: number;
  status: number | 'network';
}

/** Reads between a client's uploads: its first page of notes, and a search of them. */
function readsOf(url: () => string, users: StackUser[], reads: Read[], active: () => boolean) {
  return async (client: number) => {
    const user = users[client]!;
    const auth = { authorization: `Bearer ${user.token}` };
    for (const [kind, path] of [
      ['list', `/api/notes/${user.id}?limit=20`],
      ['search', `/api/notes/${user.id}?q=screenshots`],
    ] as const) {
      const started = performance.now();
      let status: Read['status'];
      try {
        const res = await fetch(`${url()}${path}`, { headers: auth });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 'network';
      }
      if (active()) reads.push({ kind, ms: performance.now() - started, status });
    }
  };
}

interface Processes {
  /** The processes whose memory is followed, by label. */
  pids(): Map<string, number>;
  url: string;
  close(): Promise<void>;
}

async function startEmbedded(): Promise<Processes> {
  const [db, s3, port] = await Promise.all([createTestDatabase(), getS3(), freePort()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'snapnotes-soak-'));
  const env = { ...productTestEnv({ db, s3, port }), NODE_ENV: 'development', ...LIMITS, DATA_DIR: dataDir };
  const p = new ServiceProcess('embedded', 'embedded', port, env, embeddedLaunch());
  await p.waitReady(180_000);
  return {
    url: `http://127.0.0.1:${port}`,
    pids: () => new Map([['embedded', p.pid]]),
    async close() {
      await p.stop(30_000);
      await Promise.allSettled([s3.close(), db.drop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startDistributed(): Promise<Processes> {
  buildServices();
  const stack = await startDistributedStack({ env: LIMITS });
  return {
    url: stack.gatewayUrl,
    pids: () => {
      const pids = new Map([...stack.procs].map(([label, p]) => [label, p.pid]));
      if (stack.redis.pid) pids.set('redis-server', stack.redis.pid);
      return pids;
    },
    close: () => stack.close(),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function latencyLine(name: string, ms: number[], seconds: number): string {
  const s = [...ms].sort((a, b) => a - b);
  const f = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(0)} ms`).padStart(8);
  return (
    `  ${name.padEnd(8)} ${(ms.length / seconds).toFixed(2).padStart(6)}/s   ` +
    `p50 ${f(percentile(s, 50))}  p95 ${f(percentile(s, 95))}  p99 ${f(percentile(s, 99))}`
  );
}

function countBy<T>(items: readonly T[], key: (t: T) => string): string {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(key(i), (counts.get(key(i)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${n}×${k}`).join(', ') || '–';
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`.padStart(8);

async function soak(mode: string): Promise<boolean> {
  log(`\n== ${mode}: ${CLIENTS} clients, ${SECONDS} s (warm-up ${WARMUP} s)${SMOKE ? ' (smoke run)' : ''}`);
  const procs = mode === 'embedded' ? await startEmbedded() : await startDistributed();
  const samples = new Map<string, number[]>();
  const sample = () => {
    for (const [label, pid] of procs.pids()) {
      const rss = rssOf(pid);
      if (rss !== undefined) samples.set(label, [...(samples.get(label) ?? []), rss]);
    }
  };
  sample();
  const users = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => newStackUser(procs.url, `Soak ${i}`)));
  const reads: Read[] = [];
  let measuring = false;
  const load = new SteadyLoad({
    url: () => procs.url,
    tokens: users.map((u) => u.token),
    timeoutMs: 240_000,
    imagesFor: () => 1,
    between: readsOf(
      () => procs.url,
      users,
      reads,
      () => measuring,
    ),
    prefix: `soak-${mode}`,
  });
  load.start();
  const sampler = setInterval(sample, 1000);
  const started = Date.now();
  await sleep(WARMUP * 1000);
  const warmIndex = new Map([...samples].map(([label, xs]) => [label, xs.length]));
  measuring = true;
  const measuredFrom = Date.now();
  await sleep(Math.max(0, SECONDS * 1000 - (Date.now() - started)));
  measuring = false;
  const measuredFor = (Date.now() - measuredFrom) / 1000;
  clearInterval(sampler);
  const endIndex = new Map([...samples].map(([label, xs]) => [label, xs.length]));
  await load.stop();
  await procs.close();
  await stopAllServices();

  const uploads = load.outcomes.filter(
    (o: Outcome) => o.started >= measuredFrom && o.ended <= measuredFrom + measuredFor * 1000,
  );
  const ok = uploads.filter((o) => o.status === 200);
  log(`  after warm-up, ${measuredFor.toFixed(0)} s measured:`);
  log(
    latencyLine(
      'upload',
      ok.map((o) => o.ended - o.started),
      measuredFor,
    ),
  );
  for (const kind of ['list', 'search'] as const) {
    const mine = reads.filter((r) => r.kind === kind);
    log(
      latencyLine(
        kind,
        mine.filter((r) => r.status === 200).map((r) => r.ms),
        measuredFor,
      ),
    );
  }
  log(
    `  answers: uploads ${countBy(uploads, (o) => String(o.status))}; reads ${countBy(reads, (r) => String(r.status))}`,
  );
  // The whole run, warm-up included: every upload the clients sent, each answered by the time stop() ended.
  const all = load.outcomes;
  const answered = all.length > 0 && all.every((o) => o.status === 200) && reads.every((r) => r.status === 200);
  if (SMOKE) {
    log(
      `  whole run: ${all.length} uploads (${countBy(all, (o) => String(o.status))}), ` +
        `${answered ? 'every answer a 200' : 'NOT EVERY ANSWER A 200'}`,
    );
  }
  log(
    `  resident memory      start   warm-up      peak       end   end vs warm-up${SMOKE ? ' (smoke run: not judged)' : ''}`,
  );
  let within = true;
  for (const [label, xs] of samples) {
    const warm = warmIndex.get(label) ?? 0;
    const end = endIndex.get(label) ?? xs.length;
    const window = Math.max(5, Math.min(60, Math.floor((end - warm) / 4)));
    const afterWarmup = mean(xs.slice(warm, warm + window));
    const atEnd = mean(xs.slice(Math.max(warm, end - window), end));
    const change = (atEnd - afterWarmup) / afterWarmup;
    const judged = label !== 'redis-server' && !SMOKE;
    const good = !judged || change <= MEMORY_TOLERANCE;
    within &&= good;
    log(
      `  ${label.padEnd(16)} ${mb(xs[0]!)}  ${mb(afterWarmup)}  ${mb(Math.max(...xs))}  ${mb(atEnd)}   ` +
        `${(change * 100).toFixed(1).padStart(5)}% ${label === 'redis-server' ? '(its dataset: kept jobs)' : !judged ? '' : good ? 'ok' : 'OVER 10%'}`,
    );
  }
  return SMOKE ? answered : within;
}

const workDir = mkdtempSync(join(tmpdir(), 'snapnotes-soak-auth-'));
const emulator = await startAuthEmulator({
  port: await freePort(),
  hubPort: await freePort(),
  loggingPort: await freePort(),
  workDir,
  env: { PATH: process.env.PATH },
});
process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
let ok = true;
try {
  for (const mode of MODES) ok = (await soak(mode)) && ok;
} finally {
  await emulator.stop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
