/**
 * POST /api/notes/{id}/reprocess ("Read again"): HTTP only. The re-read itself (ownership, one at a time, admission,
 * rate limit, the pipeline) is `ReprocessService` (../reprocess/service.ts), built by ../compose.ts, where it is given
 * the uploads' admission (the caller's uploads in progress) and rate limit.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../guards.js';
import type { ReprocessService } from '../reprocess/service.js';
import { noteId } from './notes.js';

export function registerReprocessRoutes(app: FastifyInstance, reprocess: ReprocessService): void {
  app.post<{ Params: { id: string } }>('/api/notes/:id/reprocess', async (req) => {
    const user = await currentUser(req);
    return reprocess.reprocess({
      user,
      noteId: noteId(req.params.id),
      body: req.body,
      correlationId: req.id,
      log: req.log,
    });
  });
}
