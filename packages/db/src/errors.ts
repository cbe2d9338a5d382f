import type { UploadStatus } from './schema.js';

/** A repository was called with data that breaks a data rule (the message says which). */
export class InvalidInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidInputError';
  }
}

export class UploadNotFoundError extends Error {
  /** Retrying cannot bring the upload back: the queue fails the job at once. */
  readonly retryable = false;
  readonly uploadId: string;
  constructor(uploadId: string) {
    super(`Upload ${uploadId} does not exist`);
    this.name = 'UploadNotFoundError';
    this.uploadId = uploadId;
  }
}

/**
 * The upload can no longer receive a note: it failed or was rejected (e.g. the gateway gave up after a
 * timeout and deleted the objects), or it completed and its note has since been deleted.
 */
export class UploadNotActiveError extends Error {
  /** The gateway gave the upload up; retrying would never write the note. */
  readonly retryable = false;
  readonly uploadId: string;
  readonly status: UploadStatus;
  constructor(uploadId: string, status: UploadStatus, detail?: string) {
    super(`Upload ${uploadId} is ${status}${detail ? ` (${detail})` : ''}; no note was written`);
    this.name = 'UploadNotActiveError';
    this.uploadId = uploadId;
    this.status = status;
  }
}

/**
 * A "Read again" that can no longer write its note: the gateway gave it up (timeout, failure) or the sweeper failed
 * it ('failed'), or the re-read or its note is gone ('gone': the note was deleted meanwhile).
 */
export class ReprocessingNotActiveError extends Error {
  /** Retrying would never write the note. */
  readonly retryable = false;
  readonly reprocessingId: string;
  readonly status: 'failed' | 'processing' | 'gone';
  constructor(reprocessingId: string, status: 'failed' | 'processing' | 'gone') {
    super(`Re-read ${reprocessingId} is ${status}; the note was not changed`);
    this.name = 'ReprocessingNotActiveError';
    this.reprocessingId = reprocessingId;
    this.status = status;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function assertUuid(value: string, what = 'Upload id'): void {
  if (typeof value !== 'string' || !UUID.test(value)) {
    throw new InvalidInputError(`${what} must be a UUID (got ${JSON.stringify(value)})`);
  }
}

export function assertId(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 1 || value > 2_147_483_647) {
    throw new InvalidInputError(`${what} must be a positive 32-bit integer (got ${String(value)})`);
  }
}

/** PostgreSQL error code of a driver error, if any (e.g. '23503' foreign key violation). */
export function pgCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
}
