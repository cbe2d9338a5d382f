/**
 * The entry of a stage worker process (distributed mode): BullMQ workers for the stage(s) this process runs,
 * a small HTTP server on WORKER_HTTP_PORT for /healthz, /readyz and /metrics, and a graceful drain on SIGTERM
 * (finish the current jobs, then exit).
 */
import { createServer, type Server } from 'node:http';
import type { Logger as PinoLogger } from 'pino';
import { ConfigError, loadConfig, loadDotEnvFiles, workerHttpPort, type Config } from '@snapnotes/config';
import type { QueueName, StageHandlers } from '@snapnotes/contracts';
import { createQueueInspector, startBullmqWorkers } from '@snapnotes/queue';
import { createLogger, logProcessWarnings } from './logger.js';
import { createMetrics, instrumentHandlers, METRICS_CONTENT_TYPE, type Metrics } from './metrics.js';
import { opsRefusal, type OpsAccessConfig } from './ops-access.js';
import { onShutdown } from './shutdown.js';
import { uploadStillProcessing } from './upload-check.js';
import { connectDatabase } from './wiring.js';

export interface BuiltStage {
  handlers: Partial<StageHandlers>;
  /** Dependencies to check for /readyz (Redis is added by the runner). */
  readiness: Record<string, () => Promise<void>>;
  close(): Promise<void>;
}

/** How long one readiness check may take before it counts as unreachable. */
const READINESS_TIMEOUT_MS = 3000;

/**
 * What every service process does first: reads the .env files (the repository root's, when started inside a
 * checkout: `dotEnvFiles`), parses the config and makes the logger, which also takes the process warnings. A
 * configuration that cannot be used ends the process with one JSON `fatal` line naming every problem.
 */
export function loadServiceConfig(role: Config['SERVICE_ROLE']): {
  config: Config;
  logger: PinoLogger;
  envFiles: string[];
} {
  const envFiles = loadDotEnvFiles();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    createLogger({ LOG_LEVEL: 'info', SERVICE_ROLE: role }, undefined, { pretty: false }).fatal(
      { envFiles },
      err.message,
    );
    process.exit(1);
  }
  const logger = createLogger({ ...config, SERVICE_ROLE: role });
  logProcessWarnings(logger);
  return { config, logger, envFiles };
}

export async function runStageWorker(
  role: QueueName,
  /** `metrics` is the process's registry, for a stage's own series (the notes worker's sweeper). */
  build: (config: Config, logger: PinoLogger, metrics: Metrics) => Promise<BuiltStage>,
): Promise<void> {
  const { config, logger, envFiles } = loadServiceConfig(role);
  if (!config.REDIS_URL) {
    logger.fatal('REDIS_URL is not set: a stage worker takes its jobs from BullMQ (use `pnpm start` for one process).');
    process.exit(1);
  }
  const metrics = createMetrics({ service: role });
  const stage = await build(config, logger, metrics);
  const inspector = createQueueInspector({
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    queues: [role],
    logger,
  });
  metrics.setQueueCounts(() => inspector.counts());
  // A small pool of its own to ask each job's upload row first (uploadStillProcessing); a job whose row cannot be
  // read runs as before, so the database is not a readiness dependency of the stages that do not write to it.
  const rows = config.DATABASE_URL
    ? await connectDatabase({ ...config, DATABASE_POOL_MAX: 2 }, logger, { migrate: false })
    : undefined;
  if (!rows) logger.warn('DATABASE_URL is not set: jobs of uploads that were already answered are not dropped');
  const concurrency: Record<QueueName, number> = {
    moderation: config.MODERATION_CONCURRENCY,
    ocr: config.OCR_CONCURRENCY,
    summarise: config.SUMMARISE_CONCURRENCY,
    notes: config.NOTES_CONCURRENCY,
  };
  const workers = startBullmqWorkers({
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    handlers: instrumentHandlers(stage.handlers, metrics),
    concurrency: { [role]: concurrency[role] },
    logger,
    workerOptions: { lockDuration: config.QUEUE_LOCK_DURATION_MS, stalledInterval: config.QUEUE_STALLED_INTERVAL_MS },
    ...(rows ? { stillWanted: uploadStillProcessing(rows.repos) } : {}),
  });
  const state = { draining: false };
  // Ready only while the BullMQ worker is connected and taking jobs (not merely while Redis answers a PING).
  const readiness = {
    ...stage.readiness,
    redis: async () => {
      await workers.consuming();
      await inspector.ping();
    },
  };
  const server = healthServer({ readiness, metrics, state, logger, access: config });
  const port = workerHttpPort(config, role);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.HOST, resolve);
  });
  onShutdown(logger, [
    [
      'workers',
      async () => {
        state.draining = true;
        await workers.close(); // waits for the jobs in hand
      },
    ],
    ['stage', () => stage.close()],
    ['upload rows', async () => rows?.close()],
    ['queue inspector', () => inspector.close()],
    ['health server', () => new Promise((resolve) => server.close(() => resolve(undefined)))],
  ]);
  logger.info({ role, concurrency: concurrency[role], port, envFiles }, 'worker ready');
}

function withTimeout(check: () => Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** /healthz: the process is alive. /readyz: every dependency answers (503 lists those that don't). /metrics. */
export function healthServer(opts: {
  readiness: Record<string, () => Promise<void>>;
  metrics: Metrics;
  state: { draining: boolean };
  logger: PinoLogger;
  /** Who may read /metrics (ops-access.ts). */
  access: OpsAccessConfig;
}): Server {
  const { readiness, metrics, state, logger } = opts;
  return createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, { error: 'METHOD_NOT_ALLOWED' });
    if (path === '/healthz') return send(200, { status: state.draining ? 'draining' : 'ok' });
    if (path === '/metrics') {
      const refusal = opsRefusal(opts.access, req.headers.authorization);
      if (refusal) return send(refusal.status, refusal.body);
      metrics.render().then(
        (text) => {
          res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE });
          res.end(text);
        },
        (err: unknown) => {
          logger.error({ err }, 'could not render metrics');
          send(500, { error: 'INTERNAL', message: 'metrics unavailable' });
        },
      );
      return;
    }
    if (path === '/readyz') {
      void Promise.all(
        Object.entries(readiness).map(async ([name, check]) => {
          try {
            await withTimeout(check, READINESS_TIMEOUT_MS);
            return [name, 'ok'] as const;
          } catch (err) {
            logger.warn({ err, dependency: name }, 'not ready');
            // The reason stays in the log: readiness answers name dependencies, never hosts or ports.
            return [name, 'unavailable'] as const;
          }
        }),
      ).then((results) => {
        const ready = !state.draining && results.every(([, v]) => v === 'ok');
        const status = state.draining ? 'draining' : ready ? 'ready' : 'not ready';
        send(ready ? 200 : 503, { status, checks: Object.fromEntries(results) });
      });
      return;
    }
    send(404, { error: 'NOT_FOUND' });
  });
}
