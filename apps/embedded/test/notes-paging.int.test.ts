/**
 * GET /api/notes/{userId} with paging and search (issue 13), end to end over HTTP on the assembled product and real
 * PostgreSQL: the SPEC list unchanged without parameters, keyset pages with X-Next-Cursor while notes are added,
 * refused limits and cursors, ranked and forgiving search with snippets, and ownership.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEXT_CURSOR_HEADER,
  noteSchema,
  noteSearchResultSchema,
  type Note,
  type NoteSearchResult,
} from '@snapnotes/contracts';
import { signUp, startTestApp, type Client, type TestApp } from './harness.js';

let app: TestApp;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  app = await startTestApp();
  [alice, bob] = await Promise.all([signUp(app, 'Paging Alice'), signUp(app, 'Paging Bob')]);
});
afterAll(async () => {
  await app?.close();
});

interface NoteFields {
  title: string;
  keyPoints?: string[];
  detailedSummary?: string;
  originalText?: string;
  language?: string | null;
}

/** Writes a note the way an upload does: the upload reserved, then the notes stage's one statement. */
async function addNote(c: Client, f: NoteFields): Promise<number> {
  const { uploads, notes } = app.running.app.deps.repos;
  const id = randomUUID();
  const reserved = await uploads.reserve({
    id,
    userId: c.id,
    fileNames: ['page.png'],
    objectKeys: [`users/${c.id}/uploads/${id}/0.png`],
    imageCount: 1,
    correlationId: `paging-${id}`,
    monthlyAllowance: null,
    now: new Date(),
  });
  if (!reserved.ok) throw new Error('reservation refused');
  const { note } = await notes.createForUpload({
    uploadId: id,
    userId: c.id,
    title: f.title,
    keyPoints: f.keyPoints ?? [],
    detailedSummary: f.detailedSummary ?? '',
    originalText: f.originalText ?? '',
    kind: 'text',
    language: f.language === undefined ? 'eng' : f.language,
    imageCount: 1,
    engine: 'test',
  });
  return note.id;
}

async function get<T>(c: Client, path: string): Promise<{ status: number; body: T; next: string | null }> {
  const res = await c.get(path);
  return { status: res.status, body: (await res.json()) as T, next: res.headers.get(NEXT_CURSOR_HEADER) };
}

const marked = (r: NoteSearchResult) => r.match.highlights.map(([a, b]) => r.match.snippet.slice(a, b));

describe('GET /api/notes/{userId}: the list and its pages', () => {
  let initial: number[];
  beforeAll(async () => {
    initial = [];
    for (let i = 0; i < 23; i++) initial.push(await addNote(alice, { title: `Lecture ${i + 1}` }));
    await addNote(bob, { title: 'Bob’s only note' });
  });

  it('answers the SPEC list unchanged without query parameters: every note, newest first, no cursor', async () => {
    const { status, body, next } = await get<Note[]>(alice, `/api/notes/${alice.id}`);
    expect(status).toBe(200);
    expect(next).toBeNull();
    expect(body.map((n) => n.id)).toEqual([...initial].reverse());
    for (const n of body) expect(noteSchema.strict().parse(n)).toEqual(n);
  });

  it('walks every note once with limit=7 while notes are added between pages', async () => {
    const seen: number[] = [];
    const added: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const path: string = `/api/notes/${alice.id}?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { status: number; body: Note[]; next: string | null } = await get<Note[]>(alice, path);
      expect(page.status).toBe(200);
      expect(page.body.length).toBeLessThanOrEqual(7);
      for (const n of page.body) expect(noteSchema.strict().parse(n).userId).toBe(alice.id);
      seen.push(...page.body.map((n) => n.id));
      added.push(await addNote(alice, { title: `Added while paging ${pages}` }));
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(initial.length / 7));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual([...initial].sort((a, b) => a - b));
    expect(added.some((id) => seen.includes(id))).toBe(false); // newer than the first page: not in this walk
  });

  it('refuses a bad limit with a 400 that says what is allowed', async () => {
    for (const limit of ['0', '101', 'abc', '1.5', '-1', '', '1e1', '7&limit=8']) {
      const res = await alice.get(`/api/notes/${alice.id}?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(await res.json(), limit).toEqual({
        error: 'BAD_REQUEST',
        message: 'limit must be a whole number from 1 to 100.',
      });
    }
  });

  it("refuses an altered or made-up cursor with a 400, and another user's cursor shows only the caller's notes", async () => {
    const { next } = await get<Note[]>(alice, `/api/notes/${alice.id}?limit=3`);
    expect(next).toMatch(/^[A-Za-z0-9_-]+$/);
    const altered = next!.slice(0, 8) + (next![8] === 'Q' ? 'R' : 'Q') + next!.slice(9);
    for (const cursor of [altered, 'bm90LWEtY3Vyc29y', '%21%21%21', 'x'.repeat(300)]) {
      const res = await alice.get(`/api/notes/${alice.id}?limit=3&cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe('BAD_REQUEST');
      expect(body.message).toMatch(/cursor/i);
    }
    const bobs = await get<Note[]>(bob, `/api/notes/${bob.id}?limit=3&cursor=${next}`);
    expect(bobs.status).toBe(200);
    expect(bobs.body.every((n) => n.userId === bob.id)).toBe(true);
    // Nor does a cursor open someone else's list.
    expect((await bob.get(`/api/notes/${alice.id}?limit=3&cursor=${next}`)).status).toBe(403);
  });
});

describe('GET /api/notes/{userId}?q=: ranked, forgiving search', () => {
  const n: Record<string, number> = {};
  beforeAll(async () => {
    n.inText = await addNote(alice, {
      title: 'Botany week 2',
      originalText: 'We measured photosynthesis in pond weed under a lamp.',
    });
    n.inTitle = await addNote(alice, { title: 'Photosynthesis summary', keyPoints: ['Light becomes sugar'] });
    n.invoice = await addNote(alice, { title: 'Invoice 7781', detailedSummary: 'Electricity for March' });
    n.french = await addNote(alice, {
      title: 'Recette',
      originalText: 'Les crêpes sont mangées chaudes.',
      language: 'fra',
    });
    for (let i = 0; i < 55; i++) await addNote(alice, { title: `Glacier field trip ${i + 1}` });
    await addNote(bob, { title: 'Photosynthesis, Bob’s', originalText: 'invoice glacier' });
  });

  it('ranks a title match first, finds a typo and a partial word, and points at the match', async () => {
    const exact = await get<NoteSearchResult[]>(alice, `/api/notes/${alice.id}?q=photosynthesis`);
    expect(exact.status).toBe(200);
    expect(exact.body.map((r) => r.id)).toEqual([n.inTitle, n.inText]);
    for (const r of exact.body) expect(noteSearchResultSchema.strict().parse(r)).toEqual(r);
    expect(exact.body[0]!.match).toEqual({
      field: 'title',
      snippet: 'Photosynthesis summary',
      highlights: [[0, 14]],
    });
    expect(exact.body[1]!.match.field).toBe('originalText');
    expect(marked(exact.body[1]!)).toEqual(['photosynthesis']);
    expect(exact.next).toBeNull();

    const typo = await get<NoteSearchResult[]>(alice, `/api/notes/${alice.id}?q=photosynthsis`);
    expect(typo.body.map((r) => r.id)).toEqual([n.inTitle, n.inText]);
    expect(marked(typo.body[0]!)).toEqual(['Photosynthesis']);

    const partial = await get<NoteSearchResult[]>(alice, `/api/notes/${alice.id}?q=invo`);
    expect(partial.body.map((r) => [r.id, r.match])).toEqual([
      [n.invoice, { field: 'title', snippet: 'Invoice 7781', highlights: [[0, 4]] }],
    ]);

    const french = await get<NoteSearchResult[]>(alice, `/api/notes/${alice.id}?q=manger`);
    expect(french.body.map((r) => r.id)).toEqual([n.french]);
    expect(marked(french.body[0]!)).toEqual(['mangées']);

    const summary = await get<NoteSearchResult[]>(alice, `/api/notes/${alice.id}?q=${encodeURIComponent('MARCH')}`);
    expect(summary.body.map((r) => [r.id, r.match.field])).toEqual([[n.invoice, 'detailedSummary']]);
  });

  it('pages search results by 50 by default, with X-Next-Cursor until the last page', async () => {
    const first = await get<NoteSearchResult[]>(alice, `/api/notes/${alice.id}?q=glacier`);
    expect(first.body).toHaveLength(50);
    expect(first.next).toBeTruthy();
    const second = await get<NoteSearchResult[]>(alice, `/api/notes/${alice.id}?q=glacier&cursor=${first.next}`);
    expect(second.body).toHaveLength(5);
    expect(second.next).toBeNull();
    const ids = [...first.body, ...second.body].map((r) => r.id);
    expect(new Set(ids).size).toBe(55);

    const small = await get<NoteSearchResult[]>(alice, `/api/notes/${alice.id}?q=glacier&limit=20`);
    expect(small.body).toHaveLength(20);
    // A search cursor continues that search only; a list cursor is not a search cursor.
    expect((await alice.get(`/api/notes/${alice.id}?q=invoice&cursor=${small.next}`)).status).toBe(400);
    expect((await alice.get(`/api/notes/${alice.id}?limit=5&cursor=${small.next}`)).status).toBe(400);
  });

  it("shows only the caller's own notes", async () => {
    for (const q of ['photosynthesis', 'invoice', 'glacier', 'bob']) {
      const res = await get<NoteSearchResult[]>(bob, `/api/notes/${bob.id}?q=${q}`);
      expect(res.status).toBe(200);
      expect(
        res.body.every((r) => r.userId === bob.id),
        q,
      ).toBe(true);
    }
    expect((await bob.get(`/api/notes/${alice.id}?q=photosynthesis`)).status).toBe(403);
    const anonymous = await fetch(`${app.url}/api/notes/${alice.id}?q=photosynthesis`);
    expect(anonymous.status).toBe(401);
  });

  it('documents the parameters, the header and the match in the OpenAPI description', async () => {
    interface Operation {
      parameters: Array<{ name: string }>;
      responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
    }
    const doc = (await (await fetch(`${app.url}/docs/json`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const op = doc.paths['/api/notes/{userId}']!.get!;
    expect(op.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['userId', 'q', 'limit', 'cursor']));
    expect(op.responses['200']!.headers?.[NEXT_CURSOR_HEADER]).toBeTruthy();
    expect(JSON.stringify(op.responses['200']!.content)).toContain('highlights');
  });
});
