/**
 * "Read again" (DECISIONS "Read again"; migration 0007): one note_reprocessings row per re-read of a note. Its id is
 * the job's uploadId; its status is what the notes stage checks before it updates the note (NotesRepo.rereadNote),
 * as an upload's status is for a new note. At most one 'processing' re-read per note (a partial unique index).
 */
import { sql, type Kysely } from 'kysely';
import type { ImageMeta } from '@snapnotes/contracts';
import type { Database, NoteKind, NoteReprocessingRow } from '../schema.js';
import { assertId, assertUuid, InvalidInputError, pgCode } from '../errors.js';
import { noteImagesOf, type NoteImageObject } from './note-images.js';
import { staleProcessingIds } from './stale.js';

export interface StartReprocessingInput {
  /** A new uuid: the re-read's id and its job's uploadId. */
  id: string;
  noteId: number;
  userId: number;
  /** The languages the job reads first (recorded for the logs of the re-read). */
  languages: string[];
}

/** The note's upload, as a re-read needs it to rebuild its job. */
export interface ReprocessingSource {
  uploadId: string;
  /** At least one; each image's meta is null for uploads made before migration 0007 (the gateway reads it). */
  images: NoteImageObject[];
  kind: NoteKind;
}

export type StartReprocessingResult =
  { ok: true; source: ReprocessingSource } | { ok: false; reason: 'not-found' | 'no-images' | 'in-progress' };

const INT4_MAX = 2_147_483_647;

interface StartRow {
  kind: NoteKind;
  uploadId: string | null;
  objectKeys: string[] | null;
  fileNames: string[] | null;
  imageMeta: ImageMeta[] | null;
  /** 1 when this call inserted the re-read. */
  started: number;
}

export class NoteReprocessingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Starts a re-read of the user's note, in one statement: the note must be the user's ('not-found' otherwise:
   * another user's note is invisible), have stored images ('no-images') and no re-read in progress ('in-progress':
   * the partial unique index decides, so two gateways starting one at the same time cannot both succeed).
   */
  async start(input: StartReprocessingInput): Promise<StartReprocessingResult> {
    assertUuid(input.id, 'Re-read id');
    assertId(input.userId, 'User id');
    if (Number.isSafeInteger(input.noteId) && input.noteId > INT4_MAX) return { ok: false, reason: 'not-found' };
    assertId(input.noteId, 'Note id');
    if (!Array.isArray(input.languages) || input.languages.length === 0) {
      throw new InvalidInputError('languages must name at least one language');
    }
    let rows: StartRow[];
    try {
      ({ rows } = await sql<StartRow>`
        with note as (
          select n.id, n.user_id, n.kind, u.id as upload_id, u.object_keys, u.file_names, u.image_meta
            from notes n left join uploads u on u.id = n.upload_id
           where n.id = ${input.noteId}::integer and n.user_id = ${input.userId}::integer
        ), inserted as (
          insert into note_reprocessings (id, note_id, user_id, status, languages)
          select ${input.id}::uuid, note.id, note.user_id, 'processing', ${input.languages}::text[]
            from note
           where cardinality(coalesce(note.object_keys, '{}')) > 0
          on conflict (note_id) where status = 'processing' do nothing
          returning id
        )
        select note.kind, note.upload_id, note.object_keys, note.file_names, note.image_meta,
               (select count(*) from inserted)::integer as started
          from note`.execute(this.db));
    } catch (err) {
      if (pgCode(err) === '23503') return { ok: false, reason: 'not-found' }; // the note was deleted meanwhile
      throw err;
    }
    const row = rows[0];
    if (!row) return { ok: false, reason: 'not-found' };
    if (!row.uploadId || !row.objectKeys?.length) return { ok: false, reason: 'no-images' };
    if (row.started !== 1) return { ok: false, reason: 'in-progress' };
    return { ok: true, source: { uploadId: row.uploadId, images: noteImagesOf(row).images, kind: row.kind } };
  }

  /** Forgets a re-read refused before it did anything (rate limit, admission): no trace, the note is free again. */
  async discard(id: string): Promise<void> {
    assertUuid(id, 'Re-read id');
    await this.db.deleteFrom('noteReprocessings').where('id', '=', id).where('status', '=', 'processing').execute();
  }

  /**
   * Records a failed re-read (the note stays as it was). Only a 'processing' re-read changes; returns it, or
   * undefined when it was not processing (the notes stage completed it meanwhile, or it is gone).
   */
  async fail(id: string, code: string): Promise<NoteReprocessingRow | undefined> {
    assertUuid(id, 'Re-read id');
    return this.db
      .updateTable('noteReprocessings')
      .set({ status: 'failed', errorCode: code.slice(0, 100), finishedAt: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .returningAll()
      .executeTakeFirst();
  }

  async findById(id: string): Promise<NoteReprocessingRow | undefined> {
    assertUuid(id, 'Re-read id');
    return this.db.selectFrom('noteReprocessings').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Fails up to `limit` re-reads 'processing' since before `createdBefore` (their gateway died), oldest first, so
   * the note can be read again; returns how many. Nothing else changes: the note and its images are untouched. Rows
   * the notes stage holds are skipped, as the sweeper does for uploads.
   */
  async failStale(createdBefore: Date, code: string, limit: number): Promise<number> {
    const failed = await this.db
      .updateTable('noteReprocessings')
      .set({ status: 'failed', errorCode: code, finishedAt: new Date() })
      .where('id', 'in', staleProcessingIds(this.db, 'noteReprocessings', createdBefore, limit))
      .where('status', '=', 'processing')
      .returning('id')
      .execute();
    return failed.length;
  }

  /** Every re-read of the user's notes with its image count (account deletion forgets their queue jobs). */
  async listForUser(userId: number): Promise<Array<{ id: string; imageCount: number }>> {
    assertId(userId, 'User id');
    return this.db
      .selectFrom('noteReprocessings')
      .innerJoin('notes', 'notes.id', 'noteReprocessings.noteId')
      .select(['noteReprocessings.id', 'notes.imageCount'])
      .where('noteReprocessings.userId', '=', userId)
      .execute();
  }
}
