/**
 * The bulk-import queue (issue 25; DECISIONS "Bulk import"): one job per import, run in the background by whoever
 * starts the queue with a handler (the gateway's import worker). The job only says which import to work on: the
 * import and its items live in PostgreSQL, so a job that is lost, run twice or run after a restart does no harm (the
 * handler claims each image atomically and a new job picks up where the last one stopped). Premium imports run first.
 *
 * Two drivers, as for the pipeline: BullMQ on Redis (distributed mode, or embedded with REDIS_URL: a job survives the
 * process, and one whose worker died is handed to another once its lock expires) and in-process (embedded without
 * Redis: the resume scan of the handler's owner re-adds running imports at start). At most one job per import waits
 * or runs at a time: adding one for an import that has one does nothing (in-process: it runs again once more).
 */
import type { Logger } from '@snapnotes/contracts';
import { Queue, Worker } from 'bullmq';
import { closeUnlessAway, DRAIN_DELAY_S, errorListener, RUN_RETRY_DELAY_MS } from './bullmq-connection.js';
import { checkPrefix } from './bullmq-flow.js';
import { loggableError } from './failure.js';
import { blockingOptions, createRedisClient } from './redis-client.js';
import { PRIORITY } from './types.js';

export const IMPORTS_QUEUE = 'imports';

export interface ImportJob {
  importId: string;
  userId: number;
  premium: boolean;
}

/**
 * Works on one import until nothing is left to take (or `signal` aborts: the process is stopping). Whatever it did
 * not finish is still in the database for the next job.
 */
export type ImportHandler = (job: ImportJob, signal: AbortSignal) => Promise<void>;

export interface ImportQueue {
  readonly driver: 'bullmq' | 'in-process';
  /** Adds the import's job unless it already has one waiting or running. */
  enqueue(job: ImportJob): Promise<void>;
  /** Starts running jobs with `handler`, `concurrency` imports at a time, Premium first. Once per queue. */
  start(handler: ImportHandler, concurrency: number): void;
  /** Stops taking jobs, aborts the running ones' signal and waits for them to return. */
  close(): Promise<void>;
}

/**
 * How long closing waits for the running jobs to return (an image in the pipeline finishes first); past it the
 * process stops anyway and the images still held are taken over once their lease runs out.
 */
export const CLOSE_GRACE_MS = 10_000;

async function withinGrace(closing: Promise<unknown>, graceMs = CLOSE_GRACE_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  await Promise.race([closing, grace]).finally(() => clearTimeout(timer));
}

function checkConcurrency(concurrency: number): void {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`import queue: concurrency must be an integer ≥ 1, got ${concurrency}`);
  }
}

/** The queue in this process (embedded mode without Redis): a priority queue, Premium first, then in order. */
export function createInProcessImportQueue(opts: { logger: Logger; graceMs?: number }): ImportQueue {
  const logger = opts.logger.child({ component: 'imports', driver: 'in-process' });
  const waiting: Array<{ job: ImportJob; seq: number }> = [];
  const running = new Map<string, Promise<void>>();
  /** Imports added again while their job ran: they run once more after it. */
  const again = new Map<string, ImportJob>();
  const controller = new AbortController();
  let handler: ImportHandler | undefined;
  let limit = 1;
  let seq = 0;

  function pump(): void {
    if (!handler || controller.signal.aborted) return;
    while (running.size < limit && waiting.length > 0) {
      waiting.sort((a, b) => Number(b.job.premium) - Number(a.job.premium) || a.seq - b.seq);
      const { job } = waiting.shift()!;
      const run = handler(job, controller.signal)
        .catch((err: unknown) => logger.error({ err: loggableError(err), importId: job.importId }, 'import job failed'))
        .finally(() => {
          running.delete(job.importId);
          const next = again.get(job.importId);
          again.delete(job.importId);
          if (next) waiting.push({ job: next, seq: seq++ });
          pump();
        });
      running.set(job.importId, run);
    }
  }

  return {
    driver: 'in-process',
    async enqueue(job) {
      if (controller.signal.aborted) return;
      if (running.has(job.importId)) again.set(job.importId, job);
      else if (!waiting.some((w) => w.job.importId === job.importId)) waiting.push({ job, seq: seq++ });
      pump();
    },
    start(fn, concurrency) {
      checkConcurrency(concurrency);
      if (handler) throw new Error('import queue: already started');
      handler = fn;
      limit = concurrency;
      pump();
    },
    async close() {
      controller.abort();
      waiting.length = 0;
      again.clear();
      await withinGrace(Promise.allSettled([...running.values()]), opts.graceMs);
    },
  };
}

export interface BullmqImportQueueOptions {
  redisUrl: string;
  prefix: string;
  logger: Logger;
  /** How long a job's lock lasts without renewal: a worker that died gives its import back after about this. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** How long closing waits for the running jobs (default CLOSE_GRACE_MS). */
  graceMs?: number;
}

/** The queue on Redis (BullMQ): jobs outlive the process; the job id is the import id (one job per import). */
export function createBullmqImportQueue(opts: BullmqImportQueueOptions): ImportQueue {
  checkPrefix(opts.prefix, 'createBullmqImportQueue');
  const logger = opts.logger.child({ component: 'imports', driver: 'bullmq' });
  const client = createRedisClient(opts.redisUrl, {
    logger,
    msg: 'imports: redis connection error',
    options: { maxRetriesPerRequest: 3 },
  });
  const queue = new Queue<ImportJob>(IMPORTS_QUEUE, { connection: client.redis, prefix: opts.prefix });
  queue.on(
    'error',
    errorListener((f, m) => logger.error(f, m), 'imports queue error'),
  );
  const controller = new AbortController();
  let worker: Worker<ImportJob> | undefined;

  return {
    driver: 'bullmq',
    async enqueue(job) {
      await queue.add('import', job, {
        jobId: job.importId,
        priority: job.premium ? PRIORITY.premium : PRIORITY.free,
        // The import's state is in the database: a finished or failed job has nothing left to say.
        removeOnComplete: true,
        removeOnFail: true,
        attempts: 1,
      });
    },
    start(handler, concurrency) {
      checkConcurrency(concurrency);
      if (worker) throw new Error('import queue: already started');
      worker = new Worker<ImportJob>(IMPORTS_QUEUE, (job) => handler(job.data, controller.signal), {
        runRetryDelay: RUN_RETRY_DELAY_MS,
        drainDelay: DRAIN_DELAY_S,
        ...(opts.lockDurationMs ? { lockDuration: opts.lockDurationMs } : {}),
        ...(opts.stalledIntervalMs ? { stalledInterval: opts.stalledIntervalMs } : {}),
        // A job handed back after its worker died is simply run again (the database says what is left).
        maxStalledCount: 1000,
        connection: blockingOptions(opts.redisUrl),
        prefix: opts.prefix,
        concurrency,
      });
      worker.on('failed', (job, err) =>
        logger.error({ importId: job?.data.importId, err: loggableError(err) }, 'import job failed'),
      );
      worker.on('stalled', (jobId) => logger.warn({ jobId }, 'import job handed back: its worker stopped'));
      worker.on(
        'error',
        errorListener((f, m) => logger.error(f, m), 'imports worker error'),
      );
    },
    async close() {
      controller.abort();
      // A job still running after the grace is left to its lock: another worker takes it once the lock expires.
      await withinGrace(worker?.close() ?? Promise.resolve(), opts.graceMs);
      const how = await closeUnlessAway(queue.close(), () => client.redis.status === 'ready');
      if (how === 'abandoned') logger.warn('redis unreachable: the import queue stopped without waiting for it');
      await client.close();
    },
  };
}
