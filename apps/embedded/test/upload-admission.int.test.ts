/**
 * Upload admission and streaming (DECISIONS "Upload admission") on the real product over HTTP: the allowance, the
 * rate limit and the declared size are refused before the body is read; parts go to temporary files that are
 * always removed; uploads in progress are capped per user (429); and 20 simultaneous oversized uploads do not grow
 * the process's memory. Stalled and trickling bodies, and steady load: upload-stalls.int.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';
import { MB, rawUpload, tempFiles, waitFor } from './raw-upload.js';

describe('upload admission', () => {
  let app: TestApp;
  let tmp: string;
  const admission = () => app.running.app.services.uploads.admission;

  /** Uses the user's whole allowance with an upload in progress (as a concurrent upload would). */
  async function useAllowance(c: Client) {
    for (let i = 0; i < app.config.FREE_UPLOADS_PER_MONTH; i++) {
      const reserved = await app.running.app.deps.repos.uploads.reserve({
        id: randomUUID(),
        userId: c.id,
        fileNames: ['a.png'],
        objectKeys: [`users/${c.id}/uploads/x/${i}.png`],
        imageCount: 1,
        correlationId: 'test',
        monthlyAllowance: app.config.FREE_UPLOADS_PER_MONTH,
        now: new Date(),
      });
      expect(reserved.ok).toBe(true);
    }
  }

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'snapnotes-admission-'));
    app = await startTestApp({
      FREE_UPLOADS_PER_MONTH: '3',
      UPLOAD_TMP_DIR: tmp,
      UPLOAD_CONCURRENCY_PER_USER: '2',
      UPLOAD_CONCURRENCY: '4',
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers 402 (no allowance left) and 429 (rate limit) before reading the body, using nothing', async () => {
    const [broke, busy] = await Promise.all([signUp(app, 'Broke Bill'), signUp(app, 'Busy Bob')]);
    await useAllowance(broke);
    await app.running.app.services.uploadRateLimiter.consume(busy.id, 10);
    // The bodies stop after 64 KiB and stay open: only a check made before reading can answer.
    const noAllowance = rawUpload(app.url, broke.user.idToken, { parts: 1, partBytes: MB, stallAfter: 64 * 1024 });
    const limited = rawUpload(app.url, busy.user.idToken, { parts: 1, partBytes: MB, stallAfter: 64 * 1024 });
    const [a, b] = await Promise.all([noAllowance.reply, limited.reply]);
    expect(a.status).toBe(402);
    expect(a.body).toMatchObject({ error: 'UPGRADE_REQUIRED', upgradeRequired: true });
    expect(b.status).toBe(429);
    expect(b.body.message).toMatch(/^Too many uploads: .* Try again in 5 minutes\.$/);
    expect(Number(b.headers['retry-after'])).toBeGreaterThan(280);
    const remaining = (await (await busy.get(`/api/user/${busy.id}/remaining-uploads`)).json()) as {
      remainingUploads: number;
    };
    expect(remaining.remainingUploads).toBe(3);
    expect(tempFiles(tmp)).toEqual([]);
  });

  it('refuses a Content-Length over the limit with 413 before reading', async () => {
    const c = await signUp(app, 'Large Lou');
    const big = rawUpload(app.url, c.user.idToken, {
      parts: 20,
      partBytes: 10 * MB,
      contentLength: 200 * MB,
      stallAfter: 64 * 1024,
    });
    const res = await big.reply;
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'UPLOAD_TOO_LARGE',
      message: 'The upload is too large: send at most 10 images of 10 MB each (101 MB in all).',
    });
    expect(big.sent()).toBeLessThan(MB);
  });

  it('streams parts to temporary files, cuts a part over 10 MB off by name, and always removes the files', async () => {
    const c = await signUp(app, 'Stream Sue');
    // A part in progress is on disk, not in memory; a client abort removes it and frees the places.
    const aborted = rawUpload(app.url, c.user.idToken, { parts: 1, partBytes: 8 * MB, stallAfter: 5 * MB });
    await waitFor('the part on disk', () => tempFiles(tmp).some((f) => statSync(join(tmp, f)).size > 4 * MB));
    expect(admission().activeFor(c.id)).toBe(1);
    aborted.abort();
    await waitFor('the temporary files removed', () => readdirSync(tmp).length === 0);
    await waitFor('the places freed', () => admission().activeFor(c.id) === 0 && admission().receiving === 0);

    const tooBig = await rawUpload(app.url, c.user.idToken, { parts: 2, partBytes: 12 * MB }).reply;
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ error: 'FILE_TOO_LARGE' });
    expect(tooBig.body.message).toMatch(/^"part-1\.png" is larger than 10 MB/);
    await waitFor('the temporary files removed', () => readdirSync(tmp).length === 0);

    const notImages = await rawUpload(app.url, c.user.idToken, { parts: 3, partBytes: 2 * MB }).reply;
    expect(notImages.status).toBe(400);
    expect(notImages.body).toMatchObject({ error: 'UNSUPPORTED_FILE_TYPE' });
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('caps uploads in progress per user: 429 with Retry-After', async () => {
    const a = await signUp(app, 'Cap A');
    const open = (c: Client) => rawUpload(app.url, c.user.idToken, { parts: 1, partBytes: MB, stallAfter: 1024 });
    const held = [open(a), open(a)];
    await waitFor('two uploads of A', () => admission().activeFor(a.id) === 2);
    const third = await open(a).reply;
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: 'UPLOADS_IN_PROGRESS' });
    expect(third.headers['retry-after']).toBe('10');

    for (const h of held) h.abort();
    await waitFor('the places freed', () => admission().receiving === 0 && admission().activeFor(a.id) === 0);
    await waitFor('the temporary files removed', () => readdirSync(tmp).length === 0);
  });

  it('keeps memory flat under 20 simultaneous 60 MB uploads (RSS growth under 150 MB)', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(app, `Flood ${i}`)));
    // Half of them have no allowance left (the audit's case), half have some.
    await Promise.all(users.slice(0, 5).map((u) => useAllowance(u)));
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const uploads = users.flatMap((u) =>
      [0, 1].map(() => rawUpload(app.url, u.user.idToken, { parts: 6, partBytes: 10 * MB - 1024 })),
    );
    const replies = await Promise.all(uploads.map((u) => u.reply));
    clearInterval(sampler);
    const statuses = replies.map((r) => r.status);
    const growthMb = Math.round((peak - baseline) / MB);
    console.log(`20 uploads of 60 MB: statuses ${statuses.join(',')}; RSS growth ${growthMb} MB`);
    expect(statuses.filter((s) => s === 402)).toHaveLength(10);
    expect(statuses.every((s) => [400, 402, 429, 503].includes(s))).toBe(true);
    expect(growthMb).toBeLessThan(150);
    await waitFor('the places freed', () => admission().receiving === 0);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe('upload admission under memory pressure', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_MAX_RSS_MB: '1' }); // any process is over 1 MB
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers uploads 503 with Retry-After while other routes keep answering', async () => {
    const c = await signUp(app, 'Pressed Pat');
    await new Promise((r) => setTimeout(r, 1200)); // the first memory sample
    const res = await rawUpload(app.url, c.user.idToken, { parts: 1, partBytes: MB, stallAfter: 1024 }).reply;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ error: 'SERVER_BUSY' });
    expect(res.headers['retry-after']).toBe('10');
    expect((await c.get(`/api/user/${c.id}/remaining-uploads`)).status).toBe(200);
  });
});
