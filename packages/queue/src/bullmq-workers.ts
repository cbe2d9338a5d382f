/**
 * BullMQ workers: one Worker per queue this process has a handler for. Each stage reads its children's results
 * with getChildrenValues() (summarise: the ocr pages and the moderation flags; notes: the summary); the `ocr` job
 * fans out one `ocr-page` job per image and waits for them (DESIGN §2).
 */
import { isPermanentError, isVerdictError, uploadJobSchema } from '@snapnotes/contracts';
import type { Logger, QueueName, StageHandlers } from '@snapnotes/contracts';
import { Queue, UnrecoverableError, WaitingChildrenError, Worker } from 'bullmq';
import type { Job, Processor, WorkerOptions } from 'bullmq';
import {
  closeUnlessAway,
  DRAIN_DELAY_S,
  errorListener,
  reconnectDelay,
  RUN_RETRY_DELAY_MS,
} from './bullmq-connection.js';
import { checkPrefix, flowIds, KEEP, OCR_PAGE, parseJobKey } from './bullmq-flow.js';
import type { OcrPageData, StageData } from './bullmq-flow.js';
import { errorMessage, loggableError } from './failure.js';
import { orderPages, parsePayload, PayloadError, runModeration, runNotes, runOcrPage, runSummarise } from './stages.js';

/** Worker settings a test or an operator may tune (stalled-job recovery stays on). */
export type WorkerTuning = Pick<
  WorkerOptions,
  'stalledInterval' | 'lockDuration' | 'lockRenewTime' | 'maxStalledCount' | 'drainDelay' | 'runRetryDelay'
>;

export interface BullmqWorkersOptions {
  redisUrl: string;
  prefix: string;
  /** A Worker is started for each queue with a handler here. */
  handlers: Partial<StageHandlers>;
  /** Jobs at once per queue (default 1). */
  concurrency: Partial<Record<QueueName, number>>;
  logger: Logger;
  workerOptions?: WorkerTuning;
}

export interface BullmqWorkers {
  /**
   * Throws unless every worker is running, not paused or closing, and both its Redis connections (commands and the
   * blocking fetch) are up: the worker can take a job now (the process's /readyz).
   */
  consuming(): Promise<void>;
  /** Graceful: stops taking jobs and waits for the active ones to finish. */
  close(): Promise<void>;
}

/** Verdicts and malformed payloads are final: BullMQ must not retry them. */
async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isPermanentError(err) || err instanceof PayloadError) throw new UnrecoverableError(errorMessage(err));
    throw err;
  }
}

/** The single value a stage's one child returned (the summary, for notes). */
async function childValue(job: Job): Promise<unknown> {
  const values = (await job.getChildrenValues()) ?? {};
  return Object.values(values)[0];
}

export function startBullmqWorkers(opts: BullmqWorkersOptions): BullmqWorkers {
  checkPrefix(opts.prefix, 'startBullmqWorkers');
  const { handlers, prefix } = opts;
  const logger = opts.logger.child({ component: 'queue', driver: 'bullmq' });
  let fanout: Queue | undefined;

  const processors: Partial<Record<QueueName, Processor>> = {};
  const { moderation, ocr, summarise, notes } = handlers;

  if (moderation) {
    processors.moderation = (job: Job<StageData>) => guard(() => runModeration({ moderation }, job.data.job));
  }

  if (ocr) {
    const queue = new Queue<OcrPageData>('ocr', {
      connection: { url: opts.redisUrl, retryStrategy: reconnectDelay },
      prefix,
    });
    queue.on(
      'error',
      errorListener((f, m) => logger.error(f, m), 'ocr queue error'),
    );
    fanout = queue;
    processors.ocr = (job: Job<StageData | OcrPageData>, token?: string) =>
      guard(async () => {
        if (job.name === OCR_PAGE) return runOcrPage({ ocr }, job.data);
        const data = job.data as StageData;
        const upload = parsePayload(uploadJobSchema, data.job, 'ocr');
        const [only] = upload.images;
        if (upload.images.length === 1 && only)
          return { pages: [await runOcrPage({ ocr }, { job: upload, image: only })] };

        if (data.step !== 'collect') {
          // Deterministic ids: a retried fan-out does not add the pages twice.
          const ids = flowIds(upload.uploadId);
          await queue.addBulk(
            upload.images.map((image) => ({
              name: OCR_PAGE,
              data: { job: upload, image },
              opts: {
                ...KEEP,
                jobId: ids.page(image.index),
                parent: { id: job.id!, queue: job.queueQualifiedName },
                failParentOnFailure: true,
                priority: job.opts.priority,
                attempts: job.opts.attempts,
                backoff: job.opts.backoff,
              },
            })),
          );
          await job.updateData({ ...data, step: 'collect' });
        }
        if (!token) throw new Error('ocr fan-out needs the worker lock token');
        if (await job.moveToWaitingChildren(token)) throw new WaitingChildrenError();

        const own = `${job.queueQualifiedName}:`; // only the page jobs' values
        const values = (await job.getChildrenValues()) ?? {};
        const pages = Object.entries(values)
          .filter(([key]) => key.startsWith(own))
          .map(([, value]) => value);
        return { pages: orderPages(upload, pages) };
      });
  }

  if (summarise) {
    processors.summarise = (job: Job<StageData>) =>
      guard(async () => {
        const values = (await job.getChildrenValues()) ?? {};
        let ocrResult: { pages?: unknown } | undefined;
        let moderationResult: unknown;
        for (const [key, value] of Object.entries(values)) {
          const child = parseJobKey(key);
          if (child?.queue === 'ocr') ocrResult = value as { pages?: unknown };
          if (child?.queue === 'moderation') moderationResult = value;
        }
        return runSummarise(
          { summarise },
          { job: job.data.job, pages: ocrResult?.pages, moderation: moderationResult },
        );
      });
  }

  if (notes) {
    processors.notes = (job: Job<StageData>) =>
      guard(async () => runNotes({ notes }, { job: job.data.job, summary: await childValue(job) }));
  }

  const workers = Object.entries(processors).map(([name, processor]) => {
    const queue = name as QueueName;
    const concurrency = opts.concurrency[queue] ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`startBullmqWorkers: concurrency.${queue} must be an integer ≥ 1, got ${concurrency}`);
    }
    const worker = new Worker(queue, processor, {
      runRetryDelay: RUN_RETRY_DELAY_MS,
      drainDelay: DRAIN_DELAY_S,
      ...opts.workerOptions,
      connection: { url: opts.redisUrl, maxRetriesPerRequest: null, retryStrategy: reconnectDelay },
      prefix,
      concurrency,
    });
    worker.on('failed', (job, err) => {
      const upload = (job?.data as StageData | undefined)?.job;
      const log = {
        uploadId: upload?.uploadId,
        correlationId: upload?.correlationId,
        stage: queue,
        jobId: job?.id,
        attempt: job?.attemptsMade,
        err: loggableError(err),
      };
      const final = err.name === 'UnrecoverableError' || !job || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (err.message.startsWith('child ')) logger.debug(log, 'job failed because a child job failed');
      else if (isVerdictError(err)) logger.info(log, 'stage rejected the upload');
      else if (final) logger.error(log, 'job failed');
      else logger.warn(log, 'job failed, will retry');
    });
    worker.on('stalled', (jobId) => logger.warn({ stage: queue, jobId }, 'stalled job moved back to wait'));
    worker.on(
      'error',
      errorListener((f, m) => logger.error(f, m), 'worker error', { stage: queue }),
    );
    return worker;
  });
  logger.info({ queues: Object.keys(processors), concurrency: opts.concurrency }, 'queue workers started');

  return {
    async consuming() {
      await Promise.all(
        workers.map(async (worker) => {
          if (!worker.isRunning() || worker.isPaused() || worker.closing) {
            throw new Error(`the ${worker.name} worker is not taking jobs`);
          }
          const backend = worker.getBackend();
          const [main, blocking] = await Promise.all([backend.client, backend.blockingClient]);
          const states = [main.status, blocking?.status ?? 'none'];
          if (states.some((s) => s !== 'ready')) {
            throw new Error(`the ${worker.name} worker's Redis connections are ${states.join('/')}`);
          }
        }),
      );
    },
    async close() {
      // The workers' command connections say whether Redis is there (each is its own ioredis client).
      const clients = await Promise.all(workers.map((w) => w.getBackend().client));
      const closing = Promise.all(workers.map((w) => w.close())).then(() => fanout?.close());
      const how = await closeUnlessAway(closing, () => clients.every((c) => c.status === 'ready'));
      if (how === 'abandoned') logger.warn('redis unreachable: workers stopped without waiting for it');
    },
  };
}
