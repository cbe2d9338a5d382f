/**
 * "Read again" (POST /api/notes/{id}/reprocess; DECISIONS "Read again") end to end on real PostgreSQL, S3 (s3rver),
 * emulator tokens and each queue driver (in-process, and BullMQ on real Redis): the note read again from its stored
 * images in other languages keeps its id and gets the new text, language and (unless renamed) title, which search
 * then finds; one re-read per note at a time; a re-read that reads nothing leaves the note as it was.
 * reprocess-limits.int.test.ts covers the allowance, the rate limit, ownership, image sizes and the model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reprocessNoteResponseSchema, type Note, type NoteSearchResult } from '@snapnotes/contracts';
import { renderNoTextImage } from '@snapnotes/testing/images';
import { phoneScreen, scrollCapture } from '@snapnotes/testing/phone-screens';
import { signUp } from './harness.js';
import {
  FRENCH_LINE,
  noteOf,
  refusalOf,
  reread,
  rereadsOf,
  startReadAgainApp,
  uploadNote,
  type ReadAgainApp,
} from './reprocess-helpers.js';

for (const driver of ['in-process', 'bullmq'] as const) {
  describe(`Read again (${driver})`, () => {
    let ctx: ReadAgainApp;
    beforeAll(async () => {
      ctx = await startReadAgainApp({ redis: driver === 'bullmq' });
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('reads the note again in the languages asked for: same note, new text, language and title', async () => {
      const alice = await signUp(ctx.app, 'Alice Reread');
      const note = await uploadNote(alice, [FRENCH_LINE]);
      // Read with the defaults (English), the accents are lost.
      expect(note).toMatchObject({ kind: 'text', language: 'eng' });
      expect(note.originalText).not.toContain('déjà');

      const res = await reread(alice, note.id, { languages: ['fra'] });

      expect(res.status).toBe(200);
      const { changed, ...again } = reprocessNoteResponseSchema.strict().parse(await res.json());
      // The accents are read this time: new text, and so a new summary and title.
      expect(changed).toEqual({ text: true, summary: true, title: true });
      expect(again).toMatchObject({
        id: note.id,
        userId: alice.id,
        kind: 'text',
        language: 'fra',
        imageCount: 1,
        createdAt: note.createdAt,
      });
      expect(again.originalText).toContain('Élève déjà prêt');
      // The title was the summariser's (the model's first line of the text): the new one replaces it.
      expect(again.title).not.toBe(note.title);
      expect(again.title).toContain('déjà');
      expect(Date.parse(again.updatedAt)).toBeGreaterThan(Date.parse(note.updatedAt));
      expect(await noteOf(alice, note.id)).toEqual(again);
      expect(await rereadsOf(ctx.app, note.id)).toEqual([
        { status: 'completed', languages: ['fra'], error_code: null },
      ]);

      // Search reads the new text: its words, highlighted where they are.
      const found = await alice.get(`/api/notes/${alice.id}?q=${encodeURIComponent('prêt déjà')}`);
      const hits = (await found.json()) as NoteSearchResult[];
      expect(hits.map((h) => h.id)).toEqual([note.id]);
      expect(hits[0]!.match.snippet).toContain('déjà');
      const stats = await (await alice.get(`/api/statistics/${alice.id}`)).json();
      expect(stats).toEqual({ totalNotes: 1, totalWords: again.wordCount });

      // Without a body: the user's own languages (none chosen: the server's defaults) read it as at upload.
      const back = await reread(alice, note.id);
      expect(back.status).toBe(200);
      expect(((await back.json()) as Note).language).toBe('eng');
    });

    it('says nothing changed when the images read exactly as before', async () => {
      const erin = await signUp(ctx.app, 'Erin Reread');
      const note = await uploadNote(erin, ['Glaciers carve deep valleys over thousands of years']);

      const res = await reread(erin, note.id);

      expect(res.status).toBe(200);
      const { changed, ...again } = reprocessNoteResponseSchema.strict().parse(await res.json());
      expect(changed).toEqual({ text: false, summary: false, title: false });
      expect({ ...again, updatedAt: note.updatedAt }).toEqual(note);

      // Renamed meanwhile, then read in French: the text changes, the user's title stays (not a change).
      await erin.send('PATCH', `/api/notes/${note.id}/title`, { title: 'Ice' });
      const french = reprocessNoteResponseSchema.parse(
        await (await reread(erin, note.id, { languages: ['fra'] })).json(),
      );
      expect(french.title).toBe('Ice');
      expect(french.changed.title).toBe(false);
    });

    it('keeps a title the user renamed', async () => {
      const bob = await signUp(ctx.app, 'Bob Reread');
      const note = await uploadNote(bob, [FRENCH_LINE]);
      const renamed = await bob.send('PATCH', `/api/notes/${note.id}/title`, { title: 'My French homework' });
      expect(renamed.status).toBe(200);

      const res = await reread(bob, note.id, { languages: ['fra'] });

      expect(res.status).toBe(200);
      const again = (await res.json()) as Note;
      expect(again.title).toBe('My French homework');
      expect(again.originalText).toContain('déjà');
    });

    it('answers 409 to a second re-read of the same note while the first one runs', async () => {
      const carol = await signUp(ctx.app, 'Carol Reread');
      const note = await uploadNote(carol, [FRENCH_LINE]);

      const replies = await Promise.all([
        reread(carol, note.id, { languages: ['fra'] }),
        reread(carol, note.id, { languages: ['fra'] }),
      ]);

      expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await refusalOf(replies.find((r) => r.status === 409)!)).toEqual({
        status: 409,
        error: 'REPROCESS_IN_PROGRESS',
        message: 'This note is being read again already. Wait for it to finish, then try again.',
      });
      expect((await rereadsOf(ctx.app, note.id)).map((r) => r.status)).toEqual(['completed']);
    });

    it('leaves the note exactly as it was when no text can be read this time', async () => {
      const dave = await signUp(ctx.app, 'Dave Reread');
      const note = await uploadNote(dave, ['Glaciers carve deep valleys over thousands of years']);
      // The stored image now holds a photo without text (what OCR would make of a page it cannot read).
      const [key] = (await ctx.app.listObjects(`users/${dave.id}/`)).filter((k) => k.endsWith('.png'));
      await ctx.app.running.app.deps.store.put(key!, await renderNoTextImage({ format: 'png' }), 'image/png');

      const res = await reread(dave, note.id);

      expect(await refusalOf(res)).toEqual({
        status: 422,
        error: 'NOTHING_EXTRACTED',
        message: 'No text could be read from the images this time. The note is unchanged.',
      });
      expect(await noteOf(dave, note.id)).toEqual(note);
      expect(await rereadsOf(ctx.app, note.id)).toEqual([
        { status: 'failed', languages: ['eng'], error_code: 'NOTHING_EXTRACTED' },
      ]);
    });

    it.runIf(driver === 'in-process')(
      'reads scrolling captures again as they were joined: one text, every line once',
      async () => {
        const bob = await signUp(ctx.app, 'Bob Scrolls');
        const chat = phoneScreen(31, { kind: 'chat', header: 1 });
        const captures = await Promise.all([scrollCapture(chat, 0, '9:41'), scrollCapture(chat, 700, '9:42')]);
        const res = await bob.upload(captures.map((data, i) => ({ name: `scroll-${i + 1}.png`, data })));
        expect(res.status, await res.clone().text()).toBe(200);
        const note = (await res.json()) as Note;
        const again = await reread(bob, note.id);
        expect(again.status).toBe(200);
        const { originalText } = reprocessNoteResponseSchema.parse(await again.json());
        // The re-read measures the stored captures' pixels again: the same join, so the same text.
        expect(originalText).toBe(note.originalText);
        const lines = originalText.split('\n').filter((l) => l.trim().length >= 12);
        expect(lines.length).toBeGreaterThan(5);
        expect(new Set(lines).size).toBe(lines.length);
      },
    );
  });
}
