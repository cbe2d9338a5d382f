/**
 * POST /api/notes/{id}/reprocess ("Read again"): HTTP only. The re-read itself (ownership, one at a time, admission,
 * rate limit, the pipeline) is `ReprocessService` (../reprocess/service.ts). Registered after the upload routes: a
 * re-read shares their admission (the caller's uploads in progress) and rate limit.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../guards.js';
import { ReprocessService } from '../reprocess/service.js';
import { noteId } from './notes.js';

export function registerReprocessRoutes(app: FastifyInstance): void {
  const { config, repos, store, pipeline } = app.deps;
  const service = new ReprocessService({
    config,
    repos,
    store,
    pipeline,
    rateLimiter: app.uploadRateLimiter,
    admission: app.uploadService.admission,
  });

  app.post<{ Params: { id: string } }>('/api/notes/:id/reprocess', async (req) => {
    const user = await currentUser(req);
    return service.reprocess({
      user,
      noteId: noteId(req.params.id),
      body: req.body,
      correlationId: req.id,
      log: req.log,
    });
  });
}
