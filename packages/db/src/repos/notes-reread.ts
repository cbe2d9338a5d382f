/**
 * The notes stage's write of a "Read again" (DECISIONS "Read again"): the note's content replaced by the new reading,
 * and its re-read marked completed, in one statement keyed by the re-read's id. NotesRepo.rereadNote checks the input
 * and calls this.
 */
import { sql, type Kysely } from 'kysely';
import { ReprocessingNotActiveError } from '../errors.js';
import type { NoteContentKind } from '@snapnotes/contracts';
import type { Database, NoteKind, NoteRow } from '../schema.js';
import { NOTE_COLUMNS, noteColumnsSql } from './note-columns.js';

/** What a summary gives a note, new (NotesRepo.createForUpload) or read again (NotesRepo.rereadNote). */
export interface NoteContent {
  userId: number;
  title: string;
  keyPoints: string[];
  detailedSummary: string;
  originalText: string;
  kind: NoteKind;
  language: string | null;
  engine: string;
  /** What the note is (0009); null when the summarise stage did not say (a job queued before 0009). */
  contentKind?: NoteContentKind | null | undefined;
  /** The summariser's tags (normalised, at most 12); a re-read keeps the user's own instead (tags_edited_at). */
  tags?: string[] | undefined;
}

export interface RereadNoteInput extends NoteContent {
  /** note_reprocessings.id: the job's uploadId. */
  reprocessingId: string;
  noteId: number;
  wordCount: number;
}

export interface RereadNoteResult {
  note: NoteRow;
  /** false when a retried job found the re-read already written. */
  updated: boolean;
}

/**
 * Lock the re-read row, update the note while the re-read is 'processing', complete the re-read. FOR UPDATE returns
 * the row's latest committed version after any wait, so a concurrent `fail` (the gateway giving up) either goes first
 * (nothing is written) or waits and then finds it completed. The title is replaced only while the user has never
 * renamed the note (title_edited_at null), read in the same statement, so a rename that commits first is kept; the
 * tags likewise (tags_edited_at null: the summariser's are replaced; the user's stay), the kind always. The
 * update's triggers keep search_vector (generated) and note_search_words (migration 0005) in step with the new text.
 */
export async function rereadNote(db: Kysely<Database>, input: RereadNoteInput): Promise<RereadNoteResult> {
  const { rows } = await sql<NoteRow>`
    with run as (
      select id, note_id, user_id, status from note_reprocessings where id = ${input.reprocessingId}::uuid for update
    ), updated as (
      update notes
         set title = case when notes.title_edited_at is null then ${input.title} else notes.title end,
             key_points = ${JSON.stringify(input.keyPoints)}::jsonb,
             detailed_summary = ${input.detailedSummary},
             original_text = ${input.originalText},
             kind = ${input.kind},
             language = ${input.language},
             word_count = ${input.wordCount}::integer,
             engine = ${input.engine},
             content_kind = ${input.contentKind ?? null},
             tags = case when notes.tags_edited_at is null then ${input.tags ?? []}::text[] else notes.tags end,
             updated_at = now()
        from run
       where run.status = 'processing' and run.note_id = ${input.noteId}::integer
         and run.user_id = ${input.userId}::integer and notes.id = run.note_id and notes.user_id = run.user_id
      returning ${noteColumnsSql('notes')}
    ), completed as (
      update note_reprocessings set status = 'completed', finished_at = now()
        from updated
       where note_reprocessings.id = ${input.reprocessingId}::uuid
      returning note_reprocessings.id
    )
    select * from updated`.execute(db);
  const note = rows[0];
  if (note) return { note, updated: true };

  // Why nothing was written: a retried job whose first attempt committed, or a re-read that is no longer wanted.
  const run = await db
    .selectFrom('noteReprocessings')
    .select(['status', 'noteId', 'userId'])
    .where('id', '=', input.reprocessingId)
    .executeTakeFirst();
  if (!run || run.noteId !== input.noteId || run.userId !== input.userId) {
    throw new ReprocessingNotActiveError(input.reprocessingId, 'gone');
  }
  if (run.status !== 'completed') throw new ReprocessingNotActiveError(input.reprocessingId, run.status);
  const current = await db
    .selectFrom('notes')
    .select(NOTE_COLUMNS)
    .where('id', '=', input.noteId)
    .where('userId', '=', input.userId)
    .executeTakeFirst();
  if (!current) throw new ReprocessingNotActiveError(input.reprocessingId, 'gone');
  return { note: current, updated: false };
}
