/**
 * Bulk import (issue 25): many images and/or zips sent once to `POST /api/imports`, then imported in the background,
 * one image at a time through the same steps as a single upload. The gateway answers 202 with an ImportDetail and
 * the browser follows it with `GET /api/imports/{id}`, `GET /api/imports/{id}/events` (server-sent events,
 * `event: progress`, data = ImportDetail, until the import is done or stopped) or `GET /api/imports?active=1`.
 * Another user's import id answers 404, as a note does.
 *
 * The POST body is multipart/form-data with the files in the `files` field (IMPORT_FILES_FIELD; any file field is
 * taken): PNG/JPEG images and/or zips of them, in the order they should be imported. The events route needs the
 * `Authorization: Bearer` header like every route: read it with fetch and a stream reader (EventSource cannot send
 * headers). It sends the current ImportDetail at once, then again whenever it changes, a `: keep-alive` comment
 * every 15 s, and ends after the event that says `done` or `stopped`.
 */
import { z } from 'zod';

/** The multipart field of POST /api/imports's files (images and zips). */
export const IMPORT_FILES_FIELD = 'files';

/** The most images one import takes (files and zip entries together); any more are skipped with a reason. */
export const MAX_IMPORT_IMAGES = 1000;

/**
 * - `queued`: waiting for its turn;
 * - `processing`: going through the upload steps (checks, allowance, pipeline);
 * - `done`: a note was made (`noteId`, `title`); scrolling captures joined into one note share it;
 * - `failed`: the checks or the pipeline refused or failed it (`error` says why); "Retry failed" queues it again;
 * - `duplicate`: the same image is already a note of the user's (`noteId`, `title` of that note); nothing charged;
 * - `skipped`: a file that could not be imported (not an image, a nested zip, a path with `..`, a zip bomb, too
 *   large, over the 1,000-image limit, or not imported because the allowance ran out); `error.message` says why.
 */
export const IMPORT_ITEM_STATUSES = ['queued', 'processing', 'done', 'failed', 'duplicate', 'skipped'] as const;
export type ImportItemStatus = (typeof IMPORT_ITEM_STATUSES)[number];

/** `running` until every item is settled; `done` then; `stopped` when the allowance ran out (`stoppedMessage`). */
export const IMPORT_STATUSES = ['running', 'done', 'stopped'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importItemErrorSchema = z.object({ code: z.string(), message: z.string() });

export const importItemSchema = z.object({
  /** The item's place in the import (0-based), in the order the files (and each zip's entries) were sent. */
  index: z.number().int().nonnegative(),
  /** The file's name, or the entry's path inside its zip (`archive.zip/folder/shot.png`). */
  name: z.string(),
  status: z.enum(IMPORT_ITEM_STATUSES),
  /** The note made (done) or the note it duplicates (duplicate). */
  noteId: z.string().optional(),
  title: z.string().optional(),
  /** Why it failed or was skipped. */
  error: importItemErrorSchema.optional(),
});
export type ImportItem = z.infer<typeof importItemSchema>;

export const importCountsSchema = z.object({
  queued: z.number().int().nonnegative(),
  processing: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  duplicate: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
});

export const importDetailSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Every item, skipped ones included. */
  total: z.number().int().nonnegative(),
  counts: importCountsSchema,
  /**
   * The notes made so far: fewer than `counts.done` when scrolling captures of one chat or page were joined into one
   * note (their items are all `done` with the same `noteId`).
   */
  notes: z.number().int().nonnegative(),
  /** Set when `status` is `stopped`: "Upgrade to import the remaining N". */
  stoppedMessage: z.string().optional(),
  /** Every item in `index` order. `GET /api/imports?active=1` leaves it out (an empty list); ask the import. */
  items: z.array(importItemSchema),
});
export type ImportDetail = z.infer<typeof importDetailSchema>;

/** `GET /api/imports?active=1`: the caller's imports still running or finished in the last 24 hours, newest first. */
export const importListSchema = z.array(importDetailSchema);

/** The server-sent event name of `GET /api/imports/{id}/events`; its data is an ImportDetail. */
export const IMPORT_PROGRESS_EVENT = 'progress';

/** The stopped message for `remaining` items not imported because the allowance ran out. */
export const importStoppedMessage = (remaining: number): string => `Upgrade to import the remaining ${remaining}`;
