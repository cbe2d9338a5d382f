/**
 * The one place where payloads meet handlers: every input is parsed with the contracts' zod schemas on the way
 * in (both drivers call these), so a bad payload fails loudly with a PayloadError naming the stage and the fields.
 */
import {
  noteResultSchema,
  notesInputSchema,
  ocrPageInputSchema,
  summariseInputSchema,
  uploadJobSchema,
} from '@snapnotes/contracts';
import type {
  ModerationResult,
  NoteResult,
  OcrPageResult,
  QueueName,
  StageHandlers,
  SummaryResult,
  UploadJob,
} from '@snapnotes/contracts';
import { errorMessage, PipelineFailure } from './failure.js';

/** A payload that does not match its schema. Never retried: the same payload would fail the same way. */
export class PayloadError extends Error {
  readonly stage: QueueName | 'upload';
  constructor(stage: QueueName | 'upload', message: string) {
    super(message);
    this.name = 'PayloadError';
    this.stage = stage;
  }
}

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/** Parses `value` or throws a PayloadError such as `Invalid summarise payload: pages.0.text: Invalid input: ...`. */
export function parsePayload<T>(
  schema: Schema<T>,
  value: unknown,
  stage: QueueName | 'upload',
  what = stage === 'upload' ? 'upload job' : `${stage} payload`,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(root)'}: ${i.message}`)
    .join('; ');
  throw new PayloadError(stage, `Invalid ${what}: ${details}`);
}

/** Validates the upload job a caller hands to `run`. */
export function parseUploadJob(job: unknown): UploadJob {
  return parsePayload(uploadJobSchema, job, 'upload');
}

/**
 * What both drivers check before an upload enters the pipeline: the driver is open, the timeout is usable and the
 * job matches its schema. Every refusal is a PipelineFailure (or a RangeError for a programming error).
 */
export function admitUpload(input: unknown, timeoutMs: number, closed: boolean): UploadJob {
  if (closed) throw new PipelineFailure('error', 'The pipeline driver is closed');
  if (!(timeoutMs > 0)) throw new RangeError(`run: timeoutMs must be a positive number, got ${timeoutMs}`);
  try {
    return parseUploadJob(input);
  } catch (err) {
    throw new PipelineFailure('error', errorMessage(err), { cause: err });
  }
}

export function runModeration(handlers: Pick<StageHandlers, 'moderation'>, job: unknown): Promise<ModerationResult> {
  return handlers.moderation(parsePayload(uploadJobSchema, job, 'moderation'));
}

export function runOcrPage(handlers: Pick<StageHandlers, 'ocr'>, input: unknown): Promise<OcrPageResult> {
  return handlers.ocr(parsePayload(ocrPageInputSchema, input, 'ocr'));
}

export function runSummarise(handlers: Pick<StageHandlers, 'summarise'>, input: unknown): Promise<SummaryResult> {
  return handlers.summarise(parsePayload(summariseInputSchema, input, 'summarise'));
}

export function runNotes(handlers: Pick<StageHandlers, 'notes'>, input: unknown): Promise<NoteResult> {
  return handlers.notes(parsePayload(notesInputSchema, input, 'notes'));
}

/** The note the caller gets back, checked like every payload. */
export function parseNoteResult(value: unknown): NoteResult {
  return parsePayload(noteResultSchema, value, 'notes', 'notes result');
}

/**
 * Puts page results back in upload order and checks that every image has one.
 * The pages themselves are validated when they enter the summarise stage.
 */
export function orderPages(job: UploadJob, pages: unknown[]): OcrPageResult[] {
  const byIndex = new Map<number, unknown>();
  for (const page of pages) {
    const index = (page as { index?: unknown } | null)?.index;
    if (typeof index === 'number') byIndex.set(index, page);
  }
  const missing = job.images.filter((img) => !byIndex.has(img.index)).map((img) => img.index);
  if (missing.length) {
    throw new Error(`OCR results missing for image index ${missing.join(', ')} of upload ${job.jobId}`);
  }
  return [...job.images].sort((a, b) => a.index - b.index).map((img) => byIndex.get(img.index) as OcrPageResult);
}
