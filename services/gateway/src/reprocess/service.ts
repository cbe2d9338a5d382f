/**
 * "Read again" (issue 13; DECISIONS "Read again"): POST /api/notes/{id}/reprocess re-runs OCR and the summary from
 * the note's stored images, through the same pipeline as an upload (without the image checks), and updates the note
 * in place. Order: body (400) → start the re-read (404 not the caller's note, 409 no images, 429 a free user's
 * FREE_REREADS_PER_DAY used, 409 one in progress) → the caller's uploads in progress (429) → the rate limit, counting
 * the note's images (429) → the job's images (their meta read from the objects for an older upload) → the pipeline,
 * held open like an upload → the note.
 *
 * No upload allowance is used: no uploads row is reserved; a free user's re-reads have their own daily cap instead.
 * Any refusal or failure leaves the note as it was; a refused re-read leaves no trace, a failed one is recorded
 * `failed`. The reply says what the new reading changed (`changed`: text, summary, title), compared with the note as
 * it was when the re-read started, so the app can say "Nothing changed" rather than "updated".
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@snapnotes/config';
import {
  ErrorCode,
  FREE_REREADS_PER_DAY,
  noteChanges,
  type Note,
  type ObjectStore,
  type ImageRef,
  type ReprocessNoteResponse,
  type ScrollLink,
  type UploadJob,
  uprightSize,
} from '@snapnotes/contracts';
import { toApiNote, type ReprocessingSource, type UserRow } from '@snapnotes/db';
import { PipelineFailure, type PipelineDriver } from '@snapnotes/queue';
import type { Repositories } from '@snapnotes/runtime';
import { HttpError } from '../errors.js';
import { asRereadRateLimit, type RateLimitGrant, type UploadRateLimiter } from '../rate-limit.js';
import { jobLanguages } from '../languages.js';
import type { AdmissionTicket, UploadAdmission } from '../uploads/admission.js';
import { storedObject, withImageMeta } from '../uploads/image-meta.js';
import { scrollLinksOf } from '../uploads/scroll-captures.js';
import {
  failureCode,
  imageRefsOf,
  noImages,
  parseReprocessBody,
  reprocessFailure,
  rereadsPerDayReached,
} from './job.js';

export interface ReprocessServiceDeps {
  config: Config;
  repos: Repositories;
  store: ObjectStore;
  pipeline: PipelineDriver;
  rateLimiter: UploadRateLimiter;
  /** The uploads' admission: a re-read is one of the caller's uploads in progress. */
  admission: UploadAdmission;
}

export interface ReprocessInput {
  user: UserRow;
  noteId: number;
  body: unknown;
  correlationId: string;
  log: FastifyBaseLogger;
}

const notFound = () => new HttpError(404, ErrorCode.NotFound, 'Note not found.');

export class ReprocessService {
  constructor(private readonly deps: ReprocessServiceDeps) {}

  /** The re-read note, or an HttpError for the reply; the note is unchanged whenever this throws. */
  async reprocess(input: ReprocessInput): Promise<ReprocessNoteResponse> {
    const { config, repos, rateLimiter } = this.deps;
    const { user, noteId } = input;
    const languages = parseReprocessBody(input.body, config) ?? jobLanguages(user.ocrLanguages, config);
    const id = randomUUID();
    const premium = (await repos.subscriptions.findActiveByUser(user.id, new Date())) !== undefined;
    const perDay = premium ? null : FREE_REREADS_PER_DAY;
    const started = await repos.reprocessings.start({ id, noteId, userId: user.id, languages, perDay });
    if (!started.ok) {
      if (started.reason === 'not-found') throw notFound();
      if (started.reason === 'no-images') throw noImages();
      if (started.reason === 'daily-limit') throw rereadsPerDayReached(started.retryAfterSeconds);
      throw new HttpError(
        409,
        ErrorCode.ReprocessInProgress,
        'This note is being read again already. Wait for it to finish, then try again.',
      );
    }
    const { source } = started;
    // The note as it is now: the reply compares the new reading with it. Read after the re-read started, so no
    // other re-read can change it meanwhile (one at a time per note).
    const before = await repos.notes.findByIdForUser(noteId, user.id).catch(async (err: unknown) => {
      await repos.reprocessings.discard(id);
      throw err;
    });
    let ticket: AdmissionTicket | undefined;
    let grant: RateLimitGrant;
    try {
      ticket = this.deps.admission.admit(user.id, null, { body: false });
      grant = await rateLimiter.consume(user.id, source.images.length);
    } catch (err) {
      ticket?.release();
      await repos.reprocessings.discard(id);
      throw asRereadRateLimit(err, config.RATE_LIMIT_IMAGES, config.RATE_LIMIT_WINDOW_SECONDS);
    }
    const log = input.log.child({ reprocessingId: id, noteId, userId: user.id, images: source.images.length });
    try {
      const note = await this.run(input, log, { id, languages, source, grant, premium });
      const changed = before ? noteChanges(toApiNote(before), note) : { text: true, summary: true, title: true }; // deleted and written again: cannot happen, say "changed"
      return { ...note, changed };
    } finally {
      ticket.release();
    }
  }

  private async run(
    input: ReprocessInput,
    log: FastifyBaseLogger,
    reread: { id: string; languages: string[]; source: ReprocessingSource; grant: RateLimitGrant; premium: boolean },
  ): Promise<Note> {
    const { config, repos, pipeline } = this.deps;
    const { user, noteId } = input;
    const { id, source } = reread;
    let images: ReturnType<typeof imageRefsOf>;
    try {
      images = imageRefsOf(await withImageMeta(this.deps, source, log));
    } catch (err) {
      log.error({ err }, 'could not read the stored images of the note');
      await repos.reprocessings.fail(id, 'STORAGE_ERROR');
      throw reprocessFailure(new PipelineFailure('error', 'store unavailable'));
    }
    if (!images) {
      // An image is gone from the store: nothing to read, nothing counted.
      await Promise.all([repos.reprocessings.fail(id, ErrorCode.NoImages), reread.grant.release()]);
      throw noImages();
    }
    const scrolls = await this.scrollsOf(images, log);
    const job: UploadJob = {
      jobId: id,
      purpose: { kind: 'reread', noteId, requireText: source.kind === 'text' },
      userId: user.id,
      correlationId: input.correlationId,
      premium: reread.premium,
      languages: reread.languages,
      images,
      ...(scrolls.length > 0 ? { scrolls } : {}),
    };
    const started = Date.now();
    try {
      const result = await pipeline.run(job, { timeoutMs: config.PROCESSING_TIMEOUT_MS });
      const note = await repos.notes.findByIdForUser(result.noteId, user.id);
      if (!note) throw notFound(); // deleted just after it was read again
      log.info({ ms: Date.now() - started, languages: job.languages }, 'note read again');
      return toApiNote(note);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const failure =
        err instanceof PipelineFailure
          ? err
          : new PipelineFailure('error', err instanceof Error ? err.message : String(err), { cause: err });
      if (failure.kind === 'error') log.error({ err, stage: failure.stage }, 're-read failed');
      else log.info({ kind: failure.kind, stage: failure.stage, ms: Date.now() - started }, 're-read failed');
      const done = await this.giveUp(id, user.id, failureCode(failure));
      if (done) return done;
      if (!(await repos.notes.findByIdForUser(noteId, user.id))) throw notFound(); // deleted meanwhile
      if (!(err instanceof PipelineFailure)) throw err; // unexpected: the error handler's 500
      throw reprocessFailure(failure);
    }
  }

  /**
   * Records the re-read failed, so a late result of its jobs changes nothing. When the notes stage completed it in the
   * meantime, the note was read again after all: that note is the answer.
   */
  private async giveUp(id: string, userId: number, code: string): Promise<Note | undefined> {
    const { repos } = this.deps;
    if (await repos.reprocessings.fail(id, code)) return undefined;
    const row = await repos.reprocessings.findById(id);
    if (row?.status !== 'completed') return undefined;
    const note = await repos.notes.findByIdForUser(row.noteId, userId);
    return note ? toApiNote(note) : undefined;
  }

  /**
   * The note's images that are scrolling captures of one chat or page, measured again on the stored images as the
   * upload measured them (a note keeps its images, not the measure); none when they cannot be read.
   */
  private async scrollsOf(images: readonly ImageRef[], log: FastifyBaseLogger): Promise<ScrollLink[]> {
    if (images.length < 2) return [];
    const { store } = this.deps;
    return scrollLinksOf(images.map(uprightSize), (i) => storedObject(store, images[i]!.key)).catch((err: unknown) => {
      log.warn({ err }, 'could not compare the images as scrolling captures');
      return [];
    });
  }
}
