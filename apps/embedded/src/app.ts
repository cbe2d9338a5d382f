/**
 * Assembles the whole product in one process: gateway + all four stages, over the in-process queue driver
 * (or BullMQ when REDIS_URL is set). `pnpm start`, the end-to-end tests and the benchmark all use this.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger as PinoLogger } from 'pino';
import type { Config } from '@snapnotes/config';
import type { StageHandlers } from '@snapnotes/contracts';
import { buildApp, createFirebaseVerifier } from '@snapnotes/gateway';
import { buildModerationStage } from '@snapnotes/moderation';
import { buildNotesStage, startSweeper } from '@snapnotes/notes';
import { buildOcrStage } from '@snapnotes/ocr';
import { createBullmqProducer, createInProcessDriver, startBullmqWorkers, type PipelineDriver } from '@snapnotes/queue';
import {
  connectDatabase,
  createMetrics,
  createOpenAIFromConfig,
  createImportQueueFromConfig,
  createStoreFromConfig,
  instrumentHandlers,
  uploadStillProcessing,
} from '@snapnotes/runtime';
import { withRecentWrites } from '@snapnotes/storage';
import { buildSummariseStage } from '@snapnotes/summarise';

/** Room for a few uploads of ten large screenshots; each stays long enough for its pipeline to read it. */
const RECENT_WRITES = { maxBytes: 128 * 1024 * 1024, ttlMs: 2 * 60_000 };

export interface RunningSnapNotes {
  url: string;
  app: FastifyInstance;
  pipeline: PipelineDriver;
  close(): Promise<void>;
}

export async function startSnapNotes(config: Config, logger: PinoLogger): Promise<RunningSnapNotes> {
  const closers: Array<() => Promise<unknown>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) {
      try {
        await close();
      } catch (err) {
        logger.error({ err }, 'error while closing');
      }
    }
  };
  try {
    const db = await connectDatabase(config, logger, { migrate: true });
    closers.push(() => db.close());
    // The stages read each upload back a moment after the gateway stored it, in this same process: serve those
    // reads from memory (S3 stays the source of truth; see withRecentWrites).
    const store = withRecentWrites(createStoreFromConfig(config, logger), RECENT_WRITES);
    await store.ensureBucket();
    const openai = createOpenAIFromConfig(config);

    const moderation = await buildModerationStage(config, { store, openai, logger });
    closers.push(() => moderation.close());
    const ocr = await buildOcrStage(config, { store, logger });
    closers.push(() => ocr.close());
    const summarise = await buildSummariseStage(config, { store, openai, logger });
    const notes = buildNotesStage({ notes: db.repos.notes, logger });
    // One registry for the process: stage timings and HTTP metrics both appear at the gateway's /metrics.
    const metrics = createMetrics({ service: 'snapnotes' });
    const handlers: StageHandlers = instrumentHandlers(
      { moderation: moderation.handler, ocr: ocr.handler, summarise: summarise.handler, notes: notes.handler },
      metrics,
    );

    const readiness: Record<string, () => Promise<void>> = { postgres: () => db.ping(), s3: () => store.ping() };
    let pipeline: PipelineDriver;
    if (config.REDIS_URL) {
      const workers = startBullmqWorkers({
        redisUrl: config.REDIS_URL,
        prefix: config.QUEUE_PREFIX,
        handlers,
        concurrency: {
          moderation: config.MODERATION_CONCURRENCY,
          ocr: config.OCR_CONCURRENCY,
          summarise: config.SUMMARISE_CONCURRENCY,
          notes: config.NOTES_CONCURRENCY,
        },
        logger,
        workerOptions: {
          lockDuration: config.QUEUE_LOCK_DURATION_MS,
          stalledInterval: config.QUEUE_STALLED_INTERVAL_MS,
        },
        stillWanted: uploadStillProcessing(db.repos),
      });
      closers.push(() => workers.close());
      const producer = createBullmqProducer({
        redisUrl: config.REDIS_URL,
        prefix: config.QUEUE_PREFIX,
        logger,
        unavailableWaitMs: config.QUEUE_UNAVAILABLE_WAIT_MS,
      });
      readiness.redis = () => producer.ping();
      pipeline = producer;
    } else {
      pipeline = createInProcessDriver({ handlers, ocrConcurrency: config.OCR_POOL_SIZE, logger });
    }
    closers.push(() => pipeline.close());
    // Stuck uploads and objects no upload owns (DECISIONS "Sweeper"); stopped before the database closes.
    const sweeper = startSweeper({ db: db.db, store, logger, registry: metrics.registry }, config);
    closers.push(() => sweeper.stop());

    const verifier = createFirebaseVerifier(config);
    if (verifier) closers.push(() => verifier.close());
    // Bulk imports (issue 25): a BullMQ job per import with Redis, else this process's queue; the gateway runs the
    // worker, which makes each image a note through the uploads' own steps and this pipeline.
    const importQueue = createImportQueueFromConfig(config, logger);
    const app = await buildApp({
      config,
      logger,
      repos: db.repos,
      store,
      pipeline,
      verifier,
      readiness,
      metrics,
      importQueue,
    });
    closers.push(() => app.close());
    await app.listen({ host: config.HOST, port: config.PORT });
    const address = app.server.address() as AddressInfo;
    const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${address.port}`;
    return { url, app, pipeline, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
