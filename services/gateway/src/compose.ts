/**
 * The gateway's composition point: every service, limiter and limit the routes use is built here, once, from what the
 * gateway is built from (GatewayDeps), and buildApp (app.ts) hands each to the route registration that uses it. Route
 * files construct nothing; the uploads and "Read again" share one admission and one rate limit because they are
 * wired together here.
 */
import type { FastifyInstance } from 'fastify';
import { createInProcessImportQueue } from '@snapnotes/queue';
import { BillingService } from './billing/index.js';
import { createVerifyRateLimiter } from './billing/verify-limit.js';
import type { ConcurrencyLimit } from './concurrency-limit.js';
import type { GatewayDeps } from './deps.js';
import type { PerUserLimiter } from './per-user-limit.js';
import { createFeedbackRateLimiter, createUploadRateLimiter, type UploadRateLimiter } from './rate-limit.js';
import { ReprocessService } from './reprocess/service.js';
import { imageReadLimit, notesLoadLimits, type NotesLoadLimits } from './load-limits.js';
import { UploadService } from './uploads/service.js';
import { ImportService } from './imports/service.js';
import { ImportWorker } from './imports/worker.js';

export interface GatewayServices {
  /** The upload rate limit, shared by uploads and "Read again" (rate-limit.ts). */
  uploadRateLimiter: UploadRateLimiter;
  uploads: UploadService;
  /** Bulk import: the routes' service, and the worker that makes each image a note (issue 25). */
  imports: ImportService;
  importWorker: ImportWorker;
  reprocess: ReprocessService;
  /** null when payments are not configured: the billing routes answer 503, account deletion checks it. */
  billing: BillingService | null;
  /** The limit on POST /api/verify-subscription; null without payments. */
  verifyLimit: PerUserLimiter | null;
  /** The limit on POST /api/feedback; made at the first message (until then it holds no connection). */
  feedbackLimit: PerUserLimiter;
  /** Originals streamed at once, per user and in all (routes/images.ts). */
  imageReads: ConcurrencyLimit;
  /** Searches and unpaged note lists at once (routes/notes-load.ts). */
  notesLoad: NotesLoadLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the routes were given; nothing in the app reads it back (integration tests look at the admission). */
    services: GatewayServices;
  }
}

/** A limiter made when it is first used, and closed only if it was. */
function onFirstUse(create: () => PerUserLimiter): PerUserLimiter {
  let limiter: PerUserLimiter | undefined;
  return {
    consume: (userId) => (limiter ??= create()).consume(userId),
    close: async () => limiter?.close(),
  };
}

/** Every service of the gateway, built from its deps. Nothing here reads a request. */
export function createGatewayServices(deps: GatewayDeps): GatewayServices {
  const { config, repos, store, pipeline, logger } = deps;
  const billing = BillingService.fromConfig({ config, repos, logger });
  const uploadRateLimiter = createUploadRateLimiter({
    redisUrl: config.REDIS_URL,
    keyPrefix: `${config.QUEUE_PREFIX}:rl:uploads`,
    images: config.RATE_LIMIT_IMAGES,
    windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    logger,
  });
  const uploads = new UploadService({ config, repos, store, pipeline, logger, rateLimiter: uploadRateLimiter });
  // A re-read is one of the caller's uploads in progress, and its images count against the same rate limit.
  const reprocess = new ReprocessService({
    config,
    repos,
    store,
    pipeline,
    rateLimiter: uploadRateLimiter,
    admission: uploads.admission,
  });
  const importQueue = deps.importQueue ?? createInProcessImportQueue({ logger });
  const imports = new ImportService({ config, repos, store, queue: importQueue });
  // Each image of an import goes through the uploads' own core, admission places and rate limit.
  const importWorker = new ImportWorker({
    config,
    repos,
    store,
    uploads,
    rateLimiter: uploadRateLimiter,
    queue: importQueue,
    logger,
  });
  return {
    uploadRateLimiter,
    uploads,
    imports,
    importWorker,
    reprocess,
    billing,
    verifyLimit: billing
      ? createVerifyRateLimiter({ redisUrl: config.REDIS_URL, keyPrefix: `${config.QUEUE_PREFIX}:rl:verify`, logger })
      : null,
    feedbackLimit: onFirstUse(() =>
      createFeedbackRateLimiter({
        redisUrl: config.REDIS_URL,
        keyPrefix: `${config.QUEUE_PREFIX}:rl:feedback`,
        logger,
      }),
    ),
    imageReads: imageReadLimit(config.IMAGE_READS_PER_USER),
    notesLoad: notesLoadLimits(config.DATABASE_POOL_MAX),
  };
}

/**
 * The services' life with the app's: on ready, waits for the rate limit's store (the in-memory limit answers until
 * then); on close, closes every connection they hold. Decorates the app with them (`app.services`).
 */
export function attachGatewayServices(app: FastifyInstance, services: GatewayServices): void {
  app.decorate('services', services);
  app.addHook('onReady', async () => {
    services.importWorker.start();
    await services.uploadRateLimiter.ready().catch((err: unknown) => {
      app.deps.logger.warn(
        { err: (err as Error).message },
        'rate limit store not ready: the in-memory limit applies until it is',
      );
    });
  });
  app.addHook('onClose', async () => {
    await services.importWorker.close(); // its images in flight use the limiters below
    await Promise.all([
      services.uploadRateLimiter.close(),
      services.verifyLimit?.close(),
      services.feedbackLimit.close(),
    ]);
  });
}
