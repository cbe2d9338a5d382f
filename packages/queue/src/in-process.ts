/**
 * The in-process driver (embedded mode without REDIS_URL): the same stages, order and payload checks as the
 * BullMQ flow, in one process: moderation beside OCR (not for a note's re-read), then summarise, then notes. OCR
 * pages of every upload share ONE FIFO limiter of `ocrConcurrency`.
 */
import { isPermanentError, isVerdictError, QueueName } from '@snapnotes/contracts';
import type { Logger, NoteResult, StageHandlers, UploadJob } from '@snapnotes/contracts';
import pLimit from 'p-limit';
import type { LimitFunction } from 'p-limit';
import pRetry from 'p-retry';
import { errorMessage, failureFromReason, loggableError, PipelineFailure, timeoutFailure } from './failure.js';
import { memoryProgress } from './progress.js';
import { admitUpload, orderPages, parseNoteResult, PayloadError, runNotes, runSummarise } from './stages.js';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS } from './types.js';
import type { PipelineDriver, QueueCounts, RunOptions } from './types.js';

export interface InProcessDriverOptions {
  handlers: StageHandlers;
  /** How many OCR pages run at once, across all uploads. */
  ocrConcurrency: number;
  logger: Logger;
  /** Tries per stage call, first one included (default 3). */
  attempts?: number;
  /** First retry delay; doubles on each retry (default 1000 ms). */
  backoffMs?: number;
}

const STAGES = Object.values(QueueName);

/** Verdicts and malformed payloads end an upload at once; anything else is treated as transient. */
function isPermanent(err: unknown): boolean {
  return isPermanentError(err) || err instanceof PayloadError || err instanceof PipelineFailure;
}

function checkInteger(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`createInProcessDriver: ${name} must be an integer ≥ ${min}, got ${value}`);
  }
}

export function createInProcessDriver(opts: InProcessDriverOptions): PipelineDriver {
  const { handlers } = opts;
  const attempts = opts.attempts ?? DEFAULT_ATTEMPTS;
  const backoffMs = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  checkInteger('ocrConcurrency', opts.ocrConcurrency, 1);
  checkInteger('attempts', attempts, 1);
  checkInteger('backoffMs', backoffMs, 0);
  const logger = opts.logger.child({ component: 'queue', driver: 'in-process' });

  const ocrLimit = pLimit(opts.ocrConcurrency);
  const stats = Object.fromEntries(STAGES.map((s) => [s, { active: 0, delayed: 0, failed: 0 }])) as Record<
    QueueName,
    { active: number; delayed: number; failed: number }
  >;
  const inflight = new Set<Promise<unknown>>();
  let closed = false;
  // Where each upload in flight is (issue 23): updated as its stages end, forgotten when it is answered.
  const progress = memoryProgress();
  const stagesOf = (job: UploadJob) => {
    let done = progress.stages.get(job.jobId);
    if (!done) progress.stages.set(job.jobId, (done = { moderation: false, pagesRead: 0, summary: false }));
    return done;
  };

  /** One stage call with retries; `limiter` is taken per attempt, so a backoff does not hold an OCR slot. */
  async function attempt<T>(
    stage: QueueName,
    job: UploadJob,
    signal: AbortSignal,
    fn: () => Promise<T>,
    limiter?: LimitFunction,
  ): Promise<T> {
    const s = stats[stage];
    const log = { jobId: job.jobId, correlationId: job.correlationId, stage };
    let backingOff = false;
    const endBackoff = () => {
      if (backingOff) s.delayed--;
      backingOff = false;
    };
    const once = async (): Promise<T> => {
      endBackoff();
      const call = async () => {
        signal.throwIfAborted();
        s.active++;
        try {
          return await fn();
        } finally {
          s.active--;
        }
      };
      return limiter ? limiter(call) : call();
    };
    try {
      return await pRetry(once, {
        retries: attempts - 1,
        factor: 2,
        minTimeout: backoffMs,
        maxTimeout: Number.POSITIVE_INFINITY,
        randomize: false,
        signal,
        shouldRetry: ({ error }) => !isPermanent(error),
        onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
          if (signal.aborted || isPermanent(error) || retriesLeft === 0) return;
          logger.warn({ ...log, attempt: attemptNumber, err: error.message }, 'stage failed, retrying');
          backingOff = true;
          s.delayed++;
        },
      });
    } catch (err) {
      endBackoff();
      if (signal.aborted) throw err; // the upload already ended (timeout or a sibling page failed)
      s.failed++;
      if (isVerdictError(err)) logger.info({ ...log, err: loggableError(err) }, 'stage rejected the upload');
      else logger.error({ ...log, err: errorMessage(err) }, 'stage failed');
      throw failureFromReason(stage, errorMessage(err), err);
    }
  }

  /** moderation beside OCR (pages through the shared limiter), then summarise with both results, then notes. */
  async function pipeline(job: UploadJob, signal: AbortSignal, done: Set<QueueName>): Promise<NoteResult> {
    // When one branch fails for good, the other stops starting work (queued pages give up their turn).
    const branchFailed = new AbortController();
    const branchSignal = AbortSignal.any([signal, branchFailed.signal]);
    const failFast = (err: unknown): never => {
      branchFailed.abort();
      throw err;
    };
    // The job was parsed once when it was admitted (run): moderation and OCR get it, or one of its images, as is.
    // Summarise and notes get payloads made of other stages' results, each parsed once on its way in.
    // A re-read of a note skips the image checks: its images were accepted at upload (UploadJob.reprocess).
    const moderation = (
      job.purpose.kind === 'reread'
        ? Promise.resolve(undefined)
        : attempt('moderation', job, branchSignal, () => handlers.moderation(job))
    )
      .then((result) => (done.add('moderation'), (stagesOf(job).moderation = true), result))
      .catch(failFast);
    const pages = Promise.all(
      job.images.map((image) =>
        attempt('ocr', job, branchSignal, () => handlers.ocr({ job, image }), ocrLimit)
          .then((page) => (stagesOf(job).pagesRead++, page))
          .catch(failFast),
      ),
    ).then((result) => (done.add('ocr'), result));
    const [moderationResult, pageResults] = await Promise.all([moderation, pages]);

    const summary = await attempt('summarise', job, signal, () =>
      runSummarise(handlers, { job, pages: orderPages(job, pageResults), moderation: moderationResult }),
    );
    done.add('summarise');
    stagesOf(job).summary = true;
    const note = await attempt('notes', job, signal, () => runNotes(handlers, { job, summary }));
    return parseNoteResult(note);
  }

  return {
    progress,

    async run(input: UploadJob, { timeoutMs }: RunOptions): Promise<NoteResult> {
      const job = admitUpload(input, timeoutMs, closed);

      const controller = new AbortController();
      const done = new Set<QueueName>();
      stagesOf(job);
      const pendingStage = () => STAGES.find((s) => !done.has(s));
      const work = pipeline(job, controller.signal, done).catch((err: unknown) => {
        throw err instanceof PipelineFailure ? err : failureFromReason(pendingStage(), errorMessage(err), err);
      });
      const tracked = work.catch(() => undefined);
      inflight.add(tracked);
      void tracked.finally(() => inflight.delete(tracked));

      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          const stage = pendingStage();
          logger.warn({ jobId: job.jobId, correlationId: job.correlationId, stage, timeoutMs }, 'upload timed out');
          reject(timeoutFailure(job.jobId, timeoutMs, stage));
        }, timeoutMs);
      });
      try {
        return await Promise.race([work, timeout]);
      } finally {
        clearTimeout(timer);
        progress.stages.delete(job.jobId);
      }
    },

    async forgetJobs() {
      // Nothing is kept between calls: an upload's data lives only in its running request.
      return { removed: 0, active: 0 };
    },

    async counts() {
      return Object.fromEntries(
        STAGES.map((s): [QueueName, QueueCounts] => [
          s,
          { waiting: s === 'ocr' ? ocrLimit.pendingCount : 0, ...stats[s] },
        ]),
      ) as Record<QueueName, QueueCounts>;
    },

    /** Refuses new uploads and waits for the ones in flight to end. */
    async close() {
      closed = true;
      await Promise.allSettled([...inflight]);
    },
  };
}
