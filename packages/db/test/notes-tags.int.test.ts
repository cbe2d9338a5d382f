/**
 * Tags and filters on real PostgreSQL (issue 25, item 4; migration 0009): a note keeps its summariser's kind and
 * tags; the user's edit of them (normalised, owner only) survives a "Read again" while the summariser's are
 * replaced; the list and the search filter by tag, kind, language and dates, combined, page by page, and never show
 * another user's notes; the filter options count the user's own notes only.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InvalidCursorError,
  InvalidInputError,
  type NoteReprocessingsRepo,
  type NoteRow,
  type NotesRepo,
  type UserRow,
} from '../src/index.js';
import type { NoteFilters } from '../src/repos/notes-tags.js';
import { noteByUpload, notesDatabase, type NotesDb } from './helpers.js';

let h: NotesDb;
let notes: NotesRepo;
let reprocessings: NoteReprocessingsRepo;
let alice: UserRow;
let bob: UserRow;

beforeAll(async () => {
  h = await notesDatabase(4);
  ({ notes, reprocessings, alice, bob } = h);
});
afterAll(async () => {
  await h?.dispose();
});

interface Made {
  title: string;
  text: string;
  contentKind: NoteRow['contentKind'];
  language: string | null;
  tags: string[];
  createdAt?: string;
}

/** A note of `user` written as the notes stage writes one (an upload of one image, then createForUpload). */
async function noteOf(user: UserRow, made: Made): Promise<NoteRow> {
  const note = await noteByUpload(h, user, 1, {
    title: made.title,
    keyPoints: [made.title],
    detailedSummary: made.text,
    originalText: made.text,
    kind: 'text',
    language: made.language,
    engine: 'local',
    contentKind: made.contentKind,
    tags: made.tags,
  });
  if (made.createdAt) {
    await sql`update notes set created_at = ${made.createdAt}::timestamptz where id = ${note.id}`.execute(h.db);
  }
  return note;
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('a note’s kind and tags', () => {
  it('are written with the note and returned by every read', async () => {
    const note = await noteOf(alice, {
      title: 'Tesco receipt',
      text: 'TESCO Milk 1.20 Bread 0.90 TOTAL 2.10',
      contentKind: 'receipt',
      language: 'eng',
      tags: ['receipt', 'english', 'tesco'],
    });
    expect(note).toMatchObject({ contentKind: 'receipt', tags: ['receipt', 'english', 'tesco'], tagsEditedAt: null });
    expect((await notes.findByIdForUser(note.id, alice.id))?.tags).toEqual(['receipt', 'english', 'tesco']);
    const hit = (await notes.search(alice.id, 'tesco', { limit: 5 })).hits.find((x) => x.note.id === note.id);
    expect(hit?.note).toMatchObject({ contentKind: 'receipt', tags: ['receipt', 'english', 'tesco'] });
  });

  it('refuses tags the summariser did not normalise, and an unknown kind', async () => {
    const bad = (over: Partial<Made>) =>
      noteOf(alice, { title: 'x', text: 'x', contentKind: 'article', language: null, tags: [], ...over });
    await expect(bad({ tags: ['Tesco'] })).rejects.toThrow(InvalidInputError);
    await expect(bad({ tags: ['a', 'a'] })).rejects.toThrow(/without duplicates/);
    await expect(bad({ contentKind: 'poem' as never })).rejects.toThrow(/contentKind/);
  });

  it('are set by the owner only, normalised, and a re-read keeps them (but replaces the summariser’s)', async () => {
    const mine = await noteOf(alice, {
      title: 'Trip plans',
      text: 'Kyoto temples and Osaka food',
      contentKind: 'chat',
      language: 'eng',
      tags: ['chat', 'english', 'kyoto'],
    });
    const untouched = await noteOf(alice, {
      title: 'Trip plans 2',
      text: 'Kyoto again',
      contentKind: 'chat',
      language: 'eng',
      tags: ['chat', 'english'],
    });
    expect(await notes.setTags(mine.id, bob.id, ['stolen'])).toBeUndefined();
    expect(await notes.setTags(2_147_483_648, alice.id, ['x'])).toBeUndefined();
    await expect(notes.setTags(mine.id, alice.id, ['a,b'])).rejects.toThrow(/comma/);
    await expect(
      notes.setTags(
        mine.id,
        alice.id,
        Array.from({ length: 13 }, (_, i) => `t${i}`),
      ),
    ).rejects.toThrow(/at most 12/);
    const set = await notes.setTags(mine.id, alice.id, ['  #Japan_Trip ', 'japan trip', 'Food']);
    expect(set).toMatchObject({ tags: ['japan trip', 'food'] });
    expect(set?.tagsEditedAt).toBeInstanceOf(Date);

    for (const note of [mine, untouched]) {
      const id = randomUUID();
      expect((await reprocessings.start({ id, noteId: note.id, userId: alice.id, languages: ['eng'] })).ok).toBe(true);
      await notes.rereadNote({
        reprocessingId: id,
        noteId: note.id,
        userId: alice.id,
        title: 'Trip',
        keyPoints: ['Kyoto'],
        detailedSummary: 'Kyoto and Nara',
        originalText: 'Kyoto and Nara temples',
        kind: 'text',
        language: 'eng',
        engine: 'local',
        contentKind: 'article',
        tags: ['article', 'english', 'nara'],
      });
    }
    expect(await notes.findByIdForUser(mine.id, alice.id)).toMatchObject({
      contentKind: 'article',
      tags: ['japan trip', 'food'],
    });
    expect(await notes.findByIdForUser(untouched.id, alice.id)).toMatchObject({
      contentKind: 'article',
      tags: ['article', 'english', 'nara'],
    });
  });
});

describe('filters', () => {
  let a: NoteRow[];
  let bobs: NoteRow;
  beforeAll(async () => {
    // 12 notes of Alice over twelve days of March 2026 (note i on day i+1), tags, kinds and languages mixed.
    a = [];
    for (let i = 0; i < 12; i++) {
      a.push(
        await noteOf(alice, {
          title: `Budget day ${i}`,
          text: i % 2 === 0 ? `Spreadsheet of the budget, quarter ${i}` : `Budget chat with the team ${i}`,
          contentKind: i % 2 === 0 ? 'table' : 'chat',
          language: i % 3 === 0 ? 'fra' : 'eng',
          tags: [i % 2 === 0 ? 'table' : 'chat', ...(i % 4 === 0 ? ['finance'] : []), ...(i < 6 ? ['q1'] : [])],
          createdAt: `2026-03-${String(i + 1).padStart(2, '0')}T12:00:00Z`,
        }),
      );
    }
    bobs = await noteOf(bob, {
      title: 'Budget day bob',
      text: 'Spreadsheet of the budget',
      contentKind: 'table',
      language: 'fra',
      tags: ['table', 'finance', 'q1'],
      createdAt: '2026-03-02T12:00:00Z',
    });
  });

  /** Every page of the list with `filters`, `limit` a page. */
  async function listAll(filters: NoteFilters, limit = 2): Promise<number[]> {
    const out: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await notes.listPage(alice.id, { limit, cursor, filters });
      out.push(...ids(page.notes));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return out;
  }
  async function searchAll(q: string, filters: NoteFilters, limit = 2): Promise<number[]> {
    const out: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await notes.search(alice.id, q, { limit, cursor, filters });
      out.push(...page.hits.map((x) => x.note.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return out;
  }
  const newestFirst = (list: NoteRow[]) => ids(list).reverse();

  it('narrow the list, all of them at once, page by page, never to another user’s notes', async () => {
    expect(await listAll({ tags: ['finance'] })).toEqual(newestFirst(a.filter((_, i) => i % 4 === 0)));
    expect(await listAll({ tags: ['finance', 'q1'] })).toEqual(newestFirst([a[0]!, a[4]!]));
    expect(await listAll({ kind: 'chat' })).toEqual(newestFirst(a.filter((_, i) => i % 2 === 1)));
    expect(await listAll({ language: 'fra' })).toEqual(newestFirst(a.filter((_, i) => i % 3 === 0)));
    // Days 3 to 6 (notes 2…5), to inclusive of its day as the route gives it (exclusive next midnight).
    const range = { from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-07T00:00:00Z') };
    expect(await listAll(range)).toEqual(newestFirst(a.slice(2, 6)));
    expect(await listAll({ ...range, kind: 'table', tags: ['q1'], language: 'eng' })).toEqual(
      newestFirst([a[2]!, a[4]!]),
    );
    expect(await listAll({ tags: ['nothing-has-this'] })).toEqual([]);
    expect(await listAll({ tags: ['finance'] }, 100)).not.toContain(bobs.id);
  });

  it('narrow the search, combined with its ranking and paging; the cursor belongs to its filters', async () => {
    const spreadsheets = await searchAll('spreadsheet', { language: 'fra' });
    expect(new Set(spreadsheets)).toEqual(new Set(ids(a.filter((_, i) => i % 2 === 0 && i % 3 === 0))));
    expect(spreadsheets).not.toContain(bobs.id);
    const chats = await searchAll('budget', { kind: 'chat', tags: ['q1'] }, 1);
    expect(new Set(chats)).toEqual(new Set(ids([a[1]!, a[3]!, a[5]!])));
    // Literal tier (a partial word) filtered too.
    expect(new Set(await searchAll('spreadsh', { tags: ['finance'] }))).toEqual(
      new Set(ids(a.filter((_, i) => i % 4 === 0))),
    );
    const first = await notes.search(alice.id, 'budget', { limit: 1, filters: { kind: 'chat' } });
    expect(first.nextCursor).not.toBeNull();
    await expect(
      notes.search(alice.id, 'budget', { limit: 1, cursor: first.nextCursor!, filters: { kind: 'table' } }),
    ).rejects.toThrow(InvalidCursorError);
  });

  it('refuses filters that break the data rules', async () => {
    await expect(notes.listPage(alice.id, { limit: 5, filters: { kind: 'poem' as never } })).rejects.toThrow(
      InvalidInputError,
    );
    await expect(notes.listPage(alice.id, { limit: 5, filters: { language: "eng' or 1=1" } })).rejects.toThrow(
      InvalidInputError,
    );
    await expect(
      notes.listPage(alice.id, { limit: 5, filters: { tags: ['a', 'b', 'c', 'd', 'e', 'f'] } }),
    ).rejects.toThrow(/at most 5/);
  });

  it('offer the user’s own tags, kinds and languages, most used first', async () => {
    const options = await notes.filterOptions(alice.id);
    const count = (tag: string) => options.tags.find((t) => t.tag === tag)?.notes;
    const all = await notes.listByUser(alice.id);
    expect(count('finance')).toBe(all.filter((n) => n.tags.includes('finance')).length);
    expect(options.tags.map((t) => t.notes)).toEqual([...options.tags.map((t) => t.notes)].sort((x, y) => y - x));
    expect(options.kinds.find((k) => k.kind === 'table')?.notes).toBe(
      all.filter((n) => n.contentKind === 'table').length,
    );
    expect(options.languages.find((l) => l.language === 'fra')?.notes).toBe(
      all.filter((n) => n.language === 'fra').length,
    );
    const bobsOptions = await notes.filterOptions(bob.id);
    expect(bobsOptions.tags.map((t) => t.tag).sort()).toEqual(['finance', 'q1', 'table']);
  });
});
