/**
 * Bulk import routes (issue 25): HTTP only. The import itself (reading the files, the queue, the worker) is
 * ../imports, built by ../compose.ts. Every route is the caller's own: another user's import id answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@snapnotes/contracts';
import { HttpError } from '../errors.js';
import { currentUser } from '../guards.js';
import { importStreams, streamImportEvents } from '../imports/events.js';
import type { ImportService } from '../imports/service.js';
import { watchBodyIdle } from '../uploads/body-idle.js';

export function registerImportRoutes(app: FastifyInstance, imports: ImportService): void {
  const { config } = app.deps;
  const streams = importStreams();

  /**
   * Many images and/or zips of images (multipart, field `files`): 202 with the import as it starts. The body may take
   * up to IMPORT_BODY_TIMEOUT_MS to arrive (body-deadline.ts), but never sends nothing for UPLOAD_BODY_IDLE_MS (408).
   */
  app.post('/api/imports', { config: { bodyDeadlineMs: config.IMPORT_BODY_TIMEOUT_MS } }, async (req, reply) => {
    const user = await currentUser(req);
    const detail = await imports.create({
      user,
      isMultipart: req.isMultipart(),
      parts: (options) => req.parts(options),
      watchBody: () => watchBodyIdle(req.raw, config.UPLOAD_BODY_IDLE_MS),
      correlationId: req.id,
      log: req.log,
    });
    return reply.code(202).send(detail);
  });

  /** `?active=1`: the caller's imports running or finished in the last 24 hours, newest first, without items. */
  app.get<{ Querystring: { active?: string } }>('/api/imports', async (req, reply) => {
    const user = await currentUser(req);
    if (req.query.active !== undefined && req.query.active !== '1') {
      throw new HttpError(400, ErrorCode.BadRequest, 'active must be 1 (the imports of the last 24 hours).');
    }
    void reply.header('cache-control', 'no-store');
    return imports.active(user.id);
  });

  app.get<{ Params: { id: string } }>('/api/imports/:id', async (req, reply) => {
    const user = await currentUser(req);
    void reply.header('cache-control', 'no-store');
    return imports.detail(req.params.id, user.id);
  });

  app.get<{ Params: { id: string } }>('/api/imports/:id/events', async (req, reply) => {
    const user = await currentUser(req);
    await streamImportEvents(req, reply, imports, streams, user.id, req.params.id);
  });

  /** "Retry failed" (and go on with a stopped import): 202 with the import. */
  app.post<{ Params: { id: string } }>('/api/imports/:id/retry', async (req, reply) => {
    const user = await currentUser(req);
    return reply.code(202).send(await imports.retry(req.params.id, user.id, req.log));
  });
}
