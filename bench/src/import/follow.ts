/**
 * Following one import as the web app does: its progress stream (`GET /api/imports/{id}/events`, server-sent events
 * read with fetch), and `GET /api/imports/{id}` every second should the stream end before the import settles. Every
 * ImportDetail seen gives each image the moment it was first seen taken (`processing`) and first seen settled (a
 * note, a failure, a duplicate or a skip), in ms since the import was accepted (the 202). The stream sends a change
 * within a second (the gateway polls `imports.updated_at` every 1 s), so these times are to about a second.
 */
import { IMPORT_PROGRESS_EVENT, type ImportDetail, type ImportItem } from '@snapnotes/contracts';

export interface ItemTimes {
  index: number;
  name: string;
  status: ImportItem['status'];
  noteId?: string;
  error?: ImportItem['error'];
  /** First seen `processing`, ms after the 202. */
  takenMs?: number;
  /** First seen settled, ms after the 202. */
  settledMs?: number;
}

export interface Followed {
  /** The import as GET /api/imports/{id} gives it at the end. */
  final: ImportDetail;
  items: ItemTimes[];
  /** Progress events the stream sent. */
  events: number;
  /** Whether the import settled (done or stopped) before `timeoutMs`. */
  settled: boolean;
}

const SETTLED: ReadonlySet<ImportItem['status']> = new Set(['done', 'failed', 'duplicate', 'skipped']);

/** Every `progress` event's ImportDetail in an event-stream body, as the blocks arrive. */
async function* progressEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ImportDetail> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const lines = buffer.slice(0, end).split('\n');
      buffer = buffer.slice(end + 2);
      if (!lines.includes(`event: ${IMPORT_PROGRESS_EVENT}`)) continue; // keep-alive comments
      const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart());
      yield JSON.parse(data.join('\n')) as ImportDetail;
    }
  }
}

/** Follows import `id` until it settles or `timeoutMs` passes; `acceptedAt` is the 202's performance.now(). */
export async function followImport(
  url: string,
  auth: Record<string, string>,
  id: string,
  acceptedAt: number,
  timeoutMs: number,
): Promise<Followed> {
  const items = new Map<number, ItemTimes>();
  const seen = (detail: ImportDetail) => {
    const now = performance.now() - acceptedAt;
    for (const item of detail.items) {
      const times = items.get(item.index) ?? { index: item.index, name: item.name, status: item.status };
      times.status = item.status;
      times.noteId = item.noteId;
      times.error = item.error;
      if (item.status === 'processing') times.takenMs ??= now;
      if (SETTLED.has(item.status)) times.settledMs ??= now;
      items.set(item.index, times);
    }
  };
  const get = async (): Promise<ImportDetail> => {
    const res = await fetch(`${url}/api/imports/${id}`, { headers: auth });
    if (res.status !== 200) throw new Error(`GET /api/imports/${id}: ${res.status} ${await res.text()}`);
    return (await res.json()) as ImportDetail;
  };
  const until = performance.now() + timeoutMs;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let events = 0;
  let last: ImportDetail | undefined;
  try {
    const res = await fetch(`${url}/api/imports/${id}/events`, { headers: auth, signal: abort.signal });
    if (res.status !== 200 || !res.body) throw new Error(`events: ${res.status} ${await res.text()}`);
    for await (const detail of progressEvents(res.body)) {
      events++;
      seen(detail);
      last = detail;
    }
  } catch (err) {
    // The stream broke or timed out: polling below goes on until the deadline.
    if (!abort.signal.aborted) process.stderr.write(`import ${id}: progress stream ended: ${String(err)}\n`);
  } finally {
    clearTimeout(timer);
    abort.abort(); // the stream's reader is closed either way
  }
  while ((last === undefined || last.status === 'running') && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    last = await get();
    seen(last);
  }
  const final = await get();
  seen(final);
  return {
    final,
    items: [...items.values()].sort((a, b) => a.index - b.index),
    events,
    settled: final.status !== 'running',
  };
}
