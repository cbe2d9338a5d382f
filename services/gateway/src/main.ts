/**
 * Gateway process (distributed mode): HTTP API + web app; uploads go to S3 and through the BullMQ flow to the
 * stage workers. SIGTERM: stop taking requests, finish the ones held open, then disconnect.
 */
import { createBullmqProducer } from '@snapnotes/queue';
import {
  connectDatabase,
  createImportQueueFromConfig,
  createStoreFromConfig,
  loadServiceConfig,
  onShutdown,
} from '@snapnotes/runtime';
import { buildApp } from './app.js';
import { createFirebaseVerifier } from './auth.js';

const { config, logger, envFiles } = loadServiceConfig('gateway');
for (const warning of config.warnings) logger.warn(warning);
if (!config.REDIS_URL) {
  logger.fatal(
    'REDIS_URL is not set: the gateway hands uploads to the stage workers through BullMQ (use `pnpm start` for one process).',
  );
  process.exit(1);
}
const db = await connectDatabase(config, logger, { migrate: true });
const store = createStoreFromConfig(config, logger);
await store.ensureBucket();
const pipeline = createBullmqProducer({
  redisUrl: config.REDIS_URL,
  prefix: config.QUEUE_PREFIX,
  logger,
  unavailableWaitMs: config.QUEUE_UNAVAILABLE_WAIT_MS,
});
// Bulk imports (issue 25): one BullMQ job per import; this gateway runs the worker (its images go through the
// uploads' own steps and the pipeline above). Closed with the app.
const importQueue = createImportQueueFromConfig(config, logger);
const verifier = createFirebaseVerifier(config);
if (!verifier) logger.warn('no Firebase configuration: sign-in and the data routes answer 503 FIREBASE_NOT_CONFIGURED');
const app = await buildApp({
  config,
  logger,
  repos: db.repos,
  store,
  pipeline,
  verifier,
  readiness: { postgres: () => db.ping(), s3: () => store.ping(), redis: () => pipeline.ping() },
  importQueue,
});
await app.listen({ host: config.HOST, port: config.PORT });
logger.info({ port: config.PORT, envFiles }, 'gateway ready');
onShutdown(logger, [
  ['http', () => app.close()],
  ['queue', () => pipeline.close()],
  ['auth', async () => verifier?.close()],
  ['database', () => db.close()],
]);
