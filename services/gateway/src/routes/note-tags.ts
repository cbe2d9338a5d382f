/**
 * The notes' tags (issue 25, item 4; DECISIONS "Tags and filters"): the user sets a note's tags, and the library's
 * filters ask what they can offer (the user's tags, kinds and languages). The list and the search filter in
 * routes/notes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode, noteTagsBodySchema } from '@snapnotes/contracts';
import { toApiNote } from '@snapnotes/db';
import { currentUser, ownUser } from '../guards.js';
import { HttpError } from '../errors.js';
import { noteId } from './notes.js';

export function registerNoteTagsRoutes(app: FastifyInstance): void {
  /** The note's tags from now on (normalised, duplicates dropped, at most 12); the note back. Owner only: 404. */
  app.put<{ Params: { id: string } }>('/api/notes/:id/tags', async (req) => {
    const user = await currentUser(req);
    const id = noteId(req.params.id);
    const { tags } = noteTagsBodySchema.parse(req.body ?? {});
    const updated = await app.deps.repos.notes.setTags(id, user.id, tags);
    if (!updated) throw new HttpError(404, ErrorCode.NotFound, 'Note not found.');
    return toApiNote(updated);
  });

  /** What the library's filters offer: the caller's tags (most used first), kinds and languages, with counts. */
  app.get<{ Params: { userId: string } }>('/api/note-filters/:userId', async (req) => {
    const user = await ownUser(req, req.params.userId);
    return app.deps.repos.notes.filterOptions(user.id);
  });
}
