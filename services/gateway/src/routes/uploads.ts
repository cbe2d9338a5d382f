/**
 * POST /api/process-screenshots and GET /api/uploads/{progressId}/progress: HTTP only. The upload itself (admission, reading, checks, allowance, rate limit,
 * storing, the pipeline) is `UploadService` (../uploads/service.ts), built by ../compose.ts.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { PROGRESS_ID_HEADER } from '@snapnotes/contracts';
import { authenticate, currentUser } from '../guards.js';
import { BUSY_RETRY_AFTER_SECONDS, serverBusy } from '../uploads/admission.js';
import { watchBodyIdle } from '../uploads/body-idle.js';
import type { UploadService } from '../uploads/service.js';

export function registerUploadRoutes(app: FastifyInstance, uploads: UploadService): void {
  const { config } = app.deps;

  // Its own scope, so the memory-pressure check guards uploads only (every other route keeps answering).
  void app.register(async (scope) => {
    if (config.UPLOAD_MAX_RSS_MB > 0) {
      await scope.register(underPressure, {
        maxRssBytes: config.UPLOAD_MAX_RSS_MB * 1024 * 1024,
        sampleInterval: 500,
        retryAfter: BUSY_RETRY_AFTER_SECONDS,
        pressureHandler: (req, reply, type, value) => {
          req.log.warn({ type, value }, 'upload refused: the gateway is under memory pressure');
          const busy = serverBusy();
          void reply.code(busy.statusCode).headers(busy.headers).send(busy.body());
        },
      });
    }

    /** Any refusal or failure leaves no note, no stored object and no allowance used. */
    scope.post('/api/process-screenshots', async (req) => {
      await authenticate(req);
      const user = await currentUser(req);
      const declared = Number(req.headers['content-length']);
      const progressId = req.headers[PROGRESS_ID_HEADER];
      const progress = uploads.progress.start(user.id, typeof progressId === 'string' ? progressId : undefined);
      return uploads
        .upload({
          progress,
          user,
          contentLength:
            Number.isFinite(declared) && req.headers['content-length'] !== undefined ? declared : undefined,
          isMultipart: req.isMultipart(),
          parts: (options) => req.parts(options),
          watchBody: () => watchBodyIdle(req.raw, config.UPLOAD_BODY_IDLE_MS),
          correlationId: req.id,
          log: req.log,
        })
        .finally(() => progress.end());
    });
  });

  /**
   * Where the caller's upload named by its X-Progress-Id is (issue 23), asked by the browser while the POST is held
   * open. Unknown, finished, malformed and other users' ids all get the same 204 with no body: "nothing in progress
   * under this name" is the normal answer at the two ends of every upload (the browser's first poll can come before
   * the POST's body arrives, its last after the POST was answered), so it is no error: a 404 there put a red "Failed
   * to load resource" in the browser's console on every slow upload. Nobody learns that another user's upload exists.
   */
  app.get<{ Params: { id: string } }>('/api/uploads/:id/progress', async (req, reply) => {
    await authenticate(req);
    const user = await currentUser(req);
    const progress = await uploads.progress.read(user.id, req.params.id);
    void reply.header('Cache-Control', 'no-store');
    if (!progress) return reply.code(204).send();
    return progress;
  });
}
