/**
 * An upload body that sends nothing for UPLOAD_BODY_IDLE_MS is given up (issue 22 items 2 and 6; DECISIONS "Upload
 * admission"). The timer is Node's own socket inactivity timer (IncomingMessage.setTimeout): it restarts on every byte
 * received, and Node emits the request's 'timeout' only while the body is incomplete. It runs only while the body is
 * being read: before (admission) the gateway is the one not reading, after (checks, the pipeline) the client waits.
 * A body that keeps trickling is still bounded by its route's body deadline (../body-deadline.ts).
 */
import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '@snapnotes/contracts';
import { HttpError } from '../errors.js';

export interface BodyWatch {
  /** Aborted, with the 408 as its reason, when the body has sent nothing for the idle time. */
  readonly signal: AbortSignal;
  /** The body has been read (or given up): stops the timer. */
  stop(): void;
}

/** Starts the idle timer of one request's body; a watch must be stopped once the body is read. */
export type BodyWatcher = () => BodyWatch;

/** 408 UPLOAD_STALLED: nothing was stored or counted, and the connection is closed (the rest is never read). */
export function uploadStalled(idleMs: number): HttpError {
  const seconds = Math.round(idleMs / 1000);
  return new HttpError(
    408,
    ErrorCode.UploadStalled,
    `The upload stalled: nothing was received for ${seconds} seconds. Nothing was kept or counted; please try again.`,
    {},
    { connection: 'close' },
  );
}

export function watchBodyIdle(raw: IncomingMessage, idleMs: number): BodyWatch {
  const controller = new AbortController();
  const onTimeout = () => {
    controller.abort(uploadStalled(idleMs));
    // The 408 closes the connection, but Node ends a request it has already answered without telling its stream:
    // the multipart reader would wait for the rest of the body forever (and what it stored would stay). Ending the
    // request once its socket is gone ends the reading with an error, so its clean-up runs.
    raw.socket?.once('close', () => {
      if (!raw.destroyed) raw.destroy();
    });
  };
  raw.setTimeout(idleMs, onTimeout);
  return {
    signal: controller.signal,
    stop() {
      raw.off('timeout', onTimeout);
      // Back to the server's setting (Fastify's connectionTimeout; 0 = none): the pipeline may take minutes.
      raw.socket?.setTimeout((raw.socket as { server?: { timeout?: number } }).server?.timeout ?? 0);
    },
  };
}

/**
 * What `reading` reads, or the 408 once the body has sent nothing for the idle time. A reading given up ends when the
 * 408 closes the connection; `afterGivenUp` runs then (to remove what it wrote meanwhile).
 */
export async function readWatched<T>(
  reading: Promise<T>,
  watch: BodyWatch | undefined,
  afterGivenUp: () => Promise<void>,
): Promise<T> {
  if (!watch) return reading;
  try {
    return await Promise.race([reading, abortedBy(watch.signal)]);
  } catch (err) {
    if (watch.signal.aborted) void reading.then(afterGivenUp, afterGivenUp);
    throw err;
  } finally {
    watch.stop();
  }
}

/** Rejects with the signal's reason once it is aborted (never resolves). */
function abortedBy(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    else signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}
