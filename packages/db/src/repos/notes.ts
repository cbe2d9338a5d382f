import { sql, type Kysely } from 'kysely';
import type { Database, NoteKind, NoteRow } from '../schema.js';
import { NOTE_KINDS } from '../schema.js';
import { assertId, assertUuid, InvalidInputError, UploadNotActiveError, UploadNotFoundError } from '../errors.js';
import {
  checkNoteTags,
  countWords,
  isNoteContentKind,
  NOTE_CONTENT_KINDS,
  NOTES_SEARCH_MAX_LENGTH,
  type ImageMeta,
  type NoteFilterOptions,
} from '@snapnotes/contracts';
import { decodeListCursor, encodeListCursor } from './notes-cursor.js';
import { rereadNote, type NoteContent, type RereadNoteResult } from './notes-reread.js';
import { noteImagesOf, type NoteImages } from './note-images.js';

export type { NoteImageObject, NoteImages } from './note-images.js';
import { searchNotesWithTimeout, type NoteSearchPage } from './notes-search.js';
import { NOTE_COLUMNS, noteColumnsSql } from './note-columns.js';
import { checkFilters, filtersSql, noteFilterOptions, setNoteTags, type NoteFilters } from './notes-tags.js';

export { escapeLike } from './notes-search.js';

export interface CreateNoteForUploadInput extends NoteContent {
  uploadId: string;
  imageCount: number;
  /** Per image in upload order, stored in uploads.image_meta with the note (what "Read again" rebuilds its job from). */
  imageMeta?: ImageMeta[];
}

/** A re-read's new content for its note (NotesRepo.rereadNote); the title replaces the note's only if never renamed. */
export interface RereadNoteContent extends NoteContent {
  reprocessingId: string;
  noteId: number;
}

export interface CreateNoteResult {
  note: NoteRow;
  /** false when the note for this upload already existed (a retried job). */
  created: boolean;
}

export interface NoteStatistics {
  totalNotes: number;
  totalWords: number;
}

export interface NotesPage {
  notes: NoteRow[];
  /** Cursor of the next page; null on the last. */
  nextCursor: string | null;
}

export const MAX_TITLE_LENGTH = 200;
const INT4_MAX = 2_147_483_647;

/** A positive safe integer beyond the int4 column range names no note: lookups answer "not found". */
function beyondInt4(id: number): boolean {
  return Number.isSafeInteger(id) && id > INT4_MAX;
}
export const MAX_SEARCH_LENGTH = NOTES_SEARCH_MAX_LENGTH;

/** The content checks shared by a new note and a re-read (the title is checked by checkTitle). */
function checkContent(input: {
  keyPoints: unknown;
  kind: unknown;
  contentKind?: unknown;
  tags?: unknown[] | undefined;
}): void {
  if (!Array.isArray(input.keyPoints) || !input.keyPoints.every((k) => typeof k === 'string')) {
    throw new InvalidInputError('keyPoints must be an array of strings');
  }
  if (!NOTE_KINDS.includes(input.kind as NoteKind)) {
    throw new InvalidInputError(`kind must be one of ${NOTE_KINDS.join(', ')} (got ${JSON.stringify(input.kind)})`);
  }
  if (input.contentKind != null && !isNoteContentKind(input.contentKind)) {
    throw new InvalidInputError(`contentKind must be one of ${NOTE_CONTENT_KINDS.join(', ')} or null`);
  }
  if (input.tags !== undefined) {
    const checked = Array.isArray(input.tags) ? checkNoteTags(input.tags) : null;
    if (!checked?.ok) throw new InvalidInputError(`tags: ${checked?.message ?? 'must be an array of strings'}`);
    if (checked.tags.length !== input.tags.length || checked.tags.some((t, i) => t !== input.tags?.[i])) {
      throw new InvalidInputError('tags must be normalised and without duplicates (contracts normaliseTag)');
    }
  }
}

function checkTitle(title: string): string {
  const trimmed = typeof title === 'string' ? title.trim() : '';
  if (trimmed.length === 0) throw new InvalidInputError('Title cannot be empty');
  if (trimmed.length > MAX_TITLE_LENGTH) {
    throw new InvalidInputError(`Title must be at most ${MAX_TITLE_LENGTH} characters`);
  }
  return trimmed;
}

export class NotesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Writes the note of an upload and marks the upload 'completed', atomically. Idempotent: the upload row is
   * locked FOR UPDATE, so a retried or duplicated job waits, then finds the upload completed and gets the existing
   * note back (created: false). A failed or rejected upload gets no note (UploadNotActiveError).
   *
   * The usual case (an upload still processing) is ONE statement: lock the upload, insert the note, complete the
   * upload. FOR UPDATE returns the upload's latest committed version after any wait, so a concurrent markFailed
   * either goes first (status no longer 'processing': nothing is inserted) or waits and then finds it completed.
   * Everything else (not found, another user's, already completed, not active) takes the transaction below.
   */
  async createForUpload(input: CreateNoteForUploadInput): Promise<CreateNoteResult> {
    assertUuid(input.uploadId);
    assertId(input.userId, 'User id');
    const title = checkTitle(input.title);
    checkContent(input);
    if (!Number.isInteger(input.imageCount) || input.imageCount < 0) {
      throw new InvalidInputError(`imageCount must be a non-negative integer (got ${input.imageCount})`);
    }

    const values = {
      title,
      keyPoints: JSON.stringify(input.keyPoints),
      detailedSummary: input.detailedSummary,
      originalText: input.originalText,
      kind: input.kind,
      language: input.language,
      wordCount: countWords(input.originalText),
      imageCount: input.imageCount,
      engine: input.engine,
      contentKind: input.contentKind ?? null,
      tags: input.tags ?? [],
    };
    const imageMeta = input.imageMeta ? JSON.stringify(input.imageMeta) : null;
    const { rows } = await sql<NoteRow>`
      with upload as (
        select id, user_id, status from uploads where id = ${input.uploadId}::uuid for update
      ), inserted as (
        insert into notes (user_id, upload_id, title, key_points, detailed_summary, original_text, kind, language,
                           word_count, image_count, engine, content_kind, tags)
        select ${input.userId}::integer, upload.id, ${values.title}, ${values.keyPoints}::jsonb,
               ${values.detailedSummary}, ${values.originalText}, ${values.kind}, ${values.language},
               ${values.wordCount}::integer, ${values.imageCount}::integer, ${values.engine},
               ${values.contentKind}, ${values.tags}::text[]
          from upload
         where upload.status = 'processing' and upload.user_id = ${input.userId}::integer
        on conflict (upload_id) do nothing
        returning ${noteColumnsSql()}
      ), completed as (
        update uploads set status = 'completed', note_id = inserted.id, finished_at = now(),
                           image_meta = coalesce(${imageMeta}::jsonb, uploads.image_meta)
          from inserted
         where uploads.id = inserted.upload_id
        returning uploads.id
      )
      select * from inserted`.execute(this.db);
    const note = rows[0];
    if (note) return { note, created: true };

    return this.db.transaction().execute(async (trx) => {
      const upload = await trx
        .selectFrom('uploads')
        .select(['id', 'userId', 'status', 'noteId'])
        .where('id', '=', input.uploadId)
        .forUpdate()
        .executeTakeFirst();
      if (!upload) throw new UploadNotFoundError(input.uploadId);
      if (upload.userId !== input.userId) {
        throw new InvalidInputError(`Upload ${input.uploadId} does not belong to user ${input.userId}`);
      }
      const existing = () =>
        trx.selectFrom('notes').select(NOTE_COLUMNS).where('uploadId', '=', input.uploadId).executeTakeFirst();

      if (upload.status === 'completed') {
        const note = await existing();
        if (!note) throw new UploadNotActiveError(input.uploadId, 'completed', 'its note has been deleted');
        return { note, created: false };
      }
      if (upload.status !== 'processing') throw new UploadNotActiveError(input.uploadId, upload.status);

      const inserted = await trx
        .insertInto('notes')
        .values({ userId: input.userId, uploadId: input.uploadId, ...values })
        .onConflict((oc) => oc.column('uploadId').doNothing())
        .returning(NOTE_COLUMNS)
        .executeTakeFirst();
      const note = inserted ?? (await existing());
      if (!note) throw new Error(`Note for upload ${input.uploadId} was neither inserted nor found`);
      await trx
        .updateTable('uploads')
        .set({ status: 'completed', noteId: note.id, finishedAt: new Date(), ...(imageMeta ? { imageMeta } : {}) })
        .where('id', '=', input.uploadId)
        .execute();
      return { note, created: inserted !== undefined };
    });
  }

  /** The user's notes, newest first. */
  async listByUser(userId: number, opts: { limit?: number; offset?: number } = {}): Promise<NoteRow[]> {
    assertId(userId, 'User id');
    let q = this.db
      .selectFrom('notes')
      .select(NOTE_COLUMNS)
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc');
    if (opts.limit !== undefined) q = q.limit(opts.limit);
    if (opts.offset !== undefined) q = q.offset(opts.offset);
    return q.execute();
  }

  /**
   * One page of the user's notes, newest first: keyset paging on (created_at desc, id desc), so notes added or
   * deleted between two pages never make another note be skipped or sent twice. `cursor` is the previous page's
   * nextCursor (InvalidCursorError when it is not one); it holds created_at with its microseconds, as PostgreSQL
   * prints it, since a JS Date would round it to the millisecond. `filters` (tags, kind, language, dates: issue 25)
   * narrow the list; a cursor stays valid under other filters (it is a position in the order, nothing else).
   */
  async listPage(
    userId: number,
    opts: { limit: number; cursor?: string | undefined; filters?: NoteFilters | undefined },
  ): Promise<NotesPage> {
    assertId(userId, 'User id');
    const filters = checkFilters(opts.filters);
    if (!Number.isInteger(opts.limit) || opts.limit < 1) {
      throw new InvalidInputError(`limit must be a positive integer (got ${opts.limit})`);
    }
    const after = opts.cursor === undefined ? undefined : decodeListCursor(opts.cursor);
    // A row comparison in the index's order (migration 0008: user_id, created_at desc, id desc): the scan starts at
    // the cursor, also within a group of notes sharing one created_at; the ORDER BY is the index's, so no Sort.
    const position = after
      ? sql`and (created_at, id) < ((${after.createdAt}::timestamp at time zone 'UTC'), ${after.id}::integer)`
      : sql``;
    const { rows } = await sql<NoteRow & { cursorAt: string }>`
      select ${noteColumnsSql()},
             to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor_at
        from notes
       where user_id = ${userId} ${position} ${filtersSql(filters)}
       order by created_at desc, id desc
       limit ${opts.limit + 1}`.execute(this.db);
    const page = rows.slice(0, opts.limit);
    const last = page.at(-1);
    return {
      notes: page.map(({ cursorAt: _c, ...note }) => note),
      nextCursor: rows.length > opts.limit && last ? encodeListCursor({ createdAt: last.cursorAt, id: last.id }) : null,
    };
  }

  /** The note if it exists AND belongs to the user; undefined otherwise (another user's note is invisible). */
  async findByIdForUser(id: number, userId: number): Promise<NoteRow | undefined> {
    if (beyondInt4(id)) return undefined;
    assertId(id, 'Note id');
    assertId(userId, 'User id');
    return this.db
      .selectFrom('notes')
      .select(NOTE_COLUMNS)
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Renames the user's note (trimmed, 1–200 characters); undefined when no such note of this user. The title is the
   * user's from now on: a re-read keeps it (title_edited_at).
   */
  async updateTitle(id: number, userId: number, title: string): Promise<NoteRow | undefined> {
    const trimmed = checkTitle(title);
    if (beyondInt4(id)) return undefined;
    assertId(id, 'Note id');
    assertId(userId, 'User id');
    const now = new Date();
    return this.db
      .updateTable('notes')
      .set({ title: trimmed, titleEditedAt: now, updatedAt: now })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .returning(NOTE_COLUMNS)
      .executeTakeFirst();
  }

  /**
   * Sets the user's note's tags (normalised, duplicates dropped, at most 12: InvalidInputError beyond); undefined
   * when the user has no such note. The tags are the user's from now on: a re-read keeps them.
   */
  async setTags(id: number, userId: number, tags: readonly unknown[]): Promise<NoteRow | undefined> {
    if (!Array.isArray(tags)) throw new InvalidInputError('tags must be an array');
    if (beyondInt4(id)) return undefined;
    assertId(id, 'Note id');
    assertId(userId, 'User id');
    return setNoteTags(this.db, id, userId, tags);
  }

  /** What the library's filters offer the user: their tags (most used first), kinds and languages, with counts. */
  async filterOptions(userId: number): Promise<NoteFilterOptions> {
    assertId(userId, 'User id');
    return noteFilterOptions(this.db, userId);
  }

  /**
   * Writes a re-read's new content into its note and completes the re-read, atomically and idempotently (a retried
   * job gets the note back with updated false). A re-read that is no longer 'processing' (given up, failed by the
   * sweeper, its note deleted) writes nothing: ReprocessingNotActiveError, which the queue does not retry.
   */
  async rereadNote(input: RereadNoteContent): Promise<RereadNoteResult> {
    assertUuid(input.reprocessingId, 'Re-read id');
    assertId(input.noteId, 'Note id');
    assertId(input.userId, 'User id');
    const title = checkTitle(input.title);
    checkContent(input);
    return rereadNote(this.db, { ...input, title, wordCount: countWords(input.originalText) });
  }

  /**
   * Deletes the user's note. Returns the object keys of its upload (so the caller can delete the images),
   * an empty list when it had no upload, or undefined when the user has no such note. The upload row stays:
   * it still counts against the month's allowance.
   */
  async deleteForUser(id: number, userId: number): Promise<string[] | undefined> {
    if (beyondInt4(id)) return undefined;
    assertId(id, 'Note id');
    assertId(userId, 'User id');
    const row = await this.db
      .with('deleted', (db) =>
        db.deleteFrom('notes').where('id', '=', id).where('userId', '=', userId).returning('uploadId'),
      )
      .selectFrom('deleted')
      .leftJoin('uploads', 'uploads.id', 'deleted.uploadId')
      .select(['deleted.uploadId', 'uploads.objectKeys'])
      .executeTakeFirst();
    if (!row) return undefined;
    return row.objectKeys ?? [];
  }

  /**
   * The stored images of the user's note, in upload order: each one's object key, the file name the user gave it and
   * its meta. Undefined when the user has no such note (another user's note is invisible); no images when the note
   * has no upload.
   */
  async imagesForUser(id: number, userId: number): Promise<NoteImages | undefined> {
    if (beyondInt4(id)) return undefined;
    assertId(id, 'Note id');
    assertId(userId, 'User id');
    const row = await this.db
      .selectFrom('notes')
      .leftJoin('uploads', 'uploads.id', 'notes.uploadId')
      .select(['notes.id', 'uploads.id as uploadId', 'uploads.objectKeys', 'uploads.fileNames', 'uploads.imageMeta'])
      .where('notes.id', '=', id)
      .where('notes.userId', '=', userId)
      .executeTakeFirst();
    return row ? noteImagesOf(row) : undefined;
  }

  /** Totals computed from the user's note rows. */
  async statistics(userId: number): Promise<NoteStatistics> {
    assertId(userId, 'User id');
    const row = await this.db
      .selectFrom('notes')
      .select((eb) => [
        eb.fn.countAll<string>().as('totalNotes'),
        sql<string>`coalesce(sum(word_count), 0)`.as('totalWords'),
      ])
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    return { totalNotes: Number(row.totalNotes), totalWords: Number(row.totalWords) };
  }

  /**
   * Ranked search over the user's notes (notes-search.ts): words (stemmed in each note's language) first, then the
   * text as typed anywhere in a field (SPEC §5), then close spellings; each hit with where it matched. One page of
   * `limit` hits; `cursor` is the previous page's nextCursor for the same query (InvalidCursorError otherwise).
   * Each statement may run `statementTimeoutMs` (default SEARCH_STATEMENT_TIMEOUT_MS): SearchTimeoutError beyond.
   */
  async search(
    userId: number,
    q: string,
    opts: {
      limit: number;
      cursor?: string | undefined;
      statementTimeoutMs?: number;
      filters?: NoteFilters | undefined;
    },
  ): Promise<NoteSearchPage> {
    assertId(userId, 'User id');
    const text = checkSearchText(q);
    checkFilters(opts.filters);
    if (!Number.isInteger(opts.limit) || opts.limit < 1) {
      throw new InvalidInputError(`limit must be a positive integer (got ${opts.limit})`);
    }
    return searchNotesWithTimeout(this.db, userId, text, opts);
  }

  /** Every note the search finds (all its pages, best first; or the first `limit`). */
  async searchForUser(userId: number, q: string, opts: { limit?: number } = {}): Promise<NoteRow[]> {
    const found: NoteRow[] = [];
    let cursor: string | undefined;
    do {
      const want = Math.min(100, (opts.limit ?? Infinity) - found.length);
      if (want <= 0) break;
      const page = await this.search(userId, q, { limit: want, cursor });
      found.push(...page.hits.map((h) => h.note));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return found;
  }
}

function checkSearchText(q: string): string {
  const text = typeof q === 'string' ? q.trim() : '';
  if (text.length === 0) throw new InvalidInputError('Search text cannot be empty');
  if (text.length > MAX_SEARCH_LENGTH) {
    throw new InvalidInputError(`Search text must be at most ${MAX_SEARCH_LENGTH} characters`);
  }
  return text;
}
