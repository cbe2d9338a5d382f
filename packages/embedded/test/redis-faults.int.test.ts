/**
 * The product over HTTP when its Redis fails (issue 14, DECISIONS "Redis faults"), on a redis-server of the test's
 * own: an upload that arrives while Redis is unreachable waits (QUEUE_UNAVAILABLE_WAIT_MS), then gets a 503 with
 * Retry-After and nothing is kept; one in flight when Redis goes away for good gets the same 503, its row failed
 * and its images deleted; one in flight when Redis restarts without its data is run again from its row and stored
 * images and still gets exactly one note.
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

const WAIT_MS = 1500;
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
