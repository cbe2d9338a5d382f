/**
 * Issue 23: an upload's real stages reach its uploader while the POST is held open (GET
 * /api/uploads/{progressId}/progress), through the real pipeline on both drivers; another account gets 204 for the
 * same id, and the id is forgotten once the upload is answered: "nothing in progress" is a 204, never an error status
 * (the browser logs every 4xx in its console). A blank image's 422 says why.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_STAGES, type UploadProgressReply } from '@snapnotes/contracts';
import { renderScreenshot, SAMPLE_TEXT } from '@snapnotes/testing/images';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

async function screenshots(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `page-${i + 1}.png`,
      data: await renderScreenshot({ lines: [...SAMPLE_TEXT.lectureNotes.slice(0, 4), `Page ${i + 1} of the notes`] }),
    })),
  );
}

function uploadWithProgress(app: TestApp, client: Client, files: Array<{ name: string; data: Buffer }>, id: string) {
  const form = new FormData();
  for (const f of files) form.append('images', new Blob([new Uint8Array(f.data)], { type: 'image/png' }), f.name);
  form.append('userId', String(client.id));
  return fetch(`${app.url}/api/process-screenshots`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.user.idToken}`, 'x-progress-id': id },
    body: form,
  });
}

/** Asks for the progress every 40 ms until `done` settles; returns every 200 reply and every status seen. */
async function watch(client: Client, id: string, done: Promise<unknown>) {
  const replies: UploadProgressReply[] = [];
  const statuses = new Set<number>();
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    const res = await client.get(`/api/uploads/${id}/progress`);
    statuses.add(res.status);
    if (res.status === 200) replies.push((await res.json()) as UploadProgressReply);
    else expect(await res.text()).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  return { replies, statuses };
}

describe.each([
  ['BullMQ on Redis', true],
  ['the in-process driver', false],
])('upload progress over %s', (_name, redis) => {
  let app: TestApp;
  let owner: Client;
  let other: Client;

  beforeAll(async () => {
    app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '50' }, { redis });
    owner = await signUp(app, 'Progress Owner');
    other = await signUp(app, 'Progress Other');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives the owner the stages in order, page by page, and nothing to anyone else', async () => {
    const id = randomUUID();
    const files = await screenshots(4);
    const post = uploadWithProgress(app, owner, files, id);
    const [mine, theirs, res] = await Promise.all([watch(owner, id, post), watch(other, id, post), post]);
    expect(res.status).toBe(200);

    // Another account never learns anything about the upload, not even that it exists.
    expect([...theirs.statuses]).toEqual([204]);
    expect(theirs.replies).toEqual([]);

    const stages = mine.replies.map((r) => r.stage).filter((stage, i, all) => stage !== all[i - 1]);
    const order = stages.map((stage) => UPLOAD_STAGES.indexOf(stage));
    expect(order).toEqual([...order].sort((a, b) => a - b)); // never backwards
    expect(new Set(stages).size).toBeGreaterThan(1);
    expect(stages).toContain('reading');
    const pagesRead = mine.replies.map((r) => r.pagesRead);
    expect(pagesRead).toEqual([...pagesRead].sort((a, b) => a - b));
    expect(mine.replies.filter((r) => r.stage !== 'receiving').every((r) => r.pages === 4)).toBe(true);
    expect(mine.replies.every((r) => r.pagesRead <= r.pages)).toBe(true);

    // Answered: the id is forgotten.
    expect((await owner.get(`/api/uploads/${id}/progress`)).status).toBe(204);
    expect([...mine.statuses].every((status) => status === 200 || status === 204)).toBe(true);
  });

  it('answers 204 with no body to an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'short']) {
      const res = await owner.get(`/api/uploads/${id}/progress`);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
    }
  });

  it('a blank image: the fixed 422 message, and the reason beside it', async () => {
    const blank = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const res = await owner.upload([{ name: 'blank.png', data: blank }]);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      message: 'Could not process the content from the uploaded images',
      reason: 'No text was found, and the image is blank or too small to describe.',
    });
  });
});
