/**
 * Bulk import (issue 25 item 1) on the real product: embedded start, real PostgreSQL, s3rver, the real pipeline
 * (OCR, moderation, summary). A zip of good and bad files: the good ones become notes, the bad ones are skipped with
 * their reasons, nothing is written to disk and no object is left behind; the progress stream; another user gets
 * 404 for everything; the free allowance running out stops the import with "Upgrade to import the remaining N" and
 * charges nothing for a failed image; "Retry failed" goes on. Scrolling captures of one chat, in any order, become one
 * note with every image, charged once.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportDetail } from '@snapnotes/contracts';
import { phoneScreen, scrollCapture } from '@snapnotes/testing/phone-screens';
import { lineOccurrences } from '@snapnotes/testing/text';
import { makeZip, zeros } from '@snapnotes/testing/zips';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';
import { authed, postImport, readEvents, screenshot, waitForImport } from './import-helpers.js';

const settled = (d: ImportDetail) => d.status !== 'running';

describe('bulk import', () => {
  let app: TestApp;
  let owner: Client;
  let other: Client;
  let tmp: string;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'snapnotes-import-tmp-'));
    app = await startTestApp({
      FREE_UPLOADS_PER_MONTH: '3',
      RATE_LIMIT_IMAGES: '100',
      DUPLICATE_CHECK: '1',
      IMPORT_IMAGE_CONCURRENCY: '1',
      // A loaded machine (two cores shared by every test) reads one screenshot in well over a minute at times.
      PROCESSING_TIMEOUT_MS: '170000',
      UPLOAD_TMP_DIR: tmp,
    });
    owner = await signUp(app, 'Import Owner');
    other = await signUp(app, 'Import Other');
  });
  afterAll(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('imports the images of a zip and of the body, skips the bad files with reasons, leaves nothing behind', async () => {
    const zip = makeZip(
      [
        { name: 'Screenshots/one.png', data: await screenshot(0) },
        { name: 'Screenshots/notes.txt', data: Buffer.from('not an image') },
        { name: 'Screenshots/inner.zip', data: makeZip([{ name: 'a.png', data: await screenshot(5) }]) },
        { name: '../escape.png', data: await screenshot(6) },
        { name: 'Screenshots/bomb.png', data: zeros(16) },
        { name: '__MACOSX/Screenshots/._one.png', data: Buffer.from('apple double') },
        { name: 'Screenshots/two.jpg', data: await screenshot(1, 'jpeg') },
      ],
      { streamed: true },
    );
    const token = owner.user.idToken;
    const res = await postImport(app.url, token, [
      { name: 'phone.zip', data: zip, type: 'application/zip' },
      { name: 'three.png', data: await screenshot(2) },
    ]);
    expect(res.status).toBe(202);
    const started = (await res.json()) as ImportDetail;
    // The progress stream, from the start until the server ends it.
    const stream = readEvents(app.url, token, started.id, 280_000);
    expect(started.total).toBe(7);
    expect(started.items.map((i) => [i.name, i.status === 'skipped' ? i.error?.code : 'image'])).toEqual([
      ['phone.zip/Screenshots/one.png', 'image'],
      ['phone.zip/Screenshots/notes.txt', 'UNSUPPORTED_TYPE'],
      ['phone.zip/Screenshots/inner.zip', 'NESTED_ZIP'],
      ['phone.zip/../escape.png', 'UNSAFE_PATH'],
      ['phone.zip/Screenshots/bomb.png', 'ZIP_BOMB'],
      ['phone.zip/Screenshots/two.jpg', 'image'],
      ['three.png', 'image'],
    ]);
    for (const item of started.items.filter((i) => i.status === 'skipped')) {
      expect(item.error?.message).toMatch(/^Skipped: .+/);
    }

    const { events, contentType } = await stream;
    expect(contentType).toMatch(/^text\/event-stream/);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0]!.status).toBe('running');
    const done = events.at(-1)!;
    expect(done.status).toBe('done');
    const doneCounts = events.map((e) => e.counts.done);
    expect(doneCounts).toEqual([...doneCounts].sort((a, b) => a - b)); // never backwards
    expect(done.counts).toEqual({ queued: 0, processing: 0, done: 3, failed: 0, duplicate: 0, skipped: 4 });

    // The images are notes of the owner, each with its title.
    const notesRes = await owner.get(`/api/notes/${owner.id}`);
    const notes = (await notesRes.json()) as Array<{ id: number; title: string }>;
    const made = done.items.filter((i) => i.status === 'done');
    expect(made).toHaveLength(3);
    for (const item of made) {
      const note = notes.find((n) => String(n.id) === item.noteId);
      expect(note, item.name).toBeDefined();
      expect(item.title).toBe(note!.title);
    }

    // Nothing left waiting in the store, three originals kept; nothing ever written to disk.
    expect(await app.listObjects(`users/${owner.id}/imports/`)).toEqual([]);
    const originals = (await app.listObjects(`users/${owner.id}/uploads/`)).filter((k) => !k.endsWith('.thumb.webp'));
    expect(originals).toHaveLength(3);
    expect(readdirSync(tmp)).toEqual([]);

    // The tray's list: this import, without its items.
    const active = (await (await owner.get('/api/imports?active=1')).json()) as ImportDetail[];
    expect(active.map((a) => [a.id, a.status, a.items.length])).toEqual([[started.id, 'done', 0]]);

    // Another user learns nothing about it.
    const theirs = authed(app.url, other.user.idToken);
    for (const [path, method] of [
      [`/api/imports/${started.id}`, 'GET'],
      [`/api/imports/${started.id}/events`, 'GET'],
      [`/api/imports/${started.id}/retry`, 'POST'],
    ] as const) {
      const r = await theirs(path, method);
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(await r.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Import not found.' });
    }
    expect(await (await theirs('/api/imports?active=1')).json()).toEqual([]);
  }, 300_000);

  it('imports the scrolling captures of one chat as one note, in any order, charged once', async () => {
    const user = await signUp(app, 'Import Scrolls');
    const token = user.user.idToken;
    const chatApp = { kind: 'chat', header: 2 } as const;
    const chat = phoneScreen(51, chatApp);
    const [first, second, third, other] = await Promise.all([
      scrollCapture(chat, 0, '9:41'),
      scrollCapture(chat, 520, '9:42'),
      scrollCapture(chat, 1040, '9:43'),
      scrollCapture(phoneScreen(52, chatApp), 0, '9:44'),
    ]);
    const res = await postImport(app.url, token, [
      { name: 'Screenshot_3.png', data: third },
      { name: 'other-chat.png', data: other },
      { name: 'Screenshot_1.png', data: first },
      { name: 'Screenshot_2.png', data: second },
    ]);
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as ImportDetail;
    const done = await waitForImport(app.url, token, id, settled, 280_000);
    expect(done.status).toBe('done');
    expect(done.counts).toMatchObject({ done: 4, failed: 0, duplicate: 0 });
    expect(done.notes).toBe(2);
    const [last, alone, top, middle] = done.items;
    expect([last!.noteId, middle!.noteId]).toEqual([top!.noteId, top!.noteId]);
    expect(alone!.noteId).not.toBe(top!.noteId);

    // The joined note keeps every capture as an original, and its text holds each message once.
    const images = (await (await user.get(`/api/notes/${top!.noteId}/images`)).json()) as unknown[];
    expect(images).toHaveLength(3);
    const notes = (await (await user.get(`/api/notes/${user.id}`)).json()) as Array<{
      id: number;
      originalText: string;
    }>;
    const joined = notes.find((n) => String(n.id) === top!.noteId)!;
    const counts = chat.blocks
      .filter((b) => b.text.length >= 20)
      .map((b) => lineOccurrences(joined.originalText, b.text));
    expect(counts.filter((n) => n > 1)).toEqual([]);
    expect(counts.filter((n) => n === 1).length).toBeGreaterThanOrEqual(counts.length - 2);

    // Two notes, two uploads of the month; nothing left waiting in the store.
    const remaining = await (await user.get(`/api/user/${user.id}/remaining-uploads`)).json();
    expect(remaining).toMatchObject({ remainingUploads: 1, limit: 3 });
    expect(await app.listObjects(`users/${user.id}/imports/`)).toEqual([]);
  }, 300_000);

  it('stops when the allowance runs out, charges nothing for a failed image, and goes on after "Retry"', async () => {
    const user = await signUp(app, 'Import Allowance');
    const token = user.user.idToken;
    const corrupt = Buffer.concat([(await screenshot(3)).subarray(0, 200), Buffer.alloc(5000, 1)]);
    const res = await postImport(app.url, token, [
      { name: 'a.png', data: await screenshot(4) },
      { name: 'broken.png', data: corrupt },
      { name: 'b.png', data: await screenshot(5) },
      { name: 'c.png', data: await screenshot(6) },
      { name: 'd.png', data: await screenshot(7) },
    ]);
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as ImportDetail;
    const stopped = await waitForImport(app.url, token, id, settled, 280_000);
    expect(stopped.status).toBe('stopped');
    expect(stopped.stoppedMessage).toBe('Upgrade to import the remaining 1');
    expect(stopped.items.map((i) => i.status)).toEqual(['done', 'failed', 'done', 'done', 'queued']);
    expect(stopped.items[1]!.error).toMatchObject({ code: 'CORRUPT_IMAGE' });
    expect(stopped.items[1]!.error!.message).toMatch(/broken\.png/);
    // Three notes used the three uploads of the month; the failed image used none.
    const remaining = await (await user.get(`/api/user/${user.id}/remaining-uploads`)).json();
    expect(remaining).toMatchObject({ remainingUploads: 0, limit: 3 });

    // "Retry failed": the failed image and the one not imported are queued again. The damaged one is read and fails
    // again for what it is (an upgrade would not import it; it costs nothing); with no allowance left the import stops
    // at the next, nothing charged.
    const retried = await authed(app.url, token)(`/api/imports/${id}/retry`, 'POST');
    expect(retried.status).toBe(202);
    const again = await waitForImport(app.url, token, id, settled);
    expect(again.status).toBe('stopped');
    expect(again.stoppedMessage).toBe('Upgrade to import the remaining 1');
    expect(again.items.map((i) => i.status)).toEqual(['done', 'failed', 'done', 'done', 'queued']);
    expect(again.items[1]!.error).toMatchObject({ code: 'CORRUPT_IMAGE' });
    expect(await (await user.get(`/api/user/${user.id}/remaining-uploads`)).json()).toMatchObject({
      remainingUploads: 0,
    });
    // The two images not imported still wait in the store (for "Retry" after an upgrade); the others are gone.
    expect(await app.listObjects(`users/${user.id}/imports/${id}/`)).toHaveLength(2);

    // A new import with no upload left is refused before its body is read.
    const refused = await postImport(app.url, token, [{ name: 'x.png', data: await screenshot(1) }]);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ error: 'UPGRADE_REQUIRED' });
  }, 300_000);
});
