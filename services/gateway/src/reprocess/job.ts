/**
 * The pure parts of "Read again" (DECISIONS "Read again"): the request body, the job's images rebuilt from the
 * note's upload, and what a failed re-read answers. ReprocessService (service.ts) does the rest.
 */
import type { Config } from '@snapnotes/config';
import {
  ErrorCode,
  FREE_REREADS_PER_DAY,
  reprocessNoteBodySchema,
  type ImageMeta,
  type ImageRef,
} from '@snapnotes/contracts';
import type { PipelineFailure } from '@snapnotes/queue';
import { HttpError } from '../errors.js';
import { checkOffered } from '../languages.js';

/**
 * The body of POST /api/notes/{id}/reprocess (optional): the languages to read the images in this time, checked as
 * the settings' are (1–3 codes, each offered by this server), or undefined for the caller's usual languages.
 */
export function parseReprocessBody(body: unknown, config: Pick<Config, 'OCR_LANGUAGES'>): string[] | undefined {
  const parsed = reprocessNoteBodySchema.safeParse(body ?? {});
  if (!parsed.success) {
    throw new HttpError(400, ErrorCode.BadRequest, parsed.error.issues[0]?.message ?? 'Invalid request body.');
  }
  const { languages } = parsed.data;
  if (languages) checkOffered(languages, config);
  return languages;
}

/** A stored image of the note, as the re-read finds it: its key, its file name and its meta. */
export interface StoredImage {
  key: string;
  fileName: string | null;
  meta: ImageMeta | null;
}

/**
 * The job's ImageRefs, one per stored image in upload order; undefined when an image has no meta (its object could
 * not be read). A file name the upload row lacks gets the name an unnamed upload file gets (`image-<n>`).
 */
export function imageRefsOf(images: readonly StoredImage[]): ImageRef[] | undefined {
  if (images.length === 0 || images.some((image) => !image.meta)) return undefined;
  return images.map((image, index) => ({
    index,
    fileName: image.fileName || `image-${index + 1}`,
    key: image.key,
    ...image.meta!,
  }));
}

/** The 409 of a note whose images are not stored (any more). */
export function noImages(): HttpError {
  return new HttpError(
    409,
    ErrorCode.NoImages,
    'This note has no stored images to read again (it was made before images were kept, or they are gone).',
  );
}

/**
 * The 429 of a free user whose FREE_REREADS_PER_DAY re-reads of the last 24 hours are used: when the oldest of them
 * leaves the window (Retry-After, and in words), and that subscribers have no cap.
 */
export function rereadsPerDayReached(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(60, Math.ceil(retryAfterSeconds));
  const hours = Math.ceil(seconds / 3600);
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds >= 3600
      ? `${hours} ${hours === 1 ? 'hour' : 'hours'}`
      : `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return new HttpError(
    429,
    ErrorCode.RereadsPerDay,
    `Free accounts can use "Read again" ${FREE_REREADS_PER_DAY} times a day. Try again in ${wait}, ` +
      'or subscribe for unlimited re-reads.',
    {},
    { 'retry-after': String(seconds) },
  );
}

/**
 * What a re-read that produced no note update answers; the note is unchanged in every case. Never a 500: the
 * stages' own failures (after their retries) are the service being unavailable for now.
 */
export function reprocessFailure(err: PipelineFailure): HttpError {
  if (err.kind === 'verdict' && err.verdict?.code === 'INAPPROPRIATE_CONTENT') {
    return new HttpError(400, ErrorCode.InappropriateContent, err.verdict.message, {
      inappropriateImages: err.verdict.files ?? [],
    });
  }
  if (err.kind === 'verdict') {
    return new HttpError(
      422,
      ErrorCode.NothingExtracted,
      'No text could be read from the images this time. The note is unchanged.',
    );
  }
  if (err.kind === 'timeout') {
    return new HttpError(504, ErrorCode.Timeout, 'Reading the note again took too long. The note is unchanged.');
  }
  return new HttpError(
    503,
    ErrorCode.ReprocessFailed,
    'The note could not be read again right now. It is unchanged; please try again in a moment.',
  );
}

/** The note_reprocessings.error_code of a failed re-read. */
export function failureCode(err: PipelineFailure): string {
  if (err.kind === 'verdict') return err.verdict?.code ?? 'VERDICT';
  return err.kind === 'timeout' ? ErrorCode.Timeout : 'PIPELINE_ERROR';
}
