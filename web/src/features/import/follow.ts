/**
 * Following a running import: its server-sent events (`GET /api/imports/{id}/events`, `event: progress`, data = the
 * ImportDetail) read from a fetch body, since EventSource cannot send the bearer header (lib/sse.ts). When the stream
 * cannot be had (an error reply, a proxy that buffers or drops it, the server restarting), the import is asked for
 * every 2 s instead (`GET /api/imports/{id}`) until it is done or stopped, so the tray always gets there.
 */
import { IMPORT_PROGRESS_EVENT, importDetailSchema, type ImportDetail } from '@snapnotes/contracts';
import { ApiError, sendRequest } from '../../lib/api-client.js';
import { readServerSentEvents } from '../../lib/sse.js';
import { fetchImport } from './api.js';

export const POLL_MS = 2000;
/** A stream that ended while the import runs (a deploy, an idle proxy) is opened again after this long. */
export const RECONNECT_MS = 1000;

export const isSettled = (detail: ImportDetail): boolean => detail.status !== 'running';

export interface FollowOptions {
  signal: AbortSignal;
  pollMs?: number;
  reconnectMs?: number;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Reads the import's event stream until it ends. Returns the last detail it carried (null if none); throws when the
 * stream could not be opened (not a 200 event stream).
 */
async function readStream(
  id: string,
  onDetail: (detail: ImportDetail) => void,
  signal: AbortSignal,
): Promise<ImportDetail | null> {
  const res = await sendRequest('GET', `/api/imports/${encodeURIComponent(id)}/events`, undefined, {
    signal,
    headers: { Accept: 'text/event-stream' },
  });
  if (!res.ok || !res.body || !(res.headers.get('Content-Type') ?? '').startsWith('text/event-stream')) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error(`The import's event stream answered ${res.status}`);
  }
  let last: ImportDetail | null = null;
  await readServerSentEvents(res.body, (event) => {
    if (event.event !== IMPORT_PROGRESS_EVENT) return;
    let json: unknown;
    try {
      json = JSON.parse(event.data);
    } catch {
      return;
    }
    const parsed = importDetailSchema.safeParse(json);
    if (!parsed.success || signal.aborted) return;
    last = parsed.data;
    onDetail(parsed.data);
  });
  return last;
}

/**
 * Hands every new state of the import to `onDetail` until it is settled (done or stopped) or `signal` aborts. Resolves
 * with how it was followed to the end: 'stream', or 'poll' once the stream failed; 'gone' when the server no longer
 * knows the import (a 4xx other than 429: not found, not the user's).
 */
export async function followImport(
  id: string,
  onDetail: (detail: ImportDetail) => void,
  { signal, pollMs = POLL_MS, reconnectMs = RECONNECT_MS }: FollowOptions,
): Promise<'stream' | 'poll' | 'gone' | 'aborted'> {
  // The stream: opened again while it keeps delivering; one that fails to open, or ends twice in a row with nothing
  // new, gives way to polling.
  let quietEnds = 0;
  while (!signal.aborted) {
    let last: ImportDetail | null;
    try {
      last = await readStream(id, onDetail, signal);
    } catch {
      break;
    }
    if (last && isSettled(last)) return 'stream';
    quietEnds = last ? 0 : quietEnds + 1;
    if (quietEnds >= 2) break;
    await sleep(reconnectMs, signal);
  }
  while (!signal.aborted) {
    try {
      const detail = await fetchImport(id, signal);
      if (signal.aborted) break;
      onDetail(detail);
      if (isSettled(detail)) return 'poll';
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return 'gone';
      // Offline or the server restarting: asked again at the next tick.
    }
    await sleep(pollMs, signal);
  }
  return 'aborted';
}
