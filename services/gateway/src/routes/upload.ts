import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, type ImageRef, type UploadJob } from '@snapnotes/contracts';
import { toApiNote } from '@snapnotes/db';
import { PipelineFailure } from '@snapnotes/queue';
import { authenticate, currentUser } from '../app.js';
import { HttpError } from '../errors.js';
import type { RateLimitGrant } from '../rate-limit.js';
import { jobLanguages } from './settings.js';
import { inspectImage, readUpload, verifyDecodable } from '../upload.js';

export const UPGRADE_MESSAGE = "You've used all your free uploads. Please subscribe to continue.";

export function registerUploadRoutes(app: FastifyInstance): void {
  /**
   * POST /api/process-screenshots: check → reserve allowance → store → run the pipeline → reply with the note.
   * Any refusal or failure leaves no note, no stored object and no allowance used.
   */
  app.post('/api/process-screenshots', async (req) => {
    const { repos, store, pipeline, config } = app.deps;
    const t0 = performance.now();
    const phases: Record<string, number> = {};
    const mark = (name: string) => (phases[name] = Math.round(performance.now() - t0));
    await authenticate(req);
    mark('verified');
    const user = await currentUser(req);
    mark('auth');
    const { files, fields } = await readUpload(req);
    mark('read');
    if (fields.userId && fields.userId !== String(user.id)) {
      throw new HttpError(403, ErrorCode.Forbidden, 'You can only upload to your own account.');
    }
    const now = new Date();
    // The quick checks of every file run side by side while the plan is looked up; the reply names the first bad
    // file in upload order, whichever check finished first.
    const [inspected, subscription] = await Promise.all([
      Promise.allSettled(files.map((file) => inspectImage(file))),
      repos.subscriptions.findActiveByUser(user.id, now),
    ]);
    const images = settledOrThrow(inspected);
    mark('checked');
    // The full decode (the slowest check: from a few ms to a few hundred for a large photo) runs beside the
    // reservation, the rate limit and the storing. A file that fails it gives all three back below, and a bad file
    // is reported before a spent allowance or a rate limit, as if it had been checked first.
    const decoded = Promise.allSettled(images.map((img) => verifyDecodable(img)));
    const corruptFile = async () => firstRejection(await decoded);
    const subscribed = Boolean(subscription);
    const uploadId = randomUUID();
    const refs: ImageRef[] = images.map((img, index) => ({
      index,
      fileName: img.fileName,
      key: `users/${user.id}/uploads/${uploadId}/${index}.${img.extension}`,
      contentType: img.contentType,
      bytes: img.data.length,
      width: img.width,
      height: img.height,
    }));
    const reservation = await repos.uploads.reserve({
      id: uploadId,
      userId: user.id,
      fileNames: refs.map((r) => r.fileName),
      objectKeys: refs.map((r) => r.key),
      imageCount: refs.length,
      correlationId: req.id,
      monthlyAllowance: subscribed ? null : config.FREE_UPLOADS_PER_MONTH,
      now,
    });
    if (!reservation.ok) {
      const bad = await corruptFile();
      if (bad) throw bad.reason;
      throw new HttpError(402, ErrorCode.UpgradeRequired, UPGRADE_MESSAGE, { upgradeRequired: true });
    }
    // Rate limit (DECISIONS: plans and payments): every image that passed the checks and the allowance counts,
    // whatever happens to it next; a refused upload gives its reservation back and stores nothing.
    let grant: RateLimitGrant;
    try {
      grant = await app.uploadRateLimiter.consume(user.id, refs.length);
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
    const log = req.log.child({ uploadId, userId: user.id, images: refs.length });

    const stored = await Promise.allSettled(refs.map((ref, i) => store.put(ref.key, images[i]!.data, ref.contentType)));
    mark('put');
    const bad = await corruptFile();
    if (bad) {
      await abandon(req, uploadId, refs, 'rejected', ErrorCode.CorruptImage, 'Corrupt image');
      await grant.release();
      throw bad.reason;
    }
    const storeFailure = firstRejection(stored);
    if (storeFailure) {
      log.error({ err: storeFailure.reason }, 'storing upload failed');
      await abandon(req, uploadId, refs, 'failed', 'STORAGE_ERROR', 'Could not store the images');
      throw new HttpError(503, ErrorCode.Internal, 'Error processing screenshots. Please try again.');
    }
    mark('stored');

    const job: UploadJob = {
      uploadId,
      userId: user.id,
      correlationId: req.id,
      premium: subscribed,
      // The user's languages (Settings), else the server's defaults; the OCR stage reads these first.
      languages: jobLanguages(user.ocrLanguages, config),
      images: refs,
    };
    const started = Date.now();
    try {
      const result = await pipeline.run(job, { timeoutMs: config.PROCESSING_TIMEOUT_MS });
      mark('pipeline');
      const note = await repos.notes.findByIdForUser(result.noteId, user.id);
      if (!note) throw new Error(`note ${result.noteId} of upload ${uploadId} not found after processing`);
      mark('loaded');
      log.info({ noteId: note.id, ms: Date.now() - started, phases }, 'upload processed');
      return toApiNote(note);
    } catch (err) {
      if (!(err instanceof PipelineFailure)) {
        log.error({ err }, 'processing failed');
        const existing = await abandon(req, uploadId, refs, 'failed', 'INTERNAL', (err as Error).message);
        if (existing) return existing;
        throw new HttpError(500, ErrorCode.Internal, 'Error processing screenshots. Please try again.');
      }
      if (err.kind === 'verdict' && err.verdict?.code === 'INAPPROPRIATE_CONTENT') {
        const existing = await abandon(req, uploadId, refs, 'rejected', err.verdict.code, err.verdict.message);
        if (existing) return existing;
        throw new HttpError(400, ErrorCode.InappropriateContent, err.verdict.message, {
          inappropriateImages: err.verdict.files ?? [],
        });
      }
      if (err.kind === 'verdict' && err.verdict?.code === 'NOTHING_EXTRACTED') {
        const existing = await abandon(req, uploadId, refs, 'rejected', err.verdict.code, err.verdict.message);
        if (existing) return existing;
        throw new HttpError(422, ErrorCode.NothingExtracted, 'Could not process the content from the uploaded images');
      }
      if (err.kind === 'timeout') {
        log.error({ ms: Date.now() - started, stage: err.stage }, 'processing timed out');
        const existing = await abandon(req, uploadId, refs, 'failed', ErrorCode.Timeout, 'Processing timed out');
        if (existing) return existing;
        throw new HttpError(504, ErrorCode.Timeout, 'Processing took too long. Please try again with fewer images.');
      }
      log.error({ err, stage: err.stage }, 'processing failed');
      const existing = await abandon(req, uploadId, refs, 'failed', 'PIPELINE_ERROR', err.message);
      if (existing) return existing;
      throw new HttpError(500, ErrorCode.Internal, 'Error processing screenshots. Please try again.');
    }
  });
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

/**
 * Gives the upload up: marks it failed/rejected (which frees its allowance) and deletes its objects.
 * If the notes stage committed in the meantime, the upload is no longer 'processing': return that note instead.
 */
async function abandon(
  req: FastifyRequest,
  uploadId: string,
  refs: ImageRef[],
  status: 'failed' | 'rejected',
  code: string,
  message: string,
) {
  const { repos, store } = req.server.deps;
  const marked = await repos.uploads.markFailed(uploadId, status, code, message.slice(0, 1000));
  if (!marked) {
    const upload = await repos.uploads.findById(uploadId);
    if (upload?.status === 'completed' && upload.noteId) {
      const note = await repos.notes.findByIdForUser(upload.noteId, upload.userId);
      if (note) return toApiNote(note);
    }
  }
  await store.deleteMany(refs.map((r) => r.key)).catch((err: unknown) => {
    req.log.error({ err, uploadId }, 'could not delete objects of an abandoned upload');
  });
  return undefined;
}
