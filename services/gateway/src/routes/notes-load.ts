/**
 * What GET /api/notes/{userId} does under load (issue 22, items 5 and 10; DECISIONS "Notes list and search limits";
 * how many may run at once: ../load-limits.ts):
 *
 * - Each search statement has a statement timeout (the repository's): 503 SEARCH_TIMEOUT, never a 500.
 * - The unpaged list (SPEC §7: every note) is streamed a page of rows at a time in the order and form the SPEC's
 *   answer has, so 10,000 notes never sit in memory as one array and one string; a client that stops reading is cut
 *   after a while.
 */
import { finished, Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@snapnotes/contracts';
import { toApiNote, type NotesRepo, type SearchTimeoutError } from '@snapnotes/db';
import { HttpError } from '../errors.js';

/**
 * Notes read per statement while the unpaged list is sent: about 1.2 MB of JSON at 2.5 kB a note. 10,000 notes
 * read by 250 took 0.8–1.0 s, by 1,000 0.5–0.6 s, in one statement 0.65 s.
 */
const FULL_LIST_PAGE_ROWS = 500;
/** An unpaged list whose client has read nothing for this long is cut (the connection is closed). */
const FULL_LIST_IDLE_MS = 30_000;

function retryAfter(seconds: number): Record<string, string> {
  return { 'retry-after': String(seconds) };
}

/** The answer to a search its statement timeout stopped: a 503 SEARCH_TIMEOUT with Retry-After, never a 500. */
export function searchTimedOut(err: SearchTimeoutError, log: FastifyRequest['log'], userId?: number): HttpError {
  // The query text is the user's content: never logged.
  log.warn({ userId, timeoutMs: err.timeoutMs }, 'search stopped by its statement timeout');
  return new HttpError(
    503,
    ErrorCode.SearchTimeout,
    'This search took too long and was stopped. Try more specific words, or try again in a moment.',
    {},
    retryAfter(5),
  );
}

/** The SPEC's list as JSON text, a page of rows at a time: `[`, the notes newest first, `]`. */
async function* fullListJson(
  notes: NotesRepo,
  userId: number,
  first: Awaited<ReturnType<NotesRepo['listPage']>>,
  log: FastifyRequest['log'],
): AsyncGenerator<string> {
  let page = first;
  let sent = 0;
  try {
    yield '[';
    for (;;) {
      const rows = page.notes.map((row) => JSON.stringify(toApiNote(row))).join(',');
      if (rows) yield (sent > 0 ? ',' : '') + rows;
      sent += page.notes.length;
      if (!page.nextCursor) break;
      page = await notes.listPage(userId, { limit: FULL_LIST_PAGE_ROWS, cursor: page.nextCursor });
    }
    yield ']';
  } catch (err) {
    // The status line is gone: the client sees the body cut short (invalid JSON), never a partial list as whole.
    log.error({ err, userId, sent }, 'notes list failed while being sent');
    throw err;
  }
}

/**
 * Sends every note of the user, newest first (SPEC §7), holding one of the user's FULL_LISTS places until the
 * response is over (sent, failed or abandoned by the client). The first page is read before the status is sent, so
 * a database that cannot answer is still a proper 503.
 */
export async function sendFullList(
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { notes: NotesRepo; userId: number; release: () => void },
): Promise<FastifyReply> {
  const first = await opts.notes.listPage(opts.userId, { limit: FULL_LIST_PAGE_ROWS });
  // Called at once when the response is already closed (the client went away while the first page was read).
  finished(reply.raw, () => opts.release());
  reply.raw.setTimeout(FULL_LIST_IDLE_MS, () => {
    req.log.warn({ userId: opts.userId, idleMs: FULL_LIST_IDLE_MS }, 'notes list client stopped reading: cut');
    reply.raw.destroy();
  });
  const body = Readable.from(fullListJson(opts.notes, opts.userId, first, req.log), { objectMode: false });
  return reply.type('application/json; charset=utf-8').send(body);
}
