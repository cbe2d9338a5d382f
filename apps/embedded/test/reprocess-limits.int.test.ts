/**
 * "Read again" (DECISIONS "Read again") and its limits, end to end on real PostgreSQL, S3 (s3rver) and emulator
 * tokens: it uses no upload allowance but counts against the upload rate limit, only the owner can ask for it, a
 * note without stored images cannot be read again, it reads with the configured model, a failure leaves the note
 * as it was, and the image list reports each image's size as shown (an older upload's read once from its objects).
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_REREADS_PER_DAY, type Note, type NoteImage } from '@snapnotes/contracts';
import { renderScreenshot, renderWithExifRotation, SAMPLE_TEXT } from '@snapnotes/testing/images';
import { signUp } from './harness.js';
import {
  FRENCH_LINE,
  noteOf,
  query,
  RATE_LIMIT,
  refusalOf,
  reread,
  rereadsOf,
  startReadAgainApp,
  uploadNote,
  type ReadAgainApp,
} from './reprocess-helpers.js';

let ctx: ReadAgainApp;

beforeAll(async () => {
  ctx = await startReadAgainApp();
});
afterAll(async () => {
  await ctx?.close();
});

const remaining = async (c: Awaited<ReturnType<typeof signUp>>) =>
  ((await (await c.get(`/api/user/${c.id}/remaining-uploads`)).json()) as { remainingUploads: number })
    .remainingUploads;

describe('Read again: allowance and rate limit', () => {
  it('uses no upload allowance: a free user with none left can still read a note again', async () => {
    const erin = await signUp(ctx.app, 'Erin Limits');
    const note = await uploadNote(erin, [FRENCH_LINE]);
    expect(await remaining(erin)).toBe(0);

    const res = await reread(erin, note.id, { languages: ['fra'] });

    expect(res.status).toBe(200);
    expect(await remaining(erin)).toBe(0);
    const uploads = await query(ctx.app, 'select status from uploads where user_id = $1', [erin.id]);
    expect(uploads).toEqual([{ status: 'completed' }]);
    // The month's one upload is still the only one used: another upload is refused as before.
    const refused = await erin.upload([{ name: 'more.png', data: await renderScreenshot({ lines: ['More notes'] }) }]);
    expect(refused.status).toBe(402);
  });

  it("counts the note's images against the upload rate limit, with Retry-After, and changes nothing when refused", async () => {
    const frank = await signUp(ctx.app, 'Frank Limits');
    const note = await uploadNote(frank, [FRENCH_LINE], ['Deuxième page du cours']); // 2 of the 5 images
    expect((await reread(frank, note.id)).status).toBe(200); // 4 of 5
    const before = await noteOf(frank, note.id);

    const res = await reread(frank, note.id, { languages: ['fra'] }); // 2 more: over the limit

    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refusalOf(res)).toMatchObject({
      error: 'RATE_LIMITED',
      message: expect.stringMatching(
        new RegExp(`^Too many screenshots read: uploads and "Read again" together read at most ${RATE_LIMIT} `),
      ),
    });
    expect(await noteOf(frank, note.id)).toEqual(before);
    // A refused re-read leaves no trace, and does not hold the note.
    expect((await rereadsOf(ctx.app, note.id)).map((r) => r.status)).toEqual(['completed']);
    expect((await reread(frank, note.id)).status).toBe(429);
  });
});

describe('Read again: the free daily cap', () => {
  it(`lets a free user read notes again ${FREE_REREADS_PER_DAY} times in any 24 hours; subscribers have no cap`, async () => {
    const mia = await signUp(ctx.app, 'Mia Limits');
    const note = await uploadNote(mia, [FRENCH_LINE]);
    const row = (status: string, errorCode: string | null, hoursAgo: number) =>
      query(
        ctx.app,
        `insert into note_reprocessings (id, note_id, user_id, status, languages, error_code, created_at, finished_at)
         values ($1, $2, $3, $4, '{eng}', $5, now() - make_interval(hours => $6), now() - make_interval(hours => $6))`,
        [randomUUID(), note.id, mia.id, status, errorCode, hoursAgo],
      );
    // Counted: the re-reads of the last 24 hours that ran, whether the note changed or the new text was refused.
    for (let i = 0; i < FREE_REREADS_PER_DAY - 2; i++) await row('completed', null, 2);
    await row('failed', 'NOTHING_EXTRACTED', 1);
    // Not counted: one more than a day old, and failures that read nothing or were the service's.
    await row('completed', null, 25);
    for (const code of ['NO_IMAGES', 'STORAGE_ERROR', 'PIPELINE_ERROR', 'PROCESSING_TIMEOUT'])
      await row('failed', code, 1);

    expect((await reread(mia, note.id)).status).toBe(200); // the day's last one
    const before = await noteOf(mia, note.id);
    const rows = (await rereadsOf(ctx.app, note.id)).length;

    const res = await reread(mia, note.id);

    expect(await refusalOf(res)).toEqual({
      status: 429,
      error: 'REREADS_PER_DAY',
      message:
        `Free accounts can use "Read again" ${FREE_REREADS_PER_DAY} times a day. Try again in 22 hours, ` +
        'or subscribe for unlimited re-reads.',
    });
    // The oldest counted re-read (2 hours ago) leaves the 24-hour window in 22 hours.
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(21.9 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600);
    expect(await noteOf(mia, note.id)).toEqual(before);
    expect(await rereadsOf(ctx.app, note.id)).toHaveLength(rows); // refused: no trace

    // A subscriber has no daily cap (the upload rate limit still applies).
    await ctx.app.running.app.deps.repos.subscriptions.upsertFromStripe({
      userId: mia.id,
      stripeSubscriptionId: `sub_test${mia.id}`,
      status: 'active',
      plan: 'monthly',
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      cancelAtPeriodEnd: false,
    });
    expect((await reread(mia, note.id)).status).toBe(200);
  });
});

describe('Read again: who and what', () => {
  it("answers 404 for another user's note or none, 401 without a token, 400 for a language not offered", async () => {
    const [gina, hugo] = await Promise.all([signUp(ctx.app, 'Gina Limits'), signUp(ctx.app, 'Hugo Limits')]);
    const note = await uploadNote(gina, [FRENCH_LINE]);
    for (const id of [note.id, 999_999, 'abc', '1e3']) {
      expect(await refusalOf(await reread(hugo, id))).toEqual({
        status: 404,
        error: 'NOT_FOUND',
        message: 'Note not found.',
      });
    }
    expect((await fetch(`${ctx.app.url}/api/notes/${note.id}/reprocess`, { method: 'POST' })).status).toBe(401);
    expect(await refusalOf(await reread(gina, note.id, { languages: ['jpn'] }))).toMatchObject({
      status: 400,
      message: '"jpn" is not a language this server reads. Choose from: eng, fra, deu, spa, ita, por, nld.',
    });
    expect(await rereadsOf(ctx.app, note.id)).toEqual([]);
    expect(await noteOf(gina, note.id)).toEqual(note);
  });

  it('answers 409 NO_IMAGES for a note without stored images', async () => {
    const ivan = await signUp(ctx.app, 'Ivan Limits');
    const note = await uploadNote(ivan, [FRENCH_LINE]);
    await query(ctx.app, 'update notes set upload_id = null where id = $1', [note.id]); // as notes made before
    expect(await refusalOf(await reread(ivan, note.id))).toMatchObject({ status: 409, error: 'NO_IMAGES' });
  });

  it('reads with the configured model when the upload fell back to the local summariser', async () => {
    const jane = await signUp(ctx.app, 'Jane Limits');
    ctx.openai.setBehaviour({ chatQueue: ['server-error', 'server-error'] });
    const note = await uploadNote(jane, [...SAMPLE_TEXT.lectureNotes.slice(0, 4)]);
    const engine = async () => (await ctx.app.running.app.deps.repos.notes.findByIdForUser(note.id, jane.id))?.engine;
    expect(await engine()).toBe('local');

    const res = await reread(jane, note.id);

    expect(res.status).toBe(200);
    const again = (await res.json()) as Note;
    expect(await engine()).toBe('openai:gpt-4o-mini');
    expect(again.originalText).toBe(note.originalText); // the same images, the same languages
    expect([again.keyPoints, again.detailedSummary]).not.toEqual([note.keyPoints, note.detailedSummary]);
  });
});

describe('Read again: failures and image sizes', () => {
  it('fails cleanly when an image can no longer be read, and the note stays as it was', async () => {
    const kim = await signUp(ctx.app, 'Kim Limits');
    const note = await uploadNote(kim, [FRENCH_LINE]);
    const [key] = (await ctx.app.listObjects(`users/${kim.id}/`)).filter((k) => k.endsWith('.png'));
    await ctx.app.running.app.deps.store.deleteMany([key!]);

    // OCR cannot fetch it: the stages fail after their retries.
    expect(await refusalOf(await reread(kim, note.id))).toEqual({
      status: 503,
      error: 'REPROCESS_FAILED',
      message: 'The note could not be read again right now. It is unchanged; please try again in a moment.',
    });
    expect(await noteOf(kim, note.id)).toEqual(note);
    // Without its meta (an older upload) the gateway finds the object gone before anything runs.
    await query(ctx.app, 'update uploads set image_meta = null where note_id = $1', [note.id]);
    expect(await refusalOf(await reread(kim, note.id))).toMatchObject({ status: 409, error: 'NO_IMAGES' });
    expect(await noteOf(kim, note.id)).toEqual(note);
    expect((await rereadsOf(ctx.app, note.id)).map((r) => [r.status, r.error_code])).toEqual([
      ['failed', 'PIPELINE_ERROR'],
      ['failed', 'NO_IMAGES'],
    ]);
  });

  it("lists each image's size as shown, from the meta kept with the note or read once for an older upload", async () => {
    const lea = await signUp(ctx.app, 'Lea Limits');
    const png = await renderScreenshot({ lines: ['The water cycle'], width: 1000, height: 600 });
    const jpeg = await renderWithExifRotation(['Evaporation and clouds']); // stored 800×1280, orientation 6
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 800, height: 1280, orientation: 6 });
    const res = await lea.upload([
      { name: 'cycle.png', data: png },
      { name: 'photo.jpg', data: jpeg, type: 'image/jpeg' },
    ]);
    expect(res.status).toBe(200);
    const note = (await res.json()) as Note;
    const sizes = async () =>
      ((await (await lea.get(`/api/notes/${note.id}/images`)).json()) as NoteImage[]).map((i) => [i.width, i.height]);
    const metaOf = async () =>
      (await query<{ image_meta: unknown }>(ctx.app, 'select image_meta from uploads where note_id = $1', [note.id]))[0]
        ?.image_meta;
    expect(await sizes()).toEqual([
      [1000, 600],
      [1280, 800],
    ]);
    const kept = await metaOf();
    expect(kept).toEqual([
      { contentType: 'image/png', bytes: png.length, width: 1000, height: 600 },
      { contentType: 'image/jpeg', bytes: jpeg.length, width: 800, height: 1280, orientation: 6 },
    ]);

    await query(ctx.app, 'update uploads set image_meta = null where note_id = $1', [note.id]);
    expect(await sizes()).toEqual([
      [1000, 600],
      [1280, 800],
    ]);
    expect(await metaOf()).toEqual(kept);
    // An older upload's note can be read again too.
    await query(ctx.app, 'update uploads set image_meta = null where note_id = $1', [note.id]);
    expect((await reread(lea, note.id)).status).toBe(200);
    expect(await metaOf()).toEqual(kept);
  });
});
