/**
 * Duplicates (issue 25 item 2; DECISIONS "Duplicates") end to end on real PostgreSQL, S3 (s3rver), the pipeline and
 * emulator tokens: the same screenshot uploaded again by the same user (the same bytes, or re-encoded as JPEG,
 * resized and with another status-bar clock) makes no note, uses no upload and answers with the first note marked
 * `duplicateOf`; another user's identical screenshot is their own new note; a deleted note is no longer matched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note, UploadReply } from '@snapnotes/contracts';
import { phoneScreen, renderPhoneScreen, reshare } from '@snapnotes/testing/phone-screens';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

let app: TestApp;
let alice: Client;
let bob: Client;
let first: Note;
let mixedNoteId: number;

const screen = phoneScreen(2501, { kind: 'chat', header: 3 });
let original: Buffer;

beforeAll(async () => {
  // A long processing timeout: on a loaded shared machine the OCR of a phone screenshot can take minutes.
  app = await startTestApp({ FREE_UPLOADS_PER_MONTH: '5', PROCESSING_TIMEOUT_MS: '600000', DUPLICATE_CHECK: '1' });
  [alice, bob] = await Promise.all([signUp(app, 'Alice Dup'), signUp(app, 'Bob Dup')]);
  original = await renderPhoneScreen(screen);
  const res = await alice.upload([{ name: 'chat.png', data: original }]);
  expect(res.status).toBe(200);
  first = (await res.json()) as Note;
}, 900_000);
afterAll(async () => {
  await app?.close();
});

const remaining = async (client: Client) =>
  ((await (await client.get(`/api/user/${client.id}/remaining-uploads`)).json()) as { remainingUploads: number })
    .remainingUploads;
const noteIds = async (client: Client) => {
  const body = (await (await client.get(`/api/notes/${client.id}`)).json()) as Note[] | { items: Note[] };
  return (Array.isArray(body) ? body : body.items).map((n) => n.id);
};

describe('an upload already in the notes', { timeout: 900_000 }, () => {
  it('made a note of the first upload, without duplicateOf, using one upload', async () => {
    expect((first as UploadReply).duplicateOf).toBeUndefined();
    expect(await remaining(alice)).toBe(4);
  });

  it('answers the same bytes with the first note: no new note, no upload used, nothing stored', async () => {
    const objectsBefore = await app.listObjects(`users/${alice.id}/`);
    const res = await alice.upload([{ name: 'again.png', data: original }]);
    expect(res.status).toBe(200);
    const reply = (await res.json()) as UploadReply;
    expect(reply.id).toBe(first.id);
    expect(reply.duplicateOf).toEqual({ noteId: String(first.id), title: first.title });
    expect(await remaining(alice)).toBe(4);
    expect(await noteIds(alice)).toEqual([first.id]);
    expect(await app.listObjects(`users/${alice.id}/`)).toEqual(objectsBefore);
  });

  it('recognises it re-encoded as JPEG, resized and with another clock and battery', async () => {
    const copy = await reshare(await renderPhoneScreen(screen, { clock: '21:48', battery: 17 }), {
      format: 'jpeg',
      quality: 70,
      scale: 0.6,
    });
    const res = await alice.upload([{ name: 'IMG_2207.jpg', data: copy, type: 'image/jpeg' }]);
    expect(res.status).toBe(200);
    const reply = (await res.json()) as UploadReply;
    expect(reply.duplicateOf?.noteId).toBe(String(first.id));
    expect(await remaining(alice)).toBe(4);
    expect(await noteIds(alice)).toEqual([first.id]);
  });

  it('makes a new note of another chat of the same app, and of an upload with a new image among known ones', async () => {
    const other = await renderPhoneScreen(phoneScreen(2502, { kind: 'chat', header: 3 }));
    const res = await alice.upload([{ name: 'other.png', data: other }]);
    expect(res.status).toBe(200);
    const otherNote = (await res.json()) as UploadReply;
    expect(otherNote.duplicateOf).toBeUndefined();
    expect(otherNote.id).not.toBe(first.id);

    const third = await renderPhoneScreen(phoneScreen(2503, { kind: 'article' }));
    const mixed = await alice.upload([
      { name: 'chat.png', data: original },
      { name: 'article.png', data: third },
    ]);
    expect(mixed.status).toBe(200);
    const mixedNote = (await mixed.json()) as UploadReply;
    expect(mixedNote.duplicateOf).toBeUndefined();
    expect(mixedNote.imageCount).toBe(2);
    mixedNoteId = mixedNote.id;
    expect(await remaining(alice)).toBe(2);
  });

  it("never looks at another user's images: Bob's identical screenshot is his own note", async () => {
    const res = await bob.upload([{ name: 'chat.png', data: original }]);
    expect(res.status).toBe(200);
    const reply = (await res.json()) as UploadReply;
    expect(reply.duplicateOf).toBeUndefined();
    expect(reply.userId).toBe(bob.id);
    expect(reply.id).not.toBe(first.id);
    expect(await remaining(bob)).toBe(4);
  });

  it('no longer matches a note once it is deleted', async () => {
    expect((await alice.send('DELETE', `/api/notes/${first.id}`)).status).toBe(200);
    // The mixed note holds the same screenshot among two images: an upload of it alone matches that note.
    const again = (await (await alice.upload([{ name: 'chat.png', data: original }])).json()) as UploadReply;
    expect(again.duplicateOf?.noteId).toBe(String(mixedNoteId));
    expect(again.id).toBe(mixedNoteId);
  });

  it('makes a note of a screenshot one word away from a known one (near by fingerprint, compared closely)', async () => {
    // Bob's note holds the chat; the same chat with one word of a message changed is new to him. The fingerprint
    // finds it near: the originals compared at a legible size (the stored one read back from S3) set it apart.
    const turned = (text: string) => text.replace(/\p{L}{5,}/u, (w) => w.slice(1) + w[0]);
    const changed = { ...screen, blocks: screen.blocks.map((b, k) => (k === 4 ? { ...b, text: turned(b.text) } : b)) };
    const res = await bob.upload([{ name: 'changed.png', data: await renderPhoneScreen(changed) }]);
    expect(res.status).toBe(200);
    const reply = (await res.json()) as UploadReply;
    expect(reply.duplicateOf).toBeUndefined();
    expect(await remaining(bob)).toBe(3);
    expect(await noteIds(bob)).toHaveLength(2);
  });
});
