/**
 * "Read again" in the database (migration 0007, NoteReprocessingsRepo, NotesRepo.rereadNote) on real PostgreSQL: one
 * re-read per note at a time, only the owner's notes with images, the note updated in place with its search data,
 * the renamed title kept, a given-up re-read writing nothing, the sweeper's stale re-reads, and the migration itself.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@snapnotes/testing/services';
import {
  createDatabase,
  migrations,
  type NoteReprocessingsRepo,
  type NotesRepo,
  ReprocessingNotActiveError,
  type UploadsRepo,
  UsersRepo,
  type RereadNoteContent,
  type UserRow,
} from '../src/index.js';
import { makeUser, noteByUpload, notesDatabase, silentLogger, type NotesDb } from './helpers.js';

let h: NotesDb;
let uploads: UploadsRepo;
let notes: NotesRepo;
let reprocessings: NoteReprocessingsRepo;
let alice: UserRow;
let bob: UserRow;

beforeAll(async () => {
  h = await notesDatabase();
  ({ uploads, notes, reprocessings, alice, bob } = h);
});
afterAll(async () => {
  await h?.dispose();
});

/** A note of `user` made by an upload of `images` stored images (0: a note without images). */
function noteOf(user: UserRow, images = 2, title = 'Glaciers') {
  return noteByUpload(h, user, images, {
    title,
    keyPoints: ['Ice moves slowly'],
    detailedSummary: 'About moraines and crevasses.',
    originalText: 'Glaciers carve valleys',
    kind: 'text',
    language: 'eng',
    engine: 'local',
  });
}

const start = (noteId: number, user = alice, id = randomUUID()) =>
  reprocessings.start({ id, noteId, userId: user.id, languages: ['fra'] });

function content(id: string, noteId: number, over: Partial<RereadNoteContent> = {}): RereadNoteContent {
  return {
    reprocessingId: id,
    noteId,
    userId: alice.id,
    title: 'Les glaciers',
    keyPoints: ['La glace avance lentement'],
    detailedSummary: 'Des moraines et des crevasses.',
    originalText: 'Les glaciers creusent des vallées profondes',
    kind: 'text',
    language: 'fra',
    engine: 'openai:gpt-4o-mini',
    ...over,
  };
}

const searchIds = async (q: string) => (await notes.search(alice.id, q, { limit: 50 })).hits.map((x) => x.note.id);

describe('NoteReprocessingsRepo.start', () => {
  it("starts a re-read of the owner's note with its images, and refuses a second one while it runs", async () => {
    const note = await noteOf(alice);
    const id = randomUUID();
    const started = await start(note.id, alice, id);
    expect(started).toEqual({
      ok: true,
      source: {
        uploadId: note.uploadId,
        kind: 'text',
        images: [0, 1].map((index) => ({
          index,
          key: `users/${alice.id}/uploads/${note.uploadId}/${index}.png`,
          fileName: `page-${index}.png`,
          meta: null, // written by the notes stage; this note's stage gave none
        })),
      },
    });
    expect(await reprocessings.findById(id)).toMatchObject({ status: 'processing', languages: ['fra'] });
    expect(await start(note.id)).toEqual({ ok: false, reason: 'in-progress' });

    // Over: the note can be read again; a refused one (discarded) leaves no row.
    await reprocessings.fail(id, 'PROCESSING_TIMEOUT');
    const next = randomUUID();
    expect((await start(note.id, alice, next)).ok).toBe(true);
    await reprocessings.discard(next);
    expect(await reprocessings.findById(next)).toBeUndefined();
    expect((await start(note.id)).ok).toBe(true);
  });

  it('lets exactly one of simultaneous starts through', async () => {
    const note = await noteOf(alice);
    const results = await Promise.all(Array.from({ length: 6 }, () => start(note.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'in-progress')).toHaveLength(5);
  });

  it('caps the re-reads of a user in 24 hours exactly, even when they start at once on different notes', async () => {
    const carol = await makeUser(new UsersRepo(h.db));
    const capped = (noteId: number) =>
      reprocessings.start({ id: randomUUID(), noteId, userId: carol.id, languages: ['eng'], perDay: 3 });
    const first = await noteOf(carol);
    expect((await capped(first.id)).ok).toBe(true); // 1 of 3, still running
    const others = await Promise.all(Array.from({ length: 6 }, () => noteOf(carol)));
    const results = await Promise.all(others.map((n) => capped(n.id)));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r).toMatchObject({ ok: false, reason: 'daily-limit' });
      // The first re-read leaves the 24-hour window in (almost) a day.
      expect((r as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(86_400 - 60);
    }
    // Without a cap (a subscriber), nothing is counted.
    expect((await start(others[5]!.id, carol)).ok).toBe(true);
  });

  it("answers not-found for another user's note or none, and no-images for a note without stored images", async () => {
    const note = await noteOf(alice);
    expect(await start(note.id, bob)).toEqual({ ok: false, reason: 'not-found' });
    expect(await start(2_000_000_000)).toEqual({ ok: false, reason: 'not-found' });
    expect(await start(3_000_000_000)).toEqual({ ok: false, reason: 'not-found' });
    expect(await start((await noteOf(alice, 0)).id)).toEqual({ ok: false, reason: 'no-images' });
    const none = await h.db.selectFrom('noteReprocessings').select('id').where('userId', '=', bob.id).execute();
    expect(none).toEqual([]);
  });
});

describe('NotesRepo.rereadNote', () => {
  it('replaces the content in place, with its search data, and the title the user never changed', async () => {
    const note = await noteOf(alice, 1, 'Glaciers');
    expect(await searchIds('valleys')).toContain(note.id);
    const vocabulary = async () => {
      const { rows } = await sql<{ word: string; notes: number }>`
        select word, notes from note_search_words
         where user_id = ${alice.id} and word in ('carve', 'creusent')`.execute(h.db);
      return Object.fromEntries(rows.map((r) => [r.word, r.notes]));
    };
    const carveBefore = (await vocabulary()).carve!;
    const id = randomUUID();
    await start(note.id, alice, id);

    const { note: updated, updated: wrote } = await notes.rereadNote(content(id, note.id));

    expect(wrote).toBe(true);
    expect(updated).toMatchObject({
      id: note.id,
      uploadId: note.uploadId,
      title: 'Les glaciers',
      keyPoints: ['La glace avance lentement'],
      originalText: 'Les glaciers creusent des vallées profondes',
      language: 'fra',
      wordCount: 6,
      engine: 'openai:gpt-4o-mini',
      createdAt: note.createdAt,
      titleEditedAt: null,
    });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(note.updatedAt.getTime());
    expect(await reprocessings.findById(id)).toMatchObject({ status: 'completed', finishedAt: expect.any(Date) });
    // The new words are found (French stemming: "vallée" for "vallées"), the old ones are gone, typos included.
    expect(await searchIds('vallée')).toContain(note.id);
    expect(await searchIds('creusnt')).toContain(note.id);
    expect(await searchIds('valleys')).not.toContain(note.id);
    // The vocabulary typos are corrected against (note_search_words) counts the note under its new words only.
    expect(await vocabulary()).toEqual({ carve: carveBefore - 1, creusent: 1 });

    // A retried job gets the same note back and changes nothing more.
    const again = await notes.rereadNote(content(id, note.id, { title: 'Another', originalText: 'Other words' }));
    expect(again).toEqual({ note: updated, updated: false });
  });

  it('keeps a title the user renamed, even one renamed while the re-read ran', async () => {
    const note = await noteOf(alice, 1, 'Summariser title');
    const renamed = await notes.updateTitle(note.id, alice.id, '  My glacier notes ');
    expect(renamed?.titleEditedAt).toBeInstanceOf(Date);
    const id = randomUUID();
    await start(note.id, alice, id);
    const { note: updated } = await notes.rereadNote(content(id, note.id));
    expect(updated.title).toBe('My glacier notes');
    expect(updated.originalText).toBe('Les glaciers creusent des vallées profondes');
  });

  it('writes nothing for a re-read that was given up, failed by the sweeper or whose note is gone', async () => {
    const note = await noteOf(alice, 1);
    const id = randomUUID();
    await start(note.id, alice, id);
    await reprocessings.fail(id, 'PROCESSING_TIMEOUT');
    await expect(notes.rereadNote(content(id, note.id))).rejects.toBeInstanceOf(ReprocessingNotActiveError);
    expect(await notes.findByIdForUser(note.id, alice.id)).toEqual(note);
    await expect(notes.rereadNote(content(randomUUID(), note.id))).rejects.toMatchObject({
      status: 'gone',
      retryable: false,
    });

    const stale = randomUUID();
    await start(note.id, alice, stale);
    await sql`update note_reprocessings set created_at = now() - interval '1 hour' where id = ${stale}`.execute(h.db);
    expect(await reprocessings.failStale(new Date(Date.now() - 60_000), 'REPROCESSING_ABANDONED', 10)).toBe(1);
    expect(await reprocessings.findById(stale)).toMatchObject({
      status: 'failed',
      errorCode: 'REPROCESSING_ABANDONED',
    });
    expect(await reprocessings.failStale(new Date(Date.now() - 60_000), 'REPROCESSING_ABANDONED', 10)).toBe(0);
    await expect(notes.rereadNote(content(stale, note.id))).rejects.toBeInstanceOf(ReprocessingNotActiveError);
  });
});

describe('uploads.image_meta', () => {
  it('is filled in once for an older upload, and read back per image', async () => {
    const note = await noteOf(alice, 2);
    const meta = [
      { contentType: 'image/png' as const, bytes: 10, width: 30, height: 20 },
      { contentType: 'image/jpeg' as const, bytes: 11, width: 40, height: 50, orientation: 6 },
    ];
    expect(await uploads.fillImageMeta(note.uploadId!, meta.slice(0, 1))).toBe(false); // not every image
    expect(await uploads.fillImageMeta(note.uploadId!, meta)).toBe(true);
    expect(await uploads.fillImageMeta(note.uploadId!, [...meta].reverse())).toBe(false); // already there
    expect((await notes.imagesForUser(note.id, alice.id))?.images.map((i) => i.meta)).toEqual(meta);
  });
});

describe('0007_note_reprocessing', () => {
  it("marks notes renamed before it as the user's titles, and rolls back and forward", async () => {
    const testDb = await createTestDatabase();
    const db = createDatabase({ url: testDb.url, poolMax: 2, logger: silentLogger });
    try {
      const ordered = Object.entries(migrations).sort(([a], [b]) => a.localeCompare(b));
      for (const [name, m] of ordered) if (name < '0007') await m.up(db.db);
      await sql`insert into users (firebase_uid) values ('uid-0007')`.execute(db.db);
      await sql`
        insert into notes (user_id, title, key_points, detailed_summary, original_text, kind, language, word_count,
                           image_count, engine, created_at, updated_at)
        select id, t.title, '[]', 's', 'o', 'text', 'eng', 1, 1, 'local', now() - interval '1 day', t.updated
          from users, (values ('renamed', now()), ('untouched', now() - interval '1 day')) as t(title, updated)
         where firebase_uid = 'uid-0007'`.execute(db.db);
      const m0007 = migrations['0007_note_reprocessing']!;
      await m0007.up(db.db);
      const edited = async () =>
        (
          await sql<{ title: string; edited: boolean }>`
            select title, title_edited_at is not null as edited from notes order by title`.execute(db.db)
        ).rows;
      expect(await edited()).toEqual([
        { title: 'renamed', edited: true },
        { title: 'untouched', edited: false },
      ]);
      await m0007.down!(db.db);
      await m0007.up(db.db);
      expect((await edited()).map((r) => r.edited)).toEqual([true, false]);
    } finally {
      await db.close();
      await testDb.drop();
    }
  });
});
