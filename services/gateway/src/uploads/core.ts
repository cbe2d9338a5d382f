/**
 * The core of an upload, shared by POST /api/process-screenshots (service.ts) and each image of a bulk import
 * (../imports): check the received files → reserve the allowance → rate limit → store → run the pipeline → the note.
 * Any refusal or failure leaves no note, no stored object and no allowance used (the allowance is taken atomically by
 * `UploadsRepo.reserve`, and given back by `abandon`). Errors are HttpErrors for the reply (SPEC §8), which the import
 * reads as each image's outcome.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Logger as PinoLogger } from 'pino';
import type { Config } from '@snapnotes/config';
import {
  ErrorCode,
  thumbnailKey,
  uploadImageKey,
  uprightSize,
  withThumbnailKeys,
  type Note,
  type ImageRef,
  type ObjectStore,
  type ScrollLink,
  type UploadJob,
} from '@snapnotes/contracts';
import { toApiNote, type UserRow } from '@snapnotes/db';
import { PipelineFailure, type PipelineDriver } from '@snapnotes/queue';
import type { Repositories } from '@snapnotes/runtime';
import { HttpError } from '../errors.js';
import { checkUploadDuplicates, keepImageHashes, type ImageHashes } from '../duplicates/upload.js';
import { databaseUnavailable, isDatabaseUnavailable, lostUploadDecision, queueUnavailable } from '../unavailable.js';
import type { RateLimitGrant, UploadRateLimiter } from '../rate-limit.js';
import { jobLanguages } from '../languages.js';
import { upgradeRequired } from './admission.js';
import { inspectImage } from './image-checks.js';
import { sizeOf, type ReceivedFile } from './multipart.js';
import { scrollLinksOf } from './scroll-captures.js';
import { decodeWithThumbnail, THUMBNAIL_CONTENT_TYPE } from './thumbnails.js';
import type { ProgressReporter } from './progress.js';

/** Files of one upload read from disk and sent to the store at once (each up to 10 MB in memory). */
const STORE_PARALLELISM = 3;

export interface UploadServiceDeps {
  config: Config;
  repos: Repositories;
  store: ObjectStore;
  pipeline: PipelineDriver;
  rateLimiter: UploadRateLimiter;
  logger: PinoLogger;
}

/** Who uploads, and where the upload's log lines and progress go. */
export interface CoreInput {
  user: UserRow;
  correlationId: string;
  log: FastifyBaseLogger;
  /** Where the upload is, for its uploader (progress.ts). */
  progress?: ProgressReporter;
}

export interface StoreOptions {
  /** A subscriber's upload uses no allowance (the monthly cap is not applied). */
  subscribed: boolean;
  now: Date;
  /** Called once the reservation was asked for, whatever its answer (the admission counts until then). */
  onReserved?: () => void;
  /** Records how long each phase took (the upload's log line). */
  mark: (name: string) => number;
}

/** An upload whose images are stored, counted and reserved: what the pipeline needs. */
export interface StoredUpload {
  uploadId: string;
  subscribed: boolean;
  refs: ImageRef[];
  grant: RateLimitGrant;
  log: FastifyBaseLogger;
  /** The thumbnails being stored beside the pipeline (never rejects). */
  thumbnails: Promise<void>;
  /** The images' hashes, kept with the new note for the duplicate check (null: an image it could not decode). */
  hashes?: (ImageHashes | null)[];
  /** Which images are scrolling captures going on from which (UploadJob.scrolls). */
  scrolls: ScrollLink[];
}

export class UploadCore {
  constructor(private readonly deps: UploadServiceDeps) {}

  /** The checks, the reservation, the rate limit and the storing: refused or failed, nothing is left of it. */
  async checkAndStore(
    input: CoreInput,
    files: ReceivedFile[],
    { subscribed, now, onReserved, mark }: StoreOptions,
  ): Promise<StoredUpload> {
    const { repos, store, config, rateLimiter } = this.deps;
    const { user } = input;
    // The quick checks of every file run side by side; the reply names the first bad file in upload order,
    // whichever check finished first.
    const images = settledOrThrow(await Promise.allSettled(files.map((file) => inspectImage(file))));
    mark('checked');
    // Duplicates (issue 25): an upload whose every image is already in the user's notes stops here, before the
    // allowance, the rate limit and the storing (AlreadyInNotesError, answered with that note).
    const hashes = config.DUPLICATE_CHECK
      ? await checkUploadDuplicates({ repos, store }, user.id, images, input.log)
      : images.map((): ImageHashes | null => null);
    // The full decode (the slowest check: from a few ms to a few hundred for a large photo) runs beside the
    // reservation, the rate limit and the storing. A file that fails it gives all three back below, and a bad file
    // is reported before a spent allowance or a rate limit, as if it had been checked first. The decode makes each
    // image's thumbnail on the way (thumbnails.ts; null when none could be made).
    const decoded = Promise.allSettled(images.map((img) => decodeWithThumbnail(img)));
    const corruptFile = async () => firstRejection(await decoded);
    // Scrolling captures among several images, measured on their pixels beside the same steps (scroll-captures.ts;
    // a few tens of ms per image of a shared width, nothing for one image).
    const scrolls =
      images.length > 1
        ? scrollLinksOf(images.map(uprightSize), async (i) => {
            const img = images[i]!;
            return 'data' in img ? img.data : img.path;
          }).catch((err: unknown): ScrollLink[] => {
            input.log.warn({ err }, 'could not compare the images as scrolling captures');
            return [];
          })
        : Promise.resolve([]);
    const uploadId = randomUUID();
    const refs: ImageRef[] = images.map((img, index) => ({
      index,
      fileName: img.fileName,
      key: uploadImageKey({ userId: user.id, uploadId, index, extension: img.extension }),
      contentType: img.contentType,
      bytes: sizeOf(img),
      width: img.width,
      height: img.height,
      ...(img.orientation ? { orientation: img.orientation } : {}),
    }));
    let reservation: Awaited<ReturnType<Repositories['uploads']['reserve']>>;
    try {
      reservation = await repos.uploads.reserve({
        id: uploadId,
        userId: user.id,
        fileNames: refs.map((r) => r.fileName),
        objectKeys: refs.map((r) => r.key),
        imageCount: refs.length,
        correlationId: input.correlationId,
        monthlyAllowance: subscribed ? null : config.FREE_UPLOADS_PER_MONTH,
        now,
      });
    } finally {
      onReserved?.();
    }
    if (!reservation.ok) {
      const bad = await corruptFile();
      if (bad) throw bad.reason;
      throw upgradeRequired();
    }
    // Rate limit (DECISIONS: plans and payments): every image that passed the checks and the allowance counts,
    // whatever happens to it next; a refused upload gives its reservation back and stores nothing.
    let grant: RateLimitGrant;
    try {
      grant = await rateLimiter.consume(user.id, refs.length);
    } catch (err) {
      const bad = await corruptFile();
      await repos.uploads.markFailed(
        uploadId,
        'rejected',
        bad ? ErrorCode.CorruptImage : ErrorCode.RateLimited,
        bad ? 'Corrupt image' : 'Rate limited',
      );
      throw bad ? bad.reason : err;
    }
    mark('reserved');
    const log = input.log.child({ uploadId, userId: user.id, images: refs.length });

    // A few files in memory at a time per upload: the object store takes a buffer (the embedded start keeps recent
    // writes in memory for its stages), and the admission caps how many uploads are here at once.
    const limit = pLimit(STORE_PARALLELISM);
    const stored = await Promise.allSettled(
      refs.map((ref, i) =>
        limit(async () => {
          const img = images[i]!;
          await store.put(ref.key, 'data' in img ? img.data : await readFile(img.path), ref.contentType);
        }),
      ),
    );
    mark('put');
    const bad = await corruptFile();
    if (bad) {
      await this.abandon(log, uploadId, refs, 'rejected', ErrorCode.CorruptImage, 'Corrupt image');
      await grant.release();
      throw bad.reason;
    }
    const storeFailure = firstRejection(stored);
    if (storeFailure) {
      log.error({ err: storeFailure.reason }, 'storing upload failed');
      await this.abandon(log, uploadId, refs, 'failed', 'STORAGE_ERROR', 'Could not store the images');
      throw new HttpError(503, ErrorCode.Internal, 'Error processing screenshots. Please try again.');
    }
    mark('stored');
    // Thumbnails are stored beside the pipeline; awaited before the reply, and before any deletion of the objects.
    const thumbnails = this.storeThumbnails(log, refs, await decoded);
    return { uploadId, subscribed, refs, grant, log, thumbnails, hashes, scrolls: await scrolls };
  }

  async process(
    input: CoreInput,
    { uploadId, subscribed, refs, grant, log, thumbnails, hashes, scrolls }: StoredUpload,
    mark: (name: string) => number,
    phases: Record<string, number>,
  ): Promise<Note> {
    const { repos, store, pipeline, config } = this.deps;
    const { user } = input;
    const job: UploadJob = {
      jobId: uploadId,
      purpose: { kind: 'upload' },
      userId: user.id,
      correlationId: input.correlationId,
      premium: subscribed,
      // The user's languages (Settings), else the server's defaults; the OCR stage reads these first.
      languages: jobLanguages(user.ocrLanguages, config),
      images: refs,
      ...(scrolls.length > 0 ? { scrolls } : {}),
    };
    const started = Date.now();
    input.progress?.pipeline(uploadId, refs.length);
    try {
      const result = await pipeline.run(job, {
        timeoutMs: config.PROCESSING_TIMEOUT_MS,
        // Redis came back without this upload's jobs: its row and stored images decide (DECISIONS "Redis faults").
        lost: (lostJob) => lostUploadDecision({ repos, store }, lostJob),
      });
      mark('pipeline');
      await thumbnails;
      const note = await repos.notes.findByIdForUser(result.noteId, user.id);
      if (!note) throw new Error(`note ${result.noteId} of upload ${uploadId} not found after processing`);
      mark('loaded');
      await keepImageHashes(repos, note.id, user.id, hashes, log);
      log.info({ noteId: note.id, ms: Date.now() - started, phases }, 'upload processed');
      return toApiNote(note);
    } catch (err) {
      await thumbnails;
      if (!(err instanceof PipelineFailure)) {
        log.error({ err }, 'processing failed');
        const existing = await this.abandon(log, uploadId, refs, 'failed', 'INTERNAL', (err as Error).message);
        if (existing) return existing;
        throw isDatabaseUnavailable(err)
          ? databaseUnavailable()
          : new HttpError(500, ErrorCode.Internal, 'Error processing screenshots. Please try again.');
      }
      if (err.kind === 'unavailable') {
        log.warn({ err: err.message, ms: Date.now() - started }, 'processing given up: the queue is unreachable');
        const existing = await this.abandon(log, uploadId, refs, 'failed', 'QUEUE_UNAVAILABLE', err.message);
        if (existing) return existing;
        await grant.release(); // the outage's, not the user's
        throw queueUnavailable();
      }
      if (err.kind === 'verdict' && err.verdict?.code === 'INAPPROPRIATE_CONTENT') {
        const existing = await this.abandon(log, uploadId, refs, 'rejected', err.verdict.code, err.verdict.message);
        if (existing) return existing;
        throw new HttpError(400, ErrorCode.InappropriateContent, err.verdict.message, {
          inappropriateImages: err.verdict.files ?? [],
        });
      }
      if (err.kind === 'verdict' && err.verdict?.code === 'NOTHING_EXTRACTED') {
        const existing = await this.abandon(log, uploadId, refs, 'rejected', err.verdict.code, err.verdict.message);
        if (existing) return existing;
        const reason = err.verdict.reason ? { reason: err.verdict.reason } : {};
        throw new HttpError(
          422,
          ErrorCode.NothingExtracted,
          'Could not process the content from the uploaded images',
          reason,
        );
      }
      if (err.kind === 'timeout') {
        log.error({ ms: Date.now() - started, stage: err.stage }, 'processing timed out');
        const existing = await this.abandon(log, uploadId, refs, 'failed', ErrorCode.Timeout, 'Processing timed out');
        if (existing) return existing;
        throw new HttpError(504, ErrorCode.Timeout, 'Processing took too long. Please try again with fewer images.');
      }
      log.error({ err, stage: err.stage }, 'processing failed');
      const existing = await this.abandon(log, uploadId, refs, 'failed', 'PIPELINE_ERROR', err.message);
      if (existing) return existing;
      throw new HttpError(500, ErrorCode.Internal, 'Error processing screenshots. Please try again.');
    }
  }

  /**
   * Stores the thumbnails the decode made (DECISIONS "Original images"). Never rejects: a thumbnail that could not
   * be made or stored is logged, and the image route makes one from the original when asked.
   */
  private async storeThumbnails(
    log: FastifyBaseLogger,
    refs: ImageRef[],
    decoded: PromiseSettledResult<Buffer | null>[],
  ): Promise<void> {
    const results = await Promise.allSettled(
      refs.map(async (ref, i) => {
        const result = decoded[i];
        const thumbnail = result?.status === 'fulfilled' ? result.value : null;
        if (!thumbnail) throw new Error('no thumbnail could be made');
        await this.deps.store.put(thumbnailKey(ref.key), thumbnail, THUMBNAIL_CONTENT_TYPE);
      }),
    );
    const missing = results.flatMap((r, index) => (r.status === 'rejected' ? [index] : []));
    if (missing.length > 0) {
      const first = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      log.warn({ err: first?.reason, images: missing }, 'thumbnails not stored');
    }
  }

  /**
   * Gives the upload up: marks it failed/rejected (which frees its allowance) and deletes its objects.
   * If the notes stage committed in the meantime, the upload is no longer 'processing': return that note instead.
   */
  private async abandon(
    log: FastifyBaseLogger,
    uploadId: string,
    refs: ImageRef[],
    status: 'failed' | 'rejected',
    code: string,
    message: string,
  ): Promise<Note | undefined> {
    const { repos, store } = this.deps;
    const mark = () => repos.uploads.markFailed(uploadId, status, code, message.slice(0, 1000));
    // A connection cut under it (a restarted or failed-over database) gets one more try on a fresh one.
    const marked = await mark().catch(async (err: unknown) => {
      if (!isDatabaseUnavailable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
      return mark();
    });
    if (!marked) {
      const upload = await repos.uploads.findById(uploadId);
      if (upload?.status === 'completed' && upload.noteId) {
        const note = await repos.notes.findByIdForUser(upload.noteId, upload.userId);
        if (note) return toApiNote(note);
      }
    }
    await store.deleteMany(withThumbnailKeys(refs.map((r) => r.key))).catch((err: unknown) => {
      log.error({ err, uploadId }, 'could not delete objects of an abandoned upload');
    });
    return undefined;
  }
}

/** The first rejected result, in the order of the promises (upload order), whichever settled first. */
function firstRejection(results: PromiseSettledResult<unknown>[]): PromiseRejectedResult | undefined {
  return results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
}

/** The values of settled checks, or the first refusal in upload order. */
function settledOrThrow<T>(results: PromiseSettledResult<T>[]): T[] {
  const refused = firstRejection(results);
  if (refused) throw refused.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}
