/**
 * The HTTP gateway: authentication, ownership, uploads, and the notes API of SPEC §7.
 * Routes talk to repositories, the object store and the pipeline driver; never to a worker's internals.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
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
import type { Logger as PinoLogger } from 'pino';
import { ZodError } from 'zod';
import type { Config } from '@snapnotes/config';
import { ErrorCode, type ObjectStore } from '@snapnotes/contracts';
import type { Metrics, Repositories } from '@snapnotes/runtime';
import type { PipelineDriver } from '@snapnotes/queue';
import { InvalidTokenError, type TokenVerifier, type VerifiedIdentity } from './auth.js';
import { HttpError } from './errors.js';
import { registerNotesRoutes } from './routes/notes.js';
import { registerUploadRoutes } from './routes/upload.js';
import { registerUserRoutes } from './routes/users.js';
import { registerSettingsRoutes } from './routes/settings.js';
import { registerMiscRoutes } from './routes/misc.js';
import { registerBillingRoutes } from './routes/billing.js';
import { registerRateLimit } from './rate-limit.js';
import { registerOps } from './ops/index.js';

export interface GatewayDeps {
  config: Config;
  logger: PinoLogger;
  repos: Repositories;
  store: ObjectStore;
  pipeline: PipelineDriver;
  verifier: TokenVerifier | null;
  /** Checks for /readyz: each returns when its dependency answers, throws otherwise. */
  readiness: Record<string, () => Promise<void>>;
  /** Prometheus registry to serve at /metrics (the embedded start shares it with its stages); default: a new one. */
  metrics?: Metrics;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity?: VerifiedIdentity;
  }
  interface FastifyInstance {
    deps: GatewayDeps;
  }
}

const NOT_CONFIGURED = new HttpError(
  503,
  ErrorCode.FirebaseNotConfigured,
  'Authentication service not available: the server has no Firebase configuration.',
);

/** Verifies the bearer token; every /api route except the public ones calls this. */
export async function authenticate(req: FastifyRequest): Promise<VerifiedIdentity> {
  const { verifier } = req.server.deps;
  if (!verifier) throw NOT_CONFIGURED;
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1])
    throw new HttpError(401, ErrorCode.Unauthorized, 'Sign in to continue: the request carries no identity token.');
  try {
    req.identity = await verifier.verify(match[1]);
    return req.identity;
  } catch (err) {
    if (err instanceof InvalidTokenError) {
      throw new HttpError(401, ErrorCode.Unauthorized, 'Your session has expired or is invalid. Please sign in again.');
    }
    throw err;
  }
}

/** The signed-in caller's user row, or 403 when they have not been registered through POST /api/user. */
export async function currentUser(req: FastifyRequest) {
  const identity = req.identity ?? (await authenticate(req));
  const user = await req.server.deps.repos.users.findByFirebaseUid(identity.uid);
  if (!user)
    throw new HttpError(403, ErrorCode.Forbidden, 'Your account is not set up yet. Sign in again to create it.');
  return user;
}

/** Ownership of a path userId: anything but the caller's own id is 403, whatever the client sends. */
export async function ownUser(req: FastifyRequest, rawUserId: string) {
  const user = await currentUser(req);
  if (!/^\d+$/.test(rawUserId) || Number(rawUserId) !== user.id) {
    throw new HttpError(403, ErrorCode.Forbidden, 'You can only access your own data.');
  }
  return user;
}

/** Vite's content-hashed files never change; everything else (index.html first) is revalidated on every load. */
function webCacheControl(webDir: string, filePath: string): string {
  return filePath.startsWith(join(webDir, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

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
    trustProxy: true,
    // Processing holds the request open; never cut it before the pipeline's own timeout.
    requestTimeout: deps.config.PROCESSING_TIMEOUT_MS + 30_000,
  });
  app.decorate('deps', deps);

  await app.register(helmet, {
    contentSecurityPolicy: false, // the SPA talks to Firebase (or its emulator) and GA; CSP is set at the edge in production
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' }, // Google sign-in popup
  });
  await app.register(multipart);

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      if (err.statusCode >= 500) req.log.error({ err, code: err.code }, 'request failed');
      else req.log.info({ code: err.code, status: err.statusCode }, err.message);
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
    req.log.error({ err, url: req.url, method: req.method }, 'unhandled error');
    return reply
      .code(500)
      .send({ error: ErrorCode.Internal, message: 'Something went wrong on our side. Please try again.' });
  });

  await registerOps(app, deps); // before the routes: /docs collects them as they are added
  registerMiscRoutes(app);
  registerUserRoutes(app);
  registerSettingsRoutes(app);
  registerNotesRoutes(app);
  registerRateLimit(app);
  registerUploadRoutes(app);
  registerBillingRoutes(app);

  const webDir = deps.config.WEB_DIST_DIR ? resolve(deps.config.WEB_DIST_DIR) : undefined;
  if (webDir && existsSync(join(webDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', webCacheControl(webDir, filePath)),
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
