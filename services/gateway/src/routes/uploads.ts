/**
 * POST /api/process-screenshots: HTTP only. The upload itself (admission, reading, checks, allowance, rate limit,
 * storing, the pipeline) is `UploadService` (../uploads/service.ts), built by ../compose.ts.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
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
      return uploads.upload({
        user,
        contentLength: Number.isFinite(declared) && req.headers['content-length'] !== undefined ? declared : undefined,
        isMultipart: req.isMultipart(),
        parts: (options) => req.parts(options),
        watchBody: () => watchBodyIdle(req.raw, config.UPLOAD_BODY_IDLE_MS),
        correlationId: req.id,
        log: req.log,
      });
    });
  });
}
