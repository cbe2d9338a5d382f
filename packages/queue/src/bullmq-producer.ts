/**
 * The BullMQ producer (gateway side): adds one flow per upload — `notes` ← `summarise` ← (`ocr`, `moderation`),
 * each on its own queue; a note's re-read has no `moderation` job (UploadJob.reprocess) — and waits for the `notes` job with ONE shared QueueEvents. On failure it walks down
 * the flow to the real cause (DESIGN §2).
 */
import type { Logger, NoteResult, QueueName, UploadJob } from '@snapnotes/contracts';
import { FlowProducer, Queue, QueueEvents } from 'bullmq';
import type { FlowJobNode, FlowJob, Job, JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { childFailureKey, checkPrefix, flowIds, KEEP, parseJobKey, STAGES } from './bullmq-flow.js';
import type { StageData } from './bullmq-flow.js';
import { errorMessage, failureFromReason, PipelineFailure, timeoutFailure } from './failure.js';
import { admitUpload, parseNoteResult } from './stages.js';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, PRIORITY } from './types.js';
import type { ForgetUpload, PipelineDriver, QueueCounts, RunOptions } from './types.js';

export interface BullmqProducerOptions {
  redisUrl: string;
  /** Redis key prefix shared with the workers (QUEUE_PREFIX). */
  prefix: string;
  logger: Logger;
  /** Tries per stage job, first one included (default 3). */
  attempts?: number;
  /** First retry delay; doubles on each retry (default 1000 ms). */
  backoffMs?: number;
}

export type BullmqProducer = PipelineDriver & {
  /** Throws when Redis does not answer (for readiness checks). */
  ping(): Promise<void>;
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

  // One connection for adding and reading jobs; QueueEvents needs its own (blocking) one.
  const redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3 });
  redis.on('error', (err) => logger.error({ err: err.message }, 'redis connection error'));
  const flow = new FlowProducer({ connection: redis, prefix });
  flow.setMaxListeners(0); // every waiting job listens for the producer's 'closing'
  flow.on('error', (err) => logger.error({ err: err.message }, 'flow producer error'));
  const queues = Object.fromEntries(
    STAGES.map((name) => {
      const q = new Queue(name, { connection: redis, prefix });
      q.on('error', (err) => logger.error({ err: err.message, queue: name }, 'queue error'));
      return [name, q];
    }),
  ) as Record<QueueName, Queue>;
  const events = new QueueEvents('notes', {
    connection: { url: opts.redisUrl, maxRetriesPerRequest: null },
    prefix,
  });
  events.setMaxListeners(0);
  events.on('error', (err) => logger.error({ err: err.message }, 'queue events error'));
  let closed = false;

  function buildFlow(job: UploadJob): FlowJob {
    const ids = flowIds(job.uploadId);
    const common: JobsOptions = {
      ...KEEP,
      priority: job.premium ? PRIORITY.premium : PRIORITY.free,
      attempts,
      backoff: { type: 'exponential', delay: backoffMs },
    };
    const data: StageData = { job };
    const child = (name: QueueName, children?: FlowJobNode[]): FlowJobNode => ({
      name,
      queueName: name,
      data,
      opts: { ...common, jobId: ids[name], failParentOnFailure: true },
      ...(children ? { children } : {}),
    });
    return {
      name: 'notes',
      queueName: 'notes',
      data,
      opts: { ...common, jobId: ids.notes },
      // Moderation runs beside OCR; summarise joins both results (contracts: SummariseInput.moderation). A re-read's
      // images were accepted at upload: no moderation job.
      children: [child('summarise', job.reprocess ? [child('ocr')] : [child('ocr'), child('moderation')])],
    };
  }

  /** Follows `child … failed` from the notes job down to the job that really failed. */
  async function deepestFailure(job: UploadJob): Promise<PipelineFailure> {
    const ids = flowIds(job.uploadId);
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
    const ids = flowIds(job.uploadId);
    const stages = job.reprocess ? (['ocr', 'summarise', 'notes'] as const) : STAGE_ORDER;
    for (const stage of stages) {
      const state = await queues[stage].getJobState(ids[stage]);
      if (state !== 'completed') return stage;
    }
    return undefined;
  }

  /** Best effort after a timeout: remove the flow's jobs that have not started, parents first. */
  async function removePending(job: UploadJob): Promise<void> {
    const ids = flowIds(job.uploadId);
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
        logger.debug({ uploadId: job.uploadId, jobId: id, err: errorMessage(err) }, 'could not remove job');
      }
    }
  }

  async function explain(job: UploadJob, err: unknown, timeoutMs: number): Promise<NoteResult | PipelineFailure> {
    const ids = flowIds(job.uploadId);
    const state = await queues.notes.getJobState(ids.notes);
    if (state === 'completed') {
      // Finished just as the wait gave up.
      const done: Job | undefined = await queues.notes.getJob(ids.notes);
      if (done) return parseNoteResult(done.returnvalue);
    }
    if (state === 'failed') return deepestFailure(job);
    if (closed) return new PipelineFailure('error', 'The pipeline driver was closed while waiting', { cause: err });
    const stage = await pendingStage(job);
    await removePending(job);
    return timeoutFailure(job.uploadId, timeoutMs, stage);
  }

  return {
    async run(input: UploadJob, { timeoutMs }: RunOptions): Promise<NoteResult> {
      const job = admitUpload(input, timeoutMs, closed);
      const log = { uploadId: job.uploadId, correlationId: job.correlationId };
      const started = Date.now();
      let node: Awaited<ReturnType<typeof flow.add>>;
      try {
        node = await flow.add(buildFlow(job));
      } catch (err) {
        logger.error({ ...log, err: errorMessage(err) }, 'could not queue the upload');
        throw new PipelineFailure('error', `Could not queue the upload: ${errorMessage(err)}`, { cause: err });
      }
      let result: unknown;
      try {
        result = await node.job.waitUntilFinished(events, timeoutMs);
      } catch (err) {
        const outcome = await explain(job, err, timeoutMs).catch(
          (lookup: unknown) =>
            new PipelineFailure('error', `Upload failed and its cause could not be read: ${errorMessage(lookup)}`, {
              cause: err,
            }),
        );
        if (!(outcome instanceof PipelineFailure)) return outcome;
        const level = outcome.kind === 'error' ? 'error' : 'info';
        logger[level]({ ...log, kind: outcome.kind, stage: outcome.stage, err: outcome.message }, 'upload failed');
        throw outcome;
      }
      logger.debug({ ...log, ms: Date.now() - started }, 'upload processed');
      return parseNoteResult(result);
    },

    async forgetUploads(uploads: ReadonlyArray<ForgetUpload>) {
      let removed = 0;
      let active = 0;
      for (const upload of uploads) {
        const ids = flowIds(upload.uploadId);
        const pages = Array.from({ length: Math.max(0, upload.imageCount) }, (_, i): [QueueName, string] => [
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
      if (removed + active > 0) logger.info({ uploads: uploads.length, removed, active }, 'upload jobs removed');
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

    async close() {
      if (closed) return;
      closed = true;
      await events.close();
      await flow.close();
      await Promise.all(STAGES.map((name) => queues[name].close()));
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
