import type { FastifyInstance } from 'fastify';
import { ErrorCode, updateTitleBodySchema } from '@snapnotes/contracts';
import { toApiNote } from '@snapnotes/db';
import { currentUser, ownUser } from '../guards.js';
import { HttpError } from '../errors.js';

function noteId(raw: string): number {
  if (!/^\d{1,12}$/.test(raw)) throw new HttpError(404, ErrorCode.NotFound, 'Note not found.');
  return Number(raw);
}

const NOT_FOUND = () => new HttpError(404, ErrorCode.NotFound, 'Note not found.');

export function registerNotesRoutes(app: FastifyInstance): void {
  app.get<{ Params: { userId: string }; Querystring: { q?: string } }>('/api/notes/:userId', async (req) => {
    const user = await ownUser(req, req.params.userId);
    const q = typeof req.query.q === 'string' ? req.query.q.trim().slice(0, 200) : '';
    const rows = q
      ? await app.deps.repos.notes.searchForUser(user.id, q)
      : await app.deps.repos.notes.listByUser(user.id);
    return rows.map(toApiNote);
  });

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
        .deleteMany(objectKeys)
        .catch((err: unknown) =>
          req.log.error({ err, noteId: id, keys: objectKeys.length }, 'could not delete note images'),
        );
    }
    return { success: true, id };
  });
}
