/**
 * Bulk import at the end of the free allowance (issue 24, item 3) on the real product: embedded start, real
 * PostgreSQL, s3rver, the real pipeline and import queue. A duplicate costs nothing, so with no upload left it is
 * still recognised as the duplicate it is; only the next image that would be read and charged stops the import with
 * "Upgrade to import the remaining N".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDetail } from '@snapnotes/contracts';
import { signUp, startTestApp, type TestApp } from './harness.js';
import { postImport, screenshot, waitForImport } from './import-helpers.js';

describe('bulk import with no upload left', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      FREE_UPLOADS_PER_MONTH: '1',
      RATE_LIMIT_IMAGES: '100',
      DUPLICATE_CHECK: '1',
      // One image at a time, in order: the first note (and its image's hashes) is made before the second is taken.
      IMPORT_IMAGE_CONCURRENCY: '1',
      // A loaded machine (two cores shared by every test) reads one screenshot in well over a minute at times.
      PROCESSING_TIMEOUT_MS: '170000',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('recognises a duplicate at 0 remaining and stops only at the image that would be charged', async () => {
    const user = await signUp(app, 'Import Last Upload');
    const token = user.user.idToken;
    const first = await screenshot(0);
    const res = await postImport(app.url, token, [
      { name: 'first.png', data: first },
      { name: 'first-again.png', data: first },
      { name: 'new.png', data: await screenshot(1) },
    ]);
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as ImportDetail;
    const stopped = await waitForImport(app.url, token, id, (d) => d.status !== 'running', 280_000);

    expect(stopped.status).toBe('stopped');
    expect(stopped.items.map((i) => i.status)).toEqual(['done', 'duplicate', 'queued']);
    expect(stopped.items[1]!.noteId).toBe(stopped.items[0]!.noteId);
    expect(stopped.stoppedMessage).toBe('Upgrade to import the remaining 1');
    // The one upload of the month went to the first image; the duplicate used nothing.
    expect(await (await user.get(`/api/user/${user.id}/remaining-uploads`)).json()).toMatchObject({
      remainingUploads: 0,
      limit: 1,
    });
    // Only the image still to import waits in the store.
    expect(await app.listObjects(`users/${user.id}/imports/${id}/`)).toHaveLength(1);
  }, 300_000);
});
