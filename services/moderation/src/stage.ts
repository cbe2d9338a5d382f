/**
 * The moderation stage: the image check of every upload, run beside OCR. Reads each image from the object store,
 * classifies ALL of them (a few at a time) and reports every flagged file in upload order.
 * It does not fail the upload itself: the summarise stage joins these flags with the text filter's and issues one
 * INAPPROPRIATE_CONTENT verdict naming every flagged file (the 400 reply lists them all).
 */
import type {
  ImageModerator,
  ImageRef,
  ImageVerdict,
  Logger,
  ModerationResult,
  ObjectStore,
  StageHandlers,
  UploadJob,
} from '@snapnotes/contracts';

export const DEFAULT_MODERATION_PARALLELISM = 2;

export interface ModerationStageDeps {
  store: ObjectStore;
  image: ImageModerator;
  logger: Logger;
  /** How many images of one upload are fetched and classified at once (default 2: the model is CPU-bound). */
  parallelism?: number;
}

/** Maps items with at most `limit` in flight, keeping input order; stops starting new work after a failure. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  async function worker(): Promise<void> {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i] as T);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  }
  const workers = Array.from({ length: Math.min(limit, items.length) }, () => worker());
  const settled = await Promise.allSettled(workers);
  const rejected = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}

export function createModerationStage(deps: ModerationStageDeps): StageHandlers['moderation'] {
  const parallelism = deps.parallelism ?? DEFAULT_MODERATION_PARALLELISM;
  if (!Number.isInteger(parallelism) || parallelism < 1) {
    throw new RangeError(`parallelism must be a positive integer, got ${String(parallelism)}`);
  }

  async function check(ref: ImageRef, log: Logger): Promise<ImageVerdict> {
    const data = await deps.store.get(ref.key);
    // Errors are logged: the position, not the user's file name. The gateway checked that the image decodes and
    // carried its size in the job; the classifier decodes it once and names it by this label if it does not.
    const label = `Image ${ref.index + 1}`;
    const verdict = await deps.image.classify(data, label);
    if (verdict.flagged) log.warn({ index: ref.index, reason: verdict.reason }, 'image flagged');
    return verdict;
  }

  // The job was parsed once, at the queue boundary (packages/queue stages.ts): stages trust their typed input.
  return async function moderation(job: UploadJob): Promise<ModerationResult> {
    const log = deps.logger.child({ stage: 'moderation', jobId: job.jobId, correlationId: job.correlationId });
    const images = [...job.images].sort((a, b) => a.index - b.index);
    const started = performance.now();
    const verdicts = await mapLimit(images, parallelism, (ref) => check(ref, log));
    const flagged = images.flatMap((ref, i) => {
      const verdict = verdicts[i];
      return verdict?.flagged
        ? [{ index: ref.index, fileName: ref.fileName, reason: verdict.reason ?? 'flagged' }]
        : [];
    });
    const durationMs = Math.round(performance.now() - started);
    log.info(
      { checked: images.length, flagged: flagged.length, engine: deps.image.name, durationMs },
      'images checked',
    );
    return { checked: images.length, engine: deps.image.name, flagged };
  };
}
