/**
 * The distributed stack with every service in its own OS process, started the way docker-compose.yml starts its
 * containers: the built entry point (`node dist/main.js` in the service folder, as in the image), with exactly the
 * environment compose gives the container (image ENV, then .env, then the service's `environment`). Only what
 * points at other containers is rewritten to local stand-ins (see LOCAL_REWRITES): PostgreSQL from
 * createTestDatabase, Redis from getRedis, s3rver (or MinIO under Testcontainers) for MinIO, the Auth emulator of
 * the global setup for the `dev` profile's, and the ports, since every process shares this machine's loopback.
 *
 * Checked here: an upload becomes a note across five processes with one correlation id on every log line; ten
 * images are read by two OCR processes; an OCR process killed with SIGKILL mid-job has its job picked up again and
 * the upload still ends in exactly one note; SIGTERM lets a worker finish its job and the gateway answer the upload
 * it holds before they exit.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '@snapnotes/contracts';
import { renderScreenshot } from '@snapnotes/testing/images';
import { renderFlaggedByClassifier } from '@snapnotes/testing/moderation-fixtures';
import {
  buildServices,
  metricSample,
  SERVICES,
  ServiceProcess,
  stopAllServices,
  waitFor,
  type Service,
} from '@snapnotes/testing/processes';
import { createTestDatabase, freePort, getRedis, getS3 } from '@snapnotes/testing/services';
import { debianTessdata, newStackUser, type StackUser } from '@snapnotes/testing/stack';
import type { TestDatabase, TestRedis, TestS3 } from '@snapnotes/testing/services';
import { containerEnvironment, readCompose, REPO_ROOT } from './compose.js';

const TESSDATA = '/usr/share/tesseract-ocr/5/tessdata';

// ---------------------------------------------------------------------------------------------------------
// The operator's .env: .env.example with the values docs/DEPLOY.md asks for (dev profile: the Auth emulator).

function withValues(example: string, values: Record<string, string>): string {
  const lines = example.split('\n');
  const seen = new Set<string>();
  const out = lines.map((line) => {
    const key = /^([A-Z0-9_]+)=/.exec(line)?.[1];
    if (!key || !(key in values)) return line;
    seen.add(key);
    return `${key}=${values[key]}`;
  });
  for (const [k, v] of Object.entries(values)) if (!seen.has(k)) out.push(`${k}=${v}`);
  return out.join('\n');
}

interface StandIns {
  db: TestDatabase;
  redis: TestRedis;
  s3: TestS3;
  emulatorHost: string;
}

/**
 * The only changes made to compose's environment, each checked against what compose says so a change to
 * docker-compose.yml cannot slip past: container host names and ports → this machine's stand-ins.
 */
const LOCAL_REWRITES = [
  'DATABASE_URL',
  'REDIS_URL',
  'S3_ENDPOINT',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'HOST',
  'PORT',
  'WORKER_HTTP_PORT',
  'TESSDATA_DIR',
  'WEB_DIST_DIR',
];

async function localEnvironment(
  compose: Record<string, string>,
  standIns: StandIns,
): Promise<{ env: Record<string, string>; httpPort: number }> {
  const env = { ...compose };
  const expectValue = (key: string, pattern: RegExp) => {
    if (!pattern.test(env[key] ?? '')) throw new Error(`compose gives ${key}=${env[key]}; expected ${pattern}`);
  };
  expectValue('DATABASE_URL', /^postgres:\/\/snapnotes:[^@]+@postgres:5432\/snapnotes$/);
  env.DATABASE_URL = standIns.db.url;
  expectValue('REDIS_URL', /^redis:\/\/redis:6379$/);
  env.REDIS_URL = standIns.redis.url;
  expectValue('S3_ENDPOINT', /^http:\/\/s3:9000$/);
  env.S3_ENDPOINT = standIns.s3.endpoint;
  expectValue('FIREBASE_AUTH_EMULATOR_HOST', /^127\.0\.0\.1:9099$/);
  env.FIREBASE_AUTH_EMULATOR_HOST = standIns.emulatorHost;
  expectValue('HOST', /^0\.0\.0\.0$/);
  env.HOST = '127.0.0.1';
  const httpPort = await freePort();
  if (env.SERVICE_ROLE === 'gateway') {
    expectValue('PORT', /^8080$/);
    env.PORT = String(httpPort);
  } else {
    expectValue('WORKER_HTTP_PORT', /^9100$/);
    env.WORKER_HTTP_PORT = String(httpPort);
  }
  // Folders that exist inside the images: Debian's tesseract data is used when this machine has it too.
  if (env.TESSDATA_DIR === TESSDATA && !debianTessdata(env.OCR_LANGUAGES)) delete env.TESSDATA_DIR;
  if (env.WEB_DIST_DIR === '/app/web') delete env.WEB_DIST_DIR; // the web app is not under test here
  return { env, httpPort };
}

const sample = metricSample;

const pagesRead = async (p: ServiceProcess) =>
  sample(await p.metrics(), 'snapnotes_job_duration_seconds_count', { stage: 'ocr', outcome: 'completed' });
const ocrActive = async (p: ServiceProcess) => sample(await p.metrics(), 'snapnotes_jobs_active', { stage: 'ocr' }) > 0;

// ---------------------------------------------------------------------------------------------------------

let standIns: StandIns;
let dotenvText: string;
let sql: pg.Pool;
let gatewayUrl: string;
const procs = new Map<string, ServiceProcess>();
const compose = readCompose();

async function startService(service: Service, label: string = service): Promise<ServiceProcess> {
  const { env: composeEnv } = containerEnvironment(compose, service, dotenvText);
  const { env, httpPort } = await localEnvironment(composeEnv, standIns);
  const changed = Object.keys(env).filter((k) => env[k] !== composeEnv[k]);
  const removed = Object.keys(composeEnv).filter((k) => !(k in env));
  expect(
    [...changed, ...removed].every((k) => LOCAL_REWRITES.includes(k)),
    `${label}: ${changed} ${removed}`,
  ).toBe(true);
  const p = new ServiceProcess(label, service, httpPort, env);
  procs.set(label, p);
  return p;
}

const newUser = (name: string): Promise<StackUser> => newStackUser(gatewayUrl, name);

async function notesOf(userId: number): Promise<number> {
  const { rows } = await sql.query<{ n: string }>('select count(*) as n from notes where user_id = $1', [userId]);
  return Number(rows[0]!.n);
}

async function uploadOf(correlationId: string): Promise<{ id: string; status: string; note_id: number | null }> {
  const { rows } = await sql.query<{ id: string; status: string; note_id: number | null }>(
    'select id, status, note_id from uploads where correlation_id = $1',
    [correlationId],
  );
  expect(rows, `uploads with correlation id ${correlationId}`).toHaveLength(1);
  return rows[0]!;
}

/** A dense page: OCR takes a second or more, long enough to signal a worker in the middle of it. */
function longPage(tag: string): Promise<Buffer> {
  const lines = Array.from(
    { length: 40 },
    (_, i) => `${tag} line ${i + 1}: the quick brown fox jumps over the lazy dog near the river bank`,
  );
  return renderScreenshot({ lines, height: 1500, fontSize: 18 });
}

function requestId(tag: string): string {
  return `dist-${tag}-${Date.now().toString(36)}`;
}

beforeAll(async () => {
  buildServices();
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run through the integration project');
  const [db, redis, s3] = await Promise.all([createTestDatabase(), getRedis(), getS3()]);
  standIns = { db, redis, s3, emulatorHost };
  sql = new pg.Pool({ connectionString: db.url, max: 2 });
  dotenvText = withValues(readFileSync(join(REPO_ROOT, '.env.example'), 'utf8'), {
    POSTGRES_PASSWORD: 'distributed-test',
    // s3rver accepts only these credentials; with MinIO they are its root user and password.
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_BUCKET: s3.bucket,
    // The dev profile: the Auth emulator (which the config refuses in production).
    NODE_ENV: 'development',
    AUTH_EMULATOR: '1',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-snapnotes',
    QUEUE_PREFIX: redis.prefix,
    // A killed worker's job is given back within seconds rather than BullMQ's default half minute.
    QUEUE_LOCK_DURATION_MS: '5000',
    QUEUE_STALLED_INTERVAL_MS: '1000',
    OCR_POOL_SIZE: '1',
    FREE_UPLOADS_PER_MONTH: '100',
    PROCESSING_TIMEOUT_MS: '90000',
    LOG_LEVEL: 'info',
  });
  const started = await Promise.all(SERVICES.map((s) => startService(s)));
  await Promise.all(started.map((p) => p.waitReady()));
  gatewayUrl = `http://127.0.0.1:${procs.get('gateway')!.httpPort}`;
}, 180_000);

afterAll(async () => {
  await stopAllServices(5_000);
  await sql?.end();
  await Promise.allSettled([standIns?.redis.close(), standIns?.s3.close()]);
  await standIns?.db.drop();
});

describe('the distributed stack, one process per service', () => {
  it('turns an upload into a note across five processes, with one correlation id on every log line', async () => {
    const user = await newUser('Distributed One');
    const id = requestId('one');
    const res = await user.upload(
      [await renderScreenshot({ lines: ['Distributed systems lecture', 'Queues and workers'] })],
      id,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    const note = (await res.json()) as Note;
    expect(note.originalText).toMatch(/Distributed systems lecture/);
    expect(await notesOf(user.id)).toBe(1);
    const upload = await uploadOf(id);
    expect(upload).toMatchObject({ status: 'completed', note_id: note.id });

    for (const label of SERVICES) {
      const p = procs.get(label)!;
      const mine = p.lines.filter((l) => l.correlationId === id);
      expect(mine.length, `${label} logged nothing with the correlation id\n${p.tail()}`).toBeGreaterThan(0);
      // Every line about this upload, in any process, names the same correlation id.
      const aboutUpload = p.lines.filter((l) => l.jobId === upload.id || l.uploadId === upload.id);
      expect(
        aboutUpload.filter((l) => l.correlationId !== id),
        label,
      ).toEqual([]);
    }
    const gatewayLines = procs
      .get('gateway')!
      .lines.filter((l) => l.correlationId === id)
      .map((l) => l.msg);
    expect(gatewayLines).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(procs.get('ocr')!.lines.some((l) => l.correlationId === id && l.msg === 'page recognised')).toBe(true);

    // Metrics in every process: the gateway's requests and every queue's depth, each worker's stage and queue.
    const gatewayMetrics = await (await fetch(`${gatewayUrl}/metrics`)).text();
    const posted = { route: '/api/process-screenshots', status_code: '200', service: 'gateway' };
    expect(sample(gatewayMetrics, 'snapnotes_http_request_duration_seconds_count', posted)).toBe(1);
    for (const queue of ['moderation', 'ocr', 'summarise', 'notes']) {
      expect(gatewayMetrics, queue).toMatch(
        new RegExp(`^snapnotes_queue_jobs\\{queue="${queue}",state="waiting"`, 'm'),
      );
    }
    for (const stage of ['moderation', 'ocr', 'summarise', 'notes'] as const) {
      const text = await procs.get(stage)!.metrics();
      const done = { stage, outcome: 'completed', service: stage };
      expect(sample(text, 'snapnotes_job_duration_seconds_count', done), stage).toBeGreaterThanOrEqual(1);
      expect(text, stage).toMatch(
        new RegExp(`^snapnotes_queue_jobs\\{queue="${stage}",state="active",service="${stage}"\\} \\d+`, 'm'),
      );
      expect(text, stage).toMatch(/^process_resident_memory_bytes\{service="\w+"\} \d+/m);
    }
    // The notes worker runs the sweeper, whose counters live in the worker's own registry.
    expect(await procs.get('notes')!.metrics()).toMatch(/^# TYPE snapnotes_sweeps_total counter$/m);
  });

  it('reports a verdict reached in another process to the client: the flagged file, not "child failed"', async () => {
    const user = await newUser('Distributed Verdict');
    const id = requestId('verdict');
    const form = new FormData();
    const fine = await renderScreenshot({ lines: ['A perfectly ordinary page of notes'] });
    form.append('images', new Blob([new Uint8Array(fine)], { type: 'image/png' }), 'fine.png');
    form.append(
      'images',
      new Blob([new Uint8Array(await renderFlaggedByClassifier())], { type: 'image/png' }),
      'flagged.png',
    );
    const res = await fetch(`${gatewayUrl}/api/process-screenshots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'x-request-id': id },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(400);
    const body = (await res.json()) as { error: string; message: string; inappropriateImages: string[] };
    expect(body.error).toBe('INAPPROPRIATE_CONTENT');
    expect(body.inappropriateImages).toEqual(['flagged.png']);
    expect(body.message).not.toMatch(/child|bull:/);
    expect(await notesOf(user.id)).toBe(0);
    expect((await uploadOf(id)).status).toBe('rejected');
    const moderation = procs.get('moderation')!;
    expect(moderation.lines.some((l) => l.correlationId === id && l.msg === 'image flagged')).toBe(true);
  });

  it('reads the ten images of one upload on two OCR processes', async () => {
    const second = await startService('ocr', 'ocr-2');
    await second.waitReady();
    const first = procs.get('ocr')!;
    const before = [await pagesRead(first), await pagesRead(second)];
    const user = await newUser('Distributed Ten');
    const id = requestId('ten');
    const pages = await Promise.all(
      Array.from({ length: 10 }, (_, i) => renderScreenshot({ lines: [`Page number ${i + 1} of the handout`] })),
    );
    const res = await user.upload(pages, id);
    expect(res.status, await res.clone().text()).toBe(200);
    const note = (await res.json()) as Note;
    expect(note.imageCount).toBe(10);
    expect(note.originalText.indexOf('Page number 1 ')).toBeLessThan(note.originalText.indexOf('Page number 10'));
    expect(await notesOf(user.id)).toBe(1);

    const read = [(await pagesRead(first)) - before[0]!, (await pagesRead(second)) - before[1]!];
    expect(read[0]! + read[1]!, `pages read per process: ${read}`).toBe(10);
    expect(read[0], 'the first OCR process read pages').toBeGreaterThan(0);
    expect(read[1], 'the second OCR process read pages').toBeGreaterThan(0);
    for (const p of [first, second]) {
      expect(
        p.lines.some((l) => l.correlationId === id && l.msg === 'page recognised'),
        p.label,
      ).toBe(true);
    }
  });

  it('gives the job of an OCR process killed mid-job to a new one: still exactly one note', async () => {
    await procs.get('ocr-2')!.stop();
    expect((await procs.get('ocr-2')!.exited).code).toBe(0);
    const victim = procs.get('ocr')!;
    const user = await newUser('Distributed Kill');
    const id = requestId('kill');
    const response = user.upload([await longPage('Stalled')], id);

    await waitFor('the OCR process to start the job', () => ocrActive(victim), 60_000);
    victim.signal('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');
    expect(
      victim.lines.some((l) => l.correlationId === id && l.msg === 'page recognised'),
      'killed mid-job',
    ).toBe(false);

    const replacement = await startService('ocr', 'ocr-3');
    await replacement.waitReady();
    const res = await response;
    expect(res.status, await res.clone().text()).toBe(200);
    const note = (await res.json()) as Note;
    expect(note.originalText).toMatch(/Stalled line 1/);
    expect(await notesOf(user.id)).toBe(1);
    expect(await uploadOf(id)).toMatchObject({ status: 'completed', note_id: note.id });
    expect(replacement.lines.some((l) => l.correlationId === id && l.msg === 'page recognised')).toBe(true);
  });

  it('lets an OCR worker finish the job in hand on SIGTERM, then exit cleanly', async () => {
    const worker = procs.get('ocr-3')!;
    const user = await newUser('Distributed Drain');
    const id = requestId('drain');
    const response = user.upload([await longPage('Draining')], id);

    await waitFor('the OCR process to start the job', () => ocrActive(worker), 60_000);
    worker.signal('SIGTERM');
    const exit = await worker.exited;
    expect(exit, worker.tail()).toEqual({ code: 0, signal: null });
    const shutdownAt = worker.lines.findIndex((l) => l.msg === 'shutting down');
    const doneAt = worker.lines.findIndex((l) => l.correlationId === id && l.msg === 'page recognised');
    expect(shutdownAt, worker.tail()).toBeGreaterThanOrEqual(0);
    expect(doneAt, 'the job finished after SIGTERM, before the exit').toBeGreaterThan(shutdownAt);

    const res = await response;
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Note).originalText).toMatch(/Draining line 1/);
    expect(await notesOf(user.id)).toBe(1);
  });

  it('lets the gateway answer the upload it holds on SIGTERM, refusing new requests meanwhile', async () => {
    const ocr = await startService('ocr', 'ocr-4');
    await ocr.waitReady();
    const gateway = procs.get('gateway')!;
    const user = await newUser('Distributed Gateway');
    const id = requestId('gateway');
    const response = user.upload([await longPage('Held')], id);

    await waitFor('the upload to reach OCR', () => ocrActive(ocr), 60_000);
    gateway.signal('SIGTERM');
    await waitFor(
      'the gateway to start shutting down',
      async () => gateway.lines.some((l) => l.msg === 'shutting down'),
      10_000,
    );
    const fresh = await fetch(`${gatewayUrl}/healthz`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(fresh);

    const res = await response;
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Note).originalText).toMatch(/Held line 1/);
    const answered = Date.now();
    expect(await gateway.exited, gateway.tail()).toEqual({ code: 0, signal: null });
    // Nothing held it open once the reply was sent (an idle keep-alive socket would, for 72 s).
    expect(Date.now() - answered).toBeLessThan(10_000);
    expect(await notesOf(user.id)).toBe(1);
  });
});
