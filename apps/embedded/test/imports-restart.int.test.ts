/**
 * Bulk import (issue 25): an import survives a restart of the server. The product is stopped while an import is
 * half done and started again on the same database and bucket: the import goes on by itself where it stopped, and
 * every image becomes exactly one note (none twice, none lost), each counted once against the allowance.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '@snapnotes/config';
import type { ImportDetail } from '@snapnotes/contracts';
import { createTestDatabase, getS3, productTestEnv, type TestDatabase, type TestS3 } from '@snapnotes/testing/services';
import { startSnapNotes, type RunningSnapNotes } from '../src/app.js';
import { signUp, type Client, type TestApp } from './harness.js';
import { postImport, screenshot, waitForImport } from './import-helpers.js';

describe('bulk import across a restart', () => {
  let db: TestDatabase;
  let s3: TestS3;
  let config: Config;
  let running: RunningSnapNotes | undefined;

  const start = async () => {
    running = await startSnapNotes(config, pino({ level: config.LOG_LEVEL }));
    return running.url;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    s3 = await getS3();
    config = loadConfig({
      ...productTestEnv({ db, s3 }),
      FREE_UPLOADS_PER_MONTH: '20',
      RATE_LIMIT_IMAGES: '100',
      IMPORT_IMAGE_CONCURRENCY: '1',
      // A loaded machine (two cores shared by every test) reads one screenshot in well over a minute at times.
      PROCESSING_TIMEOUT_MS: '170000',
      IMPORT_LEASE_MS: '2000',
    });
  });
  afterAll(async () => {
    await running?.close();
    await s3?.close();
    await db?.drop();
  });

  it('goes on after the server is stopped mid-import and started again', async () => {
    let url = await start();
    const client: Client = await signUp({ url } as TestApp, 'Import Restart');
    const token = client.user.idToken;
    const files = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => ({ name: `shot-${i}.png`, data: await screenshot(i) })),
    );
    const res = await postImport(url, token, files);
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as ImportDetail;
    // Stopped as soon as the first image is a note: the rest is queued or in hand.
    const half = await waitForImport(url, token, id, (d) => d.counts.done >= 1, 280_000);
    expect(half.status).toBe('running');
    await running!.close();
    running = undefined;

    url = await start();
    // The import is there after the restart (a reload of the tray), and goes on by itself.
    const done = await waitForImport(url, token, id, (d) => d.status !== 'running', 280_000);
    expect(done.status).toBe('done');
    expect(done.counts).toMatchObject({ done: 4, failed: 0, queued: 0, processing: 0 });
    const noteIds = done.items.map((i) => i.noteId);
    expect(new Set(noteIds).size).toBe(4);

    // Exactly four notes, four uploads used, nothing left waiting in the store.
    const notes = (await (
      await fetch(`${url}/api/notes/${client.id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Array<{ id: number }>;
    expect(notes.map((n) => String(n.id)).sort()).toEqual([...noteIds].sort());
    const remaining = await (
      await fetch(`${url}/api/user/${client.id}/remaining-uploads`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(remaining).toMatchObject({ remainingUploads: 16 });
  }, 600_000);
});
