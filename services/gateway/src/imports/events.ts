/**
 * GET /api/imports/{id}/events (issue 25): the import's progress as server-sent events. The current ImportDetail at
 * once (`event: progress`), then again whenever the import changed (its `updated_at`, polled every POLL_MS: one
 * primary-key read, the same on every gateway replica), a `: keep-alive` comment every KEEP_ALIVE_MS (proxies close
 * idle connections), and the stream ends after the event that says `done` or `stopped`, or when the client leaves.
 * A user has at most STREAMS_PER_USER streams open on one gateway (a tab each; more: 429).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, IMPORT_PROGRESS_EVENT, type ImportDetail } from '@snapnotes/contracts';
import { ConcurrencyLimit } from '../concurrency-limit.js';
import { HttpError } from '../errors.js';
import type { ImportService } from './service.js';

export const POLL_MS = 1000;
export const KEEP_ALIVE_MS = 15_000;
export const STREAMS_PER_USER = 4;

export function importStreams(): ConcurrencyLimit {
  return new ConcurrencyLimit({
    perKey: STREAMS_PER_USER,
    keyRefusal: () =>
      new HttpError(
        429,
        ErrorCode.RateLimited,
        `At most ${STREAMS_PER_USER} import progress streams can be open at once. Close another tab and try again.`,
        {},
        { 'retry-after': '5' },
      ),
  });
}

const finished = (detail: Pick<ImportDetail, 'status'>) => detail.status !== 'running';

export async function streamImportEvents(
  req: FastifyRequest,
  reply: FastifyReply,
  imports: ImportService,
  streams: ConcurrencyLimit,
  userId: number,
  id: string,
): Promise<void> {
  const first = await imports.detail(id, userId); // 404 before anything is sent
  const release = streams.acquire(String(userId));
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no', // nginx: pass each event on as it comes
    'x-request-id': req.id,
  });
  let open = true;
  let timer: NodeJS.Timeout | undefined;
  const keepAlive = setInterval(() => open && res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  const end = () => {
    if (!open) return;
    open = false;
    clearTimeout(timer);
    clearInterval(keepAlive);
    release();
    res.end();
  };
  req.raw.on('close', end);
  res.on('close', end);
  const send = (detail: ImportDetail) => {
    res.write(`event: ${IMPORT_PROGRESS_EVENT}\ndata: ${JSON.stringify(detail)}\n\n`);
    if (finished(detail)) end();
  };
  send(first);
  let last = (await imports.version(id, userId))?.updatedAt;
  const poll = async () => {
    if (!open) return;
    try {
      const version = await imports.version(id, userId);
      if (!version) return end(); // deleted meanwhile (the account)
      if (version.updatedAt !== last || finished(version)) {
        last = version.updatedAt;
        send(await imports.detail(id, userId));
      }
    } catch (err) {
      req.log.warn({ err, importId: id }, 'import progress stream: could not read the import');
    }
    if (open) timer = setTimeout(() => void poll(), POLL_MS);
  };
  if (open) timer = setTimeout(() => void poll(), POLL_MS);
}
