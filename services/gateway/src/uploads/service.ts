/**
 * Uploads (SPEC §7 POST /api/process-screenshots, §8 errors; DECISIONS "Uploads and processing", "Upload admission"):
 * admit (admission.ts) → read → check → reserve the allowance → rate limit → store → run the pipeline → the note.
 *
 * Admission comes before a single body byte is read: the body's declared size (413), the allowance (402, without
 * using it), the rate limit (429, without counting) and the caller's uploads in progress (429). The body is then
 * streamed part by part into a temporary folder that is removed whatever happens (success, refusal, failure, client
 * abort); a body that sends nothing for UPLOAD_BODY_IDLE_MS is given up (408, body-idle.ts). The checks and the
 * storing wait for one of the gateway-wide places (admission.ts); the pipeline then runs without one. Any refusal or
 * failure leaves no note, no stored object and no allowance used; the allowance itself is still taken atomically by
 * `UploadsRepo.reserve`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode, type Note } from '@snapnotes/contracts';
import { HttpError } from '../errors.js';
import { queueUnavailable } from '../unavailable.js';
import { quotaFor } from '../quota.js';
import { AlreadyInNotesError } from '../duplicates/upload.js';
import { checkDeclaredSize, upgradeRequired, UploadAdmission, type AdmissionTicket } from './admission.js';
import { readWatched, type BodyWatcher } from './body-idle.js';
import { UploadCore, type CoreInput, type UploadServiceDeps } from './core.js';
import { readUpload, type MultipartSource, type ReceivedFile } from './multipart.js';
import { UploadProgressTracker } from './progress.js';

export type { UploadServiceDeps } from './core.js';

export interface UploadInput extends CoreInput {
  /** The request's Content-Length header, when it has one (a chunked body has none). */
  contentLength: number | undefined;
  isMultipart: boolean;
  parts: MultipartSource;
  /** Starts the body's idle timer (the route's request); without it the body may idle (unit tests). */
  watchBody?: BodyWatcher;
}

export class UploadService {
  readonly admission: UploadAdmission;
  readonly progress: UploadProgressTracker;
  /** The per-upload core (checks → allowance → rate limit → store → pipeline), shared with the bulk import. */
  readonly core: UploadCore;

  constructor(private readonly deps: UploadServiceDeps) {
    this.core = new UploadCore(deps);
    this.admission = new UploadAdmission(deps.config.UPLOAD_CONCURRENCY_PER_USER, deps.config.UPLOAD_CONCURRENCY);
    const { pipeline, config, logger } = deps;
    this.progress = new UploadProgressTracker(pipeline.progress, 2 * config.PROCESSING_TIMEOUT_MS + 60_000, logger);
  }

  /** The whole upload: the created note, or an HttpError for the reply (SPEC §8). */
  async upload(input: UploadInput): Promise<Note> {
    const { config, repos, rateLimiter } = this.deps;
    const { user } = input;
    const t0 = performance.now();
    const phases: Record<string, number> = {};
    const mark = (name: string) => (phases[name] = Math.round(performance.now() - t0));
    if (!input.isMultipart) {
      throw new HttpError(400, ErrorCode.BadRequest, "Send the images as multipart/form-data in the 'images' field.");
    }
    checkDeclaredSize(input.contentLength);
    const now = new Date();
    // Allowance first (a user with none left gets 402 whatever else), then the rate limit; neither uses anything.
    const quota = await quotaFor({ repos, config }, user.id, now);
    const remaining = quota.subscribed ? null : (quota.remaining ?? 0);
    if (remaining !== null && remaining <= 0) {
      throw upgradeRequired();
    }
    await rateLimiter.check(user.id);
    // The queue first: while Redis is away the upload waits for it (bounded), then a 503 before any body byte is read.
    const { pipeline } = this.deps;
    if (pipeline.waitAvailable && !(await pipeline.waitAvailable(config.QUEUE_UNAVAILABLE_WAIT_MS))) {
      throw queueUnavailable();
    }
    const ticket = this.admission.admit(user.id, remaining);
    mark('admitted');
    let dir: string | undefined;
    try {
      dir = await mkdtemp(join(config.UPLOAD_TMP_DIR ?? tmpdir(), 'snapnotes-upload-'));
      return await this.receive(input, ticket, dir, now, mark, phases);
    } catch (err) {
      // Every image already in the user's notes: that note, marked duplicateOf; nothing made or charged.
      if (err instanceof AlreadyInNotesError) return err.reply;
      throw err;
    } finally {
      ticket.release();
      if (dir) await removeDir(dir, input.log);
    }
  }

  private async receive(
    input: UploadInput,
    ticket: AdmissionTicket,
    dir: string,
    now: Date,
    mark: (name: string) => number,
    phases: Record<string, number>,
  ): Promise<Note> {
    const { user } = input;
    // Given up (408) when it sends nothing for UPLOAD_BODY_IDLE_MS; what it wrote meanwhile goes with the folder.
    const reading = readUpload(input.parts, dir);
    const { files, fields } = await readWatched(reading, input.watchBody?.(), () => removeDir(dir, input.log)).finally(
      () => ticket.bodyDone(),
    );
    mark('read');
    input.progress?.checking(files.length);
    if (fields.userId && fields.userId !== String(user.id)) {
      throw new HttpError(403, ErrorCode.Forbidden, 'You can only upload to your own account.');
    }
    // The checks and the storing (files read into memory) hold one of the gateway-wide places, waited for in turn.
    const stored = await this.admission.inPlace(() => {
      mark('placed');
      return this.core.checkAndStore(input, files, {
        subscribed: ticket.subscribed,
        now,
        onReserved: () => ticket.reserved(),
        mark,
      });
    });
    // The files are in the store: the temporary copies are no longer needed while the pipeline runs (seconds to
    // minutes), and the place is free for the next upload.
    await removeDir(dir, input.log);
    return this.core.process(input, stored, mark, phases);
  }

  /**
   * One image of a bulk import, or a group of its scrolling captures, as an upload of its own (../imports): the same
   * checks, allowance, rate limit, storing and pipeline, the checks and storing in one of the gateway-wide places. No
   * per-user admission: an import's images are paced by its worker, never refused as "uploads in progress". `stored`
   * hears the upload's id once its allowance is reserved and its images stored, before the pipeline runs.
   */
  async importUpload(
    input: CoreInput,
    files: ReceivedFile[],
    subscribed: boolean,
    stored?: (uploadId: string) => Promise<void>,
  ): Promise<Note> {
    const t0 = performance.now();
    const phases: Record<string, number> = {};
    const mark = (name: string) => (phases[name] = Math.round(performance.now() - t0));
    const upload = await this.admission.inPlace(() =>
      this.core.checkAndStore(input, files, { subscribed, now: new Date(), mark }),
    );
    await stored?.(upload.uploadId);
    return this.core.process(input, upload, mark, phases);
  }
}

async function removeDir(dir: string, log: FastifyBaseLogger): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 2 }).catch((err: unknown) => {
    log.error({ err, dir }, 'could not remove the temporary files of an upload');
  });
}
