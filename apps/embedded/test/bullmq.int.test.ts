/**
 * The same product over the BullMQ driver on real Redis: the gateway adds a flow and holds the request open,
 * moderation and OCR (one job per image) run as separate jobs, and the real cause of a failure reaches the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '@snapnotes/contracts';
import { renderNoTextImage, renderScreenshot, SAMPLE_TEXT } from '@snapnotes/testing/images';
import { renderFlaggedByClassifier } from '@snapnotes/testing/moderation-fixtures';
import { characterErrorRate } from '@snapnotes/testing/text';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

let app: TestApp;
let user: Client;

beforeAll(async () => {
  app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '50' }, { redis: true });
  user = await signUp(app, 'Queue Tester');
});
afterAll(async () => {
  await app?.close();
});

describe('over BullMQ', () => {
  it('turns three screenshots into one note, pages in upload order', async () => {
    const pages = [
      SAMPLE_TEXT.lectureNotes.slice(0, 3),
      ['Second page: summary of the lecture'],
      ['Third page: homework for Friday'],
    ];
    const files = await Promise.all(
      pages.map(async (lines, i) => ({
        name: `page-${i + 1}.png`,
        data: await renderScreenshot({ lines: [...lines] }),
      })),
    );
    const res = await user.upload(files);
    expect(res.status).toBe(200);
    const note = (await res.json()) as Note;
    expect(note.imageCount).toBe(3);
    expect(characterErrorRate(pages.flat(), note.originalText)).toBeLessThan(0.06);
    const counts = await app.running.pipeline.counts();
    expect(counts.notes.failed + counts.summarise.failed + counts.ocr.failed).toBe(0);
  });

  it('reports the verdict with the flagged file names, not "child failed"', async () => {
    const res = await user.upload([
      { name: 'ok.png', data: await renderScreenshot({ lines: ['Perfectly fine text here'] }) },
      { name: 'bad-picture.png', data: await renderFlaggedByClassifier() },
    ]);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { inappropriateImages: string[]; message: string };
    expect(body.inappropriateImages).toEqual(['bad-picture.png']);
    expect(body.message).not.toMatch(/child|bull:/);
    // only the first upload's images remain, each with its thumbnail
    expect(await app.listObjects(`users/${user.id}/`)).toHaveLength(6);
  });

  it('describes a text-free image', async () => {
    const res = await user.upload([
      { name: 'scene.jpg', data: await renderNoTextImage({ format: 'jpeg' }), type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Note).kind).toBe('description');
  });

  it('is ready only with Redis reachable', async () => {
    const ready = (await (await fetch(`${app.url}/readyz`)).json()) as { checks: Record<string, string> };
    expect(ready.checks).toMatchObject({ postgres: 'ok', s3: 'ok', redis: 'ok' });
  });
});
