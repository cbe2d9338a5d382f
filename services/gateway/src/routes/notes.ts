import type { FastifyInstance } from 'fastify';
import {
  ErrorCode,
  NEXT_CURSOR_HEADER,
  NOTES_PAGE_DEFAULT,
  noteFiltersOf,
  notesQuerySchema,
  updateTitleBodySchema,
  withThumbnailKeys,
} from '@snapnotes/contracts';
import { InvalidCursorError, SearchTimeoutError, toApiNote, toApiSearchResult } from '@snapnotes/db';
import { authenticate, currentUser, ownUser } from '../guards.js';
import { HttpError } from '../errors.js';
import type { NotesLoadLimits } from '../load-limits.js';
import { searchTimedOut, sendFullList } from './notes-load.js';

/** A note id from the path; anything that cannot be one is 404 (never 400: nothing tells what ids exist). */
export function noteId(raw: string): number {
  if (!/^\d{1,12}$/.test(raw)) throw new HttpError(404, ErrorCode.NotFound, 'Note not found.');
  return Number(raw);
}

const NOT_FOUND = () => new HttpError(404, ErrorCode.NotFound, 'Note not found.');

/** `limits`: the searches and unpaged lists one user, and everyone, may have at once (notesLoadLimits). */
export function registerNotesRoutes(app: FastifyInstance, limits: NotesLoadLimits): void {
  /**
   * SPEC §7's list, and (issue 13) its pages and the search. No query parameters: every note, newest first, as the
   * SPEC has it, streamed, one at a time per user (notes-load.ts). `limit` (1–100) and/or `cursor`: one page of that
   * list (keyset paging). `q`: one page of ranked search results (default 50), each note with `match`, a few at a
   * time per user. The next page's cursor is in X-Next-Cursor, absent on the last page; a cursor this server did not
   * make for this list or search is a 400. Filters (issue 25: `tag` repeatable, `kind`, `lang`, `from`, `to`) narrow
   * the list or the search, a page at a time like them; invalid ones are a 400 naming the parameter.
   */
  app.get<{ Params: { userId: string }; Querystring: Record<string, unknown> }>(
    '/api/notes/:userId',
    async (req, reply) => {
      // The caller's places are taken on the verified token, before the user row is read (a refusal costs no query).
      const { uid } = req.identity ?? (await authenticate(req));
      const asked = notesQuerySchema.safeParse(req.query ?? {});
      const kind = !asked.success
        ? 'page'
        : asked.data.q !== undefined
          ? 'search'
          : asked.data.limit === undefined && asked.data.cursor === undefined && !noteFiltersOf(asked.data)
            ? 'full'
            : 'page';
      const { notes } = app.deps.repos;

      if (kind === 'full') {
        const release = limits.fullLists.acquire(uid);
        try {
          const user = await ownUser(req, req.params.userId);
          return await sendFullList(req, reply, { notes, userId: user.id, release });
        } catch (err) {
          release();
          throw err;
        }
      }

      const release = kind === 'search' ? limits.searches.acquire(uid) : () => {};
      let userId: number | undefined;
      try {
        const user = await ownUser(req, req.params.userId);
        userId = user.id;
        const query = notesQuerySchema.parse(req.query ?? {});
        const limit = query.limit ?? NOTES_PAGE_DEFAULT;
        const filters = noteFiltersOf(query);
        if (query.q !== undefined) {
          const page = await notes.search(user.id, query.q, { limit, cursor: query.cursor, filters });
          if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
          return page.hits.map(toApiSearchResult);
        }
        const page = await notes.listPage(user.id, { limit, cursor: query.cursor, filters });
        if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
        return page.notes.map(toApiNote);
      } catch (err) {
        if (err instanceof InvalidCursorError) throw new HttpError(400, ErrorCode.BadRequest, err.message);
        if (err instanceof SearchTimeoutError) throw searchTimedOut(err, req.log, userId);
        throw err;
      } finally {
        release();
      }
    },
  );

  app.patch<{ Params: { id: string } }>('/api/notes/:id/title', async (req) => {
    const user = await currentUser(req);
    const id = noteId(req.params.id);
    const { title } = updateTitleBodySchema.parse(req.body ?? {});
    const updated = await app.deps.repos.notes.updateTitle(id, user.id, title);
    if (!updated) throw NOT_FOUND();
    return toApiNote(updated);
  });

  app.delete<{ Params: { id: string } }>('/api/notes/:id', async (req) => {
    const user = await currentUser(req);
    const id = noteId(req.params.id);
    const objectKeys = await app.deps.repos.notes.deleteForUser(id, user.id);
    if (!objectKeys) throw NOT_FOUND();
    if (objectKeys.length > 0) {
      // The note is gone either way; an object left behind is logged, never shown.
      await app.deps.store
        .deleteMany(withThumbnailKeys(objectKeys))
        .catch((err: unknown) =>
          req.log.error({ err, noteId: id, keys: objectKeys.length }, 'could not delete note images'),
        );
    }
    return { success: true, id };
  });
}
