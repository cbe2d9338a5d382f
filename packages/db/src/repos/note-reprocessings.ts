/**
 * "Read again" (DECISIONS "Read again"; migration 0007): one note_reprocessings row per re-read of a note. Its id is
 * the job's uploadId; its status is what the notes stage checks before it updates the note (NotesRepo.rereadNote),
 * as an upload's status is for a new note. At most one 'processing' re-read per note (a partial unique index).
 * A free user's re-reads are capped per 24 hours (issue 22 item 12): `start` counts them under a per-user lock.
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
  /** Re-reads the user may start in any 24 hours (a free user's cap); null or absent: no cap (subscribers). */
  perDay?: number | null;
}

/** The note's upload, as a re-read needs it to rebuild its job. */
export interface ReprocessingSource {
  uploadId: string;
  /** At least one; each image's meta is null for uploads made before migration 0007 (the gateway reads it). */
  images: NoteImageObject[];
  kind: NoteKind;
}

export type StartReprocessingResult =
  | { ok: true; source: ReprocessingSource }
  | { ok: false; reason: 'not-found' | 'no-images' | 'in-progress' }
  /** The user's `perDay` re-reads of the last 24 hours are used; the oldest leaves the window in retryAfterSeconds. */
  | { ok: false; reason: 'daily-limit'; retryAfterSeconds: number };

/** Namespace (first key) of the per-user advisory lock a capped `start` takes; the second key is the user id. */
const REREAD_LOCK_NAMESPACE = 0x534e5252; // 'SNRR'

/**
 * Failed re-reads that count against the daily cap: they ran (OCR, the text checks) and the outcome was the user's
 * (nothing readable in the languages asked for, text the checks refused). A failure that read nothing (the images
 * gone) or was the service's (a stage failing, a timeout, a gateway that died) counts as little as a failed upload.
 */
const COUNTED_FAILURES = ['NOTHING_EXTRACTED', 'INAPPROPRIATE_CONTENT'];

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
   * another user's note is invisible), have stored images ('no-images'), be within the user's `perDay` cap
   * ('daily-limit') and have no re-read in progress ('in-progress': the partial unique index decides, so two gateways
   * starting one at the same time cannot both succeed). With a cap, the count and the insert run under a per-user
   * advisory lock in one transaction, so concurrent starts (on any gateway) cannot both take the last one.
   */
  async start(input: StartReprocessingInput): Promise<StartReprocessingResult> {
    assertUuid(input.id, 'Re-read id');
    assertId(input.userId, 'User id');
    if (Number.isSafeInteger(input.noteId) && input.noteId > INT4_MAX) return { ok: false, reason: 'not-found' };
    assertId(input.noteId, 'Note id');
    if (!Array.isArray(input.languages) || input.languages.length === 0) {
      throw new InvalidInputError('languages must name at least one language');
    }
    const perDay = input.perDay ?? null;
    if (perDay === null) return this.insert(this.db, input, null);
    if (!Number.isInteger(perDay) || perDay < 0) throw new InvalidInputError('perDay must be a whole number');
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${REREAD_LOCK_NAMESPACE}::int, ${input.userId}::int)`.execute(trx);
      const { rows } = await sql<{ used: number; retryAfterSeconds: number | null }>`
        select count(*)::integer as used,
               ceil(extract(epoch from min(created_at) + interval '24 hours' - now()))::integer as retry_after_seconds
          from note_reprocessings
         where user_id = ${input.userId}::integer
           and created_at > now() - interval '24 hours'
           and (status <> 'failed' or error_code = any(${COUNTED_FAILURES}::text[]))`.execute(trx);
      const day = rows[0];
      const full = day !== undefined && day.used >= perDay;
      return this.insert(trx, input, full ? Math.max(1, day.retryAfterSeconds ?? 1) : null);
    });
  }

  /** The start statement; `refusedFor`: the cap is full (seconds until a re-read leaves the window), insert nothing. */
  private async insert(
    db: Kysely<Database>,
    input: StartReprocessingInput,
    refusedFor: number | null,
  ): Promise<StartReprocessingResult> {
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
           where cardinality(coalesce(note.object_keys, '{}')) > 0 and ${refusedFor === null}::boolean
          on conflict (note_id) where status = 'processing' do nothing
          returning id
        )
        select note.kind, note.upload_id, note.object_keys, note.file_names, note.image_meta,
               (select count(*) from inserted)::integer as started
          from note`.execute(db));
    } catch (err) {
      if (pgCode(err) === '23503') return { ok: false, reason: 'not-found' }; // the note was deleted meanwhile
      throw err;
    }
    const row = rows[0];
    if (!row) return { ok: false, reason: 'not-found' };
    if (!row.uploadId || !row.objectKeys?.length) return { ok: false, reason: 'no-images' };
    if (refusedFor !== null) return { ok: false, reason: 'daily-limit', retryAfterSeconds: refusedFor };
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
