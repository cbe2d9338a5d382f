/**
 * The BullMQ processors of the four stages. Each writes its result to the upload's results hash (stage-results.ts)
 * and returns only which field it wrote, so no OCR text or summary travels through BullMQ's job hashes and event
 * streams (issue 22, item 4); the next stage reads the fields its children wrote. The `ocr` job fans out one
 * `ocr-page` job per image and waits for them (DESIGN §2).
 *
 * Before it runs, a job asks whether its upload still wants it (issue 22, item 16): jobs of an upload the gateway
 * already gave up (a 503 while Redis was away, a timeout, a deleted account) come back when Redis returns with its
 * data (AOF) and would otherwise run against deleted images. Such a job is dropped at once, never retried.
 */
import { isPermanentError, uploadJobSchema } from '@snapnotes/contracts';
import type { Logger, QueueName, StageHandlers, UploadJob } from '@snapnotes/contracts';
import { UnrecoverableError, WaitingChildrenError } from 'bullmq';
import type { Job, Processor, Queue } from 'bullmq';
import { flowIds, KEEP, OCR_PAGE, parseJobKey } from './bullmq-flow.js';
import type { OcrPageData, StageData } from './bullmq-flow.js';
import { errorMessage } from './failure.js';
import { resultField, type StageResults } from './stage-results.js';
import { orderPages, parsePayload, PayloadError, runModeration, runNotes, runOcrPage, runSummarise } from './stages.js';

/** The start of the failure reason of a dropped job (its upload no longer wants it). */
export const DROPPED = 'dropped:';

/** Says whether the upload (or the note's re-read, `reprocess`) a job belongs to is still waiting for its note. */
export type StillWanted = (upload: Pick<UploadJob, 'jobId' | 'purpose'>) => Promise<boolean>;

export interface StageProcessorsOptions {
  handlers: Partial<StageHandlers>;
  results: StageResults;
  /** The `ocr` queue, for the page jobs (only when there is an ocr handler). */
  fanout?: Queue<OcrPageData>;
  stillWanted?: StillWanted;
  logger: Logger;
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

/** The stage queues (by child job key) of a job's children: which results it can read. */
async function childQueues(job: Job): Promise<Set<QueueName>> {
  const values = (await job.getChildrenValues()) ?? {};
  return new Set(Object.keys(values).flatMap((key) => parseJobKey(key)?.queue ?? []));
}

export function stageProcessors(opts: StageProcessorsOptions): Partial<Record<QueueName, Processor>> {
  const { handlers, results, fanout, logger } = opts;
  const { moderation, ocr, summarise, notes } = handlers;
  const processors: Partial<Record<QueueName, Processor>> = {};

  /** Throws the drop (final) when the job's upload no longer wants it; runs the job when that cannot be told. */
  async function admit(job: Job<StageData | OcrPageData>, stage: QueueName): Promise<void> {
    const upload = (job.data as { job?: Partial<UploadJob> } | undefined)?.job;
    // A job queued in the earlier shape (no jobId) is not checked: it runs, and its parse reads it (jobs.ts).
    if (!opts.stillWanted || typeof upload?.jobId !== 'string' || !upload.purpose) return;
    const { jobId, purpose } = upload;
    let wanted = true;
    try {
      wanted = await opts.stillWanted({ jobId, purpose });
    } catch (err) {
      const log = { jobId: upload.jobId, stage, queueJobId: job.id, err: errorMessage(err) };
      logger.warn(log, 'could not check whether the upload is still processing: running the job');
    }
    if (!wanted) throw new UnrecoverableError(`${DROPPED} upload ${upload.jobId} is no longer processing`);
  }

  /** A processor that is admitted first, and whose verdicts and malformed payloads are final. */
  const stage =
    <D extends StageData | OcrPageData>(name: QueueName, run: (job: Job<D>, token?: string) => Promise<unknown>) =>
    (job: Job<D>, token?: string) =>
      guard(async () => {
        await admit(job, name);
        return run(job, token);
      });

  if (moderation) {
    processors.moderation = stage<StageData>('moderation', async (job) => {
      const result = await runModeration({ moderation }, job.data.job);
      return results.put(job.data.job.jobId, resultField.moderation, result);
    });
  }

  if (ocr) {
    const page = async (data: OcrPageData) => {
      const result = await runOcrPage({ ocr }, data);
      return results.put(data.job.jobId, resultField.page(data.image.index), result);
    };
    processors.ocr = stage<StageData | OcrPageData>('ocr', async (job, token) => {
      if (job.name === OCR_PAGE) return page(job.data as OcrPageData);
      const data = job.data as StageData;
      const upload = parsePayload(uploadJobSchema, data.job, 'ocr');
      const [only] = upload.images;
      if (upload.images.length === 1 && only) {
        await page({ job: upload, image: only });
        return { stored: 'pages' };
      }
      if (data.step !== 'collect') {
        if (!fanout) throw new Error('ocr fan-out needs its queue');
        // Deterministic ids: a retried fan-out does not add the pages twice.
        const ids = flowIds(upload.jobId);
        await fanout.addBulk(
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
      // Every page is done: check that each one's result is there.
      const stored = await results.getMany(
        upload.jobId,
        upload.images.map((image) => resultField.page(image.index)),
      );
      orderPages(upload, [...stored.values()]);
      return { stored: 'pages' };
    });
  }

  if (summarise) {
    processors.summarise = stage<StageData>('summarise', async (job) => {
      const upload = parsePayload(uploadJobSchema, job.data.job, 'summarise');
      const children = await childQueues(job);
      let pages: unknown[] | undefined;
      if (children.has('ocr')) {
        const fields = upload.images.map((image) => resultField.page(image.index));
        pages = orderPages(upload, [...(await results.getMany(upload.jobId, fields)).values()]);
      }
      // A flow with image checks must have their result: summarising without it would let flagged images through.
      const checks = children.has('moderation') ? await results.get(upload.jobId, resultField.moderation) : undefined;
      const summary = await runSummarise({ summarise }, { job: job.data.job, pages, moderation: checks });
      return results.put(upload.jobId, resultField.summary, summary);
    });
  }

  if (notes) {
    processors.notes = stage<StageData>('notes', async (job) => {
      const upload = parsePayload(uploadJobSchema, job.data.job, 'notes');
      const summary = await results.get(upload.jobId, resultField.summary);
      return runNotes({ notes }, { job: job.data.job, summary });
    });
  }
  return processors;
}
