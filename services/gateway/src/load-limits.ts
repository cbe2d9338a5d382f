/**
 * What one user, and everyone, may have running at once on the gateway's read routes (issue 22, items 3, 5 and 10;
 * DECISIONS "Notes list and search limits", "Original images"): built once by compose.ts and handed to the routes.
 *
 * - Searches: SEARCHES_PER_USER per user (429 SEARCHES_IN_PROGRESS), half the database pool for everyone (503).
 * - The unpaged notes list: FULL_LISTS_PER_USER per user being sent (429 NOTES_LIST_IN_PROGRESS).
 * - Originals streamed from the store: IMAGE_READS_PER_USER per user (429 IMAGE_READS_IN_PROGRESS), three quarters
 *   of the store client's connections for everyone (503), so uploads and stages always find one.
 *
 * Places are keyed by the caller's verified Firebase uid, taken before the user row is read: a refused request costs
 * no database query.
 */
import { ErrorCode } from '@snapnotes/contracts';
import { S3_MAX_SOCKETS } from '@snapnotes/storage';
import { ConcurrencyLimit } from './concurrency-limit.js';
import { HttpError } from './errors.js';

/**
 * Searches one user may have running at once. The web app sends one at a time (debounced, the previous one
 * aborted), but an aborted search still finishes on the server: 3 leaves room for a user typing.
 */
const SEARCHES_PER_USER = 3;
/** Unpaged lists one user may have being sent at once (the app asks for it for an export, or on focus). */
const FULL_LISTS_PER_USER = 1;
/** Three quarters of the store client's connections (S3_MAX_SOCKETS): uploads and stages always find one. */
const IMAGE_STREAMS_MAX = Math.floor((S3_MAX_SOCKETS * 3) / 4);
/** A stream ends when read or at the send timeout: a refused reader may try again soon. */
const IMAGE_READ_RETRY_AFTER_SECONDS = 5;
function retryAfter(seconds: number): Record<string, string> {
  return { 'retry-after': String(seconds) };
}

export interface NotesLoadLimits {
  searches: ConcurrencyLimit;
  fullLists: ConcurrencyLimit;
}

export function notesLoadLimits(poolMax: number): NotesLoadLimits {
  return {
    searches: new ConcurrencyLimit({
      perKey: SEARCHES_PER_USER,
      overall: Math.max(1, Math.floor(poolMax / 2)),
      keyRefusal: () =>
        new HttpError(
          429,
          ErrorCode.SearchesInProgress,
          `You already have ${SEARCHES_PER_USER} searches running. Wait for them to finish, then search again.`,
          {},
          retryAfter(1),
        ),
      overallRefusal: () =>
        new HttpError(
          503,
          ErrorCode.ServerBusy,
          'Search is busy right now. Please try again in a moment.',
          {},
          retryAfter(1),
        ),
    }),
    fullLists: new ConcurrencyLimit({
      perKey: FULL_LISTS_PER_USER,
      keyRefusal: () =>
        new HttpError(
          429,
          ErrorCode.NotesListInProgress,
          'Your full list of notes is already being sent. Wait for it to finish, then try again.',
          {},
          retryAfter(2),
        ),
    }),
  };
}

/** The image reads' limit. */
export function imageReadLimit(perUser: number): ConcurrencyLimit {
  const retryAfter = { 'retry-after': String(IMAGE_READ_RETRY_AFTER_SECONDS) };
  return new ConcurrencyLimit({
    perKey: perUser,
    overall: IMAGE_STREAMS_MAX,
    keyRefusal: () =>
      new HttpError(
        429,
        ErrorCode.ImageReadsInProgress,
        `You are already being sent ${perUser} ${perUser === 1 ? 'image' : 'images'}. ` +
          'Wait for them to finish, then try again.',
        {},
        retryAfter,
      ),
    overallRefusal: () =>
      new HttpError(
        503,
        ErrorCode.ServerBusy,
        'The server is sending too many images right now. Please try again in a few seconds.',
        {},
        retryAfter,
      ),
  });
}
