import type { NoteResult, QueueName, UploadJob } from '@snapnotes/contracts';

export interface QueueCounts {
  /** Jobs ready to run (BullMQ: wait + prioritized; in-process: OCR pages queued behind the limiter). */
  waiting: number;
  active: number;
  /** Jobs waiting out a retry backoff. */
  delayed: number;
  /** Jobs that failed for good (BullMQ: kept for a day; in-process: since the driver started). */
  failed: number;
}

/** A job to remove from the queue: an upload's or a re-read's (UploadJob.jobId). */
export interface ForgetJob {
  jobId: string;
  /** How many images the job had (one `ocr-page` job each). */
  imageCount: number;
}

export interface RunOptions {
  /** How long the caller waits for the note before giving up (PipelineFailure kind 'timeout'). */
  timeoutMs: number;
  /**
   * Asked when the queue lost this upload's jobs (Redis came back without its data) before the note was written:
   * the caller's source of truth (the upload row, the stored images) says what happens next. Without it the upload
   * is run again (the notes stage is idempotent per upload, so it still gets exactly one note).
   */
  lost?: (job: UploadJob) => Promise<LostUploadDecision>;
}

/** What to do with an upload whose jobs the queue lost: run it again, answer with its note, or give it up. */
export type LostUploadDecision = { redrive: true } | { note: NoteResult } | { failure: Error };

/** Which of an upload's stage results are in (issue 23: the stages the uploader is shown). */
export interface StagesDone {
  moderation: boolean;
  /** Images whose text the OCR stage has read. */
  pagesRead: number;
  summary: boolean;
}

/**
 * Short-lived records of the uploads in flight, seen by every gateway of the deployment (Redis with the BullMQ
 * driver, memory with the in-process one), and which stages of an upload are done. No user text is kept here.
 */
export interface ProgressPort {
  /** Replaces the record under `key`; it is forgotten `ttlMs` after its last write. */
  write(key: string, value: Record<string, string>, ttlMs: number): Promise<void>;
  read(key: string): Promise<Record<string, string> | null>;
  remove(key: string): Promise<void>;
  /** The stages done, or null once the upload has left the pipeline (its note written, or failed). */
  stagesDone(uploadId: string): Promise<StagesDone | null>;
}

export interface PipelineDriver {
  /** Where uploads in flight are (issue 23); drivers without it report no progress. */
  readonly progress?: ProgressPort;
  /** Runs one upload through moderation → ocr (one job per image) → summarise → notes; resolves with the note. */
  run(job: UploadJob, opts: RunOptions): Promise<NoteResult>;
  /**
   * Removes every job of these uploads from every stage queue (account deletion: the jobs hold OCR text and
   * summaries). Jobs a worker holds right now cannot be removed; they are counted in `active` and end on their own
   * (their upload row is gone, so the notes stage writes nothing). The in-process driver keeps no jobs: 0, 0.
   */
  forgetJobs(uploads: ReadonlyArray<ForgetJob>): Promise<{ removed: number; active: number }>;
  /**
   * Resolves true once the queue can take an upload, false when it still cannot after `timeoutMs` (Redis
   * unreachable). Drivers that need no server (in-process) do not define it.
   */
  waitAvailable?(timeoutMs: number): Promise<boolean>;
  /** Queue depths per queue (for metrics/readiness). */
  counts(): Promise<Record<QueueName, QueueCounts>>;
  close(): Promise<void>;
}

/** Retry policy shared by both drivers: `attempts` tries in all, exponential backoff starting at `backoffMs`. */
export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;

/** In BullMQ a lower number runs first; both tiers get one so the order is defined. */
export const PRIORITY = { premium: 1, free: 10 } as const;
