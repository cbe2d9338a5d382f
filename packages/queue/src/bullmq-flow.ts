/** What the BullMQ producer and workers agree on: job ids, names, data shapes and job options. */
import { QueueName } from '@snapnotes/contracts';
import type { ImageRef, UploadJob } from '@snapnotes/contracts';
import type { FlowJob, FlowJobNode, JobsOptions } from 'bullmq';
import { PRIORITY } from './types.js';

export const STAGES = Object.values(QueueName);

/** Name of the per-image child jobs the `ocr` job adds to the `ocr` queue. */
export const OCR_PAGE = 'ocr-page';

/** Job data on the stage queues. Each stage reads what it needs from its children's return values. */
export interface StageData {
  job: UploadJob;
  /** `ocr` only: 'collect' once the page jobs have been added (kept in job data so a resumed job knows). */
  step?: 'collect';
}
export interface OcrPageData {
  job: UploadJob;
  image: ImageRef;
}

/** Job ids derived from the uploadId (ids cannot contain ':'), so any process can find a flow's jobs. */
export function flowIds(uploadId: string) {
  return {
    notes: `${uploadId}-notes`,
    summarise: `${uploadId}-summarise`,
    ocr: `${uploadId}-ocr`,
    moderation: `${uploadId}-moderation`,
    page: (index: number) => `${uploadId}-ocr-${index}`,
  };
}

/**
 * Completed jobs stay an hour (`removeOnComplete: true` races `waitUntilFinished`), but at most the last 1,000 per
 * queue, so Redis's memory is bounded whatever the throughput (at 6 uploads/s an hour of jobs grew it by ~18 MB in 4
 * minutes of `pnpm bench:soak`; a waiter reads its result within milliseconds, and one that missed it asks the
 * upload row). Failed ones stay a day so the producer can walk down to the real failure.
 */
export const KEEP: Pick<JobsOptions, 'removeOnComplete' | 'removeOnFail'> = {
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 86400 },
};

/**
 * The flow of one upload: `notes` ← `summarise` ← (`ocr`, `moderation`), each on its own queue, with the upload's
 * priority and the retry policy; a note's re-read has no `moderation` job (UploadJob.reprocess).
 */
export function buildFlow(job: UploadJob, retry: { attempts: number; backoffMs: number }): FlowJob {
  const ids = flowIds(job.jobId);
  const common: JobsOptions = {
    ...KEEP,
    priority: job.premium ? PRIORITY.premium : PRIORITY.free,
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.backoffMs },
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
    children: [
      child('summarise', job.purpose.kind === 'reread' ? [child('ocr')] : [child('ocr'), child('moderation')]),
    ],
  };
}

/** `<prefix>:<queue>:<id>` → queue and id (the prefix itself may contain ':'). */
export function parseJobKey(key: string): { queue: QueueName; id: string } | null {
  const parts = key.split(':');
  const id = parts.at(-1);
  const queue = parts.at(-2);
  if (!id || !queue || !(STAGES as string[]).includes(queue)) return null;
  return { queue: queue as QueueName, id };
}

/** A parent failed because of a child: BullMQ's deferred failure reads `child <prefix>:<queue>:<id> failed`. */
export function childFailureKey(reason: string | undefined): string | null {
  const m = /^child (\S+) failed$/.exec(reason ?? '');
  return m?.[1] ?? null;
}

export function checkPrefix(prefix: string, who: string): void {
  if (!prefix || prefix.includes(' ')) throw new TypeError(`${who}: prefix must be a non-empty string without spaces`);
}
