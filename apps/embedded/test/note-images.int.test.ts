/**
 * The original images of a note (DECISIONS "Original images") end to end on real PostgreSQL, S3 (s3rver) and
 * emulator tokens: the upload stores a WebP thumbnail beside each original, the owner-only routes serve both with
 * private caching (originals never stored by the browser, thumbnails revalidated), anyone else gets 404, and deleting the note removes originals and thumbnails.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note, NoteImage } from '@snapnotes/contracts';
import { renderScreenshot, renderWithExifRotation } from '@snapnotes/testing/images';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

let app: TestApp;
let alice: Client;
let bob: Client;
let note: Note;
let png: Buffer;
let jpeg: Buffer;

const THUMB = /^users\/\d+\/uploads\/[0-9a-f-]{36}\/\d+\.(png|jpg)\.thumb\.webp$/;

beforeAll(async () => {
  app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '100' });
  [alice, bob] = await Promise.all([signUp(app, 'Alice Images'), signUp(app, 'Bob Images')]);
  png = await renderScreenshot({ lines: ['The water cycle moves water', 'between the oceans and the sky'] });
  jpeg = await renderWithExifRotation(['Evaporation turns water into vapour', 'that rises and cools']);
  const res = await alice.upload([
    { name: 'cycle.png', data: png },
    { name: 'photo.jpg', data: jpeg, type: 'image/jpeg' },
  ]);
  expect(res.status).toBe(200);
  note = (await res.json()) as Note;
});
afterAll(async () => {
  await app?.close();
});

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('thumbnails at upload', () => {
  it('stores a small WebP thumbnail beside each original', async () => {
    const keys = await app.listObjects(`users/${alice.id}/`);
    expect(keys).toHaveLength(4);
    const thumbs = keys.filter((k) => THUMB.test(k));
    expect(thumbs).toHaveLength(2);
    for (const original of keys.filter((k) => !THUMB.test(k))) expect(keys).toContain(`${original}.thumb.webp`);

    const store = app.running.app.deps.store;
    for (const key of thumbs) {
      const thumb = await store.get(key);
      const meta = await sharp(thumb).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(320);
      expect(thumb.length).toBeLessThan(30_000);
      expect(meta.exif).toBeUndefined();
    }
    // The photo's pixels lie on their side (taller than wide) with EXIF orientation 6: its thumbnail is upright, as
    // wide as the screenshot it shows.
    const photoThumb = await store.get(thumbs.find((k) => k.includes('/1.jpg'))!);
    const { width, height } = await sharp(photoThumb).metadata();
    const stored = await sharp(jpeg).metadata();
    expect(stored.height).toBeGreaterThan(stored.width);
    expect(width).toBeGreaterThan(height);
  });
});

describe('owner-only image routes', () => {
  it('lists the images of the note', async () => {
    const res = await alice.get(`/api/notes/${note.id}/images`);
    expect(res.status).toBe(200);
    const images = (await res.json()) as NoteImage[];
    expect(images).toEqual([
      {
        index: 0,
        imageUrl: `/api/notes/${note.id}/images/0`,
        thumbnailUrl: `/api/notes/${note.id}/images/0/thumbnail`,
        fileName: 'cycle.png',
        width: 1280,
        height: 800,
      },
      {
        index: 1,
        imageUrl: `/api/notes/${note.id}/images/1`,
        thumbnailUrl: `/api/notes/${note.id}/images/1/thumbnail`,
        fileName: 'photo.jpg',
        width: 1280, // as shown: the photo's pixels are stored on their side (EXIF orientation 6)
        height: 800,
      },
    ]);
  });

  it('serves the original bytes with their type, never to be stored by the browser', async () => {
    for (const [index, original, type] of [
      [0, png, 'image/png'],
      [1, jpeg, 'image/jpeg'],
    ] as const) {
      const res = await alice.get(`/api/notes/${note.id}/images/${index}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe('inline');
      const etag = res.headers.get('etag');
      expect(etag).toMatch(/^"[^"]+"$/);
      expect((await bytes(res)).equals(original)).toBe(true);

      const again = await fetch(`${app.url}/api/notes/${note.id}/images/${index}`, {
        headers: { authorization: `Bearer ${alice.user.idToken}`, 'if-none-match': etag! },
      });
      expect(again.status).toBe(304);
    }
  });

  it('serves the thumbnail as WebP, and makes one from the original when none was stored', async () => {
    const res = await alice.get(`/api/notes/${note.id}/images/0/thumbnail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const thumb = await bytes(res);
    expect((await sharp(thumb).metadata()).format).toBe('webp');

    const key = (await app.listObjects(`users/${alice.id}/`)).find((k) => k.endsWith('/0.png.thumb.webp'))!;
    await app.running.app.deps.store.deleteMany([key]);
    const fallback = await alice.get(`/api/notes/${note.id}/images/0/thumbnail`);
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(await bytes(fallback)).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(320);
  });

  it('answers 404 to another user, for an image the note does not have and for a note that does not exist', async () => {
    for (const path of [
      `/api/notes/${note.id}/images`,
      `/api/notes/${note.id}/images/0`,
      `/api/notes/${note.id}/images/0/thumbnail`,
    ]) {
      expect((await bob.get(path)).status).toBe(404);
    }
    expect((await alice.get(`/api/notes/${note.id}/images/2`)).status).toBe(404);
    expect((await alice.get(`/api/notes/${note.id}/images/x/thumbnail`)).status).toBe(404);
    expect((await alice.get(`/api/notes/999999/images/0`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/notes/${note.id}/images/0`)).status).toBe(401);
  });
});

describe('deleting the note', () => {
  it('removes the originals and the thumbnails; the routes answer 404', async () => {
    const res = await alice.upload([{ name: 'gone.png', data: await renderScreenshot({ lines: ['Soon deleted'] }) }]);
    expect(res.status).toBe(200);
    const gone = (await res.json()) as Note;
    expect((await alice.get(`/api/notes/${gone.id}/images/0/thumbnail`)).status).toBe(200);
    const before = await app.listObjects(`users/${alice.id}/`);
    expect((await alice.send('DELETE', `/api/notes/${gone.id}`)).status).toBe(200);
    const after = await app.listObjects(`users/${alice.id}/`);
    expect(before.length - after.length).toBe(2);
    expect(after.some((k) => THUMB.test(k) && !after.includes(k.replace(/\.thumb\.webp$/, '')))).toBe(false);
    for (const path of [`/api/notes/${gone.id}/images`, `/api/notes/${gone.id}/images/0`]) {
      expect((await alice.get(path)).status).toBe(404);
    }
  });
});
