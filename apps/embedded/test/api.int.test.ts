/**
 * End to end through HTTP on real components: PostgreSQL, S3 (s3rver), Firebase emulator tokens, tesseract,
 * nsfwjs, the local summariser, and the in-process queue driver (the BullMQ driver has its own file).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '@snapnotes/contracts';
import {
  corruptPng,
  decompressionBombPng,
  fakePngWithTextContent,
  gifImage,
  renderNoTextImage,
  renderScreenshot,
  SAMPLE_TEXT,
} from '@snapnotes/testing/images';
import { renderFlaggedByClassifier } from '@snapnotes/testing/moderation-fixtures';
import { characterErrorRate } from '@snapnotes/testing/text';
import { createTestUser } from '@snapnotes/testing/firebase';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

let app: TestApp;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '100' });
  [alice, bob] = await Promise.all([signUp(app, 'Alice Example'), signUp(app, 'Bob Example')]);
});
afterAll(async () => {
  await app?.close();
});

const lecture = SAMPLE_TEXT.lectureNotes as readonly string[];

async function remaining(c: Client): Promise<number> {
  const res = await c.get(`/api/user/${c.id}/remaining-uploads`);
  return ((await res.json()) as { remainingUploads: number }).remainingUploads;
}

async function notesOf(c: Client): Promise<Note[]> {
  return (await (await c.get(`/api/notes/${c.id}`)).json()) as Note[];
}

describe('a screenshot becomes a note', () => {
  it('extracts the text, summarises it and stores the images under the user', async () => {
    const png = await renderScreenshot({ lines: lecture });
    const before = await remaining(alice);
    const res = await alice.upload([{ name: 'lecture.png', data: png }], { userId: String(alice.id) });
    expect(res.status).toBe(200);
    const note = (await res.json()) as Note;
    expect(note.kind).toBe('text');
    expect(characterErrorRate(lecture, note.originalText)).toBeLessThan(0.05);
    expect(note.title.length).toBeGreaterThan(3);
    expect(note.keyPoints.length).toBeGreaterThanOrEqual(1);
    expect(note.keyPoints.length).toBeLessThanOrEqual(6);
    expect(note.detailedSummary.length).toBeGreaterThan(20);
    expect(note.userId).toBe(alice.id);

    const list = await notesOf(alice);
    expect(list.map((n) => n.id)).toContain(note.id);
    expect(await remaining(alice)).toBe(before - 1);
    expect(await app.listObjects(`users/${alice.id}/`)).toHaveLength(2); // the image and its thumbnail

    const stats = (await (await alice.get(`/api/statistics/${alice.id}`)).json()) as {
      totalNotes: number;
      totalWords: number;
    };
    expect(stats.totalNotes).toBe(list.length);
    expect(stats.totalWords).toBe(list.reduce((sum, n) => sum + n.wordCount, 0));
    expect(stats.totalWords).toBeGreaterThan(20);
  });

  it('keeps the upload order of several images in the original text', async () => {
    const first = await renderScreenshot({
      lines: ['Chapter one: the water cycle', 'Evaporation lifts water from the oceans.'],
    });
    const second = await renderScreenshot({
      lines: ['Chapter two: clouds and rain', 'Condensation forms clouds over mountains.'],
      dark: true,
    });
    const res = await alice.upload([
      { name: 'one.png', data: first },
      { name: 'two.png', data: second },
    ]);
    expect(res.status).toBe(200);
    const note = (await res.json()) as Note;
    expect(note.imageCount).toBe(2);
    const text = note.originalText.toLowerCase();
    expect(text.indexOf('chapter one')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('chapter two')).toBeGreaterThan(text.indexOf('chapter one'));
  });

  it('describes an image with no text instead of failing', async () => {
    const res = await alice.upload([
      { name: 'landscape.png', data: await renderNoTextImage({ width: 800, height: 600 }) },
    ]);
    expect(res.status).toBe(200);
    const note = (await res.json()) as Note;
    expect(note.kind).toBe('description');
    expect(note.originalText).toBe('');
    expect(note.title.length).toBeGreaterThan(3);
    expect(note.detailedSummary.length).toBeGreaterThan(20);
  });
});

/** A slur aimed at a person: inappropriate (docs/DECISIONS.md). Swearing alone is not. */
const SLUR_AIMED_AT_SOMEONE = 'Get out of our street, you dirty kike';
const SWEARING_CHAT = [
  'Priya: stuck on the ring road, this traffic is shit',
  'Sam: what a fucking nightmare, see you at 8',
];

describe('flagged content', () => {
  it('answers 400 naming every flagged file, and keeps nothing', async () => {
    const before = await remaining(bob);
    const clean = await renderScreenshot({ lines: ['Meeting notes for Tuesday'] });
    const res = await bob.upload([
      { name: 'fine.png', data: clean },
      { name: 'shapes.png', data: await renderFlaggedByClassifier() },
      { name: 'rude.png', data: await renderScreenshot({ lines: [SLUR_AIMED_AT_SOMEONE] }) },
    ]);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; inappropriateImages: string[] };
    expect(body.message).toBe('One or more images contain inappropriate content and cannot be processed');
    // The image classifier flags shapes.png, the text filter flags rude.png: one verdict names both, in upload order.
    expect(body.inappropriateImages).toEqual(['shapes.png', 'rude.png']);
    expect(await app.listObjects(`users/${bob.id}/`)).toEqual([]);
    expect(await notesOf(bob)).toEqual([]);
    expect(await remaining(bob)).toBe(before);
  });

  it('flags text that the text filter catches after OCR', async () => {
    const res = await bob.upload([
      { name: 'ok.png', data: await renderScreenshot({ lines: ['Shopping list: eggs, milk, bread'] }) },
      { name: 'rude.png', data: await renderScreenshot({ lines: [SLUR_AIMED_AT_SOMEONE] }) },
    ]);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { inappropriateImages: string[] };
    expect(body.inappropriateImages).toEqual(['rude.png']);
    expect(await app.listObjects(`users/${bob.id}/`)).toEqual([]);
  });

  it('makes a note of a chat with swearing: profanity alone is not inappropriate', async () => {
    const carol = await signUp(app, 'Carol Example');
    const res = await carol.upload([{ name: 'chat.png', data: await renderScreenshot({ lines: SWEARING_CHAT }) }]);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Note).originalText).toContain('traffic');
  });
});

describe('bad uploads get a specific 400 and leave nothing behind', () => {
  const cases: Array<[string, () => Promise<Array<{ name: string; data: Buffer; type?: string }>>, string, RegExp]> = [
    [
      'a text file named .png',
      async () => [{ name: 'notes.png', data: await fakePngWithTextContent() }],
      'UNSUPPORTED_FILE_TYPE',
      /"notes\.png" is not a PNG or JPEG/,
    ],
    [
      'a GIF',
      async () => [{ name: 'a.gif', data: await gifImage(), type: 'image/gif' }],
      'UNSUPPORTED_FILE_TYPE',
      /GIF/,
    ],
    [
      'a corrupt PNG',
      async () => [{ name: 'broken.png', data: await corruptPng() }],
      'CORRUPT_IMAGE',
      /"broken\.png" could not be read/,
    ],
    [
      'a decompression bomb',
      async () => [{ name: 'bomb.png', data: await decompressionBombPng() }],
      'IMAGE_DIMENSIONS_TOO_LARGE',
      /megapixel/,
    ],
    [
      'a file over 10 MB',
      async () => {
        // A real PNG padded past the limit: the size check must refuse it while it streams in.
        const png = await renderScreenshot({ lines: ['big'] });
        return [{ name: 'huge.png', data: Buffer.concat([png, randomBytes(10 * 1024 * 1024)]) }];
      },
      'FILE_TOO_LARGE',
      /"huge\.png" is larger than 10 MB/,
    ],
    [
      'eleven files',
      async () => {
        const png = await renderScreenshot({ lines: ['x'], width: 200, height: 160 });
        return Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.png`, data: png }));
      },
      'TOO_MANY_FILES',
      /up to 10 files/,
    ],
    [
      'a corrupt file among good ones (found while the good one is being stored)',
      async () => [
        { name: 'good.png', data: await renderScreenshot({ lines: ['fine'] }) },
        { name: 'broken.png', data: await corruptPng() },
      ],
      'CORRUPT_IMAGE',
      /"broken\.png" could not be read/,
    ],
    [
      'a bad file among good ones',
      async () => [
        { name: 'good.png', data: await renderScreenshot({ lines: ['fine'] }) },
        { name: 'bad.png', data: await fakePngWithTextContent() },
      ],
      'UNSUPPORTED_FILE_TYPE',
      /"bad\.png"/,
    ],
  ];

  it.each(cases)('%s', async (_label, files, code, message) => {
    const before = await remaining(bob);
    const res = await bob.upload(await files());
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe(code);
    expect(body.message).toMatch(message);
    expect(await app.listObjects(`users/${bob.id}/`)).toEqual([]);
    expect(await notesOf(bob)).toEqual([]);
    expect(await remaining(bob)).toBe(before);
  });

  it('no files at all', async () => {
    const res = await bob.upload([], { userId: String(bob.id) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('NO_FILES');
  });

  it('not multipart', async () => {
    const res = await bob.send('POST', '/api/process-screenshots', { images: [] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/multipart\/form-data/);
  });

  it('a file under another field name', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await renderScreenshot({ lines: ['x'] }))]), 'x.png');
    const res = await fetch(`${app.url}/api/process-screenshots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bob.user.idToken}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/'images' field/);
  });
});

describe('identity and ownership', () => {
  it('refuses requests without a valid token', async () => {
    const anonymous = await fetch(`${app.url}/api/notes/${alice.id}`);
    expect(anonymous.status).toBe(401);
    const forged = await fetch(`${app.url}/api/notes/${alice.id}`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.status).toBe(401);
    const upload = await fetch(`${app.url}/api/process-screenshots`, { method: 'POST' });
    expect(upload.status).toBe(401);
  });

  it("never shows or changes another user's data", async () => {
    const [note] = await notesOf(alice);
    expect(note).toBeDefined();
    const id = note!.id;
    for (const path of [
      `/api/notes/${alice.id}`,
      `/api/statistics/${alice.id}`,
      `/api/user/${alice.id}/remaining-uploads`,
      `/api/user/${alice.id}/subscription`,
    ]) {
      const res = await bob.get(path);
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(await res.json())).not.toContain(note!.title);
    }
    expect((await bob.send('PATCH', `/api/notes/${id}/title`, { title: 'pwned' })).status).toBe(404);
    expect((await bob.send('DELETE', `/api/notes/${id}`)).status).toBe(404);
    const upload = await bob.upload([{ name: 'x.png', data: await renderScreenshot({ lines: ['hello'] }) }], {
      userId: String(alice.id),
    });
    expect(upload.status).toBe(403);
    const still = (await notesOf(alice)).find((n) => n.id === id);
    expect(still?.title).toBe(note!.title);
  });

  it('takes identity from the token, not from the body of POST /api/user', async () => {
    const res = await bob.send('POST', '/api/user', {
      firebaseUid: alice.user.localId,
      email: alice.user.email,
      displayName: 'Mallory',
      photoURL: '',
    });
    expect(res.status).toBe(200);
    const record = (await res.json()) as { id: number; firebaseUid: string; email: string };
    expect(record.id).toBe(bob.id);
    expect(record.firebaseUid).toBe(bob.user.localId);
    expect(record.email).toBe(bob.user.email);
  });
});

describe('editing and deleting notes', () => {
  it('updates a trimmed title and refuses an empty one', async () => {
    const [note] = await notesOf(alice);
    const ok = await alice.send('PATCH', `/api/notes/${note!.id}/title`, { title: '  Water cycle  ' });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Note).title).toBe('Water cycle');
    const empty = await alice.send('PATCH', `/api/notes/${note!.id}/title`, { title: '   ' });
    expect(empty.status).toBe(400);
    expect((await notesOf(alice)).find((n) => n.id === note!.id)?.title).toBe('Water cycle');
  });

  it('deletes a note with its images', async () => {
    const res = await alice.upload([
      { name: 'temp.png', data: await renderScreenshot({ lines: ['Temporary note to delete'] }) },
    ]);
    const note = (await res.json()) as Note;
    const keysBefore = await app.listObjects(`users/${alice.id}/`);
    const del = await alice.send('DELETE', `/api/notes/${note.id}`);
    expect(del.status).toBe(200);
    expect((await notesOf(alice)).some((n) => n.id === note.id)).toBe(false);
    expect((await app.listObjects(`users/${alice.id}/`)).length).toBe(keysBefore.length - 2); // image, thumbnail
    expect((await alice.send('DELETE', `/api/notes/${note.id}`)).status).toBe(404);
  });
});

describe('feedback', () => {
  it('stores valid feedback and refuses invalid fields with the form messages', async () => {
    const ok = await alice.send('POST', '/api/feedback', {
      name: 'Alice',
      email: 'alice@example.com',
      message: 'The dark mode OCR is great, thanks!',
    });
    expect(ok.status).toBe(201);
    const bad = await alice.send('POST', '/api/feedback', { name: 'A', email: 'nope', message: 'short' });
    expect(bad.status).toBe(400);
    const { message } = (await bad.json()) as { message: string };
    expect(message).toContain('Name must be at least 2 characters.');
    expect(message).toContain('Please enter a valid email address.');
    expect(message).toContain('Message must be at least 10 characters.');
  });
});

describe('account deletion', () => {
  it('removes the account, its notes and its images, and a new sign-in starts empty', async () => {
    const carol = await signUp(app, 'Carol Example');
    const up = await carol.upload([
      { name: 'c.png', data: await renderScreenshot({ lines: ['Carol private notes'] }) },
    ]);
    expect(up.status).toBe(200);
    expect(await app.listObjects(`users/${carol.id}/`)).toHaveLength(2); // the image and its thumbnail

    await new Promise((resolve) => setTimeout(resolve, 1100)); // revocation is in whole seconds after the sign-in
    expect((await carol.send('DELETE', '/api/user')).status).toBe(200);
    expect(await app.listObjects(`users/${carol.id}/`)).toEqual([]);
    expect([401, 403]).toContain((await carol.get(`/api/notes/${carol.id}`)).status);
    // The old session cannot re-create the account; a new sign-in can, and starts empty.
    expect((await carol.send('POST', '/api/user', {})).status).toBe(401);

    const signedInAgain = await createTestUser({ sub: carol.user.sub, email: carol.user.email, name: 'Carol Example' });
    const auth = { authorization: `Bearer ${signedInAgain.idToken}` };
    const again = await fetch(`${app.url}/api/user`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(again.status).toBe(200);
    const fresh = (await again.json()) as { id: number };
    expect(fresh.id).not.toBe(carol.id);
    expect(await (await fetch(`${app.url}/api/notes/${fresh.id}`, { headers: auth })).json()).toEqual([]);
    // The month's upload still counts for the re-created account (the allowance follows the Google identity).
    const remaining = (await (
      await fetch(`${app.url}/api/user/${fresh.id}/remaining-uploads`, { headers: auth })
    ).json()) as { remainingUploads: number; limit: number };
    expect(remaining.remainingUploads).toBe(remaining.limit - 1);
    // Nobody else lost anything.
    expect((await notesOf(alice)).length).toBeGreaterThan(0);
  });
});

describe('service endpoints', () => {
  it('reports health, readiness and public config', async () => {
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks).toMatchObject({
      postgres: 'ok',
      s3: 'ok',
    });
    const cfg = (await (await fetch(`${app.url}/api/public-config`)).json()) as { firebase: { emulatorUrl: string } };
    expect(cfg.firebase.emulatorUrl).toBe(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`);
  });
});
