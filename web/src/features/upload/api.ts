import { useMutation } from '@tanstack/react-query';
import {
  PROGRESS_ID_HEADER,
  uploadProgressSchema,
  type UploadProgressReply,
  type UploadReply,
} from '@snapnotes/contracts';
import { ApiError, apiRequest, NetworkError } from '../../lib/api-client.js';
import { NOT_LOGGED_IN_MESSAGE } from '../../lib/constants.js';

export const OUT_OF_UPLOADS_MESSAGE = "You've used all your free uploads. Please subscribe to continue.";
export const INAPPROPRIATE_MESSAGE = 'One or more images contain inappropriate content and cannot be processed';
export const UNPROCESSABLE_MESSAGE = 'Could not process the content from the uploaded images';
export const GENERIC_400_MESSAGE = 'Error processing screenshots';
export const SERVER_ERROR_MESSAGE = 'Error processing screenshots. Please try again.';
export const NETWORK_ERROR_MESSAGE =
  'Failed to connect to the server. Please check your internet connection and try again.';
export const OFFLINE_MESSAGE = "You're offline. Connect to the internet, then upload again.";
export const UNAVAILABLE_FALLBACK_MESSAGE =
  'SnapNotes is briefly unavailable. Nothing was uploaded and no upload was used: please try again in a moment.';
export const RATE_LIMIT_FALLBACK_MESSAGE =
  'Upload limit reached: you can upload at most 10 screenshots every 5 minutes. Please try again later.';

/**
 * POST /api/process-screenshots: repeated 'images' files plus userId (SPEC §7). `progressId` names the upload for
 * `watchUploadProgress` (the X-Progress-Id header; the body is SPEC's). The reply is the new note, or the note that
 * already holds every image with `duplicateOf` set (issue 25: nothing made, nothing charged).
 */
export async function processScreenshots(
  files: readonly File[],
  userId: number,
  progressId?: string,
): Promise<UploadReply> {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name || 'pasted-image.png');
  form.append('userId', String(userId));
  const headers = progressId ? { [PROGRESS_ID_HEADER]: progressId } : undefined;
  const res = await apiRequest('POST', '/api/process-screenshots', form, { headers });
  return (await res.json()) as UploadReply;
}

/** A new upload's progress id (a UUID; crypto.randomUUID exists only on https and localhost). */
export function newProgressId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Asks where the upload named `progressId` is every `intervalMs` until `signal` aborts, and hands each answer to
 * `onReport`. A 204 (nothing in progress under that name: the gateway has not started on the upload yet, or has
 * answered it) and any failed request are skipped: the bar then stays where it is, and the POST's own reply ends the
 * upload.
 */
export async function watchUploadProgress(
  progressId: string,
  onReport: (report: UploadProgressReply) => void,
  {
    signal,
    intervalMs,
    firstAfterMs = intervalMs / 2,
  }: { signal: AbortSignal; intervalMs: number; firstAfterMs?: number },
): Promise<void> {
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  await sleep(firstAfterMs);
  while (!signal.aborted) {
    try {
      const res = await apiRequest('GET', `/api/uploads/${encodeURIComponent(progressId)}/progress`, undefined, {
        signal,
      });
      if (res.status !== 204) {
        const parsed = uploadProgressSchema.safeParse(await res.json());
        if (parsed.success && !signal.aborted) onReport(parsed.data);
      }
    } catch {
      // No answer: ask again at the next tick.
    }
    await sleep(intervalMs);
  }
}

export type UploadFailureKind =
  | 'upgrade-required'
  /** More than 10 files chosen (SPEC §5's message, shown inline). */
  | 'too-many'
  | 'inappropriate'
  | 'unprocessable'
  | 'rate-limited'
  | 'rejected'
  | 'unauthorized'
  | 'server'
  | 'network'
  /** The device has no connection: nothing was sent. */
  | 'offline'
  /** 503: a temporary problem on the server (e.g. its queue is unreachable); trying again later works. */
  | 'unavailable';

export interface UploadFailure {
  kind: UploadFailureKind;
  message: string;
  /** File names the moderation step flagged (400 inappropriateImages). */
  flaggedFiles: string[];
  /** Why, when SPEC's message is fixed and the server said more (422's `reason`). */
  reason?: string;
}

/** Maps a failed upload to what the user is told (SPEC §8 "Process screenshots"). */
export function describeUploadError(error: unknown): UploadFailure {
  const failure = (kind: UploadFailureKind, message: string, flaggedFiles: string[] = []): UploadFailure => ({
    kind,
    message,
    flaggedFiles,
  });
  if (error instanceof NetworkError) {
    return typeof navigator !== 'undefined' && !navigator.onLine
      ? failure('offline', OFFLINE_MESSAGE)
      : failure('network', NETWORK_ERROR_MESSAGE);
  }
  if (!(error instanceof ApiError)) return failure('server', SERVER_ERROR_MESSAGE);

  const body = error.body;
  switch (error.status) {
    case 402:
      return failure('upgrade-required', OUT_OF_UPLOADS_MESSAGE);
    case 400: {
      const flagged = Array.isArray(body?.inappropriateImages)
        ? body.inappropriateImages.filter((name): name is string => typeof name === 'string')
        : null;
      if (flagged) return failure('inappropriate', INAPPROPRIATE_MESSAGE, flagged);
      return failure('rejected', error.serverMessage ?? GENERIC_400_MESSAGE);
    }
    case 413:
    case 415:
      return failure('rejected', error.serverMessage ?? GENERIC_400_MESSAGE);
    case 401:
      return failure('unauthorized', NOT_LOGGED_IN_MESSAGE);
    case 422: {
      // SPEC §8's fixed text, and the server's reason beside it (e.g. "the image is blank").
      const reason = typeof body?.reason === 'string' && body.reason.trim() ? body.reason.trim() : undefined;
      return { ...failure('unprocessable', UNPROCESSABLE_MESSAGE), ...(reason ? { reason } : {}) };
    }
    case 429:
      return failure('rate-limited', error.serverMessage ?? RATE_LIMIT_FALLBACK_MESSAGE);
    case 503:
      return failure('unavailable', error.serverMessage ?? UNAVAILABLE_FALLBACK_MESSAGE);
    default:
      return failure('server', SERVER_ERROR_MESSAGE);
  }
}

export function useProcessScreenshots() {
  return useMutation({
    mutationFn: ({ files, userId, progressId }: { files: readonly File[]; userId: number; progressId?: string }) =>
      processScreenshots(files, userId, progressId),
  });
}
