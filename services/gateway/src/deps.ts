/**
 * What the gateway is built from (buildApp's argument, `app.deps` in every route) and what a request carries once
 * authenticated. Its own module so routes, guards and ops import it without importing app.ts (no import cycle).
 */
import type { Logger as PinoLogger } from 'pino';
import type { Config } from '@snapnotes/config';
import type { ObjectStore } from '@snapnotes/contracts';
import type { ImportQueue, PipelineDriver } from '@snapnotes/queue';
import type { Metrics, Repositories } from '@snapnotes/runtime';
import type { TokenVerifier, VerifiedIdentity } from './auth.js';

export interface GatewayDeps {
  config: Config;
  logger: PinoLogger;
  repos: Repositories;
  store: ObjectStore;
  pipeline: PipelineDriver;
  verifier: TokenVerifier | null;
  /** Checks for /readyz: each returns when its dependency answers, throws otherwise. */
  readiness: Record<string, () => Promise<void>>;
  /**
   * The bulk-import queue (BullMQ in distributed mode and embedded with Redis, in-process otherwise), made by the
   * composition root; this gateway runs its worker. Absent: an in-process queue.
   */
  importQueue?: ImportQueue;
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
