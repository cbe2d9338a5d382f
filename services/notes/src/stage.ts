import type { Logger, NotesInput, NoteResult, StageHandlers } from '@snapnotes/contracts';
import { UploadNotActiveError, UploadNotFoundError, type NotesRepo } from '@snapnotes/db';

export interface NotesStageDeps {
  notes: NotesRepo;
  logger: Logger;
}

/** Used when a summariser returned a title of only whitespace (the schema allows it, the notes table does not). */
export const FALLBACK_TITLE = 'Untitled note';

/**
 * The last stage: stores the summary as the upload's note. Idempotent: the repository writes the note and
 * completes the upload in one transaction keyed by the upload id, so a retried job returns the same noteId
 * with created false. An upload the gateway already failed (timeout) or that was rejected gets no note:
 * UploadNotActiveError propagates, and retrying it changes nothing.
 */
export function createNotesStage(deps: NotesStageDeps): StageHandlers['notes'] {
  const logger = deps.logger.child({ stage: 'notes' });
  return async function notes({ job, summary }: NotesInput): Promise<NoteResult> {
    const log = logger.child({ uploadId: job.uploadId, correlationId: job.correlationId });
    const started = performance.now();
    try {
      const { note, created } = await deps.notes.createForUpload({
        uploadId: job.uploadId,
        userId: job.userId,
        title: summary.title.trim() || FALLBACK_TITLE,
        keyPoints: summary.keyPoints,
        detailedSummary: summary.detailedSummary,
        originalText: summary.originalText,
        kind: summary.kind,
        language: summary.language,
        imageCount: job.images.length,
        engine: summary.engine,
      });
      const ms = Math.round(performance.now() - started);
      if (created) {
        log.info({ noteId: note.id, wordCount: note.wordCount, engine: summary.engine, ms }, 'note written');
      } else {
        log.info({ noteId: note.id }, 'note already written by an earlier attempt');
      }
      return { noteId: note.id, created };
    } catch (err) {
      if (err instanceof UploadNotActiveError || err instanceof UploadNotFoundError) {
        log.warn({ reason: err.message }, 'upload no longer accepts a note');
      }
      throw err;
    }
  };
}
