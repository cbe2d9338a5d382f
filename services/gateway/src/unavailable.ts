/**
 * Faults of the servers behind the gateway, answered as what they are (DECISIONS "Redis faults"): a queue (Redis) or
 * a database that cannot be reached right now is a 503 with Retry-After and a message saying to try again, never a
 * 500. And the source of truth for an upload whose queue jobs were lost: its row and its stored images.
 */
import { ErrorCode, uploadKeyPrefix, type ObjectStore, type UploadJob } from '@snapnotes/contracts';
import { PipelineFailure, type LostUploadDecision } from '@snapnotes/queue';
import type { Repositories } from '@snapnotes/runtime';
import { HttpError } from './errors.js';

/** Seconds a client is told to wait before sending the request again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;

/** The 503 of an upload that could not be queued or finished because the queue (Redis) is unreachable. */
export function queueUnavailable(): HttpError {
  return new HttpError(
    503,
    ErrorCode.ServerBusy,
    'Uploads are paused for a moment: the processing queue cannot be reached. Nothing was kept and no upload was ' +
      'counted. Please try again in a few seconds.',
    {},
    { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  );
}

/** The 503 of any request that met a database connection that was cut or could not be made. */
export function databaseUnavailable(): HttpError {
  return new HttpError(
    503,
    ErrorCode.ServerBusy,
    'The service is briefly unavailable. Please try again in a few seconds.',
    {},
    { 'retry-after': '5' },
  );
}

/**
 * PostgreSQL error classes 08 (connection exception) and 57P (operator intervention: a terminated backend, a
 * server shutting down or starting), node-postgres' own messages for a connection that broke or never came, and a
 * refused or reset connection (which, from the gateway's route code, is the database's or the object store's).
 */
const PG_UNAVAILABLE_CODES = /^(08|57P0)/;
const PG_UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|ECONNREFUSED|ECONNRESET/;

/** True for an error that says the database could not be reached, as opposed to one it answered with. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (PG_UNAVAILABLE_CODES.test(code) || PG_UNAVAILABLE_MESSAGES.test(code))) return true;
  return err instanceof Error && PG_UNAVAILABLE_MESSAGES.test(err.message);
}

/**
 * What to do with an upload in flight whose queue jobs were lost (Redis came back without its data): the row and
 * the stored images decide. A row already completed answers with its note; a row still `processing` with every
 * image in the store is run again; anything else cannot be re-run and ends as `unavailable` (503: send it again).
 */
export async function lostUploadDecision(
  deps: { repos: Pick<Repositories, 'uploads'>; store: ObjectStore },
  job: UploadJob,
): Promise<LostUploadDecision> {
  const gone = (why: string) => ({
    failure: new PipelineFailure('unavailable', `The queue lost the upload's jobs and it cannot be run again: ${why}`),
  });
  const upload = await deps.repos.uploads.findById(job.jobId);
  if (!upload) return gone('its row is gone');
  if (upload.status === 'completed' && upload.noteId !== null)
    return { note: { noteId: upload.noteId, created: false } };
  if (upload.status !== 'processing') return gone(`it is ${upload.status}`);
  const stored = new Set(await deps.store.list(uploadKeyPrefix(job.userId, job.jobId)));
  const missing = job.images.filter((image) => !stored.has(image.key)).length;
  if (missing > 0) return gone(`${missing} of its images are not in the store`);
  return { redrive: true };
}
