/**
 * Bulk import (issue 25 item 1; DECISIONS "Bulk import"): POST /api/imports reads the files (receive.ts), records the
 * import and its items in PostgreSQL and queues its job; the import worker (worker.ts) makes each image a note in
 * the background. Everything the routes answer comes from the database, so an import survives a reload and a
 * restart, and every gateway replica answers for every import. Another user's import is the same 404 as an unknown
 * one.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@snapnotes/config';
import {
  ErrorCode,
  importStoppedMessage,
  type ImportDetail,
  type ImportItem,
  type ObjectStore,
} from '@snapnotes/contracts';
import type { ImportCounts, ImportItemRow, ImportRow, UserRow } from '@snapnotes/db';
import type { ImportQueue } from '@snapnotes/queue';
import type { Repositories } from '@snapnotes/runtime';
import { HttpError } from '../errors.js';
import { quotaFor } from '../quota.js';
import { upgradeRequired } from '../uploads/admission.js';
import { readWatched, type BodyWatcher } from '../uploads/body-idle.js';
import type { MultipartSource } from '../uploads/multipart.js';
import { receiveImport } from './receive.js';

/** Finished imports GET /api/imports?active=1 still lists. */
export const ACTIVE_WINDOW_MS = 24 * 60 * 60_000;

export interface ImportServiceDeps {
  config: Config;
  repos: Repositories;
  store: ObjectStore;
  queue: ImportQueue;
}

export interface CreateImportInput {
  user: UserRow;
  isMultipart: boolean;
  parts: MultipartSource;
  /** Starts the body's idle timer (the route's request); without it the body may idle (unit tests). */
  watchBody?: BodyWatcher;
  correlationId: string;
  log: FastifyBaseLogger;
}

const notFound = () => new HttpError(404, ErrorCode.NotFound, 'Import not found.');

function toItem(row: ImportItemRow): ImportItem {
  const item: ImportItem = { index: row.index, name: row.name, status: row.status };
  if (row.noteId !== null && (row.status === 'done' || row.status === 'duplicate')) {
    item.noteId = String(row.noteId);
    if (row.noteTitle !== null) item.title = row.noteTitle;
  }
  if (row.errorCode !== null && (row.status === 'failed' || row.status === 'skipped')) {
    item.error = { code: row.errorCode, message: row.errorMessage ?? '' };
  }
  return item;
}

/** An import as the API answers it; `items` empty when not asked for (the list). */
export function toDetail(
  row: ImportRow,
  counts: ImportCounts,
  notes: number,
  items: ImportItemRow[] = [],
): ImportDetail {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    total,
    counts: { ...counts },
    notes,
    ...(row.status === 'stopped' ? { stoppedMessage: importStoppedMessage(counts.queued) } : {}),
    items: items.map(toItem),
  };
}

export class ImportService {
  constructor(private readonly deps: ImportServiceDeps) {}

  /** Reads the body, records the import and queues it: the import as it starts (202). */
  async create(input: CreateImportInput): Promise<ImportDetail> {
    const { repos, config, store } = this.deps;
    const { user } = input;
    if (!input.isMultipart) {
      throw new HttpError(400, ErrorCode.BadRequest, "Send the files as multipart/form-data in the 'files' field.");
    }
    // A free user with no upload left is told before a byte is read (the import would stop at its first image).
    const quota = await quotaFor({ repos, config }, user.id, new Date());
    if (!quota.subscribed && (quota.remaining ?? 0) <= 0) throw upgradeRequired();
    const importId = randomUUID();
    // Given up (408) when the body sends nothing for UPLOAD_BODY_IDLE_MS: a reading cut off removes what it stored
    // (receive.ts); one that still ended whole is removed here, since it is not recorded.
    const reading = receiveImport({ parts: input.parts, store, userId: user.id, importId });
    const { items, storedKeys } = await readWatched(reading, input.watchBody?.(), () =>
      reading.then(
        (received) => store.deleteMany(received.storedKeys).catch(() => undefined),
        () => undefined,
      ),
    );
    let row: ImportRow;
    try {
      row = await repos.imports.create({
        id: importId,
        userId: user.id,
        premium: quota.subscribed,
        correlationId: input.correlationId,
        items,
      });
    } catch (err) {
      await store.deleteMany(storedKeys).catch(() => undefined);
      throw err;
    }
    const log = input.log.child({ importId });
    log.info({ items: items.length, images: storedKeys.length, premium: quota.subscribed }, 'import received');
    if (row.status === 'running') await this.enqueue(row, log);
    return this.detail(importId, user.id);
  }

  /** The caller's import with every item; 404 for anyone else's. */
  async detail(id: string, userId: number): Promise<ImportDetail> {
    const { repos } = this.deps;
    const row = await repos.imports.findForUser(id, userId);
    if (!row) throw notFound();
    const [counts, notes, items] = await Promise.all([
      repos.imports.counts([row.id]),
      repos.imports.notesMade([row.id]),
      repos.imports.items(row.id),
    ]);
    return toDetail(row, counts.get(row.id)!, notes.get(row.id)!, items);
  }

  /** What the progress stream polls: when the import last changed, and whether it is over (undefined: not theirs). */
  async version(id: string, userId: number): Promise<{ updatedAt: number; status: ImportRow['status'] } | undefined> {
    const row = await this.deps.repos.imports.findForUser(id, userId);
    return row ? { updatedAt: row.updatedAt.getTime(), status: row.status } : undefined;
  }

  /** The caller's imports running or finished in the last 24 hours, newest first, without their items. */
  async active(userId: number, now = new Date()): Promise<ImportDetail[]> {
    const { repos } = this.deps;
    const rows = await repos.imports.listActive(userId, new Date(now.getTime() - ACTIVE_WINDOW_MS));
    const ids = rows.map((r) => r.id);
    const [counts, notes] = await Promise.all([repos.imports.counts(ids), repos.imports.notesMade(ids)]);
    return rows.map((row) => toDetail(row, counts.get(row.id)!, notes.get(row.id)!));
  }

  /**
   * "Retry failed": failed images go back in the queue; a stopped import goes on with the images it had not imported
   * (after an upgrade, or in a new month). 404 for anyone else's import.
   */
  async retry(id: string, userId: number, log: FastifyBaseLogger): Promise<ImportDetail> {
    const { repos } = this.deps;
    const queued = await repos.imports.retry(id, userId);
    if (queued === undefined) throw notFound();
    const row = (await repos.imports.findForUser(id, userId))!;
    if (queued > 0 && row.status === 'running') await this.enqueue(row, log.child({ importId: id }));
    return this.detail(id, userId);
  }

  /** Queues the import's job; a queue that cannot take it now leaves it to the worker's resume scan. */
  private async enqueue(row: ImportRow, log: FastifyBaseLogger): Promise<void> {
    await this.deps.queue
      .enqueue({ importId: row.id, userId: row.userId, premium: row.premium })
      .catch((err: unknown) => log.warn({ err }, 'import not queued yet: the resume scan will queue it'));
  }
}
