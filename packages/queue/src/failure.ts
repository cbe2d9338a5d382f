import { parseVerdict } from '@snapnotes/contracts';
import type { QueueName, VerdictDetails } from '@snapnotes/contracts';

/**
 * verdict: the content decided it (400/422); timeout: it took too long (504); unavailable: the queue (Redis) could not
 * be reached for longer than an upload may wait for it (503, try again); error: anything else (500).
 */
export type PipelineFailureKind = 'verdict' | 'timeout' | 'unavailable' | 'error';

/** Why an upload did not produce a note. Thrown by `PipelineDriver.run`. */
export class PipelineFailure extends Error {
  readonly kind: PipelineFailureKind;
  /** For kind 'verdict': the real cause from the deepest failed stage (flagged files / nothing extracted). */
  readonly verdict?: VerdictDetails;
  /** Which stage failed (absent when the upload was rejected before any stage ran). */
  readonly stage?: QueueName;

  constructor(
    kind: PipelineFailureKind,
    message: string,
    opts: { verdict?: VerdictDetails; stage?: QueueName; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'PipelineFailure';
    this.kind = kind;
    if (opts.verdict) this.verdict = opts.verdict;
    if (opts.stage) this.stage = opts.stage;
  }
}

/** Maps the deepest failure reason of a stage to a PipelineFailure: a verdict if it carries one, else an error. */
export function failureFromReason(stage: QueueName | undefined, reason: string, cause?: unknown): PipelineFailure {
  const verdict = parseVerdict(reason);
  if (verdict) return new PipelineFailure('verdict', verdict.message, { verdict, stage, cause });
  const where = stage ? `Stage "${stage}" failed: ` : '';
  return new PipelineFailure('error', `${where}${reason || 'unknown error'}`, { stage, cause });
}

export function timeoutFailure(uploadId: string, timeoutMs: number, stage?: QueueName): PipelineFailure {
  const at = stage ? ` (still at stage "${stage}")` : '';
  return new PipelineFailure('timeout', `Upload ${uploadId} did not finish within ${timeoutMs} ms${at}`, { stage });
}

/** Redis was unreachable for `waitedMs`: the upload is refused or given up, to be sent again a moment later. */
export function unavailableFailure(waitedMs: number, cause?: unknown): PipelineFailure {
  const seconds = Math.max(1, Math.round(waitedMs / 1000));
  return new PipelineFailure('unavailable', `The queue (Redis) could not be reached for ${seconds} s`, { cause });
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * An error as a log line may say it: a verdict by its code and how many files it names (the names are the user's,
 * and the reply lists them), anything else by its message.
 */
export function loggableError(err: unknown): string {
  const verdict = parseVerdict(errorMessage(err));
  if (!verdict) return errorMessage(err);
  return verdict.files ? `${verdict.code} (${verdict.files.length} files)` : verdict.code;
}
