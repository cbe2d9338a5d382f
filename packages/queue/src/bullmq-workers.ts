/**
 * BullMQ workers: one Worker per queue this process has a handler for, running the stage processors
 * (bullmq-stages.ts: each stage's result goes to the upload's results hash, not through BullMQ).
 */
import { isVerdictError } from '@snapnotes/contracts';
import type { Logger, QueueName, StageHandlers } from '@snapnotes/contracts';
import { Queue, Worker } from 'bullmq';
import type { WorkerOptions } from 'bullmq';
import { closeUnlessAway, DRAIN_DELAY_S, errorListener, RUN_RETRY_DELAY_MS } from './bullmq-connection.js';
import { checkPrefix } from './bullmq-flow.js';
import type { OcrPageData, StageData } from './bullmq-flow.js';
import { DROPPED, stageProcessors, type StillWanted } from './bullmq-stages.js';
import { loggableError } from './failure.js';
import { blockingOptions, createRedisClient } from './redis-client.js';
import { stageResults } from './stage-results.js';

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
  /**
   * Asked before every job: false drops it (final, logged at info), for jobs of an upload the gateway already gave
   * up that Redis handed back (issue 22, item 16). Without it every job runs.
   */
  stillWanted?: StillWanted;
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

export function startBullmqWorkers(opts: BullmqWorkersOptions): BullmqWorkers {
  checkPrefix(opts.prefix, 'startBullmqWorkers');
  const { handlers, prefix } = opts;
  const logger = opts.logger.child({ component: 'queue', driver: 'bullmq' });
  // Quick commands (the stage results, the OCR page jobs) on a connection of their own (redis-client.ts).
  const client = createRedisClient(opts.redisUrl, {
    logger,
    msg: 'redis connection error',
    options: { maxRetriesPerRequest: 3 },
  });
  let fanout: Queue<OcrPageData> | undefined;
  if (handlers.ocr) {
    fanout = new Queue<OcrPageData>('ocr', { connection: client.redis, prefix });
    fanout.on(
      'error',
      errorListener((f, m) => logger.error(f, m), 'ocr queue error'),
    );
  }
  const processors = stageProcessors({
    handlers,
    results: stageResults(client.redis, prefix),
    fanout,
    stillWanted: opts.stillWanted,
    logger,
  });

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
      connection: blockingOptions(opts.redisUrl),
      prefix,
      concurrency,
    });
    worker.on('failed', (job, err) => {
      const upload = (job?.data as StageData | undefined)?.job;
      const log = {
        jobId: upload?.jobId,
        correlationId: upload?.correlationId,
        stage: queue,
        queueJobId: job?.id,
        attempt: job?.attemptsMade,
        err: loggableError(err),
      };
      const final = err.name === 'UnrecoverableError' || !job || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (err.message.startsWith(DROPPED)) logger.info(log, 'job dropped: its upload is no longer processing');
      else if (err.message.startsWith('child ')) logger.debug(log, 'job failed because a child job failed');
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
      await client.close();
    },
  };
}
