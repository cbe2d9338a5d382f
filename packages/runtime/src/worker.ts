/**
 * The entry of a stage worker process (distributed mode): BullMQ workers for the stage(s) this process runs,
 * a small HTTP server for /healthz and /readyz, and a graceful drain on SIGTERM (finish the current jobs, then exit).
 */
import { createServer, type Server } from 'node:http';
import type { Logger as PinoLogger } from 'pino';
import { loadConfig, loadDotEnv, type Config } from '@snapnotes/config';
import type { QueueName, StageHandlers } from '@snapnotes/contracts';
import { startBullmqWorkers } from '@snapnotes/queue';
import { createLogger } from './logger.js';
import { onShutdown } from './shutdown.js';

export interface BuiltStage {
  handlers: Partial<StageHandlers>;
  /** Dependencies to check for /readyz. */
  readiness: Record<string, () => Promise<void>>;
  close(): Promise<void>;
}

export async function runStageWorker(
  role: QueueName,
  build: (config: Config, logger: PinoLogger) => Promise<BuiltStage>,
): Promise<void> {
  loadDotEnv('.env');
  const config = loadConfig();
  const logger = createLogger({ ...config, SERVICE_ROLE: role });
  if (!config.REDIS_URL) {
    logger.fatal('REDIS_URL is not set: a stage worker takes its jobs from BullMQ (use `pnpm start` for one process).');
    process.exit(1);
  }
  const stage = await build(config, logger);
  const concurrency: Record<QueueName, number> = {
    moderation: config.MODERATION_CONCURRENCY,
    ocr: config.OCR_CONCURRENCY,
    summarise: config.SUMMARISE_CONCURRENCY,
    notes: config.NOTES_CONCURRENCY,
  };
  const workers = startBullmqWorkers({
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    handlers: stage.handlers,
    concurrency,
    logger,
  });
  const server = healthServer(stage.readiness, logger);
  await new Promise<void>((resolve) => server.listen(config.WORKER_HTTP_PORT, config.HOST, resolve));
  onShutdown(logger, [
    ['workers', () => workers.close()],
    ['stage', () => stage.close()],
    ['health server', () => new Promise((resolve) => server.close(() => resolve(undefined)))],
  ]);
  logger.info({ role, concurrency: concurrency[role], port: config.WORKER_HTTP_PORT }, 'worker ready');
}

function healthServer(readiness: Record<string, () => Promise<void>>, logger: PinoLogger): Server {
  return createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/healthz') return send(200, { status: 'ok' });
    if (req.url === '/readyz') {
      void Promise.all(
        Object.entries(readiness).map(async ([name, check]) => {
          try {
            await check();
            return [name, 'ok'] as const;
          } catch (err) {
            logger.warn({ err, dependency: name }, 'not ready');
            return [name, (err as Error).message || 'unreachable'] as const;
          }
        }),
      ).then((results) => {
        const ready = results.every(([, v]) => v === 'ok');
        send(ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
      });
      return;
    }
    send(404, { error: 'NOT_FOUND' });
  });
}
