/**
 * The import worker (issue 25; DECISIONS "Bulk import"): runs the jobs of the import queue. A job works on one import:
 * first it groups the images that are scrolling captures of one chat or page (../uploads/scroll-captures.ts), then
 * IMPORT_IMAGE_CONCURRENCY lanes each claim the next image, or group of captures (ImportsRepo.claim), and make it a
 * note through the very steps of an upload (UploadService.importUpload: checks → allowance → rate limit → store →
 * pipeline), then claim the next, until none is left. A group is one upload of several images: one note, one
 * allowance, settled together. Per image (or group):
 *
 * - the allowance: an image a free user with none left would be charged for stops the import (it goes back to the
 *   queue, nothing charged; the import says "Upgrade to import the remaining N"). The upload core checks duplicates
 *   before the allowance, so a duplicate (which costs nothing) is still recognised at 0 left. A refusal or failure
 *   uses none (the upload's rules);
 * - the rate limit paces: an image waits until the user's limit lets it through, it is never failed for it;
 * - a queue or database that cannot be reached: the image waits and is tried again (a few times, then failed);
 * - any other refusal or failure fails the image with the upload's own message; its bytes stay for "Retry failed".
 *
 * Every claim is kept alive by a heartbeat; an image whose worker died is taken over after IMPORT_LEASE_MS (the
 * upload it had begun is finished with its note, or given up and run again). At start and every RESUME_INTERVAL_MS
 * the running imports with images to take are queued again (a restart, a lost job); imports finished more than
 * RETENTION_MS ago are deleted with the bytes they still hold.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger as PinoLogger } from 'pino';
import type { Config } from '@snapnotes/config';
import { ErrorCode, withThumbnailKeys, type ObjectStore } from '@snapnotes/contracts';
import type { ClaimedItem, ItemOutcome, UserRow } from '@snapnotes/db';
import type { ImportJob, ImportQueue } from '@snapnotes/queue';
import type { Repositories } from '@snapnotes/runtime';
import { AlreadyInNotesError } from '../duplicates/upload.js';
import { HttpError } from '../errors.js';
import { quotaFor } from '../quota.js';
import type { UploadRateLimiter } from '../rate-limit.js';
import { storedObject } from '../uploads/image-meta.js';
import { sanitizeFileName } from '../uploads/multipart.js';
import type { ReceivedFile } from '../uploads/multipart.js';
import type { UploadService } from '../uploads/service.js';
import { groupScrollCaptures } from '../uploads/scroll-captures.js';

/** How often the running imports are looked for (besides at start). */
export const RESUME_INTERVAL_MS = 30_000;
/** How long a finished import is kept (the tray shows a day; "Retry failed" works for a week). */
export const RETENTION_MS = 7 * 24 * 60 * 60_000;
const RETENTION_INTERVAL_MS = 60 * 60_000;
/** Tries of one image while the queue or the database cannot be reached, then it fails (retry it later). */
const UNAVAILABLE_TRIES = 5;
const UNAVAILABLE_WAIT_MS = 5_000;

export interface ImportWorkerDeps {
  config: Config;
  repos: Repositories;
  store: ObjectStore;
  uploads: UploadService;
  rateLimiter: UploadRateLimiter;
  queue: ImportQueue;
  logger: PinoLogger;
}

/** After an image: take the next; stop this lane (the job is ending); or stop it, the allowance having run out. */
type Processed = 'next' | 'stopped' | 'out-of-allowance';

export class ImportWorker {
  private readonly log: PinoLogger;
  private timers: NodeJS.Timeout[] = [];
  private started = false;

  constructor(private readonly deps: ImportWorkerDeps) {
    this.log = deps.logger.child({ component: 'imports' });
  }

  /** Starts taking jobs, and the resume and retention scans. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const { queue, config } = this.deps;
    queue.start((job, signal) => this.run(job, signal), config.IMPORT_CONCURRENCY);
    void this.resume();
    this.timers.push(setInterval(() => void this.resume(), RESUME_INTERVAL_MS).unref());
    this.timers.push(setInterval(() => void this.expire(), RETENTION_INTERVAL_MS).unref());
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.deps.queue.close();
  }

  /** Queues every running import that has an image to take. */
  async resume(): Promise<number> {
    try {
      const runnable = await this.deps.repos.imports.listRunnable(this.deps.config.IMPORT_LEASE_MS);
      for (const row of runnable) {
        await this.deps.queue.enqueue({ importId: row.id, userId: row.userId, premium: row.premium });
      }
      if (runnable.length > 0) this.log.info({ imports: runnable.length }, 'imports queued to go on');
      return runnable.length;
    } catch (err) {
      this.log.warn({ err }, 'could not look for imports to go on');
      return 0;
    }
  }

  /** Deletes imports finished more than RETENTION_MS ago, and the image bytes they still hold. */
  async expire(now = new Date()): Promise<void> {
    try {
      const expired = await this.deps.repos.imports.listExpired(new Date(now.getTime() - RETENTION_MS));
      for (const { id, sourceKeys } of expired) {
        if (sourceKeys.length > 0) await this.deps.store.deleteMany(sourceKeys);
        await this.deps.repos.imports.delete(id);
      }
    } catch (err) {
      this.log.warn({ err }, 'could not delete expired imports');
    }
  }

  /** One job: the import's lanes until no image is left to take, then the import is done if everything settled. */
  async run(job: ImportJob, signal: AbortSignal): Promise<void> {
    const { repos, config } = this.deps;
    const user = await repos.users.findById(job.userId);
    if (!user) return; // the account was deleted (its imports with it)
    const log = this.log.child({ importId: job.importId, userId: job.userId });
    await this.groupCaptures(job.importId, signal, log);
    let outOfAllowance = false;
    const lane = async () => {
      while (!signal.aborted) {
        const items = await repos.imports.claim(job.importId, config.IMPORT_LEASE_MS);
        if (items.length === 0) return;
        const processed = await this.processItems(job, user, items, signal, log);
        if (processed === 'out-of-allowance') outOfAllowance = true;
        if (processed !== 'next') return;
      }
    };
    await Promise.all(Array.from({ length: config.IMPORT_IMAGE_CONCURRENCY }, lane));
    if (signal.aborted) return;
    // Stopped only once every lane has ended: an image another lane was still reading when the allowance ran out
    // is counted before the import says "stopped" (the tray read "0 new notes" and then 1).
    if (outOfAllowance) {
      if (await repos.imports.stop(job.importId)) log.info('import stopped: the allowance ran out');
    } else if (await repos.imports.finishIfSettled(job.importId)) log.info('import done');
  }

  /**
   * Records which of the import's images not yet looked at are scrolling captures of one chat or page (each group
   * is then claimed and imported as one upload). Best effort: an image that cannot be read stays alone (its upload
   * reports why), and a failure here leaves every image alone.
   */
  private async groupCaptures(importId: string, signal: AbortSignal, log: PinoLogger): Promise<void> {
    const { repos } = this.deps;
    try {
      const items = await repos.imports.ungrouped(importId);
      if (items.length === 0) return;
      const started = performance.now();
      const groups = await groupScrollCaptures(items, (key) => this.readSource(key), signal);
      if (signal.aborted) return;
      await repos.imports.setGroups(importId, groups);
      const joined = groups.filter((g) => g.group !== g.index).length;
      log.info({ images: items.length, joined, ms: Math.round(performance.now() - started) }, 'captures grouped');
    } catch (err) {
      log.warn({ err }, 'could not group the scrolling captures: every image is imported alone');
    }
  }

  private async processItems(
    job: ImportJob,
    user: UserRow,
    items: ClaimedItem[],
    signal: AbortSignal,
    log: PinoLogger,
  ): Promise<Processed> {
    const { repos, config } = this.deps;
    const indexes = items.map((i) => i.index);
    const itemLog = log.child(indexes.length === 1 ? { item: indexes[0] } : { items: indexes });
    const beat = setInterval(
      () => void repos.imports.heartbeat(job.importId, indexes).catch(() => undefined),
      Math.max(500, Math.floor(config.IMPORT_LEASE_MS / 3)),
    );
    const settle = (outcome: ItemOutcome, which: readonly number[] = indexes) =>
      repos.imports.settle(job.importId, which, outcome);
    try {
      return await this.importItems(job, user, items, signal, itemLog, settle);
    } catch (err) {
      // Whatever this was (a database that went away mid-item): the item is taken over once its lease runs out.
      itemLog.error({ err }, 'import image failed unexpectedly');
      await settle({
        status: 'failed',
        errorCode: ErrorCode.Internal,
        errorMessage: 'Something went wrong on our side. Retry it later.',
      }).catch(() => undefined);
      return 'next';
    } finally {
      clearInterval(beat);
    }
  }

  /** An image waiting in the store, or undefined when it is gone. */
  private readSource(key: string): Promise<Buffer | undefined> {
    return storedObject(this.deps.store, key);
  }

  /** The claimed items' bytes as an upload's files; the ones no longer stored are failed on the way. */
  private async filesOf(
    items: ClaimedItem[],
    settle: (outcome: ItemOutcome, which?: readonly number[]) => Promise<boolean>,
  ): Promise<{ files: ReceivedFile[]; kept: ClaimedItem[] }> {
    const files: ReceivedFile[] = [];
    const kept: ClaimedItem[] = [];
    for (const item of items) {
      const data = item.sourceKey ? await this.readSource(item.sourceKey) : undefined;
      if (!data) {
        await failed(settle, 'SOURCE_MISSING', 'The image is no longer stored: import it again.', [item.index]);
        continue;
      }
      files.push({ fileName: sanitizeFileName(item.name, item.index), data });
      kept.push(item);
    }
    return { files, kept };
  }

  private async importItems(
    job: ImportJob,
    user: UserRow,
    claimed: ClaimedItem[],
    signal: AbortSignal,
    log: PinoLogger,
    settle: (outcome: ItemOutcome, which?: readonly number[]) => Promise<boolean>,
  ): Promise<Processed> {
    const { repos, store, config, uploads, rateLimiter } = this.deps;
    // Done or a duplicate: the bytes waiting in the store are no longer needed.
    const done = async (outcome: ItemOutcome, items: ClaimedItem[]) => {
      const keys = items.flatMap((i) => (i.sourceKey ? [i.sourceKey] : []));
      if (keys.length > 0) await store.deleteMany(keys);
      await settle(
        { ...outcome, sourceDeleted: true },
        items.map((i) => i.index),
      );
      return 'next' as const;
    };
    const uploadId = claimed.find((i) => i.uploadId)?.uploadId;
    if (uploadId) {
      const noteId = await this.takeOver(uploadId, log);
      if (noteId !== undefined) return done({ status: 'done', noteId }, claimed);
    }
    const { files, kept } = await this.filesOf(claimed, settle);
    if (kept.length === 0) return 'next';
    const indexes = kept.map((i) => i.index);
    const stopped = async () => {
      await settle({ status: 'queued' }, indexes);
      return 'out-of-allowance' as const;
    };
    let unavailable = 0;
    for (;;) {
      if (signal.aborted) {
        await settle({ status: 'queued' }, indexes); // the next job takes it
        return 'stopped';
      }
      // No allowance check here: the upload core's reservation refuses (UpgradeRequired, below) only an image that
      // is not already in the user's notes, after its duplicate check.
      const { subscribed } = await quotaFor({ repos, config }, user.id, new Date());
      try {
        await rateLimiter.check(user.id);
        const note = await uploads.importUpload(
          { user, correlationId: `${job.importId}:${indexes[0]}`, log },
          files,
          subscribed,
          (id) => repos.imports.setUpload(job.importId, indexes, id).catch(() => undefined),
        );
        log.info({ noteId: note.id, images: files.length }, 'import image done');
        return await done({ status: 'done', noteId: note.id }, kept);
      } catch (err) {
        // Already in the user's notes (the upload core's duplicate check, before the allowance): nothing charged.
        if (err instanceof AlreadyInNotesError)
          return done({ status: 'duplicate', noteId: Number(err.reply.id) }, kept);
        if (!(err instanceof HttpError)) throw err;
        if (err.code === ErrorCode.UpgradeRequired) return stopped();
        if (err.code === ErrorCode.RateLimited) {
          // Paced, not failed: wait until the limit lets the next image through (the heartbeat goes on).
          const waitMs = (Number(err.headers['retry-after']) || config.RATE_LIMIT_WINDOW_SECONDS) * 1000;
          log.debug({ waitMs }, 'import image waits for the rate limit');
          await sleep(waitMs, undefined, { signal }).catch(() => undefined);
          continue;
        }
        if (err.statusCode === 503 && ++unavailable < UNAVAILABLE_TRIES) {
          log.warn({ code: err.code, attempt: unavailable }, 'import image waits: a service is unavailable');
          await sleep(UNAVAILABLE_WAIT_MS * unavailable, undefined, { signal }).catch(() => undefined);
          continue;
        }
        return failed(settle, err.code, err.message, indexes);
      }
    }
  }

  /**
   * A claimed item whose previous worker died after reserving its upload: a completed upload's note is the item's
   * (its id returned); one still processing is given up (its allowance back, its objects deleted) and the image is
   * run again (undefined), as is one that had already failed.
   */
  private async takeOver(uploadId: string, log: PinoLogger): Promise<number | undefined> {
    const { repos, store } = this.deps;
    const given = await repos.uploads.markFailed(uploadId, 'failed', 'IMPORT_TAKEN_OVER', 'Its worker stopped');
    if (given) {
      await store.deleteMany(withThumbnailKeys(given.objectKeys)).catch((err: unknown) => {
        log.error({ err, uploadId }, 'could not delete the objects of an upload given up');
      });
      log.info({ uploadId }, 'import image taken over: its upload is run again');
      return undefined;
    }
    const upload = await repos.uploads.findById(uploadId);
    if (upload?.status !== 'completed' || upload.noteId === null) return undefined;
    log.info({ uploadId, noteId: upload.noteId }, 'import image taken over: its note was already made');
    return upload.noteId;
  }
}

async function failed(
  settle: (outcome: ItemOutcome, which?: readonly number[]) => Promise<boolean>,
  code: string,
  message: string,
  which: readonly number[],
): Promise<Processed> {
  await settle({ status: 'failed', errorCode: code, errorMessage: message }, which);
  return 'next';
}
