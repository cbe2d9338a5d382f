/**
 * The HTTP gateway: authentication, ownership, uploads, and the notes API of SPEC §7.
 * Routes talk to repositories, the object store and the pipeline driver; never to a worker's internals.
 * Who may call what lives in guards.ts (authenticate, currentUser, ownUser); what the app is built from in deps.ts;
 * the services the routes are given (uploads, "Read again", billing, limiters) are built once, in compose.ts.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { ZodError } from 'zod';
import { ErrorCode } from '@snapnotes/contracts';
import { attachGatewayServices, createGatewayServices } from './compose.js';
import type { GatewayDeps } from './deps.js';
import { HttpError } from './errors.js';
import { REVOCATION_CHECKED_ROUTES } from './guards.js';
import { databaseUnavailable, isDatabaseUnavailable } from './unavailable.js';
import { registerNotesRoutes } from './routes/notes.js';
import { registerNoteTagsRoutes } from './routes/note-tags.js';
import { registerImageRoutes } from './routes/images.js';
import { registerUploadRoutes } from './routes/uploads.js';
import { registerImportRoutes } from './routes/imports.js';
import { registerBodyDeadline } from './body-deadline.js';
import { registerReprocessRoutes } from './routes/reprocess.js';
import { registerUserRoutes } from './routes/users.js';
import { registerSettingsRoutes } from './routes/settings.js';
import { registerMiscRoutes } from './routes/misc.js';
import { registerBillingRoutes } from './routes/billing.js';
import { registerOps } from './ops/index.js';
import { cspDirectives } from './csp.js';

/** Vite's content-hashed files never change; everything else (index.html first) is revalidated on every load. */
function webCacheControl(webDir: string, filePath: string): string {
  return filePath.startsWith(join(webDir, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The build writes a .br and a .gz beside each text file (web/vite.config.ts); @fastify/static sends the one the
 * browser accepts. Replies of these types say they vary with Accept-Encoding, whichever was sent.
 */
const PRECOMPRESSED_FILE = /\.(?:html|css|js|mjs|json|svg|webmanifest|txt)(?:\.br|\.gz)?$/;

/**
 * What the gateway compresses as it answers (@fastify/compress): JSON and text, besides what mime-db calls
 * compressible (which leaves out PNG, JPEG and WebP: already compressed). Never an event stream: a compressor holds
 * events back in its buffer (mime-db does not list text/event-stream, and this pattern leaves it out).
 */
const COMPRESSIBLE_TYPE =
  /^(?:application\/(?:[\w.+-]+\+)?json|application\/(?:javascript|manifest\+json)|text\/(?:html|css|javascript|plain|markdown|csv)|image\/svg\+xml)(?:;|$)/;

/** A path the single-page app handles: GET/HEAD, not under /api, and not a file name (no extension). */
function isAppRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/')) return false;
  return !/\.[A-Za-z0-9]{1,12}$/.test(path);
}

export async function buildApp(deps: GatewayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9_-]{8,100}$/.test(given) ? given : randomUUID();
    },
    // The request id is the upload's correlation id: the same key on HTTP and job log lines.
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For/-Proto/-Host are believed only from TRUST_PROXY's addresses; unset, from nobody: the gateway
    // may be published directly, where any client could write them (request.ip, logs, request.host).
    trustProxy: deps.config.TRUST_PROXY,
    // Node's one server-wide body timeout is off: body-deadline.ts sets one per route (a bulk import's body may take
    // an hour on a slow line, an upload's must not).
    requestTimeout: 0,
  });
  app.decorate('deps', deps);
  registerBodyDeadline(app, deps.config.PROCESSING_TIMEOUT_MS + 30_000);

  await app.register(helmet, {
    // Hosts from the configuration /api/public-config gives the browser (Firebase or its emulator, GA): csp.ts.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(deps.config) },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' }, // Google sign-in popup
  });
  // Replies to the browser compressed when it accepts it: JSON of 1 KB or more, brotli at quality 4 (the library's
  // choice for replies made on the fly). Static files come precompressed (below); request bodies are never inflated.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPE,
    threshold: 1024,
    globalDecompression: false,
  });
  await app.register(multipart);

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) req.log.error({ err, code: err.code }, 'request failed');
      else req.log.info({ code: err.code, status: err.statusCode }, 'request refused'); // messages may name files
      return reply.code(err.statusCode).headers(err.headers).send(err.body());
    }
    if (err instanceof ZodError) {
      const message = err.issues.map((i) => i.message).join('; ');
      return reply.code(400).send({ error: ErrorCode.BadRequest, message });
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ error: ErrorCode.BadRequest, message: (err as Error).message });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err, url: req.url.split('?')[0], method: req.method }, 'database unavailable');
      const busy = databaseUnavailable();
      return reply.code(busy.statusCode).headers(busy.headers).send(busy.body());
    }
    req.log.error({ err, url: req.url.split('?')[0], method: req.method }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: ErrorCode.Internal, message: 'Something went wrong on our side. Please try again.' });
  });

  await registerOps(app, deps); // before the routes: /docs collects them as they are added
  // Every service the routes use is built once, here (compose.ts); each registration is given what it uses.
  const services = createGatewayServices(deps);
  attachGatewayServices(app, services);
  registerMiscRoutes(app, services.feedbackLimit);
  registerUserRoutes(app, services.billing);
  registerSettingsRoutes(app);
  registerNotesRoutes(app, services.notesLoad);
  registerNoteTagsRoutes(app);
  registerImageRoutes(app, services.imageReads);
  registerUploadRoutes(app, services.uploads);
  registerImportRoutes(app, services.imports);
  registerReprocessRoutes(app, services.reprocess);
  registerBillingRoutes(app, services.billing, services.verifyLimit);
  // The revocation-checked routes are found by method and path: a renamed route must not silently lose the check.
  app.addHook('onReady', async () => {
    const missing = REVOCATION_CHECKED_ROUTES.filter((r) => !app.hasRoute(r));
    if (missing.length > 0) {
      throw new Error(`REVOCATION_CHECKED_ROUTES names routes that do not exist: ${JSON.stringify(missing)}`);
    }
  });

  const webDir = deps.config.WEB_DIST_DIR ? resolve(deps.config.WEB_DIST_DIR) : undefined;
  if (webDir && existsSync(join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      // The build's .br / .gz beside each file, by the request's Accept-Encoding (br first).
      preCompressed: true,
      // Source maps are never published (the build emits none; one deployed by mistake is still a 404), nor the
      // compressed copies by their own names (they are sent only as an encoding of their file).
      allowedPath: (pathName) => !/\.(?:map|br|gz)$/.test(pathName),
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', webCacheControl(webDir, filePath));
        if (PRECOMPRESSED_FILE.test(filePath)) res.setHeader('vary', 'accept-encoding');
      },
    });
    // Client-side routes: every non-API GET that is not a file gets the app shell; a missing file stays a 404
    // (a stale chunk name must not be answered with HTML).
    app.setNotFoundHandler((req, reply) => {
      if (isAppRoute(req.method, req.url)) return reply.sendFile('index.html');
      return reply
        .code(404)
        .send({ error: ErrorCode.NotFound, message: `No route for ${req.method} ${req.url.split('?')[0]}` });
    });
  } else {
    app.setNotFoundHandler((req, reply) =>
      reply
        .code(404)
        .send({ error: ErrorCode.NotFound, message: `No route for ${req.method} ${req.url.split('?')[0]}` }),
    );
  }
  return app;
}
