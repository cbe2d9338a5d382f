/**
 * The product over HTTP when its Redis fails (issue 14, DECISIONS "Redis faults"), on a redis-server of the test's
 * own: an upload that arrives while Redis is unreachable waits (QUEUE_UNAVAILABLE_WAIT_MS), then gets a 503 with
 * Retry-After and nothing is kept; one in flight when Redis goes away for good gets the same 503, its row failed
 * and its images deleted; one in flight when Redis restarts without its data is run again from its row and stored
 * images and still gets exactly one note. Issue 22: a frozen Redis (SIGSTOP: connections open, nothing answered) is
 * answered the same way within seconds, and the jobs of an upload already answered with 503 that a Redis with AOF
 * hands back are dropped, not run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Note } from '@snapnotes/contracts';
import { renderScreenshot } from '@snapnotes/testing/images';
import { RedisProcess, waitFor } from '@snapnotes/testing/processes';
import { freePort } from '@snapnotes/testing/services';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';
import { flowJobStates } from './redis-jobs.js';

// Long enough for a kill and a restart of redis-server on a loaded machine (the restart tests), short for speed.
const WAIT_MS = 3000;
let redis: RedisProcess;
let dir: string;
let app: TestApp;
let sql: pg.Pool;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'snapnotes-redis-faults-'));
  redis = new RedisProcess(await freePort(), dir);
  await redis.start('none');
  app = await startTestApp({
    REDIS_URL: redis.url,
    QUEUE_PREFIX: 'faults',
    QUEUE_UNAVAILABLE_WAIT_MS: String(WAIT_MS),
    FREE_UPLOADS_PER_MONTH: '100',
  });
  sql = new pg.Pool({ connectionString: app.config.DATABASE_URL, max: 2 });
  sql.on('error', () => undefined);
}, 180_000);

afterAll(async () => {
  if (!redis.running) await redis.start('none'); // a graceful close needs it
  await sql?.end();
  await app?.close();
  await redis.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await redis.kill();
  await redis.start('none');
  await waitFor(
    'the product to see Redis again',
    async () => (await fetch(`${app.url}/readyz`)).status === 200,
    10_000,
  );
});

/** A dense page: OCR takes a second or more, long enough to break Redis in the middle of it. */
function longPage(tag: string): Promise<Buffer> {
  const lines = Array.from({ length: 40 }, (_, i) => `${tag} line ${i + 1}: the quick brown fox jumps over the dog`);
  return renderScreenshot({ lines, height: 1500, fontSize: 18 });
}

async function uploadsOf(userId: number) {
  const { rows } = await sql.query<{ id: string; status: string; error_code: string | null }>(
    'select id, status, error_code from uploads where user_id = $1',
    [userId],
  );
  return rows;
}

async function notesOf(userId: number): Promise<number> {
  const { rows } = await sql.query<{ n: string }>('select count(*) as n from notes where user_id = $1', [userId]);
  return Number(rows[0]!.n);
}

async function inFlight(client: Client): Promise<void> {
  await waitFor('the upload to be processing', async () => (await uploadsOf(client.id)).length === 1, 30_000);
  await new Promise((resolve) => setTimeout(resolve, 300)); // its flow added, OCR under way
}

describe('Redis faults, over HTTP', () => {
  it('answers an upload that arrives while Redis is unreachable with a 503 after the bounded wait', async () => {
    const client = await signUp(app, 'Redis Away');
    await redis.kill();
    const started = Date.now();
    const res = await client.upload([{ name: 'page.png', data: await renderScreenshot({ lines: ['Queued later'] }) }]);
    const waited = Date.now() - started;

    expect(res.status, await res.clone().text()).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    const body = (await res.json()) as { error: string; message: string };
    expect(body.message).toMatch(/try again in a few seconds/);
    expect(waited).toBeGreaterThanOrEqual(WAIT_MS - 100);
    expect(waited).toBeLessThan(WAIT_MS + 5000);
    // Refused before the body was read: nothing reserved, stored or written.
    expect(await uploadsOf(client.id)).toEqual([]);
    expect(await app.listObjects(`users/${client.id}/`)).toEqual([]);
  });

  it('gives an upload in flight up with a 503 when Redis stays away, keeping nothing', async () => {
    const client = await signUp(app, 'Redis Gone');
    const response = client.upload([{ name: 'long.png', data: await longPage('Gone') }]);
    await inFlight(client);
    await redis.kill();

    const res = await response;
    expect(res.status, await res.clone().text()).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(await uploadsOf(client.id)).toEqual([
      expect.objectContaining({ status: 'failed', error_code: 'QUEUE_UNAVAILABLE' }),
    ]);
    expect(await app.listObjects(`users/${client.id}/`)).toEqual([]);
    expect(await notesOf(client.id)).toBe(0);
  });

  it('runs an upload whose jobs a restart without persistence lost again: exactly one note', async () => {
    const client = await signUp(app, 'Redis Restarted');
    const response = client.upload([{ name: 'long.png', data: await longPage('Restarted') }]);
    await inFlight(client);
    await redis.kill();
    await redis.start('none');
    const restarted = Date.now();

    const res = await response;
    expect(res.status, await res.clone().text()).toBe(200);
    const note = (await res.json()) as Note;
    expect(note.originalText).toMatch(/Restarted line 1/);
    expect(Date.now() - restarted, 'well before PROCESSING_TIMEOUT_MS').toBeLessThan(30_000);
    expect(await notesOf(client.id)).toBe(1);
    expect(await uploadsOf(client.id)).toEqual([expect.objectContaining({ status: 'completed' })]);
  });
});

describe('a frozen Redis (issue 22)', () => {
  it('answers the upload in flight and a new one with 503 + Retry-After within 10 s, keeping nothing', async () => {
    const [client, late] = await Promise.all([signUp(app, 'Redis Frozen'), signUp(app, 'Redis Frozen Late')]);
    const response = client.upload([{ name: 'long.png', data: await longPage('Frozen') }]);
    await inFlight(client);
    redis.freeze();
    const frozenAt = Date.now();
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const lateStarted = Date.now();
      const lateResponse = late.upload([{ name: 'late.png', data: await renderScreenshot({ lines: ['Late'] }) }]);

      const answeredAt = (r: Promise<Response>) => r.then((res) => ({ res, at: Date.now() }));
      const [first, second] = await Promise.all([answeredAt(response), answeredAt(lateResponse)]);
      const [res, lateRes] = [first.res, second.res];
      const inFlightMs = first.at - frozenAt;
      const lateMs = second.at - lateStarted;
      process.stdout.write(
        `\nFrozen Redis (QUEUE_UNAVAILABLE_WAIT_MS=${WAIT_MS}): upload in flight answered ${res.status} ` +
          `${(inFlightMs / 1000).toFixed(1)} s after the freeze; new upload answered ${lateRes.status} ` +
          `${(lateMs / 1000).toFixed(1)} s after it was sent\n`,
      );
      for (const r of [res, lateRes]) {
        expect(r.status, await r.clone().text()).toBe(503);
        expect(r.headers.get('retry-after')).toBe('10');
      }
      expect(inFlightMs, 'the upload in flight is answered within the promise').toBeLessThan(10_000);
      expect(lateMs, 'a new upload is answered within the promise').toBeLessThan(10_000);
    } finally {
      redis.thaw();
    }
    // Nothing kept: no row left processing, no note, no image.
    for (const c of [client, late]) {
      expect((await uploadsOf(c.id)).filter((u) => u.status !== 'failed')).toEqual([]);
      expect(await notesOf(c.id)).toBe(0);
      expect(await app.listObjects(`users/${c.id}/`)).toEqual([]);
    }
    // Thawed, it takes uploads again; the jobs of the uploads it answered are settled (dropped), not left running.
    await waitFor(
      'the product to see Redis again',
      async () => (await fetch(`${app.url}/readyz`)).status === 200,
      10_000,
    );
    for (const c of [client, late]) {
      for (const { id } of await uploadsOf(c.id)) {
        const settled = async () => (await flowJobStates(redis.url, 'faults', id)).every((j) => j.finished);
        await waitFor("the answered upload's jobs to be settled", settled, 40_000);
      }
    }
    const again = await client.upload([{ name: 'again.png', data: await renderScreenshot({ lines: ['Thawed'] }) }]);
    expect(again.status, await again.clone().text()).toBe(200);
  });
});

describe('jobs that a Redis with AOF hands back (issue 22)', () => {
  it('drops the jobs of an upload already answered with 503 instead of running them', async () => {
    await redis.kill();
    await redis.start('aof');
    await waitFor('the product to see Redis', async () => (await fetch(`${app.url}/readyz`)).status === 200, 10_000);
    const client = await signUp(app, 'Redis Returns');
    const response = client.upload([{ name: 'long.png', data: await longPage('Returns') }]);
    await inFlight(client);
    const [row] = await uploadsOf(client.id);
    await waitFor(
      'its flow to be queued',
      async () => (await flowJobStates(redis.url, 'faults', row!.id)).length > 0,
      30_000,
    );
    await redis.kill(); // a crash: with AOF, the flow's jobs come back
    const res = await response;
    expect(res.status, await res.clone().text()).toBe(503);
    const [upload] = await uploadsOf(client.id);
    expect(upload).toMatchObject({ status: 'failed', error_code: 'QUEUE_UNAVAILABLE' });

    await redis.start('aof');
    const back = Date.now();
    // The workers take the jobs that came back (an active one once its lock expires) and settle every one.
    const states = await waitFor(
      'every job of the flow to be settled',
      async () => {
        const all = await flowJobStates(redis.url, 'faults', upload!.id);
        return all.length > 0 && all.every((j) => j.finished) && all;
      },
      40_000,
    );
    const settledMs = Date.now() - back;
    process.stdout.write(
      `\nRedis back with its AOF: the answered upload's ${states.length} jobs settled ${(settledMs / 1000).toFixed(1)} s ` +
        `later: ${states.map((j) => `${j.queue} ${j.failedReason ?? 'completed'}`).join('; ')}\n`,
    );
    // None ran against the deleted images: each either finished before the crash, was dropped before running, or
    // failed because a child was dropped.
    const failed = states.filter((j) => j.failedReason !== undefined);
    expect(failed.filter((j) => !/^dropped: |^child \S+ failed$/.test(j.failedReason!))).toEqual([]);
    expect(failed.filter((j) => j.failedReason!.startsWith('dropped: ')).length).toBeGreaterThan(0);
    expect(await notesOf(client.id)).toBe(0);
    expect(await uploadsOf(client.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});
