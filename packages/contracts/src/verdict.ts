/**
 * Verdicts are final outcomes of a stage that must not be retried (flagged content, nothing extracted).
 * They cross process boundaries as a job's failedReason string, so they are encoded as a tagged JSON message.
 */
export type VerdictCode = 'INAPPROPRIATE_CONTENT' | 'NOTHING_EXTRACTED';

export interface VerdictDetails {
  code: VerdictCode;
  message: string;
  /** File names that were flagged (INAPPROPRIATE_CONTENT). */
  files?: string[];
  /** Why nothing could be made of the images (NOTHING_EXTRACTED), in words the uploader is shown. */
  reason?: string;
}

const TAG = 'SNAPNOTES_VERDICT ';

export class VerdictError extends Error {
  readonly verdict: VerdictDetails;
  constructor(verdict: VerdictDetails) {
    super(TAG + JSON.stringify(verdict));
    this.name = 'VerdictError';
    this.verdict = verdict;
  }
}

export function inappropriate(files: string[]): VerdictError {
  return new VerdictError({
    code: 'INAPPROPRIATE_CONTENT',
    message: 'One or more images contain inappropriate content and cannot be processed',
    files,
  });
}

export function nothingExtracted(reason?: string): VerdictError {
  return new VerdictError({
    code: 'NOTHING_EXTRACTED',
    message: 'Could not process the content from the uploaded images',
    ...(reason ? { reason } : {}),
  });
}

/** Finds a verdict inside an error message or failedReason, wherever it is embedded. */
export function parseVerdict(text: string | undefined | null): VerdictDetails | null {
  if (!text) return null;
  const at = text.indexOf(TAG);
  if (at < 0) return null;
  try {
    const parsed = JSON.parse(text.slice(at + TAG.length)) as VerdictDetails;
    if (parsed.code === 'INAPPROPRIATE_CONTENT' || parsed.code === 'NOTHING_EXTRACTED') return parsed;
  } catch {
    /* not a verdict */
  }
  return null;
}

export function isVerdictError(err: unknown): err is VerdictError {
  return err instanceof VerdictError || (err instanceof Error && parseVerdict(err.message) !== null);
}

/**
 * Errors that retrying cannot fix (an undecodable image, an unknown OCR language, an upload that was given up)
 * carry `retryable: false`; both queue drivers then fail the job at once instead of retrying it.
 */
export function isPermanentError(err: unknown): boolean {
  return (
    isVerdictError(err) ||
    (typeof err === 'object' && err !== null && (err as { retryable?: unknown }).retryable === false)
  );
}
