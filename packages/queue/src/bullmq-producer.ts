/**
 * The BullMQ producer (gateway side): adds one flow per upload — `notes` ← `summarise` ← (`ocr`, `moderation`),
 * each on its own queue; a note's re-read has no `moderation` job (UploadJob.reprocess) — and waits for the `notes` job with ONE shared QueueEvents. On failure it walks down
 * the flow to the real cause (DESIGN §2).
 */
import type { Logger, NoteResult, QueueName, UploadJob } from '@snapnotes/contracts';
import { FlowProducer, Job, Queue, QueueEvents } from 'bullmq';
import {
  closeUnlessAway,
  DEFAULT_UNAVAILABLE_WAIT_MS,
  errorListener,
  isConnectionError,
  RECONNECT_MAX_DELAY_MS,
  whenConnected,
} from './bullmq-connection.js';
import { buildFlow, childFailureKey, checkPrefix, flowIds, parseJobKey, STAGES } from './bullmq-flow.js';
import { waitForNote, watchUploads } from './bullmq-recovery.js';
import { errorMessage, failureFromReason, PipelineFailure, timeoutFailure, unavailableFailure } from './failure.js';
import { redisProgress } from './progress.js';
import { blockingOptions, createRedisClient } from './redis-client.js';
import { stageResults } from './stage-results.js';
import { admitUpload, parseNoteResult } from './stages.js';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS } from './types.js';
import type { ForgetJob, PipelineDriver, QueueCounts, RunOptions } from './types.js';

/** An upload whose jobs the queue lost is run again at most this many times (each also bounded by its timeout). */
const MAX_REDRIVES = 3;

/** A heartbeat PING unanswered this long holds new uploads back until it is answered or its connection dropped. */
const SLOW_PING_MS = 300;

export interface BullmqProducerOptions {
  redisUrl: string;
  /** Redis key prefix shared with the workers (QUEUE_PREFIX). */
  prefix: string;
  logger: Logger;
  /** Tries per stage job, first one included (default 3). */
  attempts?: number;
  /** First retry delay; doubles on each retry (default 1000 ms). */
  backoffMs?: number;
  /** How long an upload waits for an unreachable Redis before it is refused or given up (default 10 s). */
  unavailableWaitMs?: number;
  /** How often the uploads in flight are checked for lost jobs, besides at every reconnect (default 2 s). */
  lostCheckIntervalMs?: number;
}

export type BullmqProducer = PipelineDriver & {
  /** Throws when Redis does not answer (for readiness checks). */
  ping(): Promise<void>;
  waitAvailable(timeoutMs: number): Promise<boolean>;
};

/** The stages of a flow, children first. */
const STAGE_ORDER = ['moderation', 'ocr', 'summarise', 'notes'] as const;

export function createBullmqProducer(opts: BullmqProducerOptions): BullmqProducer {
  checkPrefix(opts.prefix, 'createBullmqProducer');
  const attempts = opts.attempts ?? DEFAULT_ATTEMPTS;
  const backoffMs = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be an integer ≥ 1`);
  if (!Number.isInteger(backoffMs) || backoffMs < 0) throw new RangeError(`backoffMs must be an integer ≥ 0`);
  const logger = opts.logger.child({ component: 'queue', driver: 'bullmq' });
  const { prefix } = opts;

  const unavailableWaitMs = opts.unavailableWaitMs ?? DEFAULT_UNAVAILABLE_WAIT_MS;
  // One connection for adding and reading jobs; QueueEvents needs its own (blocking) one. Both reconnect within
  // RECONNECT_MAX_DELAY_MS of Redis coming back, and time out on a Redis that does not answer (DECISIONS "Redis
  // faults"; redis-client.ts).
  const client = createRedisClient(opts.redisUrl, {
    logger,
    msg: 'redis connection error',
    options: { maxRetriesPerRequest: 3 },
  });
  const { redis } = client;
  const results = stageResults(redis, prefix);
  const logError = (fields: object, msg: string) => logger.error(fields, msg);
  const flow = new FlowProducer({ connection: redis, prefix });
  flow.setMaxListeners(0); // every waiting job listens for the producer's 'closing'
  flow.on('error', errorListener(logError, 'flow producer error'));
  const queues = Object.fromEntries(
    STAGES.map((name) => {
      const q = new Queue(name, { connection: redis, prefix });
      q.on('error', errorListener(logError, 'queue error', { queue: name }));
      return [name, q];
    }),
  ) as Record<QueueName, Queue>;
  const events = new QueueEvents('notes', { connection: blockingOptions(opts.redisUrl), prefix });
  events.setMaxListeners(0);
  events.on('error', errorListener(logError, 'queue events error'));
  const watch = watchUploads({
    redis,
    unansweredSince: client.unansweredSince,
    notes: queues.notes,
    logger,
    checkIntervalMs: opts.lostCheckIntervalMs ?? 2000,
    unavailableWaitMs,
  });
  let closed = false;

  /** Follows `child … failed` from the notes job down to the job that really failed. */
  async function deepestFailure(job: UploadJob): Promise<PipelineFailure> {
    const ids = flowIds(job.jobId);
    let at: { queue: QueueName; id: string } | null = { queue: 'notes', id: ids.notes };
    let stage: QueueName = 'notes';
    let reason = '';
    for (let hop = 0; at && hop < 6; hop++) {
      const failed: Job | undefined = await queues[at.queue].getJob(at.id);
      if (!failed) break;
      stage = at.queue;
      reason = failed.failedReason ?? '';
      const key = childFailureKey(reason);
      at = key ? parseJobKey(key) : null;
    }
    if (stage === 'ocr' && job.images.length > 1) {
      // A page can fail before its parent moved to waiting-children; the parent then fails with BullMQ's own
      // "has at least one failed child" message. The page holds the real reason.
      for (const img of job.images) {
        const page: Job | undefined = await queues.ocr.getJob(ids.page(img.index));
        if (page?.failedReason && !childFailureKey(page.failedReason)) {
          reason = page.failedReason;
          break;
        }
      }
    }
    if (childFailureKey(reason) || !reason) {
      // The chain broke (a job was removed): look at every job of the flow, deepest first.
      const candidates: [QueueName, string][] = [
        ['moderation', ids.moderation],
        ...job.images.map((img): [QueueName, string] => ['ocr', ids.page(img.index)]),
        ['ocr', ids.ocr],
        ['summarise', ids.summarise],
      ];
      for (const [queue, id] of candidates) {
        const j: Job | undefined = await queues[queue].getJob(id);
        if (j?.failedReason && !childFailureKey(j.failedReason)) {
          stage = queue;
          reason = j.failedReason;
          break;
        }
      }
    }
    return failureFromReason(stage, reason || 'the upload failed for an unknown reason');
  }

  /** The first stage of the flow that has not completed (for the timeout message). */
  async function pendingStage(job: UploadJob): Promise<QueueName | undefined> {
    const ids = flowIds(job.jobId);
    const stages = job.purpose.kind === 'reread' ? (['ocr', 'summarise', 'notes'] as const) : STAGE_ORDER;
    for (const stage of stages) {
      const state = await queues[stage].getJobState(ids[stage]);
      if (state !== 'completed') return stage;
    }
    return undefined;
  }

  /** Best effort after a timeout: remove the flow's jobs that have not started, parents first. */
  async function removePending(job: UploadJob): Promise<void> {
    const ids = flowIds(job.jobId);
    try {
      if ((await queues.notes.remove(ids.notes, { removeChildren: true })) === 1) return;
    } catch {
      /* fall through to one by one */
    }
    const order: [QueueName, string][] = [
      ['notes', ids.notes],
      ['summarise', ids.summarise],
      ['ocr', ids.ocr],
      ...job.images.map((img): [QueueName, string] => ['ocr', ids.page(img.index)]),
      ['moderation', ids.moderation],
    ];
    for (const [queue, id] of order) {
      try {
        await queues[queue].remove(id, { removeChildren: false }); // 0 when active: it finishes on its own
      } catch (err) {
        logger.debug({ jobId: job.jobId, queueJobId: id, err: errorMessage(err) }, 'could not remove job');
      }
    }
  }

  /**
   * Why a wait ended without the note: finished after all (an event missed or just too late), a failure, the jobs
   * lost by Redis ('lost', while time is left), or the timeout. Redis unreachable while looking: 'unavailable'.
   */
  async function explain(
    job: UploadJob,
    err: unknown,
    timeoutMs: number,
    deadline: number,
  ): Promise<NoteResult | PipelineFailure | 'lost'> {
    try {
      const ids = flowIds(job.jobId);
      const state = await queues.notes.getJobState(ids.notes);
      if (state === 'completed') {
        const done: Job | undefined = await queues.notes.getJob(ids.notes);
        if (done) return parseNoteResult(done.returnvalue);
      }
      if (state === 'failed') return await deepestFailure(job);
      if (closed) return new PipelineFailure('error', 'The pipeline driver was closed while waiting', { cause: err });
      if (state === 'unknown' && Date.now() < deadline) return 'lost';
      const stage = await pendingStage(job);
      await removePending(job);
      return timeoutFailure(job.jobId, timeoutMs, stage);
    } catch (lookup) {
      if (isConnectionError(lookup)) return unavailableFailure(unavailableWaitMs, lookup);
      const message = `Upload failed and its cause could not be read: ${errorMessage(lookup)}`;
      return new PipelineFailure('error', message, { cause: err });
    }
  }

  /**
   * Adds the upload's flow, waiting for an unreachable Redis up to `unavailableWaitMs` (and never past the
   * deadline), then refusing with kind 'unavailable' (DECISIONS "Redis faults"). A connection that still says
   * 'ready' while its heartbeat PING waits for an answer is a freeze not noticed yet: the wait counts from that PING,
   * as for the uploads in flight. Returns the notes job.
   */
  async function addFlow(job: UploadJob, log: object, deadline: number): Promise<Job> {
    const started = Date.now();
    const silentSince = Math.min(started, client.pingWaitingSince() ?? started);
    const until = Math.min(silentSince + unavailableWaitMs, deadline);
    let last: unknown;
    while (Date.now() < until && (await whenConnected(redis, until - Date.now()))) {
      try {
        return (await flow.add(buildFlow(job, { attempts, backoffMs }))).job;
      } catch (err) {
        if (!isConnectionError(err)) {
          logger.error({ ...log, err: errorMessage(err) }, 'could not queue the upload');
          throw new PipelineFailure('error', `Could not queue the upload: ${errorMessage(err)}`, { cause: err });
        }
        last = err;
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MAX_DELAY_MS / 5));
      }
    }
    logger.warn({ ...log, waitedMs: Date.now() - started, err: last && errorMessage(last) }, 'redis unreachable');
    throw unavailableFailure(Date.now() - started, last);
  }

  /** An upload whose jobs were lost: its source of truth decides; a re-drive adds the flow again (same ids). */
  async function redrive(job: UploadJob, log: object, lost: RunOptions['lost'], deadline: number) {
    let decision: Awaited<ReturnType<NonNullable<RunOptions['lost']>>>;
    try {
      decision = lost ? await lost(job) : { redrive: true };
    } catch (err) {
      return new PipelineFailure(
        'error',
        `Its jobs were lost and the upload could not be checked: ${errorMessage(err)}`,
      );
    }
    if ('note' in decision) return decision.note;
    if ('failure' in decision) {
      const f = decision.failure;
      return f instanceof PipelineFailure ? f : new PipelineFailure('error', f.message, { cause: f });
    }
    logger.warn(log, 'the queue lost this upload: running it again from its stored images');
    await removePending(job); // whatever is left of the old flow
    return addFlow(job, log, deadline);
  }

  return {
    progress: redisProgress(redis, prefix, results, async (uploadId) => {
      const state = await queues.notes.getJobState(flowIds(uploadId).notes);
      return state === 'completed' || state === 'failed';
    }),

    async run(input: UploadJob, { timeoutMs, lost }: RunOptions): Promise<NoteResult> {
      const job = admitUpload(input, timeoutMs, closed);
      const log = { jobId: job.jobId, correlationId: job.correlationId };
      const started = Date.now();
      const deadline = started + timeoutMs;
      let outcome: NoteResult | PipelineFailure | 'lost' | Job;
      try {
        outcome = await addFlow(job, log, deadline);
        for (let redrives = 0; outcome instanceof Job;) {
          const waited = await waitForNote(outcome, events, watch, deadline);
          if ('done' in waited) {
            logger.debug({ ...log, ms: Date.now() - started, redrives }, 'upload processed');
            return parseNoteResult(waited.done);
          }
          if ('signal' in waited && waited.signal === 'unavailable') outcome = unavailableFailure(unavailableWaitMs);
          else if ('signal' in waited && waited.signal === 'lost' && Date.now() < deadline) outcome = 'lost';
          else outcome = await explain(job, 'error' in waited ? waited.error : undefined, timeoutMs, deadline);
          if (outcome === 'lost') {
            outcome =
              redrives++ < MAX_REDRIVES
                ? await redrive(job, { ...log, redrives }, lost, deadline)
                : new PipelineFailure('error', `The queue lost this upload's jobs ${MAX_REDRIVES + 1} times`);
          }
        }
      } catch (err) {
        if (!(err instanceof PipelineFailure)) throw err;
        outcome = err;
      } finally {
        // The upload is answered: its stages' results (OCR text, summary) are not needed any more.
        results.drop([job.jobId]).catch((err: unknown) => {
          logger.debug({ ...log, err: errorMessage(err) }, 'could not delete the stage results');
        });
      }
      if (!(outcome instanceof PipelineFailure)) return outcome;
      const level = outcome.kind === 'error' ? 'error' : 'info';
      logger[level]({ ...log, kind: outcome.kind, stage: outcome.stage, err: outcome.message }, 'upload failed');
      throw outcome;
    },

    async forgetJobs(jobs: ReadonlyArray<ForgetJob>) {
      let removed = 0;
      let active = 0;
      for (const forgotten of jobs) {
        const ids = flowIds(forgotten.jobId);
        const pages = Array.from({ length: Math.max(0, forgotten.imageCount) }, (_, i): [QueueName, string] => [
          'ocr',
          ids.page(i),
        ]);
        // Parents first, so no parent is left waiting for a child that is gone.
        const order: [QueueName, string][] = [
          ['notes', ids.notes],
          ['summarise', ids.summarise],
          ['ocr', ids.ocr],
          ...pages,
          ['moderation', ids.moderation],
        ];
        for (const [queue, id] of order) {
          const job: Job | undefined = await queues[queue].getJob(id);
          if (!job) continue;
          // 0 when the job (or a child) is locked by a worker right now.
          if ((await queues[queue].remove(id, { removeChildren: false })) === 1) removed++;
          else active++;
        }
      }
      // Their stages' results (OCR text, summaries) too; an active job may still write one (it expires in an hour).
      const stored = await results.drop(jobs.map((j) => j.jobId));
      if (removed + active + stored > 0) {
        logger.info({ jobs: jobs.length, removed, active, results: stored }, 'upload jobs removed');
      }
      return { removed, active };
    },

    async counts() {
      const entries = await Promise.all(
        STAGES.map(async (name): Promise<[QueueName, QueueCounts]> => {
          const c = await queues[name].getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
          return [
            name,
            {
              waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
              active: c.active ?? 0,
              delayed: c.delayed ?? 0,
              failed: c.failed ?? 0,
            },
          ];
        }),
      );
      return Object.fromEntries(entries) as Record<QueueName, QueueCounts>;
    },

    async ping() {
      await redis.ping();
    },

    async waitAvailable(timeoutMs: number) {
      const until = Date.now() + timeoutMs;
      // A heartbeat PING unanswered this long on a connection that still says 'ready' is most likely a freeze the
      // heartbeat is about to notice: wait for its answer (or the drop) before admitting an upload Redis may not take.
      const slowPing = () => Date.now() - (client.pingWaitingSince() ?? Date.now()) >= SLOW_PING_MS;
      while (slowPing() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      return whenConnected(redis, Math.max(0, until - Date.now()));
    },

    async close() {
      if (closed) return;
      closed = true;
      watch.close();
      const closing = (async () => {
        await events.close();
        await flow.close();
        await Promise.all(STAGES.map((name) => queues[name].close()));
        await client.close();
      })();
      if ((await closeUnlessAway(closing, () => redis.status === 'ready')) === 'abandoned') {
        logger.warn('redis unreachable: the producer closed without waiting for it');
      }
    },
  };
}
