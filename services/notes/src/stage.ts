import { imageMetaOf, type Logger, type NotesInput, type NoteResult, type StageHandlers } from '@snapnotes/contracts';
import { ReprocessingNotActiveError, UploadNotActiveError, UploadNotFoundError, type NotesRepo } from '@snapnotes/db';

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
 * UploadNotActiveError propagates, and retrying it changes nothing. The upload's image meta (type, size, EXIF
 * orientation) is stored with the note, so the note can be read again later.
 *
 * A re-read of a note ("Read again", job.reprocess) updates that note instead, keyed by the re-read's id in the
 * same way: a re-read the gateway gave up gets ReprocessingNotActiveError and changes nothing.
 */
export function createNotesStage(deps: NotesStageDeps): StageHandlers['notes'] {
  const logger = deps.logger.child({ stage: 'notes' });
  return async function notes({ job, summary }: NotesInput): Promise<NoteResult> {
    const log = logger.child({ jobId: job.jobId, correlationId: job.correlationId });
    const started = performance.now();
    const content = {
      userId: job.userId,
      title: summary.title.trim() || FALLBACK_TITLE,
      keyPoints: summary.keyPoints,
      detailedSummary: summary.detailedSummary,
      originalText: summary.originalText,
      kind: summary.kind,
      language: summary.language,
      engine: summary.engine,
      contentKind: summary.contentKind ?? null,
      tags: summary.tags ?? [],
    };
    try {
      if (job.purpose.kind === 'reread') {
        const { note, updated } = await deps.notes.rereadNote({
          ...content,
          reprocessingId: job.jobId,
          noteId: job.purpose.noteId,
        });
        const ms = Math.round(performance.now() - started);
        if (updated)
          log.info({ noteId: note.id, wordCount: note.wordCount, engine: summary.engine, ms }, 'note re-read');
        else log.info({ noteId: note.id }, 'note already re-read by an earlier attempt');
        return { noteId: note.id, created: false };
      }
      const { note, created } = await deps.notes.createForUpload({
        ...content,
        uploadId: job.jobId,
        imageCount: job.images.length,
        imageMeta: [...job.images].sort((a, b) => a.index - b.index).map(imageMetaOf),
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
      if (err instanceof ReprocessingNotActiveError) log.warn({ reason: err.message }, 're-read no longer wanted');
      throw err;
    }
  };
}
