/**
 * Paging and search of NotesRepo on real PostgreSQL (migration 0005): keyset pages that neither skip nor repeat a
 * note while notes are added, ranked search (words in the note's language, the text as typed, close spellings),
 * snippets, the vocabulary the typo correction reads, and ownership throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { InvalidCursorError, NotesRepo, UsersRepo, type NoteSearchHit, type UserRow } from '../src/index.js';
import { makeUser, migratedDatabase, type MigratedDb } from './helpers.js';

let h: MigratedDb;
let users: UsersRepo;
let notes: NotesRepo;

beforeAll(async () => {
  h = await migratedDatabase();
  users = new UsersRepo(h.db);
  notes = new NotesRepo(h.db);
});
afterAll(async () => {
  await h?.dispose();
});

interface NoteFields {
  title?: string;
  keyPoints?: string[];
  detailedSummary?: string;
  originalText?: string;
  language?: string | null;
  /** created_at as PostgreSQL reads it (microseconds allowed); default now(). */
  createdAt?: string;
}

/** Inserts a note the way the notes stage does (one row; the triggers and generated column included). */
async function addNote(user: UserRow, f: NoteFields = {}): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into notes (user_id, title, key_points, detailed_summary, original_text, kind, language, word_count,
                       image_count, engine, created_at)
    values (${user.id}, ${f.title ?? 'Untitled'}, ${JSON.stringify(f.keyPoints ?? [])}::jsonb,
            ${f.detailedSummary ?? ''}, ${f.originalText ?? ''}, 'text', ${f.language === undefined ? 'eng' : f.language},
            0, 1, 'test', coalesce(${f.createdAt ?? null}::timestamptz, now()))
    returning id`.execute(h.db);
  return rows[0]!.id;
}

const ids = (hits: NoteSearchHit[]) => hits.map((x) => x.note.id);
const search = async (user: UserRow, q: string, limit = 50) => (await notes.search(user.id, q, { limit })).hits;
/** The highlighted text of a hit. */
const marked = (hit: NoteSearchHit) => hit.match.highlights.map(([a, b]) => hit.match.snippet.slice(a, b));

describe('NotesRepo.listPage', () => {
  it('walks every note once while notes are added between pages (microsecond-close times, equal times)', async () => {
    const owner = await makeUser(users);
    const other = await makeUser(users);
    const initial: number[] = [];
    // Same millisecond, different microseconds: a cursor rounded to the millisecond would lose some of them.
    for (let i = 1; i <= 12; i++)
      initial.push(await addNote(owner, { createdAt: `2025-01-01T10:00:00.000${100 + i}Z` }));
    // Exactly equal times: ordered by id.
    for (let i = 0; i < 6; i++) initial.push(await addNote(owner, { createdAt: '2025-01-02T08:30:00.123456Z' }));
    for (let i = 0; i < 15; i++) initial.push(await addNote(owner, { createdAt: `2024-12-${10 + i}T00:00:00Z` }));
    for (let i = 0; i < 5; i++) await addNote(other);

    const seen: number[] = [];
    const added: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await notes.listPage(owner.id, { limit: 7, cursor });
      expect(page.notes.length).toBeLessThanOrEqual(7);
      expect(page.notes.every((n) => n.userId === owner.id)).toBe(true);
      seen.push(...page.notes.map((n) => n.id));
      cursor = page.nextCursor ?? undefined;
      // New notes arrive while the client pages: newest, and one dated inside the part already read.
      added.push(await addNote(owner), await addNote(owner, { createdAt: '2025-01-01T10:00:00.000106Z' }));
      pages++;
    } while (cursor);

    expect(new Set(seen).size).toBe(seen.length); // nothing twice
    expect(seen.filter((id) => initial.includes(id)).sort((a, b) => a - b)).toEqual([...initial].sort((a, b) => a - b));
    expect(seen.every((id) => initial.includes(id) || added.includes(id))).toBe(true);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(initial.length / 7));

    // The pages are the unpaged list's order.
    const all = (await notes.listByUser(owner.id)).map((n) => n.id);
    const walk: number[] = [];
    cursor = undefined;
    do {
      const page = await notes.listPage(owner.id, { limit: 7, cursor });
      walk.push(...page.notes.map((n) => n.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(walk).toEqual(all);
  });

  it('has no next cursor on the last page, and none for an empty list', async () => {
    const owner = await makeUser(users);
    expect(await notes.listPage(owner.id, { limit: 5 })).toEqual({ notes: [], nextCursor: null });
    for (let i = 0; i < 5; i++) await addNote(owner);
    const page = await notes.listPage(owner.id, { limit: 5 });
    expect(page.notes).toHaveLength(5);
    expect(page.nextCursor).toBeNull();
  });

  it("refuses an altered cursor, and another user's cursor only ever shows the caller's notes", async () => {
    const alice = await makeUser(users);
    const bob = await makeUser(users);
    for (let i = 0; i < 6; i++) await addNote(alice, { createdAt: `2025-02-0${i + 1}T00:00:00Z` });
    for (let i = 0; i < 6; i++) await addNote(bob, { createdAt: `2025-02-0${i + 1}T12:00:00Z` });
    const { nextCursor } = await notes.listPage(alice.id, { limit: 2 });
    expect(nextCursor).toBeTruthy();

    const altered = nextCursor!.slice(0, 5) + (nextCursor![5] === 'x' ? 'y' : 'x') + nextCursor!.slice(6);
    await expect(notes.listPage(alice.id, { limit: 2, cursor: altered })).rejects.toThrow(InvalidCursorError);
    await expect(notes.listPage(alice.id, { limit: 2, cursor: 'garbage' })).rejects.toThrow(InvalidCursorError);
    const searchCursor = (await notes.search(alice.id, 'untitled', { limit: 1 })).nextCursor!;
    await expect(notes.listPage(alice.id, { limit: 2, cursor: searchCursor })).rejects.toThrow(InvalidCursorError);

    const bobsPage = await notes.listPage(bob.id, { limit: 10, cursor: nextCursor! });
    expect(bobsPage.notes.length).toBeGreaterThan(0);
    expect(bobsPage.notes.every((n) => n.userId === bob.id)).toBe(true);
  });
});

describe('NotesRepo.search', () => {
  let owner: UserRow;
  let stranger: UserRow;
  const n: Record<string, number> = {};
  beforeAll(async () => {
    owner = await makeUser(users);
    stranger = await makeUser(users);
    n.inTitle = await addNote(owner, {
      title: 'Photosynthesis in plants',
      originalText: 'Leaves turn light into sugar.',
    });
    n.inText = await addNote(owner, {
      title: 'Biology chapter 4',
      originalText: 'The chapter explains photosynthesis and respiration in detail.',
    });
    n.typo = await addNote(owner, {
      title: 'Scanned page',
      originalText: 'OCR read this as photosynthsis, with a letter missing.',
    });
    n.invoice = await addNote(owner, {
      title: 'Invoice 2024-117 from ACME',
      keyPoints: ['Payment due in 30 days'],
      originalText: 'Total due: 1,250 EUR',
    });
    n.french = await addNote(owner, {
      title: 'Le goûter',
      originalText: 'Les pommes ont été mangées par les enfants après l’école.',
      language: 'fra',
    });
    n.fields = await addNote(owner, {
      title: 'Mitochondria notes',
      keyPoints: ['The RIBOSOME builds proteins'],
      detailedSummary: 'About the Golgi apparatus',
      originalText: 'nucleus and chromatin',
    });
    await addNote(stranger, { title: 'Photosynthesis of a stranger', originalText: 'invoice photosynthsis mangées' });
  });

  it('ranks a title match above a match only in the original text, and exact words above a typo', async () => {
    expect(ids(await search(owner, 'photosynthesis'))).toEqual([n.inTitle, n.inText, n.typo]);
    // The typo as a query: the note holding it exactly first, then the close spelling.
    expect(ids(await search(owner, 'photosynthsis'))).toEqual([n.typo, n.inTitle, n.inText]);
  });

  it('finds a typo, a partial word, and an inflected French form', async () => {
    expect(ids(await search(owner, 'fotosynthesis'))).toEqual(expect.arrayContaining([n.inTitle, n.inText]));
    expect(ids(await search(owner, 'invo'))).toEqual([n.invoice]);
    expect(ids(await search(owner, 'INVOI'))).toEqual([n.invoice]);
    // manger (to eat), mange (eats) and mangées (eaten) share the French stem "mang"; in English "manger" is "manger".
    expect(ids(await search(owner, 'manger'))).toEqual([n.french]);
    expect(ids(await search(owner, 'mange'))).toEqual([n.french]);
    expect(ids(await search(owner, 'enfant'))).toEqual([n.french]);
  });

  it('points snippets and highlights at the matched text', async () => {
    const [title] = await search(owner, 'photosynthesis');
    expect(title!.match).toEqual({
      field: 'title',
      snippet: 'Photosynthesis in plants',
      highlights: [[0, 14]],
    });
    const text = (await search(owner, 'photosynthesis'))[1]!;
    expect(text.match.field).toBe('originalText');
    expect(marked(text)).toEqual(['photosynthesis']);

    const [typo] = await search(owner, 'fotosynthesis');
    expect(marked(typo!).map((w) => w.toLowerCase())).toContain('photosynthesis');

    const [french] = await search(owner, 'manger');
    expect(french!.match.field).toBe('originalText');
    expect(marked(french!)).toEqual(['mangées']);

    const [partial] = await search(owner, 'invo');
    expect(partial!.match).toEqual({ field: 'title', snippet: 'Invoice 2024-117 from ACME', highlights: [[0, 4]] });
    // The words are matched (not "in", an English stop word), not the text as typed.
    const [keyPoint] = await search(owner, 'due in 30');
    expect(keyPoint!.match).toEqual({
      field: 'keyPoints',
      snippet: 'Payment due in 30 days',
      highlights: [
        [8, 11],
        [15, 17],
      ],
    });
  });

  it('still finds a substring in each of the four fields (SPEC §5)', async () => {
    const cases: Array<[string, string]> = [
      ['itochond', 'title'],
      ['ibosom', 'keyPoints'],
      ['olgi app', 'detailedSummary'],
      ['hromati', 'originalText'],
    ];
    for (const [q, field] of cases) {
      const hits = await search(owner, q);
      expect(ids(hits), q).toEqual([n.fields]);
      expect(hits[0]!.match.field, q).toBe(field);
      expect(marked(hits[0]!)[0]!.toLowerCase(), q).toBe(q.toLowerCase());
    }
  });

  it("never shows another user's notes", async () => {
    for (const q of ['photosynthesis', 'photosynthsis', 'invoice', 'invo', 'mangées', 'stranger', 'a']) {
      const hits = await search(owner, q);
      expect(
        hits.every((x) => x.note.userId === owner.id),
        q,
      ).toBe(true);
    }
    expect(await search(owner, 'stranger')).toEqual([]);
    expect(ids(await search(stranger, 'photosynthesis'))).toHaveLength(1);
  });

  it('pages through ranked results without repeats, and refuses a cursor of another search', async () => {
    const all = ids(await search(owner, 'e', 100));
    expect(all.length).toBeGreaterThan(3);
    const walked: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await notes.search(owner.id, 'e', { limit: 2, cursor });
      walked.push(...ids(page.hits));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(walked).toEqual(all);

    const first = await notes.search(owner.id, 'photosynthesis', { limit: 1 });
    expect(first.nextCursor).toBeTruthy();
    await expect(notes.search(owner.id, 'invoice', { limit: 1, cursor: first.nextCursor! })).rejects.toThrow(
      InvalidCursorError,
    );
    const second = await notes.search(owner.id, 'photosynthesis', { limit: 5, cursor: first.nextCursor! });
    expect(ids(second.hits)).toEqual([n.inText, n.typo]);
    expect(second.nextCursor).toBeNull();
  });
});

describe('the vocabulary the typo correction reads', () => {
  const words = async (user: UserRow) =>
    (
      await sql<{ word: string; notes: number }>`
        select word, notes from note_search_words where user_id = ${user.id} order by word`.execute(h.db)
    ).rows;

  it('counts the notes holding each word, and forgets a word with its last note', async () => {
    const u = await makeUser(users);
    const a = await addNote(u, { title: 'Zebra stripes', originalText: 'zebra savanna' });
    const b = await addNote(u, { title: 'Zebra crossing', originalText: 'street' });
    expect(await words(u)).toEqual([
      { word: 'crossing', notes: 1 },
      { word: 'savanna', notes: 1 },
      { word: 'street', notes: 1 },
      { word: 'stripes', notes: 1 },
      { word: 'zebra', notes: 2 },
    ]);
    await notes.updateTitle(b, u.id, 'Pelican crossing');
    expect((await words(u)).map((w) => `${w.word}:${w.notes}`)).toEqual([
      'crossing:1',
      'pelican:1',
      'savanna:1',
      'street:1',
      'stripes:1',
      'zebra:1',
    ]);
    await notes.deleteForUser(a, u.id);
    expect((await words(u)).map((w) => w.word)).toEqual(['crossing', 'pelican', 'street']);
  });

  it('goes with the account', async () => {
    const u = await makeUser(users);
    await addNote(u, { title: 'Walrus tusks' });
    expect((await words(u)).length).toBeGreaterThan(0);
    await sql`delete from users where id = ${u.id}`.execute(h.db);
    expect(await words(u)).toEqual([]);
  });
});
